// tc.run's values and output stay bounded (Note [Bounded values], Note
// [Bounded reprs], Note [Bounded output] in src/lang/): output
// blow-ups return a limit error in milliseconds and leave no heap behind;
// strings count characters; a byte-order mark and CR line ends read as
// Python reads a file; print() writes what Python prints
// (tests/js/fixtures/python-values, written by Python itself), large values
// summarised; the globals' JSON holds each shared string and list once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/python-values/python-values.json', import.meta.url), 'utf8'));

// Runs `code`, hands the Program to `check` and disposes it.
function withRun(code, check, options = undefined) {
  const p = tc.run(code, options);
  try {
    return check(p);
  } finally {
    p.dispose();
  }
}

test('what Python prints and raises: strings by characters, int64 edges, round, range, slices, a BOM, CR line ends, large values summarised', () => {
  assert.ok(FIXTURE.cases.length >= 20);
  for (const c of FIXTURE.cases) {
    withRun(c.code, (p) => {
      const where = JSON.stringify(c.code.slice(0, 80));
      assert.equal(p.printed, c.printed, where);
      if (c.error === null) {
        assert.equal(p.error, null, `${where}: ${p.error?.message}`);
      } else {
        assert.ok(p.error !== null, where);
        assert.equal(p.error.pythonType, c.error.type, where);
        assert.equal(p.error.message, c.error.message, where);
        assert.equal(p.error.line, c.error.line, where);
      }
    });
  }
});

// The issue's reproductions: each refused at once with a limit error.
const BLOW_UPS = [
  ['x = "a" * 65536; y = [x] * 65536', /^a list holding 4295032832 items and characters in all/],
  ['x = "a" * 65536; y = [x] * 4400', /^a list holding 288362800 items and characters in all/],
  ['a = [1] * 32; b = [a] * 32; c = [b] * 32; d = [c] * 32; e = [d] * 32', /^a list holding 1082400 items and characters in all/],
  [`x = [${'0,'.repeat(500000)}]`, /^this list has more than 65536 items/],
];

test("output blow-ups return a limit error in milliseconds and leave no heap in use", () => {
  for (const [code] of BLOW_UPS) tc.run(code).dispose();  // once, for what a first run allocates for good
  const timings = [];
  for (const [code, message] of BLOW_UPS) {
    const before = tc.memory();
    const t0 = performance.now();
    const p = tc.run(code);
    const ms = performance.now() - t0;
    try {
      assert.equal(p.ok, false, code.slice(0, 40));
      assert.equal(p.error.kind, 'limit', p.error.message);
      assert.match(p.error.message, message);
      assert.ok(JSON.stringify(p.statements).length < 1e6, 'the statements stay small');
    } finally {
      p.dispose();
    }
    const after = tc.memory();
    assert.equal(after.tensors, before.tensors);
    assert.ok(after.heapUsed - before.heapUsed < 64 * 1024, `${code.slice(0, 40)}: heap in use grew by ${after.heapUsed - before.heapUsed} bytes`);
    timings.push(`${code.slice(0, 36)}...: ${ms.toFixed(1)} ms`);
  }
  console.log(`refused: ${timings.join('; ')}`);  // measured, not asserted
});

test('a value within the limits is described in bounded text, and get() returns it whole', () => {
  const code = ['x = "a" * 65536', 'y = [x] * 15', 'z = y', 'n = list(range(65536))'].join('\n');
  const t0 = performance.now();
  withRun(code, (p) => {
    const ms = performance.now() - t0;
    assert.equal(p.error, null, p.error?.message);
    const y = p.statements[1].names.y;
    assert.equal(y.repr, `[${Array(3).fill(`'${'a'.repeat(27)}...${'a'.repeat(28)}'`).join(', ')}, ..., ${Array(3).fill(`'${'a'.repeat(27)}...${'a'.repeat(28)}'`).join(', ')}]`);
    assert.equal(y.items.length, 15);
    assert.equal(p.statements[3].names.n.repr, '[0, 1, 2, ..., 65533, 65534, 65535]');
    assert.equal(p.statements[3].names.n.items.length, 1000);
    // the values themselves, whole: one JS array for the list two names share, one string for its 15 items
    const got = p.get('y');
    assert.equal(got.length, 15);
    assert.equal(got[14], 'a'.repeat(65536));
    assert.equal(p.get('z'), got);
    assert.deepEqual(p.get('n').slice(-2), [65534, 65535]);
    assert.ok(JSON.stringify(p.statements).length < 200000);
    console.log(`15 x 65,536 characters bound to two names: ${ms.toFixed(1)} ms`);  // measured, not asserted
  });
});

