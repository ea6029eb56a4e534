// The Emscripten glue of the threaded module: build/wasm/bindings/tensorcast-threads.js,
// copied to dist/wasm-glue-threads.js by bindings/build-dist.sh (Note [The threaded module], threads.ts).
declare const createModule: (moduleArg: object) => Promise<unknown>;
export default createModule;
