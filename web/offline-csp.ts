// The Content-Security-Policy of the offline file (web/single-file.config.ts
// puts it in the file's <meta>; e2e/site.spec.js checks it is there): the
// inlined script and styles, data: URLs for the .wasm (the package's loader
// fetches it: connect-src) and the icon, the program worker from a blob:
// URL, and nothing else. So the browser
// itself refuses any request to the network or to another file. The served
// site keeps the playground's policy (web/csp.ts), whose 'self' an inlined
// script and a data: .wasm would break.
export const OFFLINE_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'wasm-unsafe-eval'",
  "style-src 'unsafe-inline'",
  'connect-src data:',
  'img-src data:',
  // The program worker, started from the page's own text (Note [Programs in the offline file], single-file.config.ts).
  'worker-src blob:',
].join('; ');
