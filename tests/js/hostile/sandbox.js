// Runs the hostile-input corpus's tasks in a worker thread (worker.js), one
// at a time, each under a time limit: a task that does not answer in time
// is reported as a hang and its worker ended (Worker.terminate stops code
// inside wasm too), and a task that kills its worker (an uncaught exception,
// as a throwing FinalizationRegistry callback ends a Node process) is
// reported as such; either way the next task gets a fresh worker. So a
// hostile input fails its own test, never the run.
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./worker.js', import.meta.url);

/**
 * How long one task may take before it counts as hung (ms):
 * HOSTILE_TIME_LIMIT_MS, or 30 s. A hang never ends, so the limit only has
 * to be far above any program that does: the core's budgets end every one
 * within about a second on a quiet machine (the corpus prints its slowest),
 * and 5 s failed healthy programs on a machine loaded ten times over. How
 * fast they run is measured there, not asserted here.
 */
export const TIME_LIMIT_MS = Number(process.env.HOSTILE_TIME_LIMIT_MS ?? 30_000);

export class Sandbox {
  #worker = null;
  #ready = null;
  #next = 0;
  #pending = null;
  /** Workers started so far: each hang or crash costs one. */
  started = 0;

  #start() {
    this.started++;
    // The stack of Node's main thread (V8's default, 984 KB), not a worker's 4 MB: a recursion that overflows there must overflow here.
    const worker = new Worker(WORKER, { stdout: false, stderr: false, resourceLimits: { stackSizeMb: 1 } });
    this.#worker = worker;
    this.#ready = new Promise((resolve, reject) => {
      const onReady = (message) => {
        if (message?.ready) {
          worker.off('message', onReady);
          resolve();
        }
      };
      worker.on('message', onReady);
      worker.once('error', reject);
    });
    worker.on('message', (message) => {
      if (this.#pending?.id === message.id) this.#settle(worker, { problems: message.problems, outcome: message.outcome ?? null, ms: message.ms, extra: message.extra ?? null });
    });
    worker.on('error', (error) => {
      if (this.#worker === worker) this.#worker = null;
      this.#settle(worker, { problems: [`the worker died: an exception escaped (${error?.name}: ${error?.message}), as it would end a Node process`], outcome: null, ms: null, died: true });
    });
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#worker = null;
      this.#settle(worker, { problems: [`the worker exited with code ${code} during the task`], outcome: null, ms: null, died: true });
    });
  }

  /** Answers the pending task, if worker is the one running it. */
  #settle(worker, answer) {
    const pending = this.#pending;
    if (pending === null || pending.worker !== worker) return;
    this.#pending = null;
    clearTimeout(pending.timer);
    pending.resolve(answer);
  }

  /**
   * Runs a task ({ kind: 'program', code, options } | { kind: 'reproduction', name } | { kind: 'health' })
   * and resolves to { problems, outcome, ms, hung?, died? }; never rejects.
   */
  async run(task, limitMs = TIME_LIMIT_MS) {
    if (this.#worker === null) this.#start();
    try {
      await this.#ready;
    } catch (error) {
      this.#worker = null;
      return { problems: [`the worker did not start: ${error?.message}`], outcome: null, ms: null, died: true };
    }
    const id = ++this.#next;
    const worker = this.#worker;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#worker = null;
        this.#settle(worker, { problems: [`no answer within ${limitMs} ms: it hangs (the worker was ended)`], outcome: null, ms: null, hung: true });
        void worker.terminate();
      }, limitMs);
      this.#pending = { id, resolve, timer, worker };
      worker.postMessage({ ...task, id });
    });
  }

  async close() {
    const worker = this.#worker;
    this.#worker = null;
    if (worker !== null) await worker.terminate();
  }
}
