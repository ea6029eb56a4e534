// The soak: a long seeded run of random steps through the package's public
// API in one Node process (ops.js says what the steps are), checked against
// the naive reference as it goes and fully every `checkEvery` steps, with
// the module's memory required to be flat at the end.
//
//   node tests/soak/soak.js [--ops 1000000] [--seed N] [--check-every 100]
//
// "Flat" means: after the warm-up (the first tenth of the run, at most
// 20,000 steps), with every soak tensor disposed, tc.memory() reads some
// { tensors, bytes, heapSize, heapUsed }; at the end, with every soak tensor
// disposed again, tensors and bytes are exactly what they were before the
// soak made anything, the wasm memory (heapSize) is exactly its post-warm-up
// size (not one growth step more), and the allocator's bytes in use
// (heapUsed) are within 4 KB of their post-warm-up value.
//
// A failure prints the seed, the step, what disagreed, and writes a script
// (build/soak/replay-<seed>.mjs) that redoes only the steps the failure
// depends on; `--seed N --ops <step+1> --warm-up W` reruns the whole thing.
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { init, TensorcastError } from 'tensorcast';
import { arrayFor, cast, isFloat } from '../reference/dtypes.js';
import { Ref, fmt, layoutProblem, numelOf, stridesOf } from '../reference/naive.js';
import { firstExactDifference, firstRelativeDifference, firstSumDifference, show } from './compare.js';
import { STEPS, lit } from './ops.js';
import { Log, replayScript } from './replay.js';
import { Rng, values } from './rng.js';

const POOL = 24;
const GRAVEYARD = 8;
// Room for a container inside the module to have grown its capacity; a leak
// of one 16-byte block every thousand steps is 16 kB in a full run.
const HEAP_SLACK = 4096;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export class SoakFailure extends Error {
  constructor(message, { replay, step, names, got }) {
    super(message);
    this.name = 'SoakFailure';
    /** The replay script's path, the failing step, the tensors it names, and what the core held. */
    this.replay = replay;
    this.step = step;
    this.names = names;
    this.got = got;
  }
}

// Code is run as written (so that the replay is exactly what ran), compiled
// once per shape of line: tensor names and numbers become arguments.
const compiled = new Map();
const TOKENS = /"[^"]*"|'[^']*'|`[^`]*`|T\.(t\d+)|(?<![\w$.])(\d+)n\b|(?<![\w$.])(\d+(?:\.\d+)?(?:e[+-]?\d+)?)/g;
function compile(code) {
  const tensors = [];
  const numbers = [];
  const template = code.replace(TOKENS, (match, name, bigint, number) => {
    if (name) return `T[$t[${tensors.push(name) - 1}]]`;
    if (bigint) return `$n[${numbers.push(BigInt(bigint)) - 1}]`;
    if (number) return `$n[${numbers.push(Number(number)) - 1}]`;
    return match;
  });
  let fn = compiled.get(template);
  if (!fn) {
    if (compiled.size > 50_000) compiled.clear();
    fn = new Function('tc', 'T', 'values', '$t', '$n', `return (${template});`);
    compiled.set(template, fn);
  }
  return { fn, tensors, numbers };
}

class Soak {
  constructor(tc, seed, { checkEvery, warmUp, sabotage }) {
    this.tc = tc;
    this.seed = seed;
    this.rng = new Rng(seed);
    this.checkEvery = checkEvery;
    this.warmUp = warmUp;
    this.sabotage = sabotage;
    this.pool = [];
    this.graveyard = [];
    /** Every tensor the soak made, by name (the replay's T). */
    this.T = Object.create(null);
    this.names = new WeakMap();
    this.serial = 0;
    this.step = 0;
    this.calls = 0;
    this.refused = 0;
    /** Steps that met a known bug (ops.js: metKnownBug, metKnownStoreBug) instead of PyTorch's behaviour, by bug. */
    this.known = {};
    /** Results made, by dtype. */
    this.dtypes = {};
    /** Per kind of step: how many ran and how many were refused on purpose. */
    this.stats = Object.fromEntries(Object.keys(STEPS).map((k) => [k, { steps: 0, refused: 0 }]));
    this.kind = null;
    this.log = new Log(200_000);
    this.warnings = [];
    this.unsubscribe = tc.onWarning((w) => this.warnings.push(w));
  }

