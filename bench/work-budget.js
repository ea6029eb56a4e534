// Calibrates the work budget of programs (Note [Work budget], src/work.h;
// docs/limits.md, "Programs"): the time each kind of op takes per unit it
// is charged, in wasm under Node, through tc.run as a program runs it.
//
// Each case is two programs: a setup (the inputs) and the same setup plus
// the op repeated `--repeat` times; the op's time is the difference of
// their medians over the repeats (the setup's noise shared out). It is
// printed per element of the result (or multiply-add) and per work unit
// charged (Program.work), so that ns per work unit says how long a budget
// spent on that kind of op alone takes. Then (--budget) programs that spend the default
// budget on one kind each, timed whole, with the error they end on.
//
//   node bench/work-budget.js [--dist ../dist/index.js] [--runs 7] [--budget]
// Prints one JSON line per case and a summary table.
import { parseArgs } from 'node:util';
import { machine, load } from './machine.js';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: '../dist/index.js' },
    runs: { type: 'string', default: '7' },
    only: { type: 'string', default: '' },
    budget: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '8' },
  },
});
const { init } = await import(new URL(args.dist, import.meta.url).href);
const tc = await init({ simd: true });
const runs = Number(args.runs);
const repeat = Number(args.repeat);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

// The median time of `runs` runs of a program (ms) after a warm-up, and
// the error of the last.
function time(code, options = {}) {
  const times = [];
  let error = null;
  for (let i = 0; i <= runs; i++) {
    const r = once(code, options);
    error = r.error;
    if (i > 0) times.push(r.ms);
  }
  return { ms: median(times), error };
}

const N = 1 << 22;  // elements of an elementwise case
const M = 512;      // matrix side of a float32 matmul
const f32 = `a = torch.rand(${N}) + 0.5\nb = torch.rand(${N}) + 0.5`;
const f64 = `a = torch.rand(${N}, dtype=torch.float64) + 0.5\nb = torch.rand(${N}, dtype=torch.float64) + 0.5`;
const i64 = `a = torch.randint(1, 1000, (${N},))\nb = torch.randint(1, 1000, (${N},))`;
const mat = (n, dtype, make) => `a = ${make(n, dtype)}\nb = ${make(n, dtype)}`;
const rand = (n, dtype) => `torch.rand(${n}, ${n}, dtype=torch.${dtype})`;
const randint = (n, dtype) => `torch.randint(-9, 9, (${n}, ${n}), dtype=torch.${dtype})`;

