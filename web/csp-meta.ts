// The built index.html carries the page's policy (csp.ts) in a
// <meta http-equiv="Content-Security-Policy">, right after its charset and
// before anything the policy governs (a policy given by <meta> applies only
// to what follows it). `vite preview` sends the same policy as a header;
// with both, the browser enforces both, and they are the same.
import type { Plugin } from 'vite';
import { CSP_META } from './csp.js';

const CHARSET = /<meta charset="utf-8"\s*\/?>/i;

export function cspMeta(): Plugin {
  return {
    name: 'tensorcast:csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!CHARSET.test(html)) throw new Error('csp-meta: index.html has no <meta charset="utf-8"> to put the policy after');
        // CSP_META has single quotes and no double quotes or ampersands: it stands in the attribute as it is.
        return html.replace(CHARSET, (charset) => `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`);
      },
    },
  };
}
