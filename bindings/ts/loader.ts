// Loading the wasm module without Emscripten's own fetching: under Node
// (18+ has a global fetch, which cannot read file paths) we read the bytes
// with fs; in browsers and workers we fetch and compile while streaming.
// The .wasm sits next to this file and is named with new URL(...,
// import.meta.url), the pattern Vite and webpack follow to bundle it.
import createModule from './wasm-glue.js';
import type { Core } from './core.js';
import { TensorcastError } from './errors.js';
import type { ErrorKind } from './errors.js';
import { MAX_THREADS } from './generated/limits.js';
import { hasWasmSimd } from './simd.js';
import { defaultThreads, threadedStart, threadsAvailable } from './threads.js';

export interface InitOptions {
  /**
   * Where to fetch the .wasm from: a URL (a string or a URL object), or a
   * path or file: URL under Node. Typed by its `href` so that the types need
   * no DOM or Node library.
   */
  wasmUrl?: string | { readonly href: string };
  /** The .wasm's bytes, e.g. read by the caller. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /**
   * The module already compiled: another instance's `tc.wasmModule`, e.g.
   * posted to a Web Worker, which then neither fetches nor compiles the
   * .wasm again. Ignores simd (the module is what it is).
   */
  wasmModule?: CompiledModule;
  /**
   * Use the SIMD build (true) or the plain one (false). Default: SIMD when
   * the engine supports it. Ignored with wasmBinary.
   */
  simd?: boolean;
  /**
   * How many threads the ops may use (the calling one among them), where
   * threads can run: under Node, and in pages and workers that are
   * cross-origin isolated (served with COOP and COEP headers) and run wasm
   * SIMD. Default there: the machine's cores, at most 4; 1 keeps the
   * single-threaded module, as does any other place and simd: false,
   * wasmUrl or wasmBinary. tc.threads says what is in use.
   */
  threads?: number;
  /**
   * false: the caller never calls tc.run, so load the module without the
   * interpreter, about a sixth smaller to download (Note [The module
   * without programs]). It is the SIMD module on one thread: where that is
   * not what runs (no wasm SIMD, simd: false, threads above 1), the module
   * with the interpreter is loaded as before. tc.programs says which.
   * Default: true. Ignored with wasmUrl, wasmBinary and wasmModule (the
   * module is what it is).
   */
  programs?: boolean;
}

/**
 * A WebAssembly.Module (what tc.wasmModule is and init({ wasmModule })
 * takes), typed as an object so that the package's types need no DOM or
 * Node library; init() checks that it is one.
 */
export type CompiledModule = object;

export interface LoaderHooks {
  /** Receives each warning the core emits, as JSON text. */
  warning(json: string): void;
  /** Makes the error a refusal in the core raises. */
  error(kind: ErrorKind, message: string): TensorcastError;
}

// Note [The module without programs]: tensorcast-noprograms.wasm is the
// SIMD module linked without tc.run's binding, and so without the
// interpreter's parser and statements, which only that binding reaches
// (bindings/CMakeLists.txt). Every op, trace and error text is the same
// code; its glue is the same file. A page that draws ops and never runs a
// program (the playground's first screen) downloads 97 kB less gzipped
// (bench/notes.md, "The module without programs"). It is one module, not
// one per instruction set and thread count: the other two are the fallback
// (no SIMD) and the threaded module, and a page asking for fewer bytes is
// served by the common case.
function defaultUrl(simd: boolean, programs: boolean): URL {
  // Literal expressions, so that a bundler sees (and copies) every file.
  if (!simd) return new URL('./tensorcast-nosimd.wasm', import.meta.url);
  if (!programs) return new URL('./tensorcast-noprograms.wasm', import.meta.url);
  return new URL('./tensorcast.wasm', import.meta.url);
}

/**
 * The href of the package's own .wasm: absolute, or a path where a bundler
 * put its stand-in for URL (Turbopack's relative URL, an instanceof URL
 * whose href is e.g. /_next/static/media/tensorcast.<hash>.wasm). Throws a
 * TensorcastError naming wasmUrl where there is no import.meta.url to find
 * it by (an iife or CommonJS bundle: new URL(..., undefined) throws).
 */
function ownWasm(simd: boolean, programs: boolean): string {
  let url: unknown;
  try {
    url = defaultUrl(simd, programs);
  } catch {
    throw new TensorcastError(
      "could not load the tensorcast wasm module: this bundle has no import.meta.url to find tensorcast.wasm by " +
        "(an iife or CommonJS bundle): pass init({ wasmUrl }) with the URL of tensorcast.wasm, copied from " +
        'node_modules/tensorcast/ to where your server serves it, or init({ wasmBinary }) with its bytes',
      'load',
    );
  }
  return String((url as { href?: unknown }).href ?? url);
}

/**
 * The error for the package's own .wasm located at a bare path under Node:
 * a bundler turned it into a path its web server serves, which Node cannot
 * read. Next.js does so for server components unless the package is left
 * external; its build names the path /_next/... and its server sets
 * NEXT_RUNTIME.
 */
