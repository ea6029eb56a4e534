// One thread of the threaded module's pool (Note [The threaded module],
// threads.ts): a module worker in a browser, a worker thread in Node. It
// answers the glue's messages as Emscripten 3.1.6's worker.js does:
// `load` instantiates the module the main thread compiled on its shared
// memory, `run` enters the thread's start routine (the pool's loop,
// src/engine/parallel.cpp), which never returns.
import createModule from './wasm-glue-threads.js';

type Data = Record<string, unknown>;
type Emscripten = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let Module: Emscripten = {};
let embindReady = false;

function handle(data: Data): void {
  try {
    if (data.cmd === 'load') {
      Module.wasmModule = data.wasmModule;
      Module.wasmMemory = data.wasmMemory;
      Module.buffer = (data.wasmMemory as WebAssembly.Memory).buffer;
      Module.ENVIRONMENT_IS_PTHREAD = true;
      Module.instantiateWasm = (imports: WebAssembly.Imports, receive: (i: WebAssembly.Instance) => void) => {
        const instance = new WebAssembly.Instance(Module.wasmModule as WebAssembly.Module, imports);
        receive(instance);
        Module.wasmModule = null;
        return instance.exports;
      };
      void createModule(Module).then((instance) => {
        Module = instance as Emscripten;
      });
    } else if (data.cmd === 'run') {
      Module.__performance_now_clock_drift = performance.now() - (data.time as number);
      Module.__emscripten_thread_init(data.threadInfoStruct, 0, 0, 1);
      Module.establishStackSpace();
      Module.PThread.receiveObjectTransfer(data);
      Module.PThread.threadInit();
      if (!embindReady) {
        Module.___embind_register_native_and_builtin_types();
        embindReady = true;
      }
      try {
        const result = Module.invokeEntryPoint(data.start_routine, data.arg);
        if (Module.keepRuntimeAlive()) Module.PThread.setExitStatus(result);
        else Module.__emscripten_thread_exit(result);
      } catch (error) {
        if (error === 'unwind') return;
        if (error instanceof Module.ExitStatus) {
          if (!Module.keepRuntimeAlive()) Module.__emscripten_thread_exit((error as { status: number }).status);
          return;
        }
        throw error;
      }
    } else if (data.cmd === 'cancel') {
      if (Module._pthread_self()) Module.__emscripten_thread_exit(-1);
    } else if (data.cmd === 'processThreadQueue') {
      if (Module._pthread_self()) Module._emscripten_current_thread_process_queued_calls();
    } else if (data.cmd === 'processProxyingQueue') {
      if (Module._pthread_self()) Module._emscripten_proxy_execute_queue(data.queue);
    }
  } catch (error) {
    Module.__emscripten_thread_crashed?.();
    throw error;
  }
}

const g = globalThis as unknown as {
  process?: { versions?: { node?: unknown } };
  importScripts?: unknown;
  postMessage(message: unknown, transfer?: unknown): void;
  onmessage: ((event: { data: Data }) => void) | null;
};
if (typeof g.process?.versions?.node === 'string' && g.importScripts === undefined) {
  // Kept in a variable so that bundlers for the browser do not resolve it.
  const NODE_WORKERS = 'node:worker_threads';
  const { parentPort } = (await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_WORKERS)) as {
    parentPort: { on(event: 'message', f: (data: Data) => void): void; postMessage(m: unknown, t?: unknown): void };
  };
  // The glue answers the main thread with a global postMessage, as in a web worker.
  g.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
  parentPort.on('message', handle);
} else {
  g.onmessage = (event) => handle(event.data);
}
