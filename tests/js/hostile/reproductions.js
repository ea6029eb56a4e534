// Every hostile reproduction (no program, link or forgotten tensor can
// hang, crash or exhaust tensorcast" (its "Why" list), as a task the worker
// runs (worker.js): each returns the problems it found, in words that say
// what happened and what should have. The worker adds what every task must
// satisfy (checks.js): memory back where it was, the instance still healthy.
// Expected values of the small programs are Python's and PyTorch's, from
// tests/js/fixtures/hostile/hostile.json (written by make_fixtures.py there).
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describeThrow, runHostile } from './checks.js';

const FIXTURES = JSON.parse(readFileSync(new URL('../fixtures/hostile/hostile.json', import.meta.url), 'utf8')).programs;

/** The fixture's program and what Python printed (or raised). */
export const fixture = (name) => FIXTURES[name] ?? null;

// A chain long enough that releasing it recursively overflowed the stack (about 5,300 ops did).
const CHAIN = 20_000;

function problemIf(condition, text) {
  return condition ? [text] : [];
}

/** A program's outcome must be an error of one of these kinds. */
function expectError(outcome, kinds, what) {
  if (outcome === null || outcome.threw !== undefined) return [];
  if (outcome.ok) return [`${what}: the program ran to the end; it should stop with an error of kind ${kinds.join(' or ')}`];
  return problemIf(!kinds.includes(outcome.kind), `${what}: stopped with ${outcome.kind} (${outcome.pythonType}: ${outcome.message}); expected kind ${kinds.join(' or ')}`);
}

/** A program's statements as JSON stay small, whatever its values hold. */
function expectBounded(outcome, what, maxBytes = 1 << 20) {
  if (outcome === null || outcome.jsonBytes === undefined) return [];
  return [
    ...problemIf(outcome.jsonBytes === null || outcome.jsonBytes > maxBytes, `${what}: the statements' JSON is ${outcome.jsonBytes} bytes; a value's description should be bounded (at most ${maxBytes})`),
    ...problemIf(outcome.printedBytes > maxBytes, `${what}: print() wrote ${outcome.printedBytes} bytes; output should be bounded (at most ${maxBytes})`),
  ];
}

/** Runs a fixture's program: Python's printed text, or (where tensorcast documents a departure) one of the allowed errors. */
function asPython(tc, name, { orError = [] } = {}) {
  const f = fixture(name);
  if (f === null) return { problems: [`no fixture ${name}: run tests/js/fixtures/hostile/make_fixtures.py ${name}`] };
  const seen = runHostile(tc, f.code, undefined, (p) => ({ printed: p.printed, error: p.error }));
  if (seen.read == null) return { problems: seen.problems, outcome: seen.outcome };
  const { printed, error } = seen.read;
  const problems = [...seen.problems];
  if (error !== null && orError.includes(error.pythonType)) return { problems, outcome: seen.outcome };
  if (f.error === null && error !== null) problems.push(`${name}: raised ${error.pythonType}: ${error.message} at line ${error.line}; Python prints ${JSON.stringify(f.printed)}`);
  if (f.error !== null && (error === null || error.pythonType !== f.error.pythonType)) problems.push(`${name}: ${error === null ? 'ran' : `raised ${error.pythonType}`}; Python raises ${f.error.pythonType}: ${f.error.message}`);
  if (printed !== f.printed) problems.push(`${name}: printed ${JSON.stringify(printed)}; Python prints ${JSON.stringify(f.printed)}`);
  return { problems, outcome: seen.outcome };
}

function expose() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

/** Builds a chain of n ops from a leaf that requires grad, disposing each link once the next exists (a forgetful loop). */
function chain(tc, op, n) {
  const x = tc.ones([2], { requiresGrad: true });
  let y = x;
  for (let i = 0; i < n; i++) {
    const z = op === 'mul' ? y.mul(1) : y.add(0);
    if (y !== x) y.dispose();
    y = z;
  }
  return { x, y };
}

