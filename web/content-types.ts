// The Content-Type of each kind of file the playground's build writes
// (web/dist), as every server of those files sends it: the preview
// server's precompressed responses (precompress.ts) and the plain static
// server of the e2e tests (e2e/static-server.js), which stands for a host
// that knows nothing of the playground. A file of another kind is not
// theirs to serve. HTML names its charset as sirv, Vite's static server,
// does for the files it sends itself (the pages say utf-8 in a <meta> too).
export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.txt': 'text/plain',
  // The course sites the recipes build (e2e/recipes): MkDocs' sitemap (its
  // instant navigation reads it) and the images the site themes ship.
  '.xml': 'application/xml',
  '.png': 'image/png',
});
