// The code mode's model (web/src/model): the program in a link (deflated,
// base64url) and back, a statement's inline text, a line's op as the state
// the views show, the preset files and a program embedded in a page.
// Statements are built as tc.run hands them out (bindings/ts/program-types.ts),
// with traces the core itself recorded (tc.explain.op).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const web = await loadWeb('model/code-link', 'model/inline-values', 'model/line-op', 'model/code-source', 'model/program', 'model/code-overlay', 'model/model', 'model/props');
const tc = await init();

// ---- the link

test('a program survives the link: packed, it reads back byte for byte', async () => {
  const programs = [
    '',
    'import torch\n',
    readFileSync(join(root, 'README.md'), 'utf8').slice(0, 5000),
    'x = torch.ones(2)  # 中文注释，全角标点\n\ty = x + 1\r\n😀 = 1\n',
    'a = torch.arange(24).reshape(2, 3, 4)\n'.repeat(2000),
  ];
  for (const code of programs) {
    const packed = await web.packCode(code);
    assert.match(packed, /^[A-Za-z0-9_-]*$/, 'base64url only: nothing a URL must escape');
    assert.deepEqual(await web.unpackCode(packed), { code });
  }
});

test('a packed program is shorter than the same text escaped for a URL', async () => {
  const code = web.readPreset('broadcast-and-backward', readFileSync(new URL('../../web/presets/01-broadcast-and-backward.py', import.meta.url), 'utf8')).code;
  const packed = await web.packCode(code);
  assert.ok(packed.length < encodeURIComponent(code).length * 0.7, `${packed.length} vs ${encodeURIComponent(code).length}`);
});

const deflated = async (bytes) =>
  Buffer.from(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer()).toString('base64url');

test('text that is not a packed program reads as the reason why, never throws', async () => {
  const whole = await web.packCode('import torch\nx = torch.ones(2, 3)\n');
  const cases = {
    characters: ['!!!', 'a b', '<img src=x>', '%E4%B8%AD', 'abc=', `${whole}\u0000`],
    // 4k + 1 characters; not a deflate stream (AAAA is a stored block whose length check fails; zlib's header is not raw deflate); cut short.
    damaged: ['A', 'AAAA', 'zzzz', '_'.repeat(100), 'eJzLSM3JyQcABiwCFQ', whole.slice(0, Math.floor(whole.length / 2))],
    // Deflated bytes that are not UTF-8: a lone continuation byte, an overlong form, a surrogate's encoding.
    'not-text': [await deflated(new Uint8Array([0x80])), await deflated(new Uint8Array([0xc0, 0xaf])), await deflated(new Uint8Array([0xed, 0xa0, 0x80]))],
    // One character more than a link carries, in ASCII and in 3-byte characters (under the byte limit, over the character one).
    'too-long': [await deflated(new TextEncoder().encode('#'.repeat(web.MAX_LINK_CODE + 1))), await deflated(new TextEncoder().encode('中'.repeat(web.MAX_LINK_CODE + 1)))],
  };
  for (const [problem, texts] of Object.entries(cases))
    for (const text of texts) assert.deepEqual(await web.unpackCode(text), { problem }, `${problem}: ${text.slice(0, 40)}`);
  assert.deepEqual(await web.unpackCode(''), { code: '' });
});

test('a small link that inflates past the limit (a deflate bomb) reads as too long, without inflating it all', async () => {
  const huge = new Uint8Array(web.MAX_LINK_CODE * 50).fill(97);
  const text = await deflated(huge);
  assert.ok(text.length < 100000, String(text.length));
  assert.deepEqual(await web.unpackCode(text), { problem: 'too-long' });
});

test('the code and the line in a hash, beside the state\'s keys; a line that is no line number is a problem to show', () => {
  assert.deepEqual(web.codeLinkFromHash('#a=5,3&mode=code&code=abc_-&line=3'), { packed: 'abc_-', line: 3, run: null, preset: null, problems: [] });
  assert.deepEqual(web.codeLinkFromHash('#a=5,3'), { packed: null, line: null, run: null, preset: null, problems: [] });
  // The run stepped to goes with its line; without a line it means nothing.
  assert.equal(web.codeLinkFromHash('#code=abc&line=5&run=2').run, 2);
  assert.equal(web.codeLinkFromHash('#code=abc&run=2').run, null);
  assert.deepEqual(web.codeLinkFromHash('#line=5&run=x').problems, [{ kind: 'value', key: 'run', text: 'x', instead: null }]);
  assert.equal(web.codeLinkPart({ packed: 'abc', line: 5, run: 2 }), '&code=abc&line=5&run=2');
  assert.equal(web.codeLinkPart({ packed: 'abc', line: null, run: 2 }), '&code=abc');
  assert.equal(web.codeLinkFromHash('#mode=code&preset=pairwise-distances').preset, 'pairwise-distances');
  // Whatever a link names as its preset is looked up as it is: one the page does not have is a problem the page shows.
  for (const bad of ['../x', 'A B', '<img>', 'x'.repeat(81)]) assert.equal(web.codeLinkFromHash(`#preset=${encodeURIComponent(bad)}`).preset, bad);
  for (const line of ['0', '-1', 'x', '1e3', '99999999']) {
    const link = web.codeLinkFromHash(`#line=${line}`);
    assert.equal(link.line, null, line);
    assert.deepEqual(link.problems, [{ kind: 'value', key: 'line', text: line, instead: null }]);
  }
  assert.equal(web.codeLinkPart({ packed: 'abc', line: 4 }), '&code=abc&line=4');
  assert.equal(web.codeLinkPart({ packed: null, line: null }), '');
});