  // --- for ops.js

  values(seed, count, options) {
    const v = values(seed, count, options);
    return this.sabotage === 'values' ? v.map((x) => (x === 3 ? 2 : x)) : v;
  }

  newName() {
    return `t${++this.serial}`;
  }

  /** Counts a step that met a known bug (changing nothing) and logs it. */
  metKnown(bug, io, log = true) {
    this.known[bug] = (this.known[bug] ?? 0) + 1;
    if (log) this.log.add({ step: this.step, code: io.code, reads: io.reads ?? [], writes: [] });
  }

  nameOf(ref) {
    return this.names.get(ref) ?? '?';
  }

  pick(filter) {
    const candidates = filter ? this.pool.filter(filter) : this.pool;
    return candidates.length > 0 ? this.rng.pick(candidates) : null;
  }

  slot(name) {
    return this.pool.find((s) => s.name === name);
  }

  finite(ref) {
    return !isFloat(ref.dtype) || ref.values().every(Number.isFinite);
  }

  run(code) {
    this.calls++;
    const { fn, tensors, numbers } = compile(code);
    return fn(this.tc, this.T, values, tensors, numbers);
  }

  attempt(fn) {
    try {
      return { value: fn() };
    } catch (error) {
      return { error };
    }
  }

  /** Stops the run; `io` is the step that failed, when a step did (then it is replayed too). */
  fail(message, names = [], io = null, got = undefined) {
    // Names of tensors, and 'g:<name>' when a gradient is what disagreed.
    const tensors = names.filter((n) => /^t\d+$/.test(n));
    // The failing step made the tensors it names, if it made any.
    if (io) this.log.add({ step: this.step, code: io.code, reads: io.reads ?? [], writes: tensors });
    const resources = names.flatMap((n) => {
      const ref = this.slot(n)?.r;
      return ref ? [n, `s${ref.storage.id}`] : [n];
    });
    const rerun = `node tests/soak/soak.js --seed ${this.seed} --ops ${Math.min(this.step + 1, this.total)} --warm-up ${this.warmUp} --check-every ${this.checkEvery}`;
    const lines = [`SOAK FAILURE at step ${this.step} (seed ${this.seed}): ${message}`];
    let path = null;
    // A count or memory failure names no step: only the whole run replays it.
    if (resources.length > 0 || io !== null) {
      const { steps, complete } = this.log.slice(resources, io !== null);
      const failure = `${message}\n(seed ${this.seed}, step ${this.step})`;
      path = `${ROOT}build/soak/replay-${this.seed}.mjs`;
      replayScript({ seed: this.seed, total: this.total, failure, steps, show: tensors, path });
      const tail = steps.slice(-25).map((e) => `  step ${e.step}: ${e.code}`);
      lines.push(
        `The ${steps.length} steps it depends on${complete ? '' : ' (the log does not reach back far enough: rerun the whole run)'}, last ${tail.length}:`,
        ...tail,
        `Replay them: node ${path}`,
      );
    }
    lines.push(`Rerun the soak up to here: ${rerun}`);
    const report = lines.join('\n');
    throw new SoakFailure(report, { replay: path, step: this.step, names: tensors, got: got && Array.from(got) });
  }

  record(io, writes) {
    this.log.add({ step: this.step, code: io.code, reads: io.reads ?? [], writes: [...writes, ...(io.writes ?? [])] });
  }

  logWrite(io) {
    this.record(io, []);
  }

  expectSuccess(result, what, io) {
    if (result.error !== undefined) {
      const e = result.error;
      this.fail(`${what} threw ${e?.name}${e?.kind ? ` (${e.kind})` : ''}: ${e?.message}, expected it to work`, [], io);
    }
  }