// [name, setup, op, count, per]
const cases = [
  ['float32 add', f32, 'c = a + b', N, 'element'],
  ['float32 mul by a number', f32, 'c = a * 2', N, 'element'],
  ['float32 div', f32, 'c = a / b', N, 'element'],
  ['float32 exp', f32, 'c = a.exp()', N, 'element'],
  ['float32 sin', f32, 'c = a.sin()', N, 'element'],
  ['float32 tanh', f32, 'c = a.tanh()', N, 'element'],
  ['float32 pow', f32, 'c = a ** b', N, 'element'],
  ['float32 a ** 2.5', f32, 'c = a ** 2.5', N, 'element'],
  ['float32 gt', f32, 'c = a > b', N, 'element'],
  ['float32 where', f32, 'c = torch.where(a > 1, a, b)', 2 * N, 'element'],
  ['float32 clamp', f32, 'c = a.clamp(0.7, 1.2)', N, 'element'],
  ['float64 add', f64, 'c = a + b', N, 'element'],
  ['float64 div', f64, 'c = a / b', N, 'element'],
  ['float64 exp', f64, 'c = a.exp()', N, 'element'],
  ['float64 log', f64, 'c = a.log()', N, 'element'],
  ['float64 sin', f64, 'c = a.sin()', N, 'element'],
  ['float64 tanh', f64, 'c = a.tanh()', N, 'element'],
  ['float64 pow', f64, 'c = a ** b', N, 'element'],
  ['int64 add', i64, 'c = a + b', N, 'element'],
  ['int64 mul', i64, 'c = a * b', N, 'element'],
  ['int64 floor_divide', i64, 'c = a // b', N, 'element'],
  ['int64 remainder', i64, 'c = a % b', N, 'element'],
  ['int64 true div', i64, 'c = a / b', N, 'element'],
  ['float32 clone', f32, 'c = a.clone()', N, 'element'],
  ['float32 contiguous of a transpose', `a = torch.rand(2048, 2048)`, 'c = a.T.contiguous()', N, 'element'],
  ['float32 clone of a transpose', `a = torch.rand(2048, 2048)`, 'c = a.T.clone()', N, 'element'],
  ['float32 contiguous of every 2nd column', `a = torch.rand(2048, 4096)`, 'c = a[:, ::2].contiguous()', N, 'element'],
  ['float32 contiguous of every 8th column', `a = torch.rand(2048, 16384)`, 'c = a[:, ::8].contiguous()', N, 'element'],
  ['float32 contiguous of every 16th column', `a = torch.rand(2048, 32768)`, 'c = a[:, ::16].contiguous()', N, 'element'],
  ['float32 contiguous of rows of 2', `a = torch.rand(${N / 2}, 4)`, 'c = a[:, :2].contiguous()', N, 'element'],
  ['float32 contiguous of rows of 1', `a = torch.rand(${N}, 2)`, 'c = a[:, :1].contiguous()', N, 'element'],
  ['float32 add of a transpose', `a = torch.rand(2048, 2048)\nb = torch.rand(2048, 2048)`, 'c = a + b.T', N, 'element'],
  ['float32 where of a transpose', `a = torch.rand(2048, 2048)\nb = torch.rand(2048, 2048)\nm = a > 0.5`, 'c = torch.where(m, a, b.T)', N, 'element'],
  ['float32 in-place add of a transpose', `a = torch.rand(2048, 2048)\nb = torch.rand(2048, 2048)`, 'a += b.T', N, 'element'],
  ['float32 exp of a transpose', `a = torch.rand(2048, 2048)`, 'c = a.T.exp()', N, 'element'],
  ['float32 sqrt', f32, 'c = a.sqrt()', N, 'element'],
  ['float32 rsqrt', f32, 'c = a.rsqrt()', N, 'element'],
  ['float32 a ** 2', f32, 'c = a ** 2', N, 'element'],
  ['float32 floor_divide', f32, 'c = a // b', N, 'element'],
  ['float32 remainder', f32, 'c = a % b', N, 'element'],
  ['float32 sigmoid', f32, 'c = a.sigmoid()', N, 'element'],
  ['float32 log', f32, 'c = a.log()', N, 'element'],
  ['float32 log1p', f32, 'c = a.log1p()', N, 'element'],
  ['float64 log1p', f64, 'c = a.log1p()', N, 'element'],
  ['float32 expm1', f32, 'c = a.expm1()', N, 'element'],
  ['float64 expm1', f64, 'c = a.expm1()', N, 'element'],
  ['float64 sigmoid', f64, 'c = a.sigmoid()', N, 'element'],
  ['float32 cos', f32, 'c = a.cos()', N, 'element'],
  ['int64 pow', 'a = torch.randint(1, 9, (4194304,))', 'c = a ** 7', N, 'element'],
  ['float32 to float64', f32, 'c = a.double()', N, 'element'],
  ['int64 to float32', i64, 'c = a.float()', N, 'element'],
  ['float32 expand to contiguous', 'a = torch.rand(1, 2048)', 'c = a.expand(2048, 2048).contiguous()', N, 'element'],
  ['float32 cat', f32, 'c = torch.cat([a, b])', 2 * N, 'element'],
  ['float32 gather', `${f32}\ni = torch.randint(0, ${N}, (${N},))`, 'c = a[i]', N, 'element'],
  ['float32 mask', `${f32}\nm = a > 1`, 'c = a[m]', N, 'element'],
  ['float32 sum', f32, 'c = a.sum()', N, 'element'],
  ['float32 amax(dim)', 'a = torch.rand(2048, 2048)', 'c = a.amax(1)', N, 'element'],
  ['float64 softmax', 'a = torch.rand(2048, 2048, dtype=torch.float64)', 'c = a.softmax(1)', N, 'element'],
  ['torch.ones', '', `c = torch.ones(${N})`, N, 'element'],
  ['torch.arange', '', `c = torch.arange(${N})`, N, 'element'],
  ['torch.rand', '', `c = torch.rand(${N})`, N, 'element'],
  ['torch.randn', '', `c = torch.randn(${N})`, N, 'element'],
  ['torch.randn float64', '', `c = torch.randn(${N}, dtype=torch.float64)`, N, 'element'],
  ['torch.linspace', '', `c = torch.linspace(0, 1, ${N})`, N, 'element'],
  ['torch.tensor(list)', '', `c = torch.tensor([1.5] * 65536)`, 65536, 'element'],
  ['torch.randint', '', `c = torch.randint(0, 1000, (${N},))`, N, 'element'],
  ['float32 allclose (values read twice)', f32, 'c = torch.allclose(a, b)', N, 'element'],
  ['float32 equal', f32, 'c = torch.equal(a, b)', N, 'element'],
  ['tolist', 'a = torch.rand(4096)', 'c = a.tolist()', 4096, 'element'],
  ['float32 matmul 512', mat(M, 'float32', rand), 'c = a @ b', M ** 3, 'multiply-add'],
  ['float32 matmul 64 (batched x64)', 'a = torch.rand(64, 64, 64)\nb = torch.rand(64, 64, 64)', 'c = a @ b', 64 ** 4, 'multiply-add'],
  ['float32 matmul of a transpose', mat(M, 'float32', rand), 'c = a.T @ b.T', M ** 3, 'multiply-add'],
  ['float32 mv', 'a = torch.rand(2048, 2048)\nb = torch.rand(2048)', 'c = a @ b', 2048 * 2048, 'multiply-add'],
  ['float32 dot', f32, 'c = a @ b', N, 'multiply-add'],
  ['float64 matmul 256', mat(256, 'float64', rand), 'c = a @ b', 256 ** 3, 'multiply-add'],
  ['int64 matmul 256', mat(256, 'int64', randint), 'c = a @ b', 256 ** 3, 'multiply-add'],
  ['int32 matmul 256', mat(256, 'int32', randint), 'c = a @ b', 256 ** 3, 'multiply-add'],
  ['float32 mm backward 256', 'a = torch.rand(256, 256, requires_grad=True)\nb = torch.rand(256, 256)\nl = (a @ b).sum()',
    'l.backward(retain_graph=True)', 2 * 256 ** 3, 'multiply-add'],
];