function serverBundleError(path: string): TensorcastError {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const fix =
    path.startsWith('/_next/') || env?.NEXT_RUNTIME !== undefined
      ? "Next.js bundled tensorcast for the server: add serverExternalPackages: ['tensorcast'] to next.config.js (or .mjs, .ts), " +
        'so that the server loads tensorcast from node_modules'
      : 'leave tensorcast out of your server bundle (mark it external), or pass init({ wasmUrl }) with the path ' +
        'of node_modules/tensorcast/tensorcast.wasm';
  return new TensorcastError(
    `could not load the tensorcast wasm module: a bundler made its location ${path}, a path of a web server, ` +
      `which Node cannot read; ${fix}`,
    'load',
  );
}

// Kept in a variable so that bundlers for the browser neither resolve nor
// pack it; only code running under Node reaches this import.
const NODE_FS = 'node:fs/promises';

async function readFile(path: string | URL): Promise<Uint8Array> {
  const fs = (await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS)) as {
    readFile(path: string | URL): Promise<Uint8Array>;
  };
  return fs.readFile(path);
}

async function fetchOk(url: URL): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok)
    throw new TensorcastError(`could not load ${url.href}: HTTP ${response.status}`, 'load');
  return response;
}

// A scheme of two letters or more: "C:\\x.wasm" is a Windows path, not a URL.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]+:/i;

// The page's or worker's URL, which relative URLs resolve against; undefined under Node.
function pageUrl(): string | undefined {
  return (globalThis as { location?: { href: string } }).location?.href;
}

// A file path (Node) or a URL to fetch. A relative wasmUrl means what it
// would mean to fetch() in a page or worker, and a path under Node.
// threaded: the threaded module's .wasm, when it is the one to load.
function locate(options: InitOptions, threaded: URL | undefined): URL | string {
  const given = options.wasmUrl;
  if (given === undefined) {
    const own = threaded !== undefined ? threaded.href : ownWasm(options.simd ?? hasWasmSimd(), options.programs ?? true);
    if (HAS_SCHEME.test(own)) return new URL(own);
    const base = pageUrl();
    if (base === undefined) throw serverBundleError(own);
    return new URL(own, base);
  }
  if (given instanceof URL) return given;
  if (typeof given === 'object' && given !== null && typeof (given as { href?: unknown }).href === 'string')
    return new URL((given as { href: string }).href);
  if (typeof given !== 'string')
    throw new TensorcastError(`init(): wasmUrl must be a string or a URL, got ${typeof given}`, 'type');
  if (HAS_SCHEME.test(given)) return new URL(given);
  const base = pageUrl();
  return base !== undefined ? new URL(given, base) : given;
}

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * @internal What the bytes fetched or read for the .wasm are when they are not
 * WebAssembly (null when they start with its magic word): the answer
 * described (an HTML page: a server's fallback page, e.g. Vite's
 * index.html for a file it does not have), and what to configure.
 * url: where they came from; type: the HTTP Content-Type (undefined for a
 * file); given: whether the caller chose the location (wasmUrl).
 */
export function notWasmError(
  url: string,
  type: string | null | undefined,
  bytes: Uint8Array,
  given: boolean,
): TensorcastError | null {
  if (WASM_MAGIC.every((b, i) => bytes[i] === b)) return null;
  const typeText = type === undefined ? '' : `Content-Type ${type === null || type === '' ? 'none' : type}`;
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  const html = (type ?? '').startsWith('text/html') || /^<(!doctype|html|head|body|!--)/i.test(head);
  const start = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  const what = html
    ? `an HTML page${typeText ? ` (${typeText})` : ''}`
    : `${bytes.length} bytes that are not WebAssembly (they start with ${start || 'nothing'}, not 00 61 73 6d` +
      `${typeText ? `; ${typeText}` : ''})`;
  let fix: string;
  if (url.includes('/node_modules/.vite/'))
    fix =
      "Vite's dev server pre-bundled tensorcast into node_modules/.vite without its .wasm files (Vite 7 and " +
      "earlier do): add optimizeDeps: { exclude: ['tensorcast'] } to vite.config.js (or .ts) and restart the dev server";
  else if (given)
    fix = 'wasmUrl must be where your server serves tensorcast.wasm (or tensorcast-nosimd.wasm), copied from node_modules/tensorcast/';
  else if (type === undefined) fix = "the package's own file is damaged: install tensorcast again";
  else
    fix =
      'your server does not serve tensorcast.wasm next to the package\'s index.js: copy tensorcast.wasm and ' +
      'tensorcast-nosimd.wasm from node_modules/tensorcast/ to where it serves them and pass that URL as init({ wasmUrl })';
  return new TensorcastError(
    `could not load the tensorcast wasm module: ${url} ${type === undefined ? 'holds' : 'answered with'} ${what}, not the .wasm; ${fix}`,
    'load',
  );
}

