// The Emscripten glue: build/wasm/bindings/tensorcast.js, copied to
// dist/wasm-glue.js by scripts/build.sh (the SIMD and plain builds share it).
declare const createModule: (moduleArg: object) => Promise<unknown>;
export default createModule;
