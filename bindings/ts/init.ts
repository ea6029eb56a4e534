// init(): the one way to get an instance. Without options it loads the
// module once and hands every caller the same instance; with options (a
// wasmUrl, wasmBinary, wasmModule, simd, threads or programs choice) it always loads
// a new, separate one.
import { checkOptions, describe, fail } from './args.js';
import { TensorcastError } from './errors.js';
import { loadCore } from './loader.js';
import type { InitOptions } from './loader.js';
import { Tensorcast, TENSORCAST_TOKEN } from './tensorcast.js';
import { Warnings } from './warnings.js';

let shared: Promise<Tensorcast> | undefined;

async function create(options: InitOptions): Promise<Tensorcast> {
  const warnings = new Warnings();
  let instance: Tensorcast | undefined;
  const { core, module, threads } = await loadCore(options, {
    warning: (json) => warnings.dispatch(json),
    // Out of memory: say what is alive and what to do (memory-advice.ts).
    error: (kind, message) =>
      new TensorcastError(kind === 'memory' && instance !== undefined ? instance._rt.adviseOnMemory(message) : message, kind),
  });
  // The module's start (its constructors, run as it is instantiated) and the
  // instance's (the op table's check, the first calls) in two tasks: on a
  // page, one task of both held a phone's first render for about 130 ms
  // (bench/notes.md, "The first render on a phone").
  await laterTask();
  core._tc_start();
  core._tc_set_threads(threads);
  instance = new Tensorcast(TENSORCAST_TOKEN, core, warnings, module);
  return instance;
}

// A message rather than a timer: a hidden page's timers wait for the next
// whole second, its messages do not.
function laterTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // Closed, so that an open port does not keep Node's event loop alive.
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function init(options?: InitOptions): Promise<Tensorcast> {
  let opts: Partial<InitOptions>;
  try {
    opts = checkOptions<InitOptions>(options, 'init', ['wasmUrl', 'wasmBinary', 'wasmModule', 'simd', 'threads', 'programs']);
    for (const flag of ['simd', 'programs'] as const)
      if (opts[flag] !== undefined && typeof opts[flag] !== 'boolean')
        fail('type', `init(): option '${flag}' must be a boolean, not ${typeof opts[flag]}`);
    if (opts.threads !== undefined && !(Number.isInteger(opts.threads) && opts.threads >= 1))
      fail('type', `init(): option 'threads' must be a whole number of at least 1, not ${describe(opts.threads)}`);
    if (opts.wasmBinary !== undefined && !(opts.wasmBinary instanceof ArrayBuffer || ArrayBuffer.isView(opts.wasmBinary)))
      fail('type', `init(): option 'wasmBinary' must be an ArrayBuffer or a typed array`);
    if (opts.wasmModule !== undefined && !(opts.wasmModule instanceof WebAssembly.Module))
      fail('type', `init(): option 'wasmModule' must be a WebAssembly.Module`);
  } catch (error) {
    return Promise.reject(error);
  }
  const explicit = Object.values(opts).some((v) => v !== undefined);
  if (explicit) return create(opts);
  // A failed load is not remembered, so a later init() can try again.
  shared ??= create({}).catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