  /** A refusal of one of `kinds` (and, if given, this message), which changed nothing. */
  expectFailure(result, kinds, message, io) {
    this.refused++;
    this.stats[this.kind].refused++;
    const e = result.error;
    if (e === undefined) {
      const made = result.value;
      if (made && typeof made.dispose === 'function') made.dispose();
      this.fail(`${io.code} worked, expected a TensorcastError of kind ${kinds.join(' or ')}`, [], io);
    }
    if (!(e instanceof TensorcastError)) this.fail(`${io.code} threw ${e?.name}: ${e?.message}, not a TensorcastError`, [], io);
    if (!kinds.includes(e.kind)) this.fail(`${io.code} threw kind '${e.kind}' (${e.message}), expected ${kinds.join(' or ')}`, [], io);
    if (message !== undefined && (message instanceof RegExp ? !message.test(e.message) : e.message !== message))
      this.fail(`${io.code} said ${JSON.stringify(e.message)}, expected ${message instanceof RegExp ? message : JSON.stringify(message)}`, [], io);
    // A refused step changed nothing: it writes nothing a later step could need.
    this.log.add({ step: this.step, code: io.code, reads: io.reads ?? [], writes: [] });
  }

  insert(name, t, r) {
    if (this.pool.length >= POOL) this.disposeSlot(this.rng.pick(this.pool));
    const slot = { name, t, r };
    this.pool.push(slot);
    this.T[name] = t;
    if (!this.names.has(r)) this.names.set(r, name);
    return slot;
  }

  disposeSlot(slot) {
    this.pool.splice(this.pool.indexOf(slot), 1);
    const io = { code: `T.${slot.name}.dispose();`, reads: [slot.name], writes: [`d:${slot.name}`] };
    this.run(`T.${slot.name}.dispose()`);
    this.record(io, []);
    this.graveyard.push(slot.name);
    if (this.graveyard.length > GRAVEYARD) delete this.T[this.graveyard.shift()];
  }

  checkShape(name, t, shape, dtype, io) {
    if (t.shape.join() !== shape.join() || t.dtype !== dtype)
      this.fail(`${io.code} gave shape ${fmt(t.shape)} ${t.dtype}, expected ${fmt(shape)} ${dtype}`, [name], io);
  }