// ---- statements as tc.run gives them

const tensorInfo = (shape, dtype = 'float32', extra = {}) => ({
  type: 'Tensor', repr: '', id: 1, storage: 1, shape, strides: shape.map(() => 1), offset: 0, dtype,
  requiresGrad: false, gradFn: null, isLeaf: true, items: [], ...extra,
});
const plainInfo = (type, repr, items = []) => ({
  type, repr, id: null, storage: null, shape: null, strides: null, offset: null, dtype: null,
  requiresGrad: false, gradFn: null, isLeaf: true, items,
});
function statement(line, source, { names = {}, grads = {}, traces = [], calls = [] } = {}) {
  return { line, column: 1, endLine: line, endColumn: source.length + 1, source, names, grads, traces, calls, output: '' };
}

test('inline text: each name with its shape and dtype, or its repr', () => {
  assert.equal(web.inlineText(statement(3, 'd = x[:, :, None] - y', { names: { d: tensorInfo([2, 3, 4]) } })), 'd: [2, 3, 4] float32');
  assert.equal(web.inlineText(statement(1, 's = torch.tensor(3)', { names: { s: tensorInfo([], 'int64') } })), 's: [] int64');
  assert.equal(web.inlineText(statement(1, 'n = x.ndim', { names: { n: plainInfo('int', '2') } })), 'n: 2');
  assert.equal(web.inlineText(statement(1, 's = x.shape', { names: { s: plainInfo('torch.Size', 'torch.Size([2, 3])') } })), 's: torch.Size([2, 3])');
  const maxed = plainInfo('torch.return_types.max', 'torch.return_types.max(\nvalues=tensor([5., 7.]),\nindices=tensor([1, 0]))',
    [tensorInfo([2]), tensorInfo([2], 'int64')]);
  assert.equal(web.inlineText(statement(1, 'v, i = x.max(1)', { names: { v: tensorInfo([2]), i: tensorInfo([2], 'int64') } })), 'v: [2] float32   i: [2] int64');
  assert.equal(web.inlineText(statement(1, 'm = x.max(1)', { names: { m: maxed } })), 'm: ([2] float32, [2] int64)');
  // A list holding a tensor deeper in: item by item, not its repr's lines of tensor text.
  const nested = plainInfo('list', '[(tensor([1., 1.]),), 3]', [plainInfo('tuple', '(tensor([1., 1.]),)', [tensorInfo([2])]), plainInfo('int', '3')]);
  assert.equal(web.inlineText(statement(1, 'l = [(x,), 3]', { names: { l: nested } })), 'l: [([2] float32), 3]');
  assert.equal(web.inlineText(statement(6, 'loss.backward()', { grads: { w: tensorInfo([3, 1]) } })), 'w.grad: [3, 1] float32');
  assert.equal(web.inlineText(statement(7, 'print(w.grad)')), '');
  assert.equal(web.inlineText(statement(1, 'import torch', { names: { torch: plainInfo('module', "<module 'torch'>") } })), '');
  const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`t${i}`, tensorInfo([i, i + 1, i + 2])]));
  const long = web.inlineText(statement(1, '...', { names: many }));
  assert.equal(long.length, web.MAX_INLINE);
  assert.ok(long.endsWith('…'));
});

// A program run by the core, as the code mode runs it (model/program.ts), asked about `line`.
const ran = (code, line = null) => web.runProgram(tc, code, line);

