// Note [The threaded module]
// The third module (tensorcast-threads.wasm, SIMD and -pthread: Note
// [Threads] in src/engine/parallel.h) runs on Emscripten's pthreads: its
// glue (wasm-glue-threads.js) starts one Worker per thread of the pool
// before the module resolves, each running thread-worker.js, which
// instantiates the same compiled module on the same shared memory.
// Emscripten 3.1.6's own worker.js and glue assume either a browser
// (a global Worker, classic scripts) or a CommonJS Node build, and this
// package is neither: its glue is built for web and worker only and
// loaded by loader.ts as an ES module. So:
// - thread-worker.js is our own, an ES module that speaks the glue's
//   messages (load, run) in a browser worker and in a Node worker thread;
// - the glue creates its workers with `new Worker(url)` while
//   createModule() runs (synchronously); for that call only, the global
//   Worker is one that starts thread-worker.js as a module worker (a
//   browser) or a worker_threads Worker with a web Worker's face (Node);
// - the memory is created here (shared, as the module imports it), so
//   that the views Runtime reads (core.HEAPU8, ...) follow it when a worker
//   thread grows it, which the main thread's glue does not see.
// It is chosen where threads can run: Node, or a page or worker that is
// cross-origin isolated (SharedArrayBuffer); elsewhere the loader keeps
// the single-threaded modules and nothing changes.
//
// Note [Threads by default]: init() without a threads option starts the
// threaded module where it can run, with as many threads as the machine
// has cores, at most DEFAULT_MOST; init({ threads: 1 }) keeps the
// single-threaded module. Until the small-block lists (Note [Small-block
// lists], bindings/small_blocks.cpp), an op that stays on the calling
// thread cost 1.3x its time in the threaded module (malloc's lock), so
// threads were opt-in; measured one module per process since
// (bench/small-ops-process.js; bench/notes.md, "Small-block lists"), the
// small add and mean take no longer there than in the single-threaded
// module. Why at most DEFAULT_MOST by default: most ops move memory, and a
// few cores already share a machine's memory bandwidth; every thread is a
// worker with its own instance of the module (about 70 ms and 10 MB more
// at init() for one, under Node on this machine), and a worker spins for
// 2 ms after each split op (Note [Workers that come late],
// src/engine/parallel.cpp), taking a core from the rest of the page. More
// are there for the asking, up to MAX_THREADS.
//
// Why Emscripten's pthreads and not a pool of our own over shared memory:
// each worker needs its own instance of the module on the shared memory
// with its own stack and thread-local data, static constructors run once,
// and a thread-safe malloc. That is Emscripten's pthread runtime; a pool of
// our own would rewrite it. Tried with MODULARIZE, EXPORT_ES6, Embind and
// this loader in 3.1.6 (the glue takes our instance and module through
// instantiateWasm, and our memory as wasmMemory), what it lacks is the two
// things above (our worker, our Worker during createModule) and one fix in
// its exception handling: Note [Landing pads under -pthread]
// (bindings/threads/wasm_unwind.cpp).

import type { Core } from './core.js';

// Emscripten's INITIAL_MEMORY and MAXIMUM_MEMORY for the threaded module
// (bindings/CMakeLists.txt), in 64 KiB pages: a shared memory is created
// with both and must match what the module imports.
const INITIAL_PAGES = (16 * 1024 * 1024) / 65536;
const MAXIMUM_PAGES = 65536;

// Kept in variables so that bundlers for the browser neither resolve nor
// pack them; only code running under Node reaches these imports.
const NODE_WORKERS = 'node:worker_threads';
const NODE_OS = 'node:os';

// Threads started when init() is not told how many (Note [Threads by default]).
const DEFAULT_MOST = 4;

type NodeWorker = {
  on(event: string, listener: (value: unknown) => void): void;
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  ref(): void;
  unref(): void;
};
type NodeWorkerClass = new (url: URL, options: { execArgv: string[] }) => NodeWorker;

/** @internal Whether this is Node (not a browser or a web worker). */
export function isNode(): boolean {
  const g = globalThis as { process?: { versions?: { node?: unknown } }; window?: unknown; importScripts?: unknown };
  return typeof g.process?.versions?.node === 'string' && g.window === undefined && g.importScripts === undefined;
}

/** @internal Whether this engine can run the threaded module. */
export function threadsAvailable(): boolean {
  if (typeof SharedArrayBuffer === 'undefined' || typeof Atomics === 'undefined') return false;
  if (isNode()) return true;
  const g = globalThis as { crossOriginIsolated?: boolean; Worker?: unknown };
  return g.crossOriginIsolated === true && typeof g.Worker === 'function';
}

/**
 * @internal How many threads init() starts when not told: the cores (Node's
 * availableParallelism, a browser's hardwareConcurrency), at most DEFAULT_MOST.
 */
export async function defaultThreads(): Promise<number> {
  let cores: number | undefined;
  if (isNode()) {
    const os = (await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_OS)) as {
      availableParallelism?: () => number;
      cpus(): unknown[];
    };
    cores = os.availableParallelism?.() ?? os.cpus().length;
  } else {
    cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  }
  return Number.isInteger(cores) && (cores as number) > 1 ? Math.min(cores as number, DEFAULT_MOST) : 1;
}

