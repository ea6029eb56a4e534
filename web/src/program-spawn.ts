// How the code mode starts a program worker (Note [Programs off the page's
// thread] in program-runner.ts). A module of its own so that the offline
// file's build (web/single-file.config.ts) can put program-spawn-inline.ts
// in its place.

/** A module worker running program-worker.ts (written so, Vite bundles that file as a worker chunk of its own). */
export function programWorker(): Worker {
  return new Worker(new URL('./program-worker.ts', import.meta.url), { type: 'module', name: 'tensorcast-program' });
}