  /** A result in new storage: laid out by the core (checked dense), valued by the reference. */
  addFresh(name, t, shape, dtype, vals, io) {
    this.checkShape(name, t, shape, dtype, io);
    const layout = { strides: t.stride(), offset: t.storageOffset };
    const problem = layoutProblem(shape, layout);
    if (problem) this.fail(`${io.code}: a new tensor of shape ${fmt(shape)} whose ${problem}`, [name], io);
    const rounded = arrayFor(dtype, vals.length);
    for (let k = 0; k < vals.length; k++) rounded[k] = cast(vals[k], dtype);
    // The self-test's broken reference: every product is 0.
    if (this.sabotage === 'mul' && /[.]mul\(/.test(io.code)) rounded.fill(cast(0, dtype));
    // Another: int64 results one too large in their first element.
    if (this.sabotage === 'int64' && dtype === 'int64' && rounded.length > 0) rounded[0] += 1n;
    this.dtypes[dtype] = (this.dtypes[dtype] ?? 0) + 1;
    const r = Ref.fresh(shape, dtype, rounded, layout);
    this.record(io, [name, `s${r.storage.id}`]);
    const slot = this.insert(name, t, r);
    if (io.inexact) this.adoptValues(slot, io.inexact, io);
    return slot;
  }

  /** A view: the core's strides and offset must be those of the reference's map. */
  addView(name, t, r, io) {
    this.checkShape(name, t, r.shape, r.dtype, io);
    if (r.numel > 0) {
      const strides = stridesOf(r.map, r.shape);
      const got = t.stride();
      const differs = strides === null || r.shape.some((s, d) => s > 1 && got[d] !== strides[d]) || t.storageOffset !== r.map[0];
      if (differs) this.fail(`${io.code}: a view with strides ${fmt(got)} offset ${t.storageOffset}, expected ${strides ? fmt(strides) : 'none'} offset ${r.map[0]}`, [name], io);
    }
    this.record(io, [name]);
    return this.insert(name, t, r);
  }

  /** The same tensor again (contiguous() of a contiguous one, sumTo its own shape). */
  addAlias(name, t, of, io) {
    if (t.id !== of.t.id) this.fail(`${io.code}: a new tensor (id ${t.id}), expected the same tensor (id ${of.t.id})`, [name], io);
    this.record(io, [name]);
    return this.insert(name, t, of.r);
  }

  /** Compares a result now (within its bound), then keeps the core's values, zero signs included. */
  adoptValues(slot, mode, io) {
    const got = slot.t.data();
    const want = slot.r.values();
    const k =
      mode === 'sum'
        ? firstSumDifference(got, want, io.abs, io.terms)
        : mode === 'exact'
          ? firstExactDifference(got, want)
          : firstRelativeDifference(got, want, slot.r.dtype === 'float64' ? (x) => x : Math.fround);
    if (k >= 0) this.fail(`${io.code}: element ${k} is ${got[k]}, expected ${want[k]}; got ${show(got, k)}, expected ${show(want, k)}`, [slot.name], null, got);
    slot.r.write(got);
  }

  /** Reads each leaf's gradient from the core, compares, adopts, frees the JS handle. */
  checkGrads(leaves, terms, io) {
    this.record(io, []);
    for (const leaf of leaves) {
      const slot = this.pool.find((s) => s.r === leaf);
      if (!slot) continue;
      const g = slot.t.grad;
      if (g === null) this.fail(`${io.code}: ${slot.name}.grad is null, expected a gradient`, [slot.name, `g:${slot.name}`]);
      const got = g.data();
      g.dispose();
      // The self-test's broken reference.
      if (this.sabotage === 'grad') leaf.grad[0] += 1;
      const k = firstSumDifference(got, leaf.grad, leaf.gradAbs, terms);
      if (k >= 0) this.fail(`${io.code}: ${slot.name}.grad[${k}] is ${got[k]}, expected ${leaf.grad[k]}; got ${show(got, k)}, expected ${show(leaf.grad, k)}`, [slot.name, `g:${slot.name}`]);
      leaf.grad = Float64Array.from(got);
    }
  }

  // --- the run

  /** Every pool tensor against the reference: values, shape, flags, gradients; and the live count. */
  fullCheck() {
    for (const slot of this.pool) {
      const { t, r, name } = slot;
      const got = t.data();
      const want = r.values();
      const k = firstExactDifference(got, want);
      if (k >= 0) this.fail(`${name} holds ${show(got, k)}, the reference ${show(want, k)} (first difference at element ${k})`, [name], null, got);
      if (t.requiresGrad !== r.requiresGrad || t.isLeaf !== r.isLeaf)
        this.fail(`${name}: requiresGrad ${t.requiresGrad} isLeaf ${t.isLeaf}, expected ${r.requiresGrad} ${r.isLeaf}`, [name]);
      if (t.isContiguous() !== r.isContiguous()) this.fail(`${name}: isContiguous() is ${t.isContiguous()}, expected ${r.isContiguous()}`, [name]);
      const g = t.grad;
      if ((g === null) !== (r.grad === null || !r.isLeaf)) this.fail(`${name}: grad is ${g === null ? 'null' : 'set'}, expected ${r.grad === null ? 'null' : 'set'}`, [name, `g:${name}`]);
      if (g !== null) {
        const gk = firstExactDifference(g.data(), r.grad);
        if (gk >= 0) this.fail(`${name}.grad holds ${show(g.data(), gk)}, expected ${show(r.grad, gk)}`, [name, `g:${name}`]);
        g.dispose();
      }
    }
    const live = this.tc.memory().tensors;
    if (live !== this.baseline.tensors + this.pool.length)
      this.fail(`${live - this.baseline.tensors} tensors alive, the soak holds ${this.pool.length} (a leak or a lost tensor since the last check, ${this.checkEvery} steps ago)`);
  }

  clear() {
    while (this.pool.length > 0) this.disposeSlot(this.pool[this.pool.length - 1]);
  }

  /**
   * Runs every op once in every dtype and layout pattern, in a tidy, before
   * anything is measured: the core interns each kernel name a trace carries
   * the first time it is used (src/engine/kernel_names.cpp), a set bounded
   * by dtypes x ops x patterns that would otherwise grow the heap in use
   * after a short warm-up. Draws nothing from the seed's stream.
   */
  prime() {
    const tc = this.tc;
    const ops = ['add', 'sub', 'mul', 'div', 'pow', 'maximum', 'minimum', 'floorDivide', 'remainder', 'eq', 'ne', 'lt', 'le', 'gt', 'ge'];
    const inplace = ['add_', 'sub_', 'mul_', 'div_', 'pow_', 'floorDivide_', 'remainder_', 'eq_', 'ne_', 'lt_', 'le_', 'gt_', 'ge_'];
    const dtypes = ['bool', 'uint8', 'int32', 'int64', 'float32', 'float64'];
    const attempt = (fn) => {
      try {
        fn();
      } catch {
        // Refusals are part of the sweep.
      }
    };
    tc.noGrad(() =>
      tc.tidy(() => {
        for (const d of dtypes) {
          const a = tc.ones([4, 3], { dtype: d });
          const forms = [a, a.transpose(0, 1).contiguous().transpose(0, 1), a.narrow(1, 0, 2), tc.ones([3], { dtype: d }).expand(4, 3), tc.ones([1], { dtype: d })];
          for (const x of forms) {
            for (const y of [...forms, 1, 2.5]) {
              for (const op of ops) {
                attempt(() => x[op](y));
                if (typeof y === 'number') attempt(() => tc[op](y, x));
              }
              for (const op of inplace) attempt(() => x.clone()[op](y));
              attempt(() => tc.where(tc.ones([4, 3], { dtype: 'bool' }), x, y));
              attempt(() => tc.where(tc.ones([4, 3], { dtype: 'bool' }), y, x));
            }
            for (const op of ['neg', 'abs', 'exp', 'log', 'sqrt', 'relu', 'clone', 'contiguous']) attempt(() => x[op]());
            for (const to of dtypes) attempt(() => x.to(to));
            for (const dims of [[], [0], [1], [0, 1]]) attempt(() => x.sum(dims, true));
            attempt(() => x.sum());
            attempt(() => x.sumTo([1, 3]));
            attempt(() => x.sumTo([4, 1]));
          }
        }
      }),
    );
  }

  run_(total) {
    this.total = total;
    this.prime();
    this.baseline = this.tc.memory();
    const weights = Object.fromEntries(Object.entries(STEPS).map(([k, [w]]) => [k, w]));
    const warm = this.warmUp;
    let afterWarmUp = null;
    let peakHeap = 0;
    for (this.step = 0; this.step < total; this.step++) {
      // The self-test's leaks: a tensor nobody disposes; 16 bytes of wasm
      // memory every 50 steps after the warm-up, as a refused call that
      // forgets to free would.
      if (this.sabotage === 'leak' && this.step === 150) this.leaked = this.tc.zeros([1]);
      if (this.sabotage === 'heap' && this.step > warm && this.step % 50 === 0) this.tc._rt.core._malloc(16);
      this.warnings.length = 0;
      this.kind = this.rng.weighted(weights);
      this.stats[this.kind].steps++;
      STEPS[this.kind][1](this);
      if ((this.step + 1) % this.checkEvery === 0) {
        this.fullCheck();
        peakHeap = Math.max(peakHeap, this.tc.memory().heapSize);
      }
      if (this.step + 1 === warm) {
        this.fullCheck();
        this.clear();
        afterWarmUp = this.tc.memory();
      }
    }
    this.fullCheck();
    this.clear();
    this.unsubscribe();
    const end = this.tc.memory();
    if (afterWarmUp === null) afterWarmUp = end;
    const problems = [];
    if (end.tensors !== this.baseline.tensors) problems.push(`${end.tensors - this.baseline.tensors} tensors still alive`);
    if (end.bytes !== this.baseline.bytes) problems.push(`${end.bytes - this.baseline.bytes} tensor bytes still allocated`);
    if (end.heapSize !== afterWarmUp.heapSize) problems.push(`the wasm memory grew from ${afterWarmUp.heapSize} to ${end.heapSize} bytes after the warm-up`);
    if (end.heapUsed - afterWarmUp.heapUsed > HEAP_SLACK) problems.push(`the heap in use grew by ${end.heapUsed - afterWarmUp.heapUsed} bytes after the warm-up`);
    if (problems.length > 0) this.fail(`memory not flat: ${problems.join('; ')} (replay the whole run)`);
    return { baseline: this.baseline, afterWarmUp, end, peakHeap, warm };
  }
}

/** Runs the soak; resolves to a summary, or throws a SoakFailure. */
export async function runSoak({ ops, seed, checkEvery = 100, warmUp = defaultWarmUp(ops), sabotage = null, tc = null }) {
  const instance = tc ?? (await init());
  const soak = new Soak(instance, seed, { checkEvery, warmUp, sabotage });
  const started = performance.now();
  const memory = soak.run_(ops);
  return {
    seed,
    steps: ops,
    calls: soak.calls,
    refused: soak.refused,
    known: soak.known,
    dtypes: soak.dtypes,
    stats: soak.stats,
    seconds: (performance.now() - started) / 1000,
    memory,
    jsHeap: process.memoryUsage().heapUsed,
  };
}

/** The first tenth of the run, at most 20,000 steps (part of what a seed reproduces). */
function defaultWarmUp(ops) {
  return Math.min(Math.ceil(ops / 10), 20_000);
}

function parseArgs(argv) {
  const options = { ops: 1_000_000, seed: randomInt(2 ** 31), checkEvery: 100 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], Number(argv[i + 1])];
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${flag} needs a whole number, got ${argv[i + 1]}`);
    if (flag === '--ops') options.ops = value;
    else if (flag === '--seed') options.seed = value;
    else if (flag === '--check-every') options.checkEvery = Math.max(1, value);
    else if (flag === '--warm-up') options.warmUp = value;
    else throw new Error(`unknown option ${flag} (known: --ops, --seed, --check-every, --warm-up)`);
  }
  options.warmUp ??= defaultWarmUp(options.ops);
  return options;
}

const mb = (b) => `${(b / 2 ** 20).toFixed(1)} MB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  console.log(`soak: ${options.ops} steps, seed ${options.seed} (rerun: node tests/soak/soak.js --seed ${options.seed} --ops ${options.ops})`);
  try {
    const r = await runSoak(options);
    const m = r.memory;
    console.log(
      [
        `soak: ${r.steps} steps (${r.calls} API calls, ${r.refused} refused on purpose) in ${r.seconds.toFixed(1)} s, all agreeing with the reference${Object.keys(r.known).length > 0 ? ` except steps meeting known bugs (tests/soak/ops.js): ${Object.entries(r.known).map(([k, v]) => `${k} ${v}`).join(', ')}` : ''}`,
        `  tensors alive: ${m.baseline.tensors} before, ${m.end.tensors} after; tensor bytes: ${m.baseline.bytes} before, ${m.end.bytes} after`,
        `  wasm memory: ${mb(m.baseline.heapSize)} before, ${mb(m.afterWarmUp.heapSize)} after the ${m.warm}-step warm-up, ${mb(m.peakHeap)} at most, ${mb(m.end.heapSize)} at the end`,
        `  heap in use: ${m.baseline.heapUsed} bytes before, ${m.afterWarmUp.heapUsed} after the warm-up, ${m.end.heapUsed} at the end; JS heap ${mb(r.jsHeap)}`,
        `  steps (refused): ${Object.entries(r.stats).map(([k, v]) => `${k} ${v.steps} (${v.refused})`).join(', ')}`,
        `  results by dtype: ${Object.entries(r.dtypes).map(([k, v]) => `${k} ${v}`).join(', ')}`,
      ].join('\n'),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (!(error instanceof SoakFailure)) console.error(error.stack);
    process.exitCode = 1;
  }
}

export { lit };
