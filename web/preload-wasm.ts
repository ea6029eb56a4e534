// The page asks for the core's .wasm from its <head>, so that it downloads
// alongside the script instead of after it: otherwise init() only starts
// fetching once tensorcast-playground.js has arrived and run. The SIMD build
// is the one named: every browser the playground is measured in has SIMD;
// one without it fetches tensorcast-nosimd.wasm as well. The preload is a
// CORS fetch without credentials, as init()'s own fetch is (dist/loader.js),
// so the browser hands the same response to it.
import type { Plugin } from 'vite';

const SIMD_WASM = /(^|\/)tensorcast-[\w-]+\.wasm$/;

export function preloadWasm(): Plugin {
  return {
    name: 'tensorcast:preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const wasm = Object.keys(ctx.bundle ?? {}).filter((f) => SIMD_WASM.test(f) && !f.includes('nosimd'));
        if (wasm.length !== 1) throw new Error(`preload-wasm: expected one SIMD .wasm in the bundle, found ${wasm.length}`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `./${wasm[0]}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
