// Note [Programs off the page's thread]: the code mode never calls tc.run
// on the page's thread. Each program runs in a dedicated Web Worker
// (program-worker.ts) on an instance of the core of its own, made from the
// module the page already compiled (tc.wasmModule: the .wasm is fetched and
// compiled once). The page's thread keeps answering keys, clicks and
// scrolling while a program runs, however long it runs.
//
// Only plain data crosses: the worker answers with the ProgramRun record
// (model/program.ts), which holds no tensor (a tensor is a handle into the
// worker's memory and means nothing on the page). Everything the code mode
// shows is read from that record; values of a line the record did not keep
// are asked of the worker by running the program again (valuesAt).
//
// A synchronous wasm call cannot be interrupted: a run is cancelled (Stop,
// or an edit that makes it stale) by terminating its worker. A spare
// worker, started ahead with its instance ready, takes over at once, so the
// next run waits for no instance to be made. A run cancelled before its
// worker was ready never reached it: that worker is kept for the next run
// (ending a worker whose script is still loading wastes its start, and
// Chromium then leaves the script's request open until the page unloads).
//
// Where no worker can be made (the element's script served from another
// origin than the page's, or a browser without module workers), programs
// run on the page's thread as before, with the package's default work
// budget (docs/limits.md), which keeps each run short.
import type { Tensorcast } from 'tensorcast';
import { failedRun, runProgram } from './model/program.js';
import type { ProgramLimits, ProgramRun } from './model/program.js';

/** What the page posts to the program worker. */
export type ToWorker =
  | { kind: 'start'; module: WebAssembly.Module }
  | { kind: 'run'; id: number; code: string; valuesAt: number | null; valuesRun: number; limits: ProgramLimits };

/** What the program worker posts back. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; id: number; program: ProgramRun; runMs: number };

/**
 * The work budget of a program run in the worker: 50 times the package's
 * default (5 x 10^8 units, about 175 ms of the slowest ops), so about 9 s
 * of them; the page answers meanwhile and the run can be stopped. Enough
 * for `x = torch.randn(4000, 4000); y = x @ x` (1.8 x 10^10 units), and a
 * link that spends it all keeps the visitor's core busy for seconds, not
 * minutes.
 */
export const WORKER_MAX_WORK = 2.5e10;

export interface RunReply {
  program: ProgramRun;
  /** tc.run alone, where it ran. */
  runMs: number;
}

interface Thread {
  worker: Worker;
  /** Whether its core started. */
  ready: Promise<boolean>;
}

interface Pending {
  id: number;
  code: string;
  valuesAt: number | null;
  thread: Thread;
  /** Whether the run was posted to its worker (before that, the worker runs nothing of it). */
  posted: boolean;
  resolve(reply: RunReply | null): void;
}

export class ProgramRunner {
  private current: Thread | null = null;
  private spare: Thread | null = null;
  private pending: Pending | null = null;
  private ids = 0;
  /** Set once a worker could not be made or could not start: every run is the page's own from then on. */
  private inline: boolean;
  private started: number | null = null;
  /** For measuring (the e2e run prints them): each worker's time from being made to its core ready, in ms. */
  readonly startups: number[] = [];

  /** spawn makes a worker running program-worker.ts, or throws where none can be made. */
  constructor(private readonly tc: Tensorcast, private readonly spawn: (() => Worker) | null) {
    this.inline = spawn === null;
  }

  /** How many runs were asked for (each cancels the one before it): for tests that a page runs its program once. */
  get asked(): number {
    return this.ids;
  }

  /** Whether programs run off the page's thread (false: the fallback). */
  get offThread(): boolean {
    return !this.inline;
  }

  /** When the run in flight started (performance.now()), or null. */
  get runningSince(): number | null {
    return this.pending === null ? null : this.started;
  }

