// The download a page pays: tensorcast's SIMD .wasm and its Emscripten glue
// (what the size target limits), the same without the interpreter, plus the facade's ES modules as shipped (not
// minified), against tfjs-core and tfjs-backend-wasm's SIMD build (their
// minified ES module bundles and the SIMD .wasm). gzip at level 9 and brotli
// at quality 11, as a server would send them.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);

function measureFiles(root, files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length;
  }
  return { raw, gzip, brotli, files: files.map((f) => path.relative(root, f)) };
}

export function sizes(dist) {
  // Paths in the report are relative to the repository, wherever it runs from.
  const root = path.dirname(dist);
  const glue = path.join(dist, 'wasm-glue.js');
  const facade = readdirSync(dist)
    .filter((f) => f.endsWith('.js') && f !== 'wasm-glue.js')
    .map((f) => path.join(dist, f));
  const tfjsWasm = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'));
  const tfjsCore = path.dirname(require.resolve('@tensorflow/tfjs-core/dist/tf-core.fesm.min.js'));
  const wasmAndGlue = measureFiles(root, [path.join(dist, 'tensorcast.wasm'), glue]);
  return {
    tensorcast: wasmAndGlue,
    // What init({ programs: false }) loads (Note [The module without programs], bindings/ts/loader.ts).
    tensorcastNoPrograms: measureFiles(root, [path.join(dist, 'tensorcast-noprograms.wasm'), glue]),
    tensorcastWithFacade: measureFiles(root, [path.join(dist, 'tensorcast.wasm'), glue, ...facade]),
    tfjs: measureFiles(root, [
      path.join(tfjsCore, 'tf-core.fesm.min.js'),
      path.join(tfjsWasm, 'tf-backend-wasm.fesm.min.js'),
      path.join(tfjsWasm, 'tfjs-backend-wasm-simd.wasm'),
    ]),
  };
}