test('a line\'s op opens in the views as the program ran it, the state saying its shapes and dtypes', () => {
  const code = 'import torch\nx = torch.ones(2, 3, 1)\ny = torch.ones(4, dtype=torch.float64)\nd = x - y\n' +
    'c = torch.tensor([True, False])\nr = torch.where(c, torch.ones(3, 1), torch.tensor(2.5))\n';
  const program = ran(code, 4);
  const sub = web.lineOp(web.statementAt(program, 4));
  assert.equal(sub.op, 'sub');
  assert.equal(sub.trace, web.statementAt(program, 4).traces.find((e) => e.kind === 'op'));
  assert.deepEqual(web.lineState(sub), { op: 'sub', a: '2,3,1', b: '4', da: 'float32', db: 'float64', ta: '', tb: '', tc: '' });
  assert.deepEqual(web.lineState(web.lineOp(web.statementAt(program, 6))),
    { op: 'where', c: '2', a: '3,1', b: '()', da: 'float32', db: 'float32', ta: '', tb: '', tc: '' });
});

test('a line that raised in a broadcast opens that broadcast, its op named by the call that raised, its operands named as the program writes them', () => {
  for (const [expr, op] of [['a + b', 'add'], ['a.mul(b)', 'mul'], ['torch.sub(a, b)', 'sub'], ['a.floor_divide_(b)', 'floorDivide_']]) {
    const code = `import torch\na = torch.ones(5, 3)\nb = torch.ones(5)\nc = ${expr}\n`;
    const program = ran(code, 4);
    const line = program.statements[3];
    const failed = line.calls.filter((c) => c.failed);
    assert.equal(failed.length, 1, expr);
    assert.deepEqual(failed[0].outputs, [], expr);
    const opened = web.lineOp(line);
    assert.equal(opened.trace, null, expr);
    assert.equal(opened.broadcast.error, program.error.message, expr);
    assert.deepEqual(web.lineState(opened), { op, a: '5,3', b: '5', da: 'float32', db: 'float32', ta: '', tb: '', tc: '' }, expr);
    assert.deepEqual(web.operandSources(program, line), ['a', 'b'], expr);
  }
});

test('a line without an op the views draw opens none', () => {
  const program = ran('import torch\nx = torch.arange(6.).reshape(2, 3)\ns = x.exp()\nm = x.sum(0)\n');
  for (const line of [1, 2, 3, 4]) assert.equal(web.lineOp(web.statementAt(program, line)), null, String(line));
});

test('the statement covering a line', () => {
  const s1 = { ...statement(1, 'a = 1'), names: {} };
  const s2 = { ...statement(2, 'b = (1 +\n 2)'), endLine: 3 };
  const program = { code: '', ok: true, statements: [s1, s2], error: null, printed: '', backward: [] };
  assert.equal(web.statementAt(program, 3), s2);
  assert.equal(web.statementAt(program, 4), null);
});

test('the overlay: values after each statement\'s last line, the failing line with its message, the lines to open', () => {
  const traced = tc.explain.op('sub', tc.ones([2, 3, 1]), tc.ones([4]));
  const failed = tc.explain.op('mul', tc.ones([2, 3]), tc.ones([4]));
  const two = { ...statement(2, 'x = torch.ones(\n  2, 3)', { names: { x: tensorInfo([2, 3]) } }), endLine: 3 };
  const subCall = { op: 'sub', line: 4, column: 5, endLine: 4, endColumn: 10, inputs: [], outputs: [], inputValues: [], outputValues: [], view: false, traces: traced.events };
  const four = statement(4, 'd = a - b', { names: { d: tensorInfo([2, 3, 4]) }, traces: traced.events, calls: [subCall] });
  const call = { op: 'mul', line: 5, column: 5, endLine: 5, endColumn: 10, inputs: [], outputs: [], inputValues: [], outputValues: [], view: false, traces: failed.events };
  const five = statement(5, 'z = x * y', { traces: failed.events, calls: [call] });
  const error = { line: 5, column: 5, endLine: 5, endColumn: 10, message: failed.error, kind: 'shape', pythonType: 'RuntimeError' };
  const program = { code: '', ok: false, statements: [two, four, five], error, printed: '', backward: [] };
  const overlay = web.overlayFor(program, 4);
  assert.deepEqual([...overlay.inline], [[3, 'x: [2, 3] float32'], [4, 'd: [2, 3, 4] float32']]);
  assert.deepEqual(overlay.error, { line: 5, text: `RuntimeError: ${failed.error}` });
  assert.deepEqual([...overlay.openable].sort(), [4, 5]);
  assert.equal(overlay.picked, 4);
  const long = web.overlayFor({ ...program, error: { ...error, message: 'x'.repeat(10_000) } }, null);
  assert.equal(long.error.text.length, web.MAX_NOTE);
  assert.deepEqual(web.overlayFor(null, 2), { inline: new Map(), stale: new Set(), error: null, picked: 2, openable: new Set(), warnings: new Map() });
});

