// What every hostile input is held to, as checks that return the
// problems they found (strings naming what happened and what should have):
// a program returns a Program or its error and nothing but a TensorcastError
// escapes (a TypeError only for a code that is not a string); dispose()
// never throws; tc.memory() is back where it was; the instance still
// computes the worked examples (the presets, against PyTorch's fixtures).
import { readdirSync, readFileSync } from 'node:fs';
import { TensorcastError } from 'tensorcast';

const ROOT = new URL('../../../', import.meta.url);
const FIXTURES = new URL('tests/js/fixtures/programs/', ROOT);

/** The presets with PyTorch's printed text and error for each (tests/js/fixtures/programs/). */
export const PRESETS = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const fixture = JSON.parse(readFileSync(new URL(f, FIXTURES), 'utf8'));
    return { name: fixture.preset, code: readFileSync(new URL(`web/presets/${fixture.preset}`, ROOT), 'utf8'), printed: fixture.printed, error: fixture.error };
  });

/**
 * Bytes of malloc'd wasm memory a task may leave in use: the allocator's own
 * bookkeeping moves by a few hundred bytes, and a path of the interpreter
 * that the warm-up did not reach makes its buffers once (22 KB for the
 * first program past the nesting limit). A leaked graph of a hostile size
 * or a program's output is far more (a dropped chain of 20,000 ops: 390 KB).
 */
export const HEAP_SLACK = 64 * 1024;

const clip = (text, n = 160) => (text.length > n ? `${text.slice(0, n)}… (${text.length} characters)` : text);

/** What an escaping exception was, in words. */
export function describeThrow(error) {
  if (error instanceof TensorcastError) return `TensorcastError (${error.kind}): ${clip(error.message)}`;
  return `${error?.constructor?.name ?? typeof error}: ${clip(String(error?.message ?? error))}`;
}

/**
 * Runs code with tc.run and disposes the Program. Returns the outcome (the
 * error's kind and text, how big the statements' JSON is) and the problems:
 * an exception that escaped run() or dispose(). read, if given, sees the
 * Program before it is disposed, and what it returns is the result's `read`.
 */
export function runHostile(tc, code, options, read = null) {
  const problems = [];
  let program;
  try {
    program = tc.run(code, options);
  } catch (error) {
    const allowed = error instanceof TensorcastError || (typeof code !== 'string' && error instanceof TypeError);
    if (!allowed) problems.push(`run() threw ${describeThrow(error)} (only a TensorcastError may escape, or a TypeError for a code that is not a string)`);
    return { problems, outcome: { threw: describeThrow(error), kind: error?.kind ?? null } };
  }
  let jsonBytes = null;
  try {
    jsonBytes = JSON.stringify(program.statements).length;
  } catch (error) {
    problems.push(`the statements cannot be written as JSON: ${describeThrow(error)}`);
  }
  const outcome = {
    ok: program.ok,
    kind: program.error?.kind ?? null,
    pythonType: program.error?.pythonType ?? null,
    line: program.error?.line ?? null,
    message: program.error === null ? null : clip(program.error.message, 400),
    statements: program.statements.length,
    printedBytes: program.printed.length,
    jsonBytes,
  };
  const seen = read === null ? null : read(program);
  try {
    program.dispose();
  } catch (error) {
    problems.push(`dispose() threw ${describeThrow(error)}`);
  }
  return { problems, outcome, read: seen };
}

/**
 * What the instance may keep between tasks, once: buffers that grow to the
 * largest input so far and stay for the next one (the reader's, for a
 * program of 300,000 parentheses 400 KB, bounded by the 1 MB a source may
 * have; the list that releases a graph, for a chain of 20,000 ops 390 KB).
 * More than this kept after dispose() is output or values left behind.
 */
export const RETAINED_MAX = 4 << 20;

/** Live tensors and tensor bytes exactly where they were. */
function tensorProblems(before, after) {
  const problems = [];
  if (after.tensors !== before.tensors) problems.push(`${after.tensors - before.tensors} tensors left alive (tc.memory().tensors ${before.tensors} → ${after.tensors})`);
  if (after.bytes !== before.bytes) problems.push(`${after.bytes - before.bytes} bytes of tensor storage left (tc.memory().bytes ${before.bytes} → ${after.bytes})`);
  return problems;
}

/**
 * A task's memory: tensors and their bytes back at once; the heap in use
 * back within HEAP_SLACK, or else kept once (a buffer that grew and is kept
 * for reuse, at most RETAINED_MAX) and not again: the task is run a second
 * time (again(), which returns its problems), and a second growth is a leak.
 */
export async function taskMemoryProblems(tc, before, again) {
  const first = tc.memory();
  const problems = tensorProblems(before, first);
  const grown = first.heapUsed - before.heapUsed;
  if (grown <= HEAP_SLACK) return problems;
  problems.push(...(await again()).map((p) => `second run: ${p}`));
  const second = tc.memory();
  if (second.heapUsed - first.heapUsed > HEAP_SLACK)
    problems.push(`it leaks: each run leaves more wasm heap in use (${before.heapUsed} → ${first.heapUsed} → ${second.heapUsed} bytes over two runs)`);
  if (grown > RETAINED_MAX) problems.push(`after dispose() it keeps ${grown} bytes of wasm heap in use (more than the ${RETAINED_MAX} a reused buffer may hold)`);
  return problems;
}

function presetProblems(tc, preset) {
  let p;
  try {
    p = tc.run(preset.code);
  } catch (error) {
    return [`preset ${preset.name}: run() threw ${describeThrow(error)}`];
  }
  const problems = [];
  if (p.printed !== preset.printed) problems.push(`preset ${preset.name}: printed ${JSON.stringify(clip(p.printed))}, PyTorch prints ${JSON.stringify(clip(preset.printed))}`);
  const want = preset.error === null ? null : `${preset.error.pythonType}: ${preset.error.message}`;
  const got = p.error === null ? null : `${p.error.pythonType}: ${p.error.message}`;
  if (got !== want) problems.push(`preset ${preset.name}: error ${got}, PyTorch raises ${want}`);
  try {
    p.dispose();
  } catch (error) {
    problems.push(`preset ${preset.name}: dispose() threw ${describeThrow(error)}`);
  }
  return problems;
}

/** One worked example (the first preset's): after every task. */
export const quickHealth = (tc) => presetProblems(tc, PRESETS[0]).map((p) => `the instance is no longer healthy: ${p}`);

/** Every worked example (the presets) as PyTorch runs them, and an op through the API. */
export function checkHealth(tc) {
  const problems = PRESETS.flatMap((preset) => presetProblems(tc, preset));
  try {
    const sum = tc.tidy(() => tc.ones([2, 3]).add(tc.arange(3)).sum().item());
    if (sum !== 12) problems.push(`tc.ones([2, 3]).add(tc.arange(3)).sum() is ${sum}, not 12`);
  } catch (error) {
    problems.push(`an op through the API threw ${describeThrow(error)}`);
  }
  return problems;
}
