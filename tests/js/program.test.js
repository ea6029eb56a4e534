// tc.run (README "Programs"): the Program contract, every preset
// of web/presets against what PyTorch gives for it (tests/js/fixtures/
// programs), errors with their lines, print(), get(), the backward steps,
// dispose() and hostile programs. The JSON the core writes is checked key by
// key against bindings/ts/program-types.ts, its one TypeScript source.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Tensor, TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';
import { contract } from './schema-contract.js';

const ROOT = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');

// --- the contract: the generated program types (tests/js/schema-contract.js)

// The types the schema leaves to the binding and the trace events, which
// traces.test.js checks field by field.
function custom(value, type, where) {
  // Trace events: their own schema is checked by traces.test.js; here, that
  // each is one of the union's kinds.
  if (type === 'TraceEvent') {
    assert.ok(['broadcast', 'op', 'reduce-grad', 'warning'].includes(value.kind), `${where}: kind ${value.kind}`);
    return true;
  }
  // The types the schema leaves to the binding (schema::Custom in
  // src/lang/program_schema.h): a printed piece, a global.
  if (type === 'RawPiece') {
    const keys = Object.keys(value);
    assert.ok(keys.length === 1 && (typeof value.text === 'string' || Number.isInteger(value.tensor)), `${where}: ${JSON.stringify(value)}`);
    return true;
  }
  if (type === 'RawGlobal') {
    assert.ok(['none', 'bool', 'int', 'float', 'str', 'other', 'tensor', 'sequence', 'ref'].includes(value.t), `${where}: t ${value.t}`);
    if (value.t === 'sequence') value.items.forEach((v, i) => conforms(v, 'RawGlobal', `${where}.items[${i}]`));
    return true;
  }
  return false;
}
const conforms = contract(
  ['bindings/ts/generated/traces.ts', 'bindings/ts/generated/program-types.ts', 'bindings/ts/program-types.ts'],
  ['bindings/ts/generated/traces.ts', 'bindings/ts/generated/error-kinds.ts'],
  custom,
);

function checkProgram(p) {
  assert.equal(typeof p.ok, 'boolean');
  assert.equal(p.ok, p.error === null);
  if (p.error !== null) conforms(p.error, 'ProgramError', 'error');
  conforms(p.statements, 'ProgramStatement[]', 'statements');
  conforms(p.backward, 'BackwardStep[]', 'backward');
  assert.equal(typeof p.printed, 'string');
  assert.equal(p.printed, p.statements.map((s) => s.output).join(''));
  for (const s of p.statements) {
    // A call's traces are its statement's own objects, in order.
    for (const c of s.calls) for (const e of c.traces) assert.ok(s.traces.includes(e));
  }
}

const ISSUE_EXAMPLE = read('web/presets/01-broadcast-and-backward.py');

test('the contract: every field of program-types.ts, with its type, for a program that ran and one that failed', () => {
  const good = tc.run(ISSUE_EXAMPLE, { valuesAt: 7 });
  try {
    checkProgram(good);
    assert.equal(good.ok, true);
    assert.equal(good.error, null);
    assert.ok(good.statements.length >= 7);
    const d = good.statements.find((s) => s.source.startsWith('d = '));
    assert.equal(d.line, 7);
    assert.equal(d.column, 1);
    assert.deepEqual(Object.keys(d.names), ['d']);
    assert.deepEqual(d.names.d.shape, [2, 3, 4]);
    assert.equal(d.names.d.dtype, 'float32');
    assert.deepEqual(d.names.d.strides, [12, 4, 1]);
    assert.equal(d.names.d.type, 'Tensor');
    // the broadcast of line 7, as tc.explain.op records it
    const sub = d.traces.find((e) => e.kind === 'op' && e.op === 'sub');
    assert.ok(sub, 'a sub trace');
    assert.deepEqual(sub.broadcast.result, [2, 3, 4]);
    assert.ok(d.calls.some((c) => c.op === 'sub'));
    assert.ok(d.calls.some((c) => c.op === 'index' && c.view));
    // Asked about line 7: its calls hold their tensors' values (TensorValues), as numbers.
    assert.ok(d.calls.every((c) => c.inputValues.length === c.inputs.length && c.inputValues.every((v) => v.cells.every((n) => typeof n === 'number'))));
  } finally {
    good.dispose();
  }
  const bad = tc.run('import torch\nx = torch.ones(2, 3)\ny = x + torch.ones(4)\nz = 1');
  try {
    checkProgram(bad);
    assert.equal(bad.ok, false);
    assert.equal(bad.statements.length, 3);
  } finally {
    bad.dispose();
  }
});

