// The stand-in for the Node modules that tfjs's bundles name but a page never
// reaches, and for node:perf_hooks's performance, which bench/measure.js
// imports (bench/browser-threads.html's import map).
export const performance = globalThis.performance;
export default {};
