// Brotli and gzip copies of the playground's files, made once at build
// (name.br, name.gz beside name) and sent by `vite preview` to browsers that
// accept them. Vite's preview server gzips text on the fly but not the
// .wasm (its filter takes text MIME types only: 429 kB sent as is), and its
// static server (sirv) is created without its options for precompressed
// files; so this plugin compresses with node:zlib (Node's own, nothing to
// install) and answers those requests itself, with the same headers (the
// CSP) as every other response. A real host serves the same files (most
// take .br/.gz siblings as they are).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { CONTENT_TYPES } from './content-types.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Smaller files gain less than a packet.
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

// In parallel, on libuv's threads: the build waits for the slowest file, not the sum.
async function compressAll(dir: string): Promise<void> {
  await Promise.all(
    files(dir).map(async (file) => {
      if (CONTENT_TYPES[path.extname(file)] === undefined) return;
      const data = readFileSync(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(data, {
          params: {
            // 10, not the maximum 11: on the wasm 3 kB larger (96 kB, not 93) for a fifth of the time (0.6 s, not 2.6).
            [constants.BROTLI_PARAM_QUALITY]: 10,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: 9 }),
      ]);
      // Each kept only when it saves something worth a second file.
      if (br.length < data.length * 0.9) writeFileSync(`${file}.br`, br);
      if (gz.length < data.length * 0.9) writeFileSync(`${file}.gz`, gz);
    }),
  );
}

/** The encoding to send, from the request's Accept-Encoding: brotli before gzip. */
function encodings(accept: string | string[] | undefined): { ext: string; name: string }[] {
  const header = String(accept ?? '');
  const out: { ext: string; name: string }[] = [];
  if (/\bbr\b/.test(header)) out.push({ ext: '.br', name: 'br' });
  if (/\bgzip\b/.test(header)) out.push({ ext: '.gz', name: 'gzip' });
  return out;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tensorcast:precompress',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      // After every other plugin has written its files.
      order: 'post',
      async handler() {
        await compressAll(outDir);
      },
    },
    configurePreviewServer(server) {
      const headers = server.config.preview.headers ?? {};
      // Before Vite's own middlewares, so a request it would gzip again or send plain gets the prepared file.
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url === undefined) return next();
        let name: string;
        try {
          name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
        } catch {
          return next();
        }
        if (name.endsWith('/')) name += 'index.html';
        const file = path.resolve(outDir, `.${name}`);
        const type = CONTENT_TYPES[path.extname(file)];
        if (type === undefined || !file.startsWith(outDir + path.sep)) return next();
        const encoding = encodings(req.headers['accept-encoding']).find((e) => existsSync(file + e.ext));
        if (encoding === undefined) return next();
        const packed = file + encoding.ext;
        for (const [key, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(key, value);
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoding.name);
        res.setHeader('Content-Length', statSync(packed).size);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : readFileSync(packed));
      });
    },
  };
}
