// The Content-Security-Policy the playground must work under: no inline or
// eval'd script, WebAssembly compilation allowed. One source for both ways
// it reaches a browser: the header `vite preview` sends with every response
// (web/vite.config.ts) and the <meta http-equiv> every built page carries
// (web/csp-meta.ts), so that a static host that sends no header still
// serves the pages under it.

/** Each directive and its sources, in the order the policy lists them. */
const DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self' 'wasm-unsafe-eval'"],
  ['style-src', "'self' 'unsafe-inline'"],
];

/**
 * Directives a policy delivered by <meta> ignores (CSP Level 3, "Enforcing
 * multiple policies ... via meta": frame-ancestors, report-uri and sandbox).
 * The page's policy has none of them now; one added later (frame-ancestors
 * against being framed) reaches the browser only as a header, which the
 * host must send: the meta leaves it out rather than carry a directive the
 * browser drops with a console warning.
 */
export const HEADER_ONLY: readonly string[] = ['frame-ancestors', 'report-uri', 'sandbox'];

const policy = (directives: readonly (readonly [string, string])[]): string =>
  directives.map(([name, sources]) => `${name} ${sources}`).join('; ');

/** The header's policy. */
export const CSP = policy(DIRECTIVES);

/** The same policy as the built page's <meta http-equiv="Content-Security-Policy"> carries it. */
export const CSP_META = policy(DIRECTIVES.filter(([name]) => !HEADER_ONLY.includes(name)));
