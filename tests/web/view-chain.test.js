// The playground's view chains (web/src/model/view-chain.ts, view-apply.ts)
// and the role looks of its column diagrams (web/src/diagram/role-looks.ts).
// Those are TypeScript modules of the web app, bundled first (bundle.js), so
// node:test runs them against the package in dist/ (the core's view ops).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DIM_ROLES, DIM_RULES } from '../../dist/index.js';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/view-chain', 'model/view-apply', 'model/offset-formula', 'diagram/role-looks', 'diagram/palette', 'i18n/en', 'i18n/zh', 'views/chain-problem');

// Each link as the page reads it: the op with its integers, or the index text.
const ops = (text) => {
  const r = web.parseChain(tc, text);
  assert.equal(r.ok, true, `${text}: ${JSON.stringify(r.error)}`);
  return r.links.map((l) => (l.op === 'index' ? `[${l.index}]` : l.op === 'squeeze' ? `squeeze(${l.dim ?? ''})` : `${l.op}(${l.args})`));
};
const fails = (text) => {
  const r = web.parseChain(tc, text);
  assert.equal(r.ok, false, text);
  const { kind, at, found } = r.error;
  return { kind, at, found };
};

test('the page reads a chain by asking the core: its links are tc.readViewChain’s', () => {
  for (const text of ['.T', '.permute(1,0).unsqueeze(0)[..., 1:]', '[:, 1:3].expand(2, -1)', '.transpose(0)', '[1.5]', '']) {
    const core = tc.readViewChain(text);
    assert.deepEqual(web.parseChain(tc, text), core.problem === null ? { ok: true, links: core.links } : { ok: false, error: core.problem });
  }
  // Whatever the core answers is what the page uses: no reading of its own.
  const answer = { links: [{ op: 'T', args: [], dim: null, items: [], index: null, at: 0, text: 'anything' }], problem: null };
  assert.deepEqual(web.parseChain({ readViewChain: () => answer }, 'not a chain at all'), { ok: true, links: answer.links });
  // The empty chain (the core's answer above) without a call into the core.
  const refuse = { readViewChain: () => assert.fail('the empty chain is not read') };
  assert.deepEqual(web.parseChain(refuse, ''), { ok: true, links: [] });
});

test('chains read as Python reads PyTorch view calls (the cases the page read by hand before)', () => {
  assert.deepEqual(ops(''), []);
  assert.deepEqual(ops('  '), []);
  assert.deepEqual(ops('.T'), ['T()']);
  assert.deepEqual(ops('.mT.t()'), ['mT()', 't()']);
  assert.deepEqual(ops(' .transpose( 0 , -1 ) .permute((2, 0, 1))'), ['transpose(0,-1)', 'permute(2,0,1)']);
  assert.deepEqual(ops('.permute(1, 0).permute([1, 0])'), ['permute(1,0)', 'permute(1,0)']);
  assert.deepEqual(ops('.narrow(1, 1, 2).expand(2, -1, 3).view(-1)'), ['narrow(1,1,2)', 'expand(2,-1,3)', 'view(-1)']);
  assert.deepEqual(ops('.expand((1,)).unsqueeze(0).squeeze().squeeze(-1)'), ['expand(1)', 'unsqueeze(0)', 'squeeze()', 'squeeze(-1)']);
  assert.deepEqual(ops('[:, 1:3]'), ['[:, 1:3]']);
  assert.deepEqual(ops('[..., None, -1][::2,]'), ['[..., None, -1]', '[::2,]']);
  const [index] = web.parseChain(tc, '[..., None, -1]').links;
  assert.deepEqual(index.items.map((i) => [i.kind, i.value, i.text]), [['ellipsis', null, '...'], ['none', null, 'None'], ['integer', -1, '-1']]);
  // The grammar of a.index(text): None as a slice bound, lists (refused later as copies).
  assert.deepEqual(ops('[None:2][[0, 1]]'), ['[:2]', '[[0, 1]]']);
  // Each link keeps what was typed for it, for messages.
  assert.deepEqual(web.parseChain(tc, '.T [0]').links.map((l) => [l.at, l.text]), [[0, '.T'], [3, '[0]']]);
});