// The bytes, once they are known to be WebAssembly.
function checkedWasm(url: string, type: string | null | undefined, bytes: Uint8Array, given: boolean): Uint8Array {
  const error = notWasmError(url, type, bytes, given);
  if (error) throw error;
  return bytes;
}

// The instance and the module it was made from (kept: tc.wasmModule).
// threaded: where the threaded module's .wasm is, when it is the one to load.
async function compile(
  options: InitOptions,
  threaded: URL | undefined,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  if (options.wasmModule !== undefined)
    return { module: options.wasmModule as WebAssembly.Module, instance: await WebAssembly.instantiate(options.wasmModule as WebAssembly.Module, imports) };
  if (options.wasmBinary !== undefined)
    return WebAssembly.instantiate(options.wasmBinary as BufferSource, imports);
  const where = locate(options, threaded);
  const given = options.wasmUrl !== undefined;
  if (typeof where === 'string' || where.protocol === 'file:') {
    const name = typeof where === 'string' ? where : where.href;
    return WebAssembly.instantiate(checkedWasm(name, undefined, await readFile(where), given) as BufferSource, imports);
  }
  const response = await fetchOk(where);
  // Streaming needs the right MIME type; a server without it still works,
  // only without compiling while downloading.
  const type = response.headers.get('Content-Type');
  if (typeof WebAssembly.instantiateStreaming === 'function' && (type ?? '').startsWith('application/wasm'))
    return WebAssembly.instantiateStreaming(response, imports);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return WebAssembly.instantiate(checkedWasm(where.href, type, bytes, given) as BufferSource, imports);
}

function asLoadError(error: unknown): TensorcastError {
  if (error instanceof TensorcastError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TensorcastError(`could not load the tensorcast wasm module: ${message}`, 'load');
}

// A compiled module is the threaded one when it imports its memory (shared).
function isThreadedModule(module: WebAssembly.Module): boolean {
  return WebAssembly.Module.imports(module).some((i) => i.kind === 'memory');
}

// How many threads to start: 1 (a single-threaded module) unless the
// threaded module can run and the options leave the choice to us.
async function threadsFor(options: InitOptions): Promise<number> {
  if (options.wasmModule !== undefined) {
    if (!isThreadedModule(options.wasmModule as WebAssembly.Module)) return 1;
  } else if (options.threads === 1 || options.wasmUrl !== undefined || options.wasmBinary !== undefined) {
    return 1;
  } else if (options.simd === false || !hasWasmSimd() || !threadsAvailable()) {
    return 1;
  } else if (options.programs === false && options.threads === undefined) {
    // The module without programs is single-threaded (Note [The module without programs]).
    return 1;
  }
  // Unless told, the cores: Note [Threads by default] (threads.ts).
  return Math.min(options.threads ?? (await defaultThreads()), MAX_THREADS);
}

/**
 * @internal Instantiates one module: its own memory, handles and settings;
 * module: what it was compiled from; threads: how many its pool is to start.
 */
export async function loadCore(
  options: InitOptions,
  hooks: LoaderHooks,
): Promise<{ core: Core; module: WebAssembly.Module; threads: number }> {
  let threads = await threadsFor(options);
  const threadedModule = options.wasmModule !== undefined && isThreadedModule(options.wasmModule as WebAssembly.Module);
  const threaded = threads > 1 || threadedModule ? await threadedStart(threads) : undefined;
  // Not there (a bundle of the package: Note [The threaded module]): the single-threaded module.
  if (threaded === undefined) threads = 1;
  // Set before the instance is handed to the glue, so before `ready` settles.
  const compiled: { module?: WebAssembly.Module } = {};
  let failed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  const moduleArg = {
    ...threaded?.moduleArgs,
    tcError: (kind: ErrorKind, message: string) => hooks.error(kind, message),
    // Without it the glue names its .wasm with new URL(..., import.meta.url)
    // even though instantiateWasm below does the loading: a TypeError in an
    // iife or CommonJS bundle, where import.meta.url is undefined.
    locateFile: (path: string) => path,
    tcWarning: (json: string) => hooks.warning(json),
    // Emscripten's hook for custom instantiation. Its own promise never
    // settles if we fail, hence the race with `failure`.
    instantiateWasm(
      imports: WebAssembly.Imports,
      // The module too: the threaded glue posts it to its workers.
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ): object {
      compile(options, threaded?.wasmUrl, imports).then((made) => {
        compiled.module = made.module;
        receive(made.instance, made.module);
      }, failed);
      return {};
    },
  };
  const ready = threaded ? threaded.create(moduleArg) : createModule(moduleArg);
  try {
    const core = (await Promise.race([ready, failure])) as Core;
    threaded?.ready(core);
    return { core, module: compiled.module as WebAssembly.Module, threads };
  } catch (error) {
    threaded?.abandon();
    throw asLoadError(error);
  }
}
