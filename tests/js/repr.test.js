// One tensor formatter (Note [Tensor repr] in src/tensor_repr.h) for
// everything that shows a tensor: print() in a program, formatted when it
// runs; each statement's record of the names it binds, as they were then;
// and the package's toString(), util.inspect and JSON.stringify. All three
// are checked against PyTorch 1.13's own text on the same cases
// (tests/js/fixtures/repr, written by make_fixture.py beside it; the
// native tests/core/tensor_repr_test.cpp reads the same cases).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { inspect } from 'node:util';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/repr/repr.json', import.meta.url), 'utf8'));
// A name's record holds a repr up to 1,000 characters for a tensor, 10,000
// for anything else, else its first that many and "..." (ValueInfo.repr).
const TENSOR_LIMIT = 1000;
const REPR_LIMIT = 10000;
const recorded = (text) => {
  const limit = text.startsWith('tensor(') ? TENSOR_LIMIT : REPR_LIMIT;
  return text.length <= limit ? text : `${text.slice(0, limit)}...`;
};

function withRun(code, check) {
  const p = tc.run(code);
  try {
    return check(p);
  } finally {
    p.dispose();
  }
}

// The fixture's case whose program (after its `import torch`) is `code`.
function fixtureCase(code) {
  const c = FIXTURE.cases.find((k) => k.code === `import torch\n${code}`);
  assert.ok(c !== undefined, `no fixture case for ${JSON.stringify(code)}`);
  return c;
}

// Everything a case checks: each statement's output, the names and
// gradients it recorded, and toString() of each tensor bound at the end.
function checkCase(c) {
  withRun(c.code, (p) => {
    const where = JSON.stringify(c.code);
    assert.equal(p.error, null, `${where}: ${p.error?.message}`);
    assert.equal(p.printed, c.printed, where);
    assert.deepEqual(p.statements.map((s) => s.output), c.outputs, where);
    for (const n of c.names) {
      const s = p.statements[n.statement];
      const info = (n.kind === 'grad' ? s.grads : s.names)[n.name];
      assert.ok(info !== undefined, `${where}: ${n.kind} ${n.name} of statement ${n.statement}`);
      assert.equal(info.repr, recorded(n.repr), `${where}: ${n.kind} ${n.name} of statement ${n.statement}`);
    }
    for (const [name, text] of Object.entries(c.final)) {
      const t = p.get(name);
      assert.equal(String(t), text, `${where}: toString() of ${name}`);
      assert.equal(inspect(t), text, `${where}: inspect() of ${name}`);
      assert.equal(JSON.stringify(t), JSON.stringify(text), `${where}: JSON of ${name}`);
    }
  });
}

test('print(), each name\'s record and toString() are PyTorch\'s text, on the whole corpus', () => {
  assert.ok(FIXTURE.cases.length >= 100);
  for (const c of FIXTURE.cases) checkCase(c);
});

// The reproductions: before, the package formatted the tensors print()
// had seen after the whole program ran, so every print showed the end.
test('print() shows the tensor as it was when print ran, not at the end of the program', () => {
  const c = fixtureCase('x = torch.ones(2)\nprint(x)\nx += 1\nprint(x)');
  assert.equal(c.printed, 'tensor([1., 1.])\ntensor([2., 2.])\n');  // PyTorch's, from the fixture
  checkCase(c);
  // The same on one line: each statement of the list prints its own moment.
  const one = fixtureCase('x = torch.ones(2); print(x); x += 1; print(x)');
  checkCase(one);
  withRun(one.code, (p) => {
    assert.deepEqual(p.statements.map((s) => s.output), ['', '', 'tensor([1., 1.])\n', '', 'tensor([2., 2.])\n']);
    assert.equal(p.statements[1].names.x.repr, 'tensor([1., 1.])');
    assert.equal(p.statements[3].names.x.repr, 'tensor([2., 2.])');
    assert.equal(String(p.get('x')), 'tensor([2., 2.])');  // get() is the final value
  });
});

test('a view printed, then changed through its base, prints each moment\'s values', () => {
  checkCase(fixtureCase('x = torch.zeros(2, 3)\nv = x[0]\nprint(v)\nx += 1\nprint(v)\nv.mul_(5)\nprint(x)'));
  checkCase(fixtureCase('x = torch.arange(6.)\nv = x.view(2, 3)\nw = v.T\nprint(w)\nx.add_(10)\nprint(w, v)'));
  // A tuple printed holds its tensors' text of that moment.
  checkCase(fixtureCase('a = torch.ones(3)\nb = a\nt = (a, b)\nprint(t)\na.sub_(4)\nprint(t)\nb = a * 2'));
});

test('a gradient printed, then accumulated into, prints each moment\'s values', () => {
  checkCase(fixtureCase('x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * 3).sum()\ny.backward()\nprint(x.grad)\nz = (x * x).sum()\nz.backward()\nprint(x.grad)'));
});

test('a repr past its bound is cut, not written whole: 6^16 elements of an expanded view', () => {
  withRun('import torch\nx = torch.ones(1).expand(7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)\nprint(x)\n', (p) => {
    assert.equal(p.ok, true, p.error?.message);
    const printed = p.printed;
    assert.equal(printed.length, 2 ** 20 + 4);
    assert.ok(printed.startsWith('tensor([[[[[[[[[[[[[[[[1., 1., 1.,  ..., 1., 1., 1.],'));
    assert.ok(printed.endsWith('...\n'));
    assert.equal(p.statements[1].names.x.repr.length, TENSOR_LIMIT + 3);
    const s = String(p.get('x'));
    assert.equal(s, printed.slice(0, -1));
  });
});