test('what is not a chain gets a reason and where, never an exception', () => {
  assert.deepEqual(fails('T'), { kind: 'unexpected', at: 0, found: 'T' });
  assert.deepEqual(fails('.T()'), { kind: 'unexpected', at: 2, found: '(' });
  assert.deepEqual(fails('.T; alert(1)'), { kind: 'unexpected', at: 2, found: ';' });
  assert.deepEqual(fails('.T.'), { kind: 'unexpected', at: 3, found: '' });
  assert.deepEqual(fails('.foo(1)'), { kind: 'unknown', at: 1, found: 'foo' });
  assert.deepEqual(fails('.__class__'), { kind: 'unknown', at: 1, found: '__class__' });
  assert.deepEqual(web.parseChain(tc, '.transpose(0)').error, { kind: 'arity', at: 1, found: 'transpose', expected: '2', got: 1, limit: 0, message: '.transpose() takes 2 arguments, not 1' });
  assert.equal(web.parseChain(tc, '.squeeze(0, 1)').error.expected, '0-1');
  assert.deepEqual(fails('.transpose(dim0=0, dim1=1)'), { kind: 'unexpected', at: 11, found: 'dim0' });
  assert.deepEqual(fails('.t'), { kind: 'unexpected', at: 2, found: '' });
  assert.deepEqual(fails('[:, 1'), { kind: 'unclosed', at: 0, found: '[' });
  assert.deepEqual(fails('.narrow(0, 1'), { kind: 'unclosed', at: 7, found: '(' });
  assert.deepEqual(fails('.expand(99999999999)'), { kind: 'number', at: 8, found: '99999999999' });
  assert.equal(fails('.T'.repeat(33)).kind, 'too-long');
  // PyTorch's own text where PyTorch refuses the index.
  assert.deepEqual(web.parseChain(tc, '[1.5]').error.message,
    'only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)');
  // Positions are the JavaScript string's.
  assert.deepEqual(fails('["😀"] $'), { kind: 'unexpected', at: 7, found: '$' });
  // Junk of every kind: always an answer, with a place inside the text and words in both languages.
  const alphabet = '.T()[]:,-+ 0123456789Nonetransposeexpand.;"\'\\…（）😀';
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const kinds = new Set();
  for (let i = 0; i < 3000; i++) {
    const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
    const r = web.parseChain(tc, text);
    assert.equal(typeof r.ok, 'boolean');
    if (!r.ok) {
      kinds.add(r.error.kind);
      assert.ok(r.error.at >= 0 && r.error.at <= text.length, text);
      for (const m of [web.en, web.zh]) assert.ok(web.chainErrorText(m, r.error).length > 0);
    }
  }
  assert.ok(kinds.size >= 3, [...kinds].join());
  // Every kind the core can give has words in both languages.
  const samples = { 'text-too-long': '.T'.repeat(3000), 'too-deep': `[${'['.repeat(40)}`, pytorch: '["a"]', number: '[99999999999]' };
  for (const [kind, text] of Object.entries(samples)) {
    const r = web.parseChain(tc, text);
    assert.equal(r.error.kind, kind, text.slice(0, 20));
    for (const m of [web.en, web.zh]) assert.match(web.chainErrorText(m, r.error), kind === 'pytorch' ? /got str/ : /\d/);
  }
  const long = '.T'.repeat(30) + '['.repeat(100_000);
  assert.equal(web.parseChain(tc, long).ok, false);
});

/** A chain applied to arange(n).reshape(shape) with the core's view ops. */
const view = (shape, text) => {
  const base = tc.arange(shape.reduce((p, s) => p * s, 1), { dtype: 'float32' }).reshape(shape);
  const r = web.applyChain(base, web.parseChain(tc, text).links);
  if (!r.ok) return 'copy' in r ? { copy: r.copy, link: r.link.text } : { error: r.message, link: r.link.text };
  return { shape: r.tensor.shape, stride: r.tensor.stride(), offset: r.tensor.storageOffset, values: Array.from(r.tensor.data()) };
};

