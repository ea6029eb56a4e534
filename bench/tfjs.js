// Loads TensorFlow.js on its wasm backend as the bench compares against it:
// the SIMD build, one thread. The full @tensorflow/tfjs package is loaded
// (not only tfjs-core) because it registers the gradients tf.grads needs.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export async function loadTfjs() {
  const tf = require('@tensorflow/tfjs');
  const wasm = require('@tensorflow/tfjs-backend-wasm');
  const dist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'));
  // Under Node the backend cannot find its .wasm files next to itself.
  wasm.setWasmPaths(`${dist}/`);
  tf.env().set('WASM_HAS_SIMD_SUPPORT', true);
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs: the wasm backend did not initialise');
  await tf.ready();
  return {
    tf,
    info: {
      version: tf.version.tfjs,
      backend: tf.getBackend(),
      simd: tf.env().getBool('WASM_HAS_SIMD_SUPPORT'),
      threads: wasm.getThreadsCount(),
    },
  };
}