// The JSON the core writes (bindings/bind_program.cpp, from the schema of
// src/lang/program_schema.h), read straight from the module: every key of
// generated/program-types.ts's RawProgram and no other, before the facade
// resolves it. The handles it hands out (the globals' tensors) are
// released here as the facade would.
function rawRun(code, valuesLine = 0) {
  const rt = tc._rt;
  const count = rt.scratch.writeBytes(new TextEncoder().encode(code));
  const raw = JSON.parse(rt.core.runProgram(0, count, 10000, 10000, 1 << 24, 5e8, 2 ** 29, valuesLine, 0));
  const handles = new Set();
  const walk = (g) => {
    if (g.t === 'tensor') handles.add(g.h);
    if (g.t === 'sequence') g.items.forEach(walk);
  };
  Object.values(raw.globals).forEach(walk);
  if (raw.result !== null) walk(raw.result);
  for (const h of handles) rt.adopt(h, 'run').dispose();
  return raw;
}

test('the contract: the core\'s JSON has every field of RawProgram, with its type, for a program that ran and one that failed', () => {
  // Line 7's calls hand back their tensors' values (RawTensorValues).
  const good = rawRun(ISSUE_EXAMPLE + '\nprint(d.shape, d[0, 0])\ns = ["a", (1, 2.5)]\nt = s\nd * 2\n', 7);
  conforms(good, 'RawProgram', 'raw');
  assert.equal(good.error, null);
  const printed = good.statements.find((s) => s.source.startsWith('print('));
  assert.equal(typeof printed.output, 'string');  // written when print() ran
  assert.equal(good.globals.t.t, 'ref');
  const call = good.statements.find((s) => s.source.startsWith('d = ')).calls.find((c) => c.op === 'sub');
  assert.ok(call.endEvent > call.firstEvent);
  assert.equal(call.inputValues.length, 2);
  assert.ok(call.inputValues.every((v) => v.complete && v.cells.every((c) => typeof c === 'string')));
  const bad = rawRun('import torch\nx = torch.ones(2, 3)\ny = x + torch.ones(4)');
  conforms(bad, 'RawProgram', 'raw');
  assert.equal(bad.error.kind, 'shape');
  assert.deepEqual(Object.keys(bad.error), ['line', 'column', 'endLine', 'endColumn', 'message', 'kind', 'pythonType']);
});

// --- the presets, against PyTorch's values

const FIXTURES = new URL('fixtures/programs/', import.meta.url);