test('chains are the core’s views, with PyTorch’s strides and offsets', () => {
  tc.tidy(() => {
    assert.deepEqual(view([2, 3], '.T'), { shape: [3, 2], stride: [1, 3], offset: 0, values: [0, 3, 1, 4, 2, 5] });
    assert.deepEqual(view([2, 3], '.t()'), view([2, 3], '.transpose(0, 1)'));
    assert.deepEqual(view([2, 3, 4], '.T').stride, [1, 4, 12]);
    assert.deepEqual(view([2, 3, 4], '.mT').stride, [12, 1, 4]);
    assert.deepEqual(view([2, 3, 4], '.permute(2, 0, 1)').stride, [1, 12, 4]);
    const sliced = view([2, 3, 4], '[:, 1:3]');
    assert.deepEqual([sliced.shape, sliced.stride, sliced.offset], [[2, 2, 4], [12, 4, 1], 4]);
    assert.deepEqual(view([2, 3, 4], '.narrow(1, 1, 2)'), sliced);
    assert.deepEqual(view([2, 3, 4], '[1]').offset, 12);
    const picked = view([2, 3, 4], '[-1, 2]');
    assert.deepEqual([picked.shape, picked.stride, picked.offset, picked.values], [[4], [1], 20, [20, 21, 22, 23]]);
    assert.deepEqual(view([2, 3, 4], '[..., None, 0]').shape, [2, 3, 1]);
    assert.deepEqual(view([2, 3, 4], '[..., None, 0]').offset, 0);
    assert.deepEqual(view([2, 3, 4], '[None]').shape, [1, 2, 3, 4]);
    // Python clamps slice bounds; negative ones count from the end.
    assert.deepEqual(view([2, 3], '[10:]').shape, [0, 3]);
    assert.deepEqual(view([2, 3], '[:, -2:]').offset, 1);
    assert.deepEqual(view([2, 3], '[:, 2:1]').shape, [2, 0]);
    const e = view([2, 3], '[0].expand(2, 2, 3)');
    assert.deepEqual([e.shape, e.stride], [[2, 2, 3], [0, 0, 1]]);
  });
});