test('while a line is half typed (the code cannot be read), the lines above keep the last values, marked stale', () => {
  const code = 'import torch\nx = torch.ones(2, 3)\ny = torch.ones(4)\n';
  const x = statement(2, 'x = torch.ones(2, 3)', { names: { x: tensorInfo([2, 3]) } });
  const y = statement(3, 'y = torch.ones(4)', { names: { y: tensorInfo([4]) } });
  const read = { code, ok: true, statements: [x, y], error: null, printed: '', backward: [] };
  const syntax = (text, line) => ({ code: text, ok: false, statements: [], printed: '', backward: [],
    error: { line, column: 1, endLine: line, endColumn: 2, message: 'invalid syntax', kind: 'syntax', pythonType: 'SyntaxError' } });
  // Typing "z = torch.ones(" on line 4: lines 2 and 3 keep their values.
  const typing = web.overlayFor(syntax(`${code}z = torch.ones(\n`, 4), null, read);
  assert.deepEqual([...typing.inline], [[2, 'x: [2, 3] float32'], [3, 'y: [4] float32']]);
  assert.deepEqual([...typing.stale], [2, 3]);
  // Line 3 itself being edited, or a line inserted above: what changed loses its value.
  assert.deepEqual([...web.overlayFor(syntax('import torch\nx = torch.ones(2, 3)\ny = torch.ones(4\n', 3), null, read).inline.keys()], [2]);
  assert.deepEqual([...web.overlayFor(syntax('import torch\n(\nx = torch.ones(2, 3)\ny = torch.ones(4)\n', 5), null, read).inline.keys()], []);
  // A run that read the code shows only its own values.
  assert.deepEqual(web.overlayFor(read, null, read).stale, new Set());
});

test('the views\' operands named as the program wrote them', () => {
  const code = 'import torch\nx = torch.ones(2, 3)\ny = torch.ones(4)\nd = x[:, :, None] - y\nz = x * 2\nc = y > 0\nw = y.where(c, x[:, :1])\n';
  const named = (line) => {
    const program = ran(code, line);
    return web.operandSources(program, web.statementAt(program, line));
  };
  assert.deepEqual(named(4), ['x[:, :, None]', 'y']);
  // x * 2: the number is named by its value (the views draw it as b = 2).
  assert.deepEqual(named(5), ['x', '2']);
  assert.deepEqual(named(2), []);
  // y.where(c, y): the call takes self first, the op its condition first.
  assert.deepEqual(named(7), ['c', 'y', 'x[:, :1]']);
});

// ---- where programs come from

test('a program embedded in a page loses the page\'s indentation and blank lines', () => {
  assert.equal(web.embeddedCode('\n    import torch\n    x = torch.ones(2)\n      # deeper\n\n    y = x\n  '), 'import torch\nx = torch.ones(2)\n  # deeper\n\ny = x\n');
  assert.equal(web.embeddedCode('   \n  '), '');
  assert.equal(web.embeddedCode('a = 1\r\nb = 2'), 'a = 1\nb = 2\n');
});

test('a preset file: its titles from the en: and zh: lines, its program after them', () => {
  const p = web.readPreset('softmax', '# en: Softmax over the last dim\n# zh: 在最后一维上做 softmax\nimport torch\nx = torch.ones(2)\n');
  assert.deepEqual(p, { id: 'softmax', title: { en: 'Softmax over the last dim', zh: '在最后一维上做 softmax' }, code: 'import torch\nx = torch.ones(2)\n' });
  assert.deepEqual(web.readPreset('bare', 'import torch\n').title, { en: 'bare', zh: 'bare' });
  const list = web.readPresets({ '../presets/02-b.py': '# en: B\nb', '../presets/01-a.py': '# en: A\n# zh: 甲\na' });
  assert.deepEqual(list.map((x) => [x.id, x.title.zh, x.code]), [['a', '甲', 'a'], ['b', 'B', 'b']]);
});

const presetDir = join(root, 'web/presets');
test('the preset files each have both titles and a program', { skip: !existsSync(presetDir) && 'no web/presets yet' }, () => {
  const files = Object.fromEntries(readdirSync(presetDir).filter((f) => f.endsWith('.py')).map((f) => [`../presets/${f}`, readFileSync(join(presetDir, f), 'utf8')]));
  const presets = web.readPresets(files);
  assert.ok(presets.length >= 10);
  for (const p of presets) {
    assert.match(p.id, /^[a-z0-9-]+$/);
    assert.notEqual(p.title.en, p.id, `${p.id}: an English title`);
    assert.match(p.title.zh, /\p{Script=Han}/u, `${p.id}: a Chinese title`);
    assert.match(p.code, /^import torch/m);
    assert.doesNotMatch(p.code, /^# (en|zh):/m);
  }
  assert.equal(new Set(presets.map((p) => p.id)).size, presets.length);
});
