// Every built HTML page carries the page's policy (csp.ts) in a
// <meta http-equiv="Content-Security-Policy">, right after its charset and
// before anything the policy governs (a policy given by <meta> applies only
// to what follows it): index.html, which Vite builds, and the pages of
// web/public/ (course.html, embed.html), which Vite copies as they are. So it is added
// to the written files, once the bundle and the public files are in
// outDir, and before precompress.ts packs them (its writeBundle runs last).
// `vite preview` sends the same policy as a header; with both, the browser
// enforces both, and they are the same.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { CSP_META } from './csp.js';

const CHARSET = /<meta charset="utf-8"\s*\/?>/i;
const POLICY = /<meta http-equiv="Content-Security-Policy"/i;

/** The page with the policy's <meta> after its charset; `name` names the page in the error of one without a charset. */
export function withCspMeta(html: string, name: string): string {
  if (!CHARSET.test(html)) throw new Error(`csp-meta: ${name} has no <meta charset="utf-8"> to put the policy after`);
  if (POLICY.test(html)) throw new Error(`csp-meta: ${name} has a policy of its own; web/csp.ts is the one source`);
  // CSP_META has single quotes and no double quotes or ampersands: it stands in the attribute as it is.
  return html.replace(CHARSET, (charset) => `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`);
}

/** The .html files under dir, at any depth. */
function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return pages(file);
    return e.name.endsWith('.html') ? [file] : [];
  });
}

export function cspMeta(): Plugin {
  let outDir = '';
  return {
    name: 'tensorcast:csp-meta',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const found = pages(outDir);
      if (!found.some((file) => path.basename(file) === 'index.html')) throw new Error(`csp-meta: no index.html in ${outDir}`);
      for (const file of found) writeFileSync(file, withCspMeta(readFileSync(file, 'utf8'), path.relative(outDir, file)));
    },
  };
}
