// A plain static server for web/dist, as a host that knows nothing of the
// playground serves it: the files with their types and nothing else (no
// Content-Security-Policy header, no compression). The CSP test opens the
// page from it to show that the policy the page carries itself holds. The
// types are those `vite preview` sends (web/content-types.ts).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES } from '../web/content-types.ts';

/**
 * Serves dir on 127.0.0.1 at a port the OS picks; resolves to its origin and a close().
 * options.base: the path the files are served under ('/course/tc/'; '/' by default), as a
 * site served from a sub-path has them; anything outside it is 404.
 * options.headers: sent with every file (a CDN's 'Access-Control-Allow-Origin', say).
 */
export function serveStatic(dir = fileURLToPath(new URL('../web/dist/', import.meta.url)), { base = '/', headers = {} } = {}) {
  const root = path.resolve(dir);
  if (!base.startsWith('/') || !base.endsWith('/')) throw new Error(`serveStatic: base must begin and end with '/', not ${base}`);
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!pathname.startsWith(base)) {
      res.writeHead(404).end();
      return;
    }
    let name = `/${pathname.slice(base.length)}`;
    if (name.endsWith('/')) name += 'index.html';
    const file = path.resolve(root, `.${name}`);
    const type = CONTENT_TYPES[path.extname(file)];
    if (!file.startsWith(root + path.sep) || type === undefined) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': body.length });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      // close() waits for every open connection, and a browser opens sockets
      // ahead of its requests (preconnect) that stay open with no request on
      // them until the server's headersTimeout (60 s): end them all.
      const close = () => new Promise((done) => {
        server.close(done);
        server.closeAllConnections();
      });
      resolve({ origin: `http://127.0.0.1:${port}`, close });
    });
  });
}
