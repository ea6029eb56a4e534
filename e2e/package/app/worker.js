// The same check inside a Web Worker (a module worker).
import { init } from 'tensorcast';
import { workedExamples } from './examples.js';

self.onmessage = async ({ data }) => {
  try {
    const tc = await (data.simd ? init() : init({ simd: false }));
    postMessage(workedExamples(tc));
  } catch (e) {
    postMessage({ failed: String(e && e.stack ? e.stack : e) });
  }
};
