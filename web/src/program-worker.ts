// The code mode's program thread (a dedicated module Web Worker; Note
// [Programs off the page's thread] in program-runner.ts). It makes its own
// instance of the core from the module the page compiled, and answers each
// run with the program's record as plain data: the same runProgram the page
// would call, whose tensors are freed before the answer is posted, its
// record bounded as a run on the page's thread was (PAGE_RECORD_CHARS).
import { init } from 'tensorcast';
import type { Tensorcast } from 'tensorcast';
import { boundRecord, PAGE_RECORD_CHARS, runProgram } from './model/program.js';
import type { FromWorker, ToWorker } from './program-runner.js';

// The worker's global scope, as far as this file uses it (the page's lib has the DOM's types, not the worker's).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
};

let core: Promise<Tensorcast> | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'start') {
    core = init({ wasmModule: message.module });
    core.then(() => scope.postMessage({ kind: 'ready' }), (error: unknown) =>
      scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
    return;
  }
  // The page posts a run only once this worker said it is ready.
  void core?.then((tc) => {
    const started = performance.now();
    const program = boundRecord(runProgram(tc, message.code, message.valuesAt, message.limits, message.valuesRun), PAGE_RECORD_CHARS);
    scope.postMessage({ kind: 'done', id: message.id, program, runMs: performance.now() - started });
  });
};