  /**
   * Runs code, asked for the values of valuesAt's statement in its run
   * valuesRun (RunOptions.valuesRun). Cancels the run
   * in flight, whose promise resolves to null; so does this one's if a later
   * run or stop() cancels it. Never rejects.
   */
  async run(code: string, valuesAt: number | null, valuesRun = 0): Promise<RunReply | null> {
    this.cancel();
    const id = ++this.ids;
    if (!this.inline) {
      const reply = await this.runOff(id, code, valuesAt, valuesRun);
      if (reply !== 'no-worker') return reply;
      this.inline = true;
      if (id !== this.ids) return null;
    }
    const started = performance.now();
    const program = runProgram(this.tc, code, valuesAt, {}, valuesRun);
    return { program, runMs: performance.now() - started };
  }

  /** Stops the run in flight (its promise resolves to null); returns how long it had run, or null when none was. */
  stop(): number | null {
    const since = this.runningSince;
    this.cancel();
    return since === null ? null : performance.now() - since;
  }

  /** Ends the workers (the element left the page). */
  destroy(): void {
    this.cancel();
    this.current?.worker.terminate();
    this.spare?.worker.terminate();
    this.current = this.spare = null;
  }

  private runOff(id: number, code: string, valuesAt: number | null, valuesRun: number): Promise<RunReply | null | 'no-worker'> {
    const thread = this.takeThread();
    if (thread === null) return Promise.resolve('no-worker');
    return new Promise((resolve) => {
      const pending: Pending = { id, code, valuesAt, thread, posted: false, resolve };
      this.pending = pending;
      this.started = performance.now();
      void thread.ready.then((ok) => {
        if (this.pending !== pending) return;
        if (!ok) {
          this.pending = null;
          this.drop(thread);
          resolve('no-worker');
          return;
        }
        const message: ToWorker = { kind: 'run', id, code, valuesAt, valuesRun, limits: { maxWork: WORKER_MAX_WORK } };
        thread.worker.postMessage(message);
        pending.posted = true;
      });
    });
  }

  /** The worker to run on: the current one, else the spare; a new spare is started behind it. */
  private takeThread(): Thread | null {
    try {
      this.current ??= this.spare ?? this.startThread();
      this.spare = this.spare === this.current || this.spare === null ? this.startThread() : this.spare;
    } catch (error) {
      console.warn('tensorcast: programs run on the page\'s thread (no worker):', error);
      return null;
    }
    return this.current;
  }

  private startThread(): Thread {
    const worker = (this.spawn as () => Worker)();
    const made = performance.now();
    let settle: (ok: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => (settle = resolve));
    const thread: Thread = { worker, ready };
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.kind === 'ready') {
        this.startups.push(performance.now() - made);
        if (this.startups.length > 50) this.startups.shift();
        settle(true);
      }
      else if (message.kind === 'failed') {
        console.warn('tensorcast: the program worker could not start its core:', message.message);
        settle(false);
      } else if (this.pending?.id === message.id) {
        const { resolve } = this.pending;
        this.pending = null;
        resolve({ program: message.program, runMs: message.runMs });
      }
    };
    // A script that did not load, or a worker that died (its wasm ran out of memory): a worker no more.
    worker.onerror = (event) => {
      event.preventDefault();
      settle(false);
      const pending = this.pending;
      if (pending?.thread === thread) {
        this.pending = null;
        this.drop(thread);
        pending.resolve({ program: failedRun(pending.code, pending.valuesAt, `the program stopped: ${event.message || 'its worker failed'}`), runMs: 0 });
      } else this.drop(thread);
    };
    const start: ToWorker = { kind: 'start', module: this.tc.wasmModule };
    worker.postMessage(start);
    return thread;
  }

  /** Ends the run in flight: by ending its worker once the run was posted to it. */
  private cancel(): void {
    const pending = this.pending;
    if (pending === null) return;
    this.pending = null;
    if (pending.posted) this.drop(pending.thread);
    pending.resolve(null);
  }

  private drop(thread: Thread): void {
    thread.worker.terminate();
    if (this.current === thread) this.current = null;
    if (this.spare === thread) this.spare = null;
  }
}
