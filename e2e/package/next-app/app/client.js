'use client';
// A client component: init() runs in the browser only (in an effect), which
// fetches the .wasm Next emitted under /_next/static/media/.
import { useEffect, useState } from 'react';
import { init } from 'tensorcast';
import { workedExamples } from '../examples.js';

export default function Client() {
  const [result, setResult] = useState('loading');
  useEffect(() => {
    init().then(
      (tc) => setResult(JSON.stringify(workedExamples(tc))),
      (e) => setResult(JSON.stringify({ failed: String(e && e.stack ? e.stack : e) })),
    );
  }, []);
  return <pre id="client">{result}</pre>;
}