/** @internal What loadCore needs to start the threaded module with `threads` threads. */
export interface ThreadedStart {
  /** Where the threaded module's .wasm is. */
  wasmUrl: URL;
  /** Module settings for the glue: the pool's size and the shared memory. */
  moduleArgs: Record<string, unknown>;
  /** Calls the factory with the global Worker the glue must use. */
  create(moduleArg: object): Promise<unknown>;
  /** Once the module is ready: views that follow the memory, idle workers that let Node exit. */
  ready(core: Core): void;
  /** When loading failed: the workers stopped. */
  abandon(): void;
}

// The threaded module's files, named through variables so that bundlers
// neither follow nor copy them: an app bundled with the package keeps the
// single-threaded modules it had (threadedStart finds no glue there).
const THREADS_GLUE = './wasm-glue-threads.js';
const THREADS_WASM = './tensorcast-threads.wasm';
const THREAD_WORKER = './thread-worker.js';

/**
 * @internal The threaded module's start, or undefined where its files are
 * not beside this one (a bundle).
 */
export async function threadedStart(threads: number): Promise<ThreadedStart | undefined> {
  let glue: { default: (moduleArg: object) => Promise<unknown> };
  let workerUrl: URL;
  let wasmUrl: URL;
  try {
    workerUrl = new URL(THREAD_WORKER, import.meta.url);
    wasmUrl = new URL(THREADS_WASM, import.meta.url);
    glue = (await import(/* webpackIgnore: true */ /* @vite-ignore */ new URL(THREADS_GLUE, import.meta.url).href)) as typeof glue;
  } catch {
    // A bundle: no import.meta.url of ours, or no glue beside it.
    return undefined;
  }
  const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared: true });
  const nodeWorkers: NodeWorker[] = [];
  let WorkerClass: unknown;
  if (isNode()) {
    const { Worker } = (await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_WORKERS)) as {
      Worker: NodeWorkerClass;
    };
    // A web Worker's face (onmessage, onerror, postMessage) on a Node worker thread.
    WorkerClass = class {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: ((error: unknown) => void) | null = null;
      readonly worker: NodeWorker;
      constructor() {
        // None of the process's own flags: a worker refuses some
        // (--max-old-space-size) and fails on others (--input-type).
        this.worker = new Worker(workerUrl, { execArgv: [] });
        this.worker.on('message', (data) => this.onmessage?.({ data }));
        this.worker.on('error', (error) => this.onerror?.(error));
        nodeWorkers.push(this.worker);
      }
      postMessage(message: unknown): void {
        this.worker.postMessage(message);
      }
      terminate(): Promise<number> {
        return this.worker.terminate();
      }
    };
  } else {
    const Web = (globalThis as unknown as { Worker: new (url: URL, options: object) => object }).Worker;
    WorkerClass = class extends Web {
      constructor() {
        super(workerUrl, { type: 'module' });
      }
    };
  }
  return {
    wasmUrl,
    moduleArgs: { tcPoolSize: threads - 1, wasmMemory: memory },
    create(moduleArg: object): Promise<unknown> {
      const g = globalThis as { Worker?: unknown };
      const had = Object.prototype.hasOwnProperty.call(g, 'Worker');
      const saved = g.Worker;
      g.Worker = WorkerClass;
      try {
        return glue.default(moduleArg);
      } finally {
        if (had) g.Worker = saved;
        else delete g.Worker;
      }
    },
    ready(core: Core): void {
      followMemory(core, memory);
      // An idle pool must not keep Node running: its threads wait in the
      // module, not in the event loop.
      for (const w of nodeWorkers) w.unref();
    },
    abandon(): void {
      for (const w of nodeWorkers) void w.terminate();
    },
  };
}

type ViewName = 'HEAPU8' | 'HEAPF32' | 'HEAPF64';
const VIEWS: [ViewName, new (buffer: ArrayBufferLike) => Uint8Array | Float32Array | Float64Array][] = [
  ['HEAPU8', Uint8Array],
  ['HEAPF32', Float32Array],
  ['HEAPF64', Float64Array],
];

// core.HEAPU8 and the others made anew whenever the memory has grown,
// whichever thread grew it (the glue assigns them when the main thread
// does). Reading memory.buffer of a shared memory costs ~100 ns in V8, a
// few times what a small op's whole round trip spends on its views.
function followMemory(core: Core, memory: WebAssembly.Memory): void {
  for (const [name, View] of VIEWS) {
    let view = core[name] as Uint8Array | Float32Array | Float64Array;
    Object.defineProperty(core, name, {
      configurable: true,
      enumerable: true,
      get() {
        if (view.byteLength !== core._tc_memory_bytes()) view = new View(memory.buffer);
        return view;
      },
      set(value: Uint8Array | Float32Array | Float64Array) {
        view = value;
      },
    });
  }
}