/** Each: what it reproduces, and the task. */
export const REPRODUCTIONS = {
  'autograd chain of 20,000 mul, disposed link by link: releasing it never throws and frees everything': {
    run(tc) {
      const { x, y } = chain(tc, 'mul', CHAIN);
      const problems = [];
      try {
        y.dispose();
      } catch (error) {
        problems.push(`disposing the last link threw ${describeThrow(error)} (releasing a graph must be iterative)`);
      }
      x.dispose();
      return { problems };
    },
  },
  'autograd chain of 20,000 add, disposed link by link': {
    run(tc) {
      const { x, y } = chain(tc, 'add', CHAIN);
      const problems = [];
      try {
        y.dispose();
      } catch (error) {
        problems.push(`disposing the last link threw ${describeThrow(error)}`);
      }
      x.dispose();
      return { problems };
    },
  },
  'autograd chain of 20,000 mul: backward works, then everything is released': {
    run(tc) {
      const { x, y } = chain(tc, 'mul', CHAIN);
      const problems = [];
      try {
        tc.tidy(() => {
          y.sum().backward();
          // Reading .grad makes a tensor: inside tidy, it goes with it.
          const grad = x.grad.toArray();
          if (JSON.stringify(grad) !== '[1,1]') problems.push(`x.grad is ${JSON.stringify(grad)}, PyTorch gives [1., 1.]`);
        });
        x.grad = null;
        y.dispose();
      } catch (error) {
        problems.push(`backward or the release after it threw ${describeThrow(error)}`);
      }
      x.dispose();
      return { problems };
    },
  },
  'autograd chain of 20,000 mul dropped without dispose(): the FinalizationRegistry frees it and the process lives': {
    async run(tc) {
      const gc = expose();
      for (let i = 0; i < 3; i++) {
        gc();
        await sleep(5);
      }
      const before = tc.memory();
      (() => {
        const x = tc.ones([2], { requiresGrad: true });
        let y = x;
        for (let i = 0; i < CHAIN; i++) y = y.mul(1);
      })();
      for (let i = 0; i < 100 && tc.memory().tensors > before.tensors; i++) {
        gc();
        await sleep(10);
      }
      const after = tc.memory();
      return { problems: problemIf(after.tensors !== before.tensors, `the collector freed ${before.tensors + CHAIN + 1 - after.tensors} of ${CHAIN + 1} dropped tensors`) };
    },
  },
  'tc.tensor() of a typed array whose buffer was detached: a TensorcastError, and no tensor leaks': {
    run(tc, { TensorcastError }) {
      const problems = [];
      for (const make of [() => new Float32Array(4), () => new Int32Array(3), () => new BigInt64Array(2), () => new Float64Array(1)]) {
        for (const options of [undefined, { dtype: 'float64' }]) {
          const array = make();
          structuredClone(array.buffer, { transfer: [array.buffer] });
          let made = null;
          try {
            made = tc.tensor(array, options);
          } catch (error) {
            if (!(error instanceof TensorcastError)) problems.push(`tc.tensor(detached ${array.constructor.name}${options ? ', ' + JSON.stringify(options) : ''}) threw ${describeThrow(error)}; it should be a TensorcastError`);
          }
          // A detached buffer reads as empty: an empty tensor is an answer too; it is freed here so that only a leak shows.
          made?.dispose();
        }
      }
      return { problems };
    },
  },
  'a throwing onWarning listener: the op completes, other listeners hear the warning, and the process lives': {
    async run(tc) {
      const problems = [];
      const seen = [];
      const offs = [tc.onWarning(() => {
        throw new Error('a listener that throws');
      }), tc.onWarning((w) => seen.push(w.warningKind))];
      tc.setBroadcastPolicy('warn');
      try {
        const shape = tc.tidy(() => tc.ones([2, 3]).add(tc.ones([3])).shape);
        if (JSON.stringify(shape) !== '[2,3]') problems.push(`the op gave shape ${JSON.stringify(shape)}, not [2, 3]`);
      } catch (error) {
        problems.push(`the op threw ${describeThrow(error)}`);
      } finally {
        tc.setBroadcastPolicy('allow');
        for (const off of offs) off();
      }
      // A rethrow queued for later ends the worker here (the sandbox reports it).
      await sleep(20);
      if (!seen.includes('rank-promotion')) problems.push(`the other listener heard ${JSON.stringify(seen)}, not the rank-promotion warning`);
      return { problems };
    },
  },
  'tc.run of a value that is not a string: only a TensorcastError or a TypeError': {
    run(tc) {
      const problems = [];
      for (const code of [42, null, undefined, {}, ['x = 1'], 1n, Symbol('x'), { toString: () => 'x = 1' }]) problems.push(...runHostile(tc, code).problems);
      return { problems };
    },
  },

  // --- programs

  ...Object.fromEntries([60, 100].map((lines) => [
    `a program: ${lines} lines of y = y * 1 * ... (${lines * 95} ops on a leaf that requires grad): the budget stops it, it runs with maxWork raised, and p.dispose() never throws`,
    {
      run(tc) {
        // 95 operators a line: under the nesting limit (100) that a longer chain of binary operators reaches.
        const code = `import torch\nx = torch.ones(2, requires_grad=True)\ny = x\n${`y = y${' * 1'.repeat(95)}\n`.repeat(lines)}`;
        // By default the records of its calls (described, about 2,500
        // characters each) pass the work budget: a limit error.
        const stopped = runHostile(tc, code);
        const raised = runHostile(tc, code, { maxWork: 1e12 });
        return {
          problems: [...stopped.problems, ...expectError(stopped.outcome, ['limit'], 'the records of thousands of calls'),
            ...raised.problems, ...problemIf(raised.outcome.ok !== true, `with maxWork raised it stopped: ${raised.outcome.kind} ${raised.outcome.message}; it should run (${lines * 95} small ops)`)],
          outcome: raised.outcome,
        };
      },
    },
  ])),
  'a = torch.ones(1).expand(2**40); c = a @ a: stopped before it starts, with a limit error naming line 3': {
    run(tc) {
      const { problems, outcome } = runHostile(tc, 'import torch\na = torch.ones(1).expand(2**40)\nc = a @ a\n');
      return { problems: [...problems, ...expectError(outcome, ['limit'], 'the 2**40 dot product'), ...problemIf(outcome.line !== 3 && outcome.ok === false, `the error names line ${outcome.line}, not 3`)], outcome };
    },
  },
  '9,000 statements of a 4096x4096 matmul: stopped by the work budget': {
    run(tc) {
      const { problems, outcome } = runHostile(tc, `import torch\na = torch.ones(4096, 4096)\n${'c = a @ a\n'.repeat(9000)}`);
      return { problems: [...problems, ...expectError(outcome, ['limit'], 'hours of matmul')], outcome };
    },
  },
  'x = "a" * 65536; y = [x] * 65536: bounded, never 4 GB of text': {
    run(tc) {
      const { problems, outcome } = runHostile(tc, 'x = "a" * 65536\ny = [x] * 65536\n');
      return { problems: [...problems, ...expectBounded(outcome, 'a list of 65,536 long strings')], outcome };
    },
  },
  'x = "a" * 65536; y = [x] * 4400: no plain Error, no heap left behind': {
    run(tc) {
      const { problems, outcome } = runHostile(tc, 'x = "a" * 65536\ny = [x] * 4400\n');
      return { problems: [...problems, ...expectBounded(outcome, 'a list of 4,400 long strings')], outcome };
    },
  },
  'five nested [a] * 32 lists (70 bytes): bounded descriptions': {
    run(tc) {
      const { problems, outcome } = runHostile(tc, 'a = [1] * 32\nb = [a] * 32\nc = [b] * 32\nd = [c] * 32\ne = [d] * 32\n');
      return { problems: [...problems, ...expectBounded(outcome, '32**5 items by reference')], outcome };
    },
  },
  'a 500,000-item list literal: the 65,536-item list limit holds for literals': {
    run(tc) {
      const { problems, outcome } = runHostile(tc, `x = [${'0,'.repeat(500_000)}]\n`);
      return { problems: [...problems, ...expectError(outcome, ['limit'], 'the literal'), ...expectBounded(outcome, 'the literal')], outcome };
    },
  },
  '80 live tensors of torch.ones(2**24): the per-program memory cap stops it, with advice': {
    run(tc) {
      const code = `import torch\n${Array.from({ length: 80 }, (_, i) => `x${i} = torch.ones(2**24)`).join('\n')}\n`;
      const { problems, outcome } = runHostile(tc, code);
      const advice = outcome.message === null || outcome.message === undefined ? '' : outcome.message.replace(/^out of memory: could not allocate \d+ bytes for a tensor of shape \[[\d, ]*\]\.?/, '').trim();
      return {
        problems: [
          ...problems,
          ...expectError(outcome, ['memory', 'limit'], '4 GB of live tensors'),
          // Before the wasm memory is full (64 tensors of 64 MB): a cap per program, not the end of memory.
          ...problemIf(outcome.ok === false && outcome.line > 66, `it stopped only at line ${outcome.line}, when the wasm memory was full; a program's live tensors should have a total cap`),
          ...problemIf(outcome.ok === false && outcome.kind === 'memory' && advice.length < 20, `the out-of-memory error has no advice, as the API's has: ${JSON.stringify(outcome.message)}`),
        ],
        outcome,
      };
    },
  },
  "len('é') and other characters: Python's counts, not UTF-8 bytes": {
    run: (tc) => asPython(tc, 'len-e-acute'),
  },
  'abs() of the lowest int64 (-2**62 * 2): Python\'s value, or an OverflowError (programs\' ints are 64-bit: docs/programs.md); never a negative number': {
    run: (tc) => asPython(tc, 'abs-lowest-int64', { orError: ['OverflowError'] }),
  },
  'abs() of the lowest int64 + 1: in range, Python\'s values': {
    run: (tc) => asPython(tc, 'abs-lowest-int64-plus-one'),
  },
  "expand's strides for new and stretched dims (torch.tensor(1.).expand(1, 1).stride() is (0, 0)), as PyTorch": {
    run: (tc) => asPython(tc, 'expand-strides'),
  },
  'a program saved with a byte-order mark runs as Python runs it': { run: (tc) => asPython(tc, 'bom') },
  'a program with CR-only line ends runs as Python runs it': { run: (tc) => asPython(tc, 'cr-only') },
  'a program with CRLF line ends runs as Python runs it': { run: (tc) => asPython(tc, 'crlf') },
  'a program mixing a BOM, CR, CRLF and LF runs as Python runs it': { run: (tc) => asPython(tc, 'bom-cr-mixed') },
  'a CR inside a string stays a character of the string': { run: (tc) => asPython(tc, 'cr-in-string') },
  ...Object.fromEntries(['sum', 'prod', 'var', 'logsumexp', 'amax', 'all', 'any', 'max-dim'].map((op) => [
    `a reduction of a 2**34-element expand (stride 0) takes the shortcut, as PyTorch's values: ${op}`,
    { run: (tc) => asPython(tc, `giant-${op}`) },
  ])),
  'softmax and log_softmax of a 2**34-element expand: the result alone is too big, an out-of-memory error at once': {
    run(tc) {
      const problems = [];
      let outcome = null;
      for (const call of ['torch.softmax(x, 1)', 'torch.log_softmax(x, 0)', 'x.softmax(-1)']) {
        const seen = runHostile(tc, `import torch\nx = torch.tensor(1.5).expand(2**17, 2**17)\ny = ${call}\n`);
        outcome = seen.outcome;
        problems.push(...seen.problems, ...expectError(seen.outcome, ['memory', 'limit'], call));
      }
      return { problems, outcome };
    },
  },
};