test('a chain the core refuses gives PyTorch’s message; a step it has no view for says so', () => {
  tc.tidy(() => {
    assert.deepEqual(view([2, 3], '[5]'), { error: 'index 5 is out of bounds for dimension 0 with size 2', link: '[5]' });
    // The dim named is the item's place in the index, as PyTorch's applySlicing counts it.
    assert.deepEqual(view([2, 3], '[0, -4]'), { error: 'index -4 is out of bounds for dimension 1 with size 3', link: '[0, -4]' });
    assert.deepEqual(view([2, 3], '[..., 3]').error, 'index 3 is out of bounds for dimension 1 with size 3');
    assert.match(view([], '[0]').error, /^invalid index of a 0-dim tensor/);
    assert.deepEqual(view([2, 3], '[0, 0, 0]'), { error: 'too many indices for tensor of dimension 2', link: '[0, 0, 0]' });
    assert.deepEqual(view([2, 3], '[..., ...]').error, "an index can only have a single ellipsis ('...')");
    assert.deepEqual(view([2, 3], '[::0]').error, 'slice step cannot be zero');
    assert.deepEqual(view([2, 3], '[::-1]').error, 'step must be greater than zero');
    // A step is a view of its own now (the core's index): PyTorch's strides, no copy.
    const stepped = view([2, 3], '[:, ::2]');
    assert.deepEqual([stepped.shape, stepped.stride, stepped.offset, stepped.values], [[2, 2], [3, 2], 0, [0, 2, 3, 5]]);
    assert.deepEqual(view([2, 3], '.t()[..., 1:]').stride, [1, 3]);
    // An index that makes a copy is no view of the operand's storage: said, not drawn.
    assert.deepEqual(view([2, 3], '[[0, 1]]'), { copy: '[0, 1]', link: '[[0, 1]]' });
    assert.deepEqual(view([2, 3], '[:, True]'), { copy: 'True', link: '[:, True]' });
    assert.deepEqual(view([2, 3], '.T.transpose(0, 5)'), { error: 'Dimension out of range (expected to be in range of [-2, 1], but got 5)', link: '.transpose(0, 5)' });
    assert.deepEqual(view([2, 3, 4], '.t()').error, 't() expects a tensor with <= 2 dimensions, but self is 3D');
    assert.deepEqual(view([3], '.mT').error, 'tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.');
    assert.match(view([2, 3], '.expand(2)').error, /the number of sizes provided \(1\) must be greater or equal to the number of dimensions in the tensor \(2\)/);
    assert.match(view([2, 3], '.T.view(6)').error, /view size is not compatible with input tensor's size and stride/);
  });
});

test('the offset sum is the cell the core’s expanded view reads', () => {
  tc.tidy(() => {
    const base = tc.arange(24).reshape(2, 3, 4);
    const a = web.applyChain(base, web.parseChain(tc, '[:, 1:3]').links).tensor; // (2, 2, 4), offset 4
    const out = [3, 2, 2, 4];
    const cells = tc.arange(24, { dtype: 'float32' }).reshape(2, 3, 4).narrow(1, 1, 2).broadcastTo(out).data();
    const strides = a.broadcastTo(out).stride();
    for (let flat = 0; flat < cells.length; flat++) {
      const f = web.offsetFormula(out, strides, a.storageOffset, flat);
      assert.equal(f.cell, cells[flat]);
    }
    const f = web.offsetFormula(out, strides, 4, 1 * 16 + 1 * 8 + 1 * 4 + 0);
    assert.deepEqual(f.index, [1, 1, 1, 0]);
    assert.equal(web.formulaText(f), '4 + 1·0 + 1·12 + 1·4 + 0·1 = 20');
    assert.equal(web.formulaText(web.offsetFormula([2, 3], [1, 2], 0, 4)), '1·1 + 1·2 = 3');
    assert.equal(web.formulaText(web.offsetFormula([], [], 5, 0)), '5 = 5');
  });
});

test('each role of a size has one look of its own, in both themes, and the legend names them all', () => {
  const roles = new Set();
  for (const role of DIM_ROLES) for (const rule of DIM_RULES) roles.add(web.lookRoleOf(role, rule));
  // Every look is reachable from the core's roles, and nothing else is drawn.
  assert.deepEqual([...roles].sort(), [...web.LOOK_ROLES].sort());
  assert.equal(web.lookRoleOf('same', 'equal'), 'equal');
  assert.equal(web.lookRoleOf('same', 'one'), 'kept');
  assert.equal(web.lookRoleOf('same', 'missing'), 'kept');
  assert.equal(web.lookRoleOf('expanded', 'one'), 'stretched');
  for (const theme of ['light', 'dark']) {
    const p = web.paletteFor(theme, false);
    const looks = web.LOOK_ROLES.map((r) => web.lookOf(p, r));
    const distinct = (key) => new Set(looks.map(key)).size === looks.length;
    assert.ok(distinct((l) => l.tone.fill), `${theme}: fills`);
    assert.ok(distinct((l) => l.tone.stroke), `${theme}: outlines`);
    // The cue that is not colour: a glyph of its own for each role.
    assert.ok(distinct((l) => l.glyph), `${theme}: glyphs`);
    for (const l of looks) assert.ok(l.tone.fill !== p.cell.fill && l.tone.fill !== p.bg, `${theme}: a role looks like a plain cell`);
  }
  for (const m of [web.en, web.zh]) {
    const texts = [...web.LOOK_ROLES, 'now'].map((r) => m.roles[r]);
    assert.ok(texts.every((t) => typeof t === 'string' && t.length > 0), m.lang);
    assert.equal(new Set(texts).size, texts.length, `${m.lang}: two roles named alike`);
  }
});
