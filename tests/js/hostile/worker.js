// One tensorcast instance in a worker thread, running the hostile-input
// corpus's tasks one at a time for sandbox.js: a task that hangs is ended
// from outside (Worker.terminate stops wasm too), and one that kills the
// thread (an exception escaping a FinalizationRegistry callback or a
// microtask) ends only this thread, not the test run. After each task the
// worker checks what every input is held to (checks.js) and answers
// with what it saw; the main thread turns that into test failures.
import { parentPort } from 'node:worker_threads';
import { setImmediate as turn } from 'node:timers/promises';
import { init, TensorcastError } from 'tensorcast';
import { REPRODUCTIONS } from './reproductions.js';
import { checkHealth, quickHealth, runHostile, taskMemoryProblems } from './checks.js';

const tc = await init();
// Warm up once (the presets reach most of the interpreter's and the core's
// lazily made tables), so that a task's memory is compared with a settled
// baseline.
const warm = checkHealth(tc);
if (warm.length > 0) throw new Error(`the instance is not healthy before any task: ${warm.join('; ')}`);

/** Runs a task once: { problems, outcome? }. */
async function once(task) {
  if (task.kind === 'program') return runHostile(tc, task.code, task.options);
  if (task.kind === 'reproduction') return REPRODUCTIONS[task.name].run(tc, { TensorcastError });
  if (task.kind === 'health') return { problems: checkHealth(tc) };
  throw new Error(`unknown task kind ${task.kind}`);
}

async function perform(task) {
  const before = tc.memory();
  const started = performance.now();
  const seen = await once(task);
  const ms = performance.now() - started;
  // An exception thrown in a microtask or a timer the task left behind surfaces before the answer.
  await turn();
  await turn();
  const problems = [...(seen.problems ?? [])];
  if (task.kind !== 'health') {
    problems.push(...(await taskMemoryProblems(tc, before, async () => (await once(task)).problems ?? [])));
    problems.push(...quickHealth(tc));
  }
  return { ...seen, problems, ms };
}

parentPort.on('message', async (task) => {
  let answer;
  try {
    answer = await perform(task);
  } catch (error) {
    // A task's own code failed to run (a bug in the corpus, or a throw the task did not catch).
    answer = { problems: [`the task threw ${error?.name}: ${error?.message}`], ms: null };
  }
  parentPort.postMessage({ id: task.id, ...answer });
});

parentPort.postMessage({ ready: true });
