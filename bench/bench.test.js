// The harness on tiny sizes with one repetition, so that `npm test` keeps it
// working: the JSON it writes has the documented structure, and for every
// workload tensorcast's numbers equal tfjs's (where tfjs has the dtype) and
// the plain-JS reference's.
// Timings are only checked to be numbers; this machine is too noisy (and
// the sizes too small) for any claim about them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { compareValues } from './compare.js';
import { numel, valuesOf } from './data.js';
import { WORKLOADS } from './workloads.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let dir;
let out;
let report;
let printed;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tc-bench-'));
  out = path.join(dir, 'tiny.json');
  printed = execFileSync(process.execPath, [path.join(here, 'run.js'), '--tiny', '--reps', '1', '--warmup', '0', '--values', '--out', out], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  report = JSON.parse(readFileSync(out, 'utf8'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

const isTime = (x) => typeof x === 'number' && Number.isFinite(x) && x >= 0;

describe('bench harness on tiny sizes', () => {
  test('the machine and the settings are recorded', () => {
    const m = report.machine;
    assert.equal(typeof m.cpu, 'string');
    assert.ok(m.cpu.length > 0);
    assert.ok(Number.isInteger(m.cores) && m.cores >= 1);
    assert.equal(m.node, process.version);
    assert.ok(!Number.isNaN(Date.parse(m.date)));
    for (const loads of [m.load.before, m.load.after]) {
      assert.equal(loads.length, 3);
      assert.ok(loads.every((x) => typeof x === 'number' && x >= 0));
    }
    assert.deepEqual(report.settings, { size: 'tiny', warmup: 0, reps: 1, cacheFlushBytes: report.settings.cacheFlushBytes });
    assert.ok(report.settings.cacheFlushBytes >= 64 << 20);
    assert.equal(report.tfjs.backend, 'wasm');
    assert.equal(report.tfjs.simd, true);
    assert.equal(report.tfjs.threads, 1);
    assert.equal(typeof report.tensorcast.simd, 'boolean');
    // Node always runs the threaded module (Note [The threaded module]).
    assert.ok(Number.isInteger(report.tensorcast.threads) && report.tensorcast.threads >= 1);
    assert.match(printed, /its threaded build does not run under Node/);
  });

  test('the threads column: N threads give the bits one thread gives', () => {
    for (const row of report.rows.filter((r) => r.kind !== 'size')) {
      if (report.tensorcast.threads === 1) {
        assert.equal(row.ratios.threadSpeedup, null, row.id);
        continue;
      }
      assert.ok(isTime(row.median.tensorcastThreads), `${row.id}: median on N threads`);
      const speedup = row.median.tensorcast / row.median.tensorcastThreads;
      assert.ok(Math.abs(row.ratios.threadSpeedup - speedup) <= 1e-3 * speedup, `${row.id}: speed-up`);
      assert.equal(row.check.threadsSameBits, true, `${row.id}: the same bits`);
      assert.deepEqual(row.values.tensorcastThreads, row.values.tensorcast, `${row.id}: N threads against 1`);
    }
  });

  test('there is one row per workload, then the size row', () => {
    assert.deepEqual(report.rows.map((r) => r.id), [...WORKLOADS.map((w) => w.id), 'size']);
    assert.equal(report.pass, report.rows.every((r) => r.pass));
  });

  test('every timed row has medians, samples, ratios and targets', () => {
    for (const row of report.rows.filter((r) => r.kind !== 'size')) {
      const names = row.absent?.tfjs ? ['tensorcast', 'js', 'probe'] : ['tensorcast', 'tfjs', 'js', 'probe'];
      for (const name of names) {
        assert.ok(isTime(row.median[name]), `${row.id}: median ${name}`);
        assert.equal(row.samples[name].length, 1, `${row.id}: one sample of ${name}`);
      }
      assert.ok(row.bytes > 0 && row.calls >= 1);
      if (row.absent?.tfjs) {
        assert.equal(row.median.tfjs, undefined, `${row.id}: no tfjs median`);
        assert.equal(row.ratios.tensorcastToTfjs, null, `${row.id}: no tfjs ratio`);
        assert.equal(row.check.tensorcastEqualsTfjs, null, `${row.id}: no tfjs check`);
      } else {
        const ratio = row.median.tensorcast / row.median.tfjs;
        assert.ok(Math.abs(row.ratios.tensorcastToTfjs - ratio) <= 1e-3 * ratio, `${row.id}: ratio`);
      }
      assert.ok(row.targets.length > 0, `${row.id}: targets`);
      for (const t of row.targets) {
        assert.equal(t.pass, t.atLeast ? t.value >= t.limit : t.value <= t.limit);
        assert.equal(typeof t.text, 'string');
      }
      assert.equal(row.pass, row.targets.every((t) => t.pass));
      assert.ok(printed.includes(row.title), `${row.id}: printed`);
    }
  });

  test("tensorcast's results equal tfjs's and plain JS's, number for number", () => {
    for (const row of report.rows.filter((r) => r.kind !== 'size')) {
      const { tensorcast, tfjs, js } = row.values;
      assert.ok(tensorcast.length >= 1 && tensorcast[0].length >= 1, `${row.id}: values`);
      // A workload with an rtol (softmax's exp) agrees within it: the check says so.
      const exact = WORKLOADS.find((w) => w.id === row.id).rtol === undefined;
      if (!row.absent?.tfjs) {
        if (exact) assert.deepEqual(tensorcast, tfjs, `${row.id}: tensorcast against tfjs`);
        assert.deepEqual(row.check.tensorcastEqualsTfjs, { equal: true }, `${row.id}: against tfjs`);
      }
      if (exact) assert.deepEqual(tensorcast, js, `${row.id}: tensorcast against plain JS`);
      assert.deepEqual(row.check.tensorcastEqualsJs, { equal: true }, `${row.id}: against plain JS`);
    }
  });

  test('every contestant computes in the row\'s dtype: float32, int32 (tfjs too), float64 (no tfjs)', () => {
    const typed = { float32: 'Float32Array', int32: 'Int32Array', float64: 'Float64Array' };
    const seen = new Set();
    for (const row of report.rows.filter((r) => r.kind !== 'size')) {
      const workload = WORKLOADS.find((w) => w.id === row.id);
      assert.equal(row.dtype, workload.dtype ?? 'float32', row.id);
      seen.add(row.dtype);
      const names = row.dtype === 'float64' ? ['tensorcast', 'tensorcastThreads', 'js'] : ['tensorcast', 'tensorcastThreads', 'tfjs', 'js'];
      assert.deepEqual(Object.keys(row.valueTypes).sort(), names.sort(), row.id);
      for (const name of names)
        assert.ok(row.valueTypes[name].every((type) => type === typed[row.dtype]), `${row.id}: ${name} gave ${row.valueTypes[name]}`);
    }
    assert.deepEqual([...seen].sort(), ['float32', 'float64', 'int32']);
    const f64 = report.rows.find((r) => r.id === 'add-float64');
    assert.deepEqual(f64.absent, { tfjs: 'no float64' });
    assert.ok(printed.split('\n').some((line) => line.startsWith(f64.title) && line.includes('no float64')));
  });

  test('the int32 row wraps and the float64 row rounds, alike in every contestant', () => {
    const inputs = (id) => {
      const row = report.rows.find((r) => r.id === id);
      return [row, row.shapes.inputs.map((input, k) => valuesOf(row.dtype, numel(input.shape), k + 1))];
    };
    const [i32, [a, b]] = inputs('add-int32');
    const wrapped = (x, y) => (x + y) | 0;
    assert.deepEqual(i32.values.js[0], Array.from(a, (x, i) => wrapped(x, b[i])));
    assert.ok(Array.from(a).some((x, i) => x + b[i] !== wrapped(x, b[i])), 'some int32 sums overflow');
    const [f64, [c, d]] = inputs('add-float64');
    assert.deepEqual(f64.values.tensorcast[0], Array.from(c, (x, i) => x + d[i]));
    assert.ok(Array.from(c).some((x, i) => x + d[i] - x !== d[i]), 'some float64 sums round');
  });

  test('the comparison tells apart equal numbers in arrays of different types', () => {
    const result = compareValues([new Float32Array([1, 2])], [new Int32Array([1, 2])]);
    assert.deepEqual(result, { equal: false, why: 'output 0: Float32Array against Int32Array' });
  });

  test('the comparison the harness records catches one differing number', () => {
    const row = report.rows.find((r) => r.id === 'backward');
    const changed = row.values.tfjs.map((v) => v.slice());
    changed[1][3] += 0.25;
    const result = compareValues(row.values.tensorcast, changed);
    assert.equal(result.equal, false);
    assert.match(result.why, /output 1, element 3/);
  });

  test('show.js prints a saved run as run.js printed it, and as Markdown', () => {
    const show = (...args) => execFileSync(process.execPath, [path.join(here, 'show.js'), out, ...args], { encoding: 'utf8' });
    assert.ok(printed.startsWith(show()));
    const markdown = show('--markdown').split('\n').filter((line) => line.startsWith('| '));
    // The size row is two lines: with programs and without.
    assert.equal(markdown.length, 2 + report.rows.length + 1);
  });

  test('the size row measures both libraries, raw, gzipped and with brotli', () => {
    const row = report.rows.find((r) => r.id === 'size');
    for (const name of ['tensorcast', 'tensorcastNoPrograms', 'tensorcastWithFacade', 'tfjs']) {
      const s = row.sizes[name];
      assert.ok(s.gzip > 0 && s.raw > s.gzip, name);
      assert.ok(s.brotli > 0 && s.brotli < s.raw, name);
      assert.ok(s.files.length >= 2, name);
    }
    assert.ok(row.sizes.tensorcastWithFacade.raw > row.sizes.tensorcast.raw);
    assert.ok(row.sizes.tensorcastNoPrograms.gzip < row.sizes.tensorcast.gzip);
    assert.equal(row.targets[0].value, row.sizes.tensorcast.gzip);
  });
});
