// The page: runs the worked examples on the main thread and in a module worker;
// ?simd=0 forces the plain build (so both .wasm files must be bundled).
import { init } from 'tensorcast';
import { workedExamples } from './examples.js';

const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
const result = document.getElementById('result');

try {
  const simd = new URLSearchParams(location.search).get('simd') !== '0';
  const tc = await (simd ? init() : init({ simd: false }));
  const page = workedExamples(tc);
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.postMessage({ simd });
  const fromWorker = await new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(`worker: ${e.message}`));
  });
  result.textContent = JSON.stringify({ page, worker: fromWorker, violations });
} catch (e) {
  result.textContent = JSON.stringify({ failed: String(e && e.stack ? e.stack : e) });
}