function closeValues(actual, expected, where) {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: not an array`);
    assert.equal(actual.length, expected.length, `${where}: length`);
    expected.forEach((e, i) => closeValues(actual[i], e, `${where}[${i}]`));
    return;
  }
  if (typeof expected === 'boolean') return assert.equal(actual, expected, where);
  const a = Number(actual);
  // make_fixtures.py writes the numbers JSON lacks as strings.
  if (typeof expected === 'string') return assert.ok(Object.is(a, Number({ inf: Infinity, '-inf': -Infinity, nan: NaN }[expected])), `${where}: expected ${expected}, got ${a}`);
  assert.ok(Math.abs(a - expected) <= 1e-6 * Math.max(1, Math.abs(expected)), `${where}: expected ${expected}, got ${a}`);
}

// The ValueInfo the latest statement binding `name` recorded.
function infoOf(p, name) {
  for (const s of [...p.statements].reverse()) if (name in s.names) return s.names[name];
  return undefined;
}

// What a program did against what PyTorch did with it (a fixture of
// fixtures/programs/make_fixtures.py): printed text, error, every name.
function checkAgainst(fixture, source) {
  const p = tc.run(source);
  try {
    checkProgram(p);
    assert.equal(p.printed, fixture.printed);
    if (fixture.error === null) {
      assert.equal(p.error, null, p.error?.message);
    } else {
      assert.ok(p.error, 'an error');
      assert.equal(p.error.line, fixture.error.line);
      assert.equal(p.error.pythonType, fixture.error.pythonType);
      assert.equal(p.error.message, fixture.error.message);
      assert.ok(p.statements.some((s) => s.line === fixture.error.line), 'the failing line ran');
    }
    for (const [name, want] of Object.entries(fixture.names)) {
      const got = p.get(name);
      if (want.type !== 'Tensor') {
        if (want.type === 'function') assert.equal(infoOf(p, name)?.type, 'function', name);
        else assert.equal(infoOf(p, name)?.repr, want.repr, name);
        continue;
      }
      assert.ok(got instanceof Tensor, `${name} is a Tensor`);
      assert.deepEqual(got.shape, want.shape, `${name}.shape`);
      assert.equal(got.dtype, want.dtype, `${name}.dtype`);
      assert.equal(got.requiresGrad, want.requiresGrad, `${name}.requires_grad`);
      assert.equal(infoOf(p, name)?.gradFn ?? null, want.gradFn, `${name}.grad_fn`);
      if (want.values !== null) closeValues(got.toArray(), want.values, name);
      if (want.grad === null) {
        if (got.isLeaf) assert.equal(got.grad, null, `${name}.grad`);
      } else {
        const g = got.grad;
        assert.ok(g, `${name}.grad`);
        assert.deepEqual(g.shape, want.grad.shape);
        closeValues(g.toArray(), want.grad.values, `${name}.grad`);
      }
    }
  } finally {
    p.dispose();
  }
}

for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort()) {
  const fixture = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8'));
  test(`preset ${fixture.preset}: names, values, gradients, printed text and error as PyTorch gives them`, () => {
    const source = read(`web/presets/${fixture.preset}`);
    assert.match(source, /^# en: .+\n# zh: .+\nimport torch\n/);
    checkAgainst(fixture, source);
  });
}

// Code as courses write it (loops, def, no_grad, f-strings), against PyTorch 1.13.
const COURSE = new URL('fixtures/course/', import.meta.url);
for (const file of readdirSync(COURSE).filter((f) => f.endsWith('.json')).sort()) {
  const fixture = JSON.parse(readFileSync(new URL(file, COURSE), 'utf8'));
  test(`course program ${fixture.preset}: what it printed, its error and its names as PyTorch gives them`, () => {
    checkAgainst(fixture, readFileSync(new URL(fixture.preset, COURSE), 'utf8'));
  });
}

// --- errors with their lines

test('a syntax error is reported before anything runs, with its line', () => {
  const p = tc.run('import torch\nx = torch.ones(2)\ny = (x +\n');
  assert.equal(p.ok, false);
  assert.equal(p.error.kind, 'syntax');
  assert.equal(p.error.pythonType, 'SyntaxError');
  assert.ok(p.error.line >= 3, `line ${p.error.line}`);
  assert.deepEqual(p.statements, []);
  assert.equal(p.get('x'), undefined);
  p.dispose();
});

test('what the subset leaves out (classes, lambda, other imports) is named with its line, the lines before it run', () => {
  for (const [code, line] of [
    ['import torch\nx = torch.ones(2)\nclass A:\n    pass\n', 3],
    ['import torch\nf = 1\ng = lambda x: x\n', 3],
    ['import torch\nimport numpy as np\n', 2],
  ]) {
    const p = tc.run(code);
    assert.equal(p.ok, false, code);
    assert.equal(p.error.kind, 'unsupported', code);
    assert.equal(p.error.pythonType, 'NotImplementedError', code);
    assert.equal(p.error.line, line, code);
    assert.ok(p.error.message.length > 0);
    assert.equal(p.statements.length, line, code);
    p.dispose();
  }
});

test("NameError: Python's text on the line that named it; the statements before it keep their results", () => {
  const p = tc.run('import torch\nx = torch.ones(2)\ny = z + 1\n');
  try {
    assert.equal(p.ok, false);
    assert.equal(p.error.line, 3);
    assert.equal(p.error.pythonType, 'NameError');
    assert.equal(p.error.kind, 'name');
    assert.equal(p.error.message, "name 'z' is not defined");
    assert.ok(p.get('x') instanceof Tensor);
    assert.equal(p.get('y'), undefined);
  } finally {
    p.dispose();
  }
});

test("a broadcast mismatch: PyTorch's text on the right line, the earlier statements kept", () => {
  const code = [
    'import torch',
    'a = torch.ones(5, 2, 4, 1)',
    'b = torch.ones(3, 1, 1)',
    'c = a.sum()',
    'd = a + b',
    'e = a * 2',
  ].join('\n');
  const p = tc.run(code);
  try {
    assert.equal(p.ok, false);
    assert.deepEqual({ ...p.error }, {
      line: 5, column: p.error.column, endLine: p.error.endLine, endColumn: p.error.endColumn,
      message: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1',
      kind: 'shape', pythonType: 'RuntimeError',
    });
    assert.ok(p.error.column >= 5 && p.error.endColumn <= 10, `columns ${p.error.column}-${p.error.endColumn}`);
    assert.deepEqual(p.statements.map((s) => s.line), [1, 2, 3, 4, 5]);
    assert.equal(p.get('c').item(), 40);
    assert.equal(p.get('d'), undefined);
    // the failed broadcast is in the failing statement's traces
    const last = p.statements.at(-1);
    assert.ok(last.traces.some((e) => (e.kind === 'broadcast' && e.result === null) || (e.kind === 'op' && e.broadcast?.result === null)));
  } finally {
    p.dispose();
  }
});

// --- print and get

test('print() writes what Python prints: values separated by spaces, tensors as their repr', () => {
  const p = tc.run([
    'import torch',
    'x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)',
    'print(1, 2.5, True, None)',
    'print(x.shape, x.dtype)',
    'print(x)',
    'print(x * 2)',
    'print(torch.arange(3) + 1, torch.zeros(0, 3))',
  ].join('\n'));
  try {
    assert.equal(p.error, null, p.error?.message);
    assert.equal(p.printed, [
      '1 2.5 True None',
      'torch.Size([2, 2]) torch.float32',
      'tensor([[1., 2.],\n        [3., 4.]], requires_grad=True)',
      'tensor([[2., 4.],\n        [6., 8.]], grad_fn=<MulBackward0>)',
      'tensor([1, 2, 3]) tensor([], size=(0, 3))',
      '',
    ].join('\n'));
    assert.equal(p.statements[2].output, '1 2.5 True None\n');
    assert.equal(p.statements[1].output, '');
    // the same text as the package's toString()
    assert.equal(p.statements[4].output, `${p.get('x')}\n`);
  } finally {
    p.dispose();
  }
});

test('get(): tensors, numbers, booleans, strings, None, tuples and torch.Size; undefined if unbound', () => {
  const p = tc.run([
    'import torch',
    'a = torch.ones(2, 3)',
    'b = a',
    'n = 3',
    'f = 0.1',
    'big = 2 ** 62',
    't = True',
    's = a.shape',
    'pair = (n, f)',
    'nothing = None',
    'values, indices = torch.tensor([[1., 5.], [7., 3.]]).max(dim=1)',
  ].join('\n'));
  try {
    assert.equal(p.error, null, p.error?.message);
    const a = p.get('a');
    assert.ok(a instanceof Tensor);
    assert.deepEqual(a.shape, [2, 3]);
    assert.equal(p.get('b'), a, 'two names of one tensor: one Tensor object');
    assert.equal(p.get('n'), 3);
    assert.equal(p.get('f'), 0.1);
    assert.equal(p.get('big'), 2n ** 62n);
    assert.equal(p.get('t'), true);
    assert.deepEqual(p.get('s'), [2, 3]);
    assert.deepEqual(p.get('pair'), [3, 0.1]);
    assert.equal(p.get('nothing'), null);
    assert.deepEqual(p.get('values').toArray(), [5, 7]);
    assert.deepEqual(p.get('indices').toArray(), [1, 0]);
    assert.equal(p.get('missing'), undefined);
    assert.equal(p.statements.find((x) => x.source === 's = a.shape').names.s.repr, 'torch.Size([2, 3])');
  } finally {
    p.dispose();
  }
});

// --- backward

test("backward steps of the first preset's example: w.grad [3, 1], the gradient [2, 3, 4] summed over dims 0 and 2", () => {
  const p = tc.run(ISSUE_EXAMPLE);
  try {
    const steps = p.backward.filter((s) => s.name === 'w');
    assert.equal(steps.length, 1, JSON.stringify(p.backward));
    const [w] = steps;
    assert.equal(w.kind, 'reduce-grad');
    assert.equal(w.line, 10);
    assert.deepEqual(w.gradShape, [2, 3, 4]);
    assert.deepEqual(w.targetShape, [3, 1]);
    assert.deepEqual(w.leadingDims, [0]);
    assert.deepEqual(w.onesDims, [2]);
    assert.deepEqual(w.resultShape, [3, 1]);
    assert.equal(w.inputId, p.get('w').id);
    const backwardStatement = p.statements.find((s) => s.line === 10);
    assert.deepEqual(Object.keys(backwardStatement.grads), ['w']);
    assert.deepEqual(backwardStatement.grads.w.shape, [3, 1]);
    assert.deepEqual(p.get('w').grad.toArray(), [[-188], [-180], [-172]]);
    assert.equal(p.get('loss').item(), -540);
  } finally {
    p.dispose();
  }
});

test('a program without backward() has no steps', () => {
  const p = tc.run('import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\n');
  assert.deepEqual(p.backward, []);
  p.dispose();
});

// --- lifetime

test('dispose() frees every tensor of the program: tc.memory() is back where it was', () => {
  tc.run('import torch\nx = torch.ones(3)').dispose();  // warm up the module's tables
  const before = tc.memory();
  const p = tc.run(ISSUE_EXAMPLE + '\nbig = torch.zeros(1000, 1000)\nview = big[:, None]\n');
  assert.equal(p.error, null, p.error?.message);
  assert.ok(tc.memory().bytes >= before.bytes + 4e6);
  const big = p.get('big');
  p.dispose();
  p.dispose();  // idempotent
  assert.equal(big.isDisposed, true);
  assert.equal(tc.memory().bytes, before.bytes);
  assert.equal(tc.memory().tensors, before.tensors);
  assert.throws(() => p.get('big'), (e) => e instanceof TensorcastError && e.kind === 'disposed');
  // plain data stays readable
  assert.ok(p.statements.length > 0);
});

test('inside tidy(), the program\'s tensors go with the tidy; a clone kept outlives dispose()', () => {
  const before = tc.memory();
  const sum = tc.tidy(() => tc.run('import torch\nx = torch.arange(4.)').get('x').sum().item());
  assert.equal(sum, 6);
  assert.equal(tc.memory().bytes, before.bytes);
  const p = tc.run('import torch\nx = torch.arange(4.)');
  const kept = p.get('x').clone();
  p.dispose();
  assert.deepEqual(kept.toArray(), [0, 1, 2, 3]);
  kept.dispose();
  assert.equal(tc.memory().bytes, before.bytes);
});

// --- bad arguments throw; bad programs never do

test('run() throws only for a bad argument', () => {
  assert.throws(() => tc.run(42), (e) => e instanceof TensorcastError && e.kind === 'type' && e.message === "run(): argument 'code' must be a string, not 42");
  assert.throws(() => tc.run('x = 1', { maxStatements: 0 }), (e) => e instanceof TensorcastError && e.kind === 'value');
  assert.throws(() => tc.run('x = 1', { bogus: 1 }), TensorcastError);
});

test('hostile programs (a megabyte, deep nesting, huge tensors, too many statements) return an error, never throw', () => {
  const cases = [
    ['x = 1\n'.repeat(200000), 'limit'],                         // 1.2 MB
    ['x = ' + '('.repeat(100000) + '1' + ')'.repeat(100000), 'limit'],
    ['x = ' + '-'.repeat(100000) + '1', 'limit'],
    ['x = ' + '['.repeat(5000), null],
    ['import torch\nx = torch.ones(100000, 100000)', 'memory'],
    ['import torch\nx = torch.ones(2 ** 40)', 'memory'],
    ['import torch\nx = torch.ones(3000, 3000)\ny = x[:, None] + x', 'memory'],
    ['x = 1\n'.repeat(20), 'limit', { maxStatements: 10 }],
    ['import torch\nx = torch.ones(10, 10)', 'memory', { maxElements: 50 }],
    ['\u0000\uffff<script>alert(1)</script>', 'syntax'],
  ];
  for (const [code, kind, options] of cases) {
    let p;
    assert.doesNotThrow(() => { p = tc.run(code, options); }, code.slice(0, 40));
    assert.equal(p.ok, false, code.slice(0, 40));
    assert.ok(p.error.message.length > 0);
    assert.ok(p.error.line >= 1);
    if (kind !== null) assert.equal(p.error.kind, kind, `${code.slice(0, 40)}: ${p.error.message}`);
    p.dispose();
  }
  // and the module still computes
  const p = tc.run('import torch\nprint(torch.ones(2) + 1)');
  assert.equal(p.printed, 'tensor([2., 2.])\n');
  p.dispose();
});

// --- the README's example

test('README "Programs": its example prints what the README says', () => {
  const readme = read('README.md');
  const start = readme.indexOf('\n### Programs');
  assert.ok(start > 0, 'a "Programs" section');
  const section = readme.slice(start, readme.indexOf('\n### ', start + 5));
  const code = section.match(/```python\n([\s\S]*?)```/)[1];
  const printed = section.match(/```text\n([\s\S]*?)```/)[1];
  const p = tc.run(code);
  try {
    assert.equal(p.error, null, p.error?.message);
    assert.equal(p.printed, printed);
    // the claims of its js block
    assert.equal(p.ok, true);
    assert.equal(p.statements[3].source, 'd = x[:, :, None] - y');
    assert.deepEqual(p.statements[3].names.d.shape, [2, 3, 4]);
    assert.deepEqual(p.statements[3].names.d.strides, [12, 4, 1]);
    assert.ok(p.statements[3].traces.some((e) => e.kind === 'op' && e.op === 'sub'));
    assert.deepEqual(p.get('d').shape, [2, 3, 4]);
    const w = p.backward.find((s) => s.name === 'w');
    assert.deepEqual([w.gradShape, w.targetShape, w.leadingDims, w.onesDims, w.line], [[2, 3, 4], [3, 1], [0], [2], 7]);
  } finally {
    p.dispose();
  }
});

test("the package README's example (bindings/README.md, 'Programs') returns what it says", () => {
  const readme = read('bindings/README.md');
  const section = readme.slice(readme.indexOf('## Programs'), readme.indexOf('## License'));
  const lines = [...section.matchAll(/^  '(.*)',$/gm)].map((m) => m[1]);
  assert.equal(lines.length, 6);
  const p = tc.run(lines.join('\n'));
  try {
    assert.equal(p.ok, true);
    assert.deepEqual(p.statements[2]?.names.d?.shape, [2, 3, 4]);
    assert.equal(p.printed, 'tensor([[-188.],\n        [-180.],\n        [-172.]])\n');
    assert.deepEqual(p.backward.find((s) => s.name === 'w')?.leadingDims, [0]);
    assert.ok(p.get('d') instanceof Tensor);
    assert.equal(tc.run('y = torch.ones(2) + 1').error?.message, "name 'torch' is not defined");
  } finally {
    p.dispose();
  }
  assert.ok(section.includes("p.printed;                             // 'tensor([[-188.],\\n        [-180.],\\n        [-172.]])\\n'"));
});

// Columns count UTF-16 code units (Note [Columns]): what a span covers is
// the string's slice, whatever Chinese text or Unicode names stand before.
test('spans of statements, calls and errors slice the code as JavaScript strings, after CJK text and Unicode names', () => {
  const code = "import torch\nx = torch.ones(3); s = '张量'; 损失 = x.sum(0); y = x - torch.ones(4)\n";
  const p = tc.run(code);
  try {
    const line = code.split('\n')[1];
    const slice = (s) => line.slice(s.column - 1, s.endColumn - 1);
    assert.equal(p.error.line, 2);
    assert.equal(slice(p.error), 'x - torch.ones(4)');
    assert.equal(p.error.column, line.indexOf('x - torch') + 1);
    const sum = p.statements.flatMap((s) => s.calls).find((c) => c.op === 'Tensor.sum');
    assert.equal(slice(sum), 'x.sum(0)');
    const bound = p.statements.find((s) => '损失' in s.names);
    assert.equal(slice(bound), '损失 = x.sum(0)');
    assert.equal(bound.source, '损失 = x.sum(0)');
    const ones = p.statements.flatMap((s) => s.calls).filter((c) => c.op === 'torch.ones').at(-1);
    assert.equal(slice(ones), 'torch.ones(4)');
  } finally {
    p.dispose();
  }
});

test("a character Python cannot read is named as Python names it: a fullwidth comma", () => {
  const p = tc.run('x = [a，b]\n');
  assert.equal(p.error.kind, 'syntax');
  assert.equal(p.error.message, "invalid character '，' (U+FF0C)");
  assert.equal(p.error.column, 7);
  p.dispose();
});
