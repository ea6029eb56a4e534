// The threaded module's threshold and speed-ups (bench/notes.md, "Threads"):
// ops on 1 thread and on 2, in one process, interleaved, medians; the
// reductions, softmax and matmul called back to back.
//   node bench/threads.js
import { init } from '../dist/index.js';
const one = await init({ threads: 1 }); const two = await init({ threads: 2 });
const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
function time(tc, f, calls) { const t = performance.now(); for (let i = 0; i < calls; i++) f(); return (performance.now() - t) / calls; }
const rows = [];
for (const n of [4096, 16384, 32768, 65536, 131072, 262144, 1 << 20, 1 << 22]) {
  const calls = Math.max(5, Math.round(2e6 / n));
  const setup = (tc) => { const a = tc.ones([n]), b = tc.ones([n]); return () => a.add(b).dispose(); };
  const f1 = setup(one), f2 = setup(two);
  const s1 = [], s2 = [];
  for (let r = 0; r < 15; r++) { s1.push(time(one, f1, calls)); s2.push(time(two, f2, calls)); }
  rows.push(`add n=${n}: 1 thread ${(med(s1) * 1000).toFixed(1)} µs, 2 threads ${(med(s2) * 1000).toFixed(1)} µs, ${(med(s1) / med(s2)).toFixed(2)}x`);
}
for (const [name, mk] of [
  ['sumTo [2048,2048]->[2048]', (tc) => { const x = tc.ones([2048, 2048]); return () => x.sumTo([2048]).dispose(); }],
  ['sum [2048,2048] dim 0', (tc) => { const x = tc.ones([2048, 2048]); return () => x.sum(0).dispose(); }],
  ['sum [2048,2048] dim 1', (tc) => { const x = tc.ones([2048, 2048]); return () => x.sum(1).dispose(); }],
  ['mean [2048,2048] dim 0', (tc) => { const x = tc.ones([2048, 2048]); return () => x.mean(0).dispose(); }],
  ['softmax [4096,1024] dim 1', (tc) => { const x = tc.ones([4096, 1024]); return () => x.softmax(1).dispose(); }],
  ['small add [2,3]+[3]', (tc) => { const a = tc.ones([2, 3]), b = tc.ones([3]); return () => { for (let i = 0; i < 1000; i++) a.add(b).dispose(); }; }],
  ['matmul 1024', (tc) => { const a = tc.ones([1024, 1024]), b = tc.ones([1024, 1024]); return () => a.matmul(b).dispose(); }],
]) {
  // Back to back: a call untimed first, so that each sample finds the pool
  // awake (the other module's sample before it is long enough for the
  // workers to fall asleep: bench/notes.md, "Threads").
  const f1 = mk(one), f2 = mk(two); const s1 = [], s2 = [];
  for (let r = 0; r < 5; r++) { f1(); f2(); }
  for (let r = 0; r < 21; r++) { f1(); s1.push(time(one, f1, 5)); f2(); s2.push(time(two, f2, 5)); }
  rows.push(`${name}: 1 thread ${med(s1).toFixed(3)} ms, 2 threads ${med(s2).toFixed(3)} ms, ${(med(s1) / med(s2)).toFixed(2)}x`);
}
console.log(rows.join('\n'));
