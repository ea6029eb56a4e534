// The program worker of the offline file (web/single-file.config.ts puts
// this module in place of program-spawn.ts): Note [Programs in the offline
// file]. The worker's script is inlined into the page and started from a
// blob: URL, as a classic worker, the one kind Chromium starts from a page
// opened from file:// (a module worker from a blob: URL fails there).

import ProgramWorker from './program-worker.ts?worker&inline';

/** A classic worker running program-worker.ts, its script carried by the page itself. */
export function programWorker(): Worker {
  return new ProgramWorker({ name: 'tensorcast-program' });
}