// One run of a program (ms); throws if it fails unless failing is expected.
// The op timings run with no budget and no memory cap (the largest the
// options take); the budget section runs with the defaults.
const UNLIMITED = { maxWork: 2 ** 53 - 1, maxMemory: 2 ** 53 - 1, maxElements: 2 ** 28 };

function once(code, { fails = false, options = UNLIMITED } = {}) {
  const t0 = performance.now();
  const p = tc.run(code, options);
  const t1 = performance.now();
  const { error, work } = p;
  p.dispose();
  if (!fails && error) throw new Error(`${code}\n${error.message}`);
  return { ms: t1 - t0, error, work };
}

const rows = [];
for (const [name, setup, op, count, per] of cases) {
  if (args.only && !args.only.split(',').some((o) => name.includes(o))) continue;
  // The setup alone and with the op repeated, interleaved run by run so
  // that both see the same load; one warm-up run of each first.
  const baseCode = `import torch\n${setup}`;
  const wholeCode = `${baseCode}\n${`${op}\n`.repeat(repeat)}`;
  const bases = [], wholes = [];
  let units = 0;
  for (let i = 0; i <= runs; i++) {
    const b = once(baseCode), w = once(wholeCode);
    units = (w.work - b.work) / repeat;
    if (i > 0) bases.push(b.ms), wholes.push(w.ms);
  }
  const base = median(bases), whole = median(wholes);
  const opMs = (whole - base) / repeat;
  const row = {
    name, per, count, repeat, baseMs: +base.toFixed(2), opMs: +opMs.toFixed(2),
    nsPerCount: +((opMs * 1e6) / count).toFixed(3),
    unitsPerCount: +(units / count).toFixed(3),
    nsPerWorkUnit: +((opMs * 1e6) / units).toFixed(3),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

console.log(JSON.stringify({ machine: machine(), load: load(), runs }));
console.log('\n| op | ns per ' + 'element or multiply-add | work units charged per one | ns per work unit |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.name} | ${r.nsPerCount} | ${r.unitsPerCount} | ${r.nsPerWorkUnit} |`);

// Programs that spend the whole default budget on one kind: how long they
// run before the budget stops them (the whole run, setup included).
if (args.budget) {
  const spenders = [
    ['float64 pow, 1e6-element lines', 'a = torch.rand(1000000, dtype=torch.float64) + 0.5', 'c = a ** a'],
    ['float64 exp, 1e6-element lines', 'a = torch.rand(1000000, dtype=torch.float64)', 'c = a.exp()'],
    ['int64 floor_divide, 1e6-element lines', 'a = torch.randint(1, 99, (1000000,))', 'c = a // a'],
    ['float32 sin, 1e6-element lines', 'a = torch.rand(1000000)', 'c = a.sin()'],
    ['float64 expm1, 1e6-element lines', 'a = torch.rand(1000000, dtype=torch.float64)', 'c = a.expm1()'],
    ['float32 add, 1e6-element lines', 'a = torch.rand(1000000)', 'c = a + a'],
    ['float32 clone, 1e6-element lines', 'a = torch.rand(1000000)', 'c = a.clone()'],
    ['float32 matmul 256 lines', 'a = torch.rand(256, 256)', 'c = a @ a'],
    ['int64 matmul 128 lines', 'a = torch.randint(-9, 9, (128, 128))', 'c = a @ a'],
    ['float32 sum, 1e6-element lines', 'a = torch.rand(1000000)', 'c = a.sum()'],
    ['torch.randn(1e6) lines', '', 'c = torch.randn(1000000)'],
    ['float32 copies of a transpose, 1e6-element lines', 'a = torch.rand(1000, 1000)', 'c = a.T.contiguous()'],
    ['float32 gathers, 1e6-element lines', 'a = torch.rand(1000000)\ni = torch.randint(0, 1000000, (1000000,))', 'c = a[i]'],
    ['float32 allclose, 1e6-element lines', 'a = torch.rand(1000000)', 'c = torch.allclose(a, a)'],
    ['the issue: matmul of an expand(2**40)', '', 'a = torch.ones(1).expand(2**40)\nc = a @ a'],
    ['the issue: 10,000 matmuls 4096', 'a = torch.ones(4096, 4096)', 'c = a @ a'],
  ];
  console.log('\n| a program spending the budget on | statements run | ms (median) | error |\n| --- | --- | --- | --- |');
  for (const [name, setup, line] of spenders) {
    const code = `import torch\n${setup}\n${(line + '\n').repeat(line.includes('2**40') ? 1 : 2000)}`;
    const { ms, error } = time(code, { fails: true, options: {} });
    const p = tc.run(code);
    const ran = p.statements.length;
    p.dispose();
    console.log(`| ${name} | ${ran} | ${ms.toFixed(1)} | ${error ? `${error.kind}: ${error.message}` : 'none'} |`);
  }
}
