// The Content-Security-Policy the playground must work under: no
// inline or eval'd script, WebAssembly compilation allowed.
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";