test("a program's results stop at 2^25 characters (printed, described, traced), with a limit error naming it", () => {
  // The work budget charges each character (a hundred units): by default
  // it stops such a program long before; raised, the limit of 2^25 holds.
  withRun(`x = 'a' * 65536\nprint(${'x, '.repeat(600)})`, (p) => {
    assert.equal(p.error.kind, 'limit');
    assert.equal(p.error.line, 2);
    assert.match(p.error.message, /^this line would describe 65537 characters of its results/);
  });
  withRun(`x = 'a' * 65536\nprint(${'x, '.repeat(600)})`, (p) => {
    assert.equal(p.error.kind, 'limit');
    assert.equal(p.error.line, 2);
    assert.match(p.error.message, /^the program's results would pass 33554432 characters/);
  }, { maxWork: 1e12 });
  // 9,000 lines of 19 additions: 171,000 trace events (about 170 MB of
  // JSON) stop at the work budget, and with it raised at the limit
  const code = `import torch\nx = torch.ones(1)\n${'y = x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x\n'.repeat(9000)}`;
  for (const [options, stop] of [[undefined, /^this line would describe \d+ characters of its results/], [{ maxWork: 1e12 }, /^the program's results would pass/]]) {
    const t0 = performance.now();
    withRun(code, (p) => {
      const ms = performance.now() - t0;
      assert.equal(p.error.kind, 'limit');
      assert.match(p.error.message, stop);
      const raw = JSON.stringify(p.statements.map((s) => ({ ...s, calls: s.calls.map(({ traces, ...c }) => c) })));
      assert.ok(raw.length < 48e6, `${raw.length} characters of statements`);
      console.log(`171,000 additions (maxWork ${options?.maxWork ?? 'default'}) stopped at line ${p.error.line} in ${ms.toFixed(0)} ms, ${(raw.length / 1e6).toFixed(1)} MB of statements`);
    }, options);
  }
});

test('strings count characters; ints past int64 are an OverflowError; a BOM and CR line ends are read', () => {
  withRun("s = '日本語😀'\nn = len(s)\nc = s[3]\nt = s[1:3]", (p) => {
    assert.equal(p.get('n'), 4);
    assert.equal(p.get('c'), '😀');
    assert.equal(p.get('t'), '本語');
  });
  withRun('m = -9223372036854775807 - 1\nx = abs(m)', (p) => {
    assert.equal(p.error.pythonType, 'OverflowError');
    assert.equal(p.error.line, 2);
  });
  withRun('\ufeffx = 1\ry = x + 1\r\nz = w', (p) => {
    assert.equal(p.get('y'), 2);
    assert.equal(p.error.message, "name 'w' is not defined");
    assert.equal(p.error.line, 3);
    assert.equal(p.error.column, 5);
  });
});

// Note [Program inputs and result] in src/lang/run.cpp.
test('result: the last expression at the top level, owned by the program, one object with a name bound to it', () => {
  const before = tc.memory().tensors;
  withRun('import torch\nx = torch.arange(3.0)\ndef f(t):\n    return t * 2\nf(x) + 1', (p) => {
    assert.equal(p.error, null);
    assert.deepEqual(p.result.toArray(), [1, 3, 5]);
    assert.equal(p.result.dtype, 'float32');
  });
  assert.equal(tc.memory().tensors, before);
  withRun('import torch\nx = torch.ones(2)\nx', (p) => assert.equal(p.result, p.get('x')));
  withRun('xs = [1, 2]\nxs', (p) => assert.equal(p.result, p.get('xs')));
  withRun('(1, 2.5, "a", None)', (p) => assert.deepEqual(p.result, [1, 2.5, 'a', null]));
  withRun('print(1)', (p) => assert.equal(p.result, null));
  // no result: a last statement that is not an expression, a block, or a program that stopped
  for (const code of ['y = 1', '1\nfor i in range(2):\n    i', 'import torch\ntorch.ones(2) @ torch.ones(3)', ''])
    withRun(code, (p) => assert.equal(p.result, undefined, JSON.stringify(code)));
});

test('inputs: names bound before the program, tensors shared (not copied, never freed by the program), checked names', () => {
  const x = tc.tensor([1, 2, 3], { dtype: 'float32' });
  try {
    withRun('import torch\ndef outer(a, b):\n    return a[:, None] * b\nouter(x, x[:n])', (p) => {
      assert.equal(p.error, null, p.error?.message);
      assert.deepEqual(p.result.shape, [3, 2]);
      assert.deepEqual(p.result.toArray(), [[1, 2], [2, 4], [3, 6]]);
      assert.equal(p.get('x').toArray().length, 3);
    }, { inputs: { x, n: 2 } });
    // the program's in-place op changes the caller's tensor; its dispose() leaves it usable
    withRun('x.mul_(10)', (p) => assert.equal(p.error, null), { inputs: { x } });
    assert.deepEqual(x.toArray(), [10, 20, 30]);
    // every kind of value: a str stays a str, even a dtype's name; 2^63 - 1 exact; a list; None
    withRun('(s, str(type(s)), big, xs, none, flag)',
      (p) => assert.deepEqual(p.result, ['float32', "<class 'str'>", 2n ** 63n - 1n, [1, 2.5], null, true]),
      { inputs: { s: 'float32', big: 2n ** 63n - 1n, xs: [1, 2.5], none: null, flag: true } });
    // a long program after many inputs: the source follows the inputs' slots
    const long = `${'# a comment line\n'.repeat(2000)}a + b`;
    withRun(long, (p) => assert.equal(p.result, 3), { inputs: Object.fromEntries([['a', 1], ['b', 2], ...Array.from({ length: 300 }, (_, i) => [`v${i}`, [i, i + 1]])]) });
  } finally {
    x.dispose();
  }
  assert.throws(() => tc.run('1', { inputs: { 'for': 1 } }), { name: 'TensorcastError', kind: 'value', message: "run(): the input name 'for' is not a Python name (letters, digits and _, not starting with a digit, not a keyword)" });
  assert.throws(() => tc.run('1', { inputs: { 'a b': 1 } }), { kind: 'value' });
  assert.throws(() => tc.run('1', { inputs: [1] }), { kind: 'type', message: 'run(): inputs must be an object of names and values, not an array' });
  assert.throws(() => tc.run('1', { inputs: { f: () => 1 } }), { kind: 'type' });
  const gone = tc.ones([2]);
  gone.dispose();
  assert.throws(() => tc.run('1', { inputs: { gone } }), { kind: 'disposed' });
});
