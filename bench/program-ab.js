// Two builds side by side on what bench/ab.js does not time: a program run
// through the interpreter (a training step in a def, backward and a no_grad
// update, then a Python loop) and small API calls in other dtypes. Medians
// of the paired ratios, one process (bench/notes.md, "Second cut").
//   node bench/program-ab.js A_DIST B_DIST [reps]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const [da, db, repsArg] = process.argv.slice(2);
const reps = Number(repsArg ?? 15);
async function load(d) { const { init } = await import(pathToFileURL(path.resolve(d, 'index.js')).href); return init(); }
const A = await load(da), B = await load(db);
const prog = `
import torch
w = torch.tensor([[0.5, -0.2], [0.1, 0.3]], requires_grad=True)
x = torch.arange(8, dtype=torch.float32).reshape(4, 2)
y = torch.tensor([1.0, 0.0, 1.0, 0.0])
def step(w):
    out = (x @ w).sum(1)
    loss = ((out - y) ** 2).mean()
    loss.backward()
    return loss
for i in range(20):
    loss = step(w)
    with torch.no_grad():
        w -= 0.01 * w.grad
    w.grad.zero_()
print(loss.item())
s = 0
for k in range(200):
    s = s + k * 2
print(s, [i * i for i in range(5)])
`;
const work = {
  'run program': (tc) => { const p = tc.run(prog); if (p.error) throw new Error(JSON.stringify(p.error)); },
  'mean [2,3] x200': (tc) => { const t = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'float32' }); for (let i = 0; i < 200; i++) tc.mean(t).dispose?.(); t.dispose?.(); },
  'add int32 [2,3] x200': (tc) => { const t = tc.tensor([[1, 2, 3], [4, 5, 6]], { dtype: 'int32' }); for (let i = 0; i < 200; i++) tc.add(t, t).dispose?.(); t.dispose?.(); },
  'add f64 [512,512] x5': (tc) => { const t = tc.ones([512, 512], { dtype: 'float64' }); for (let i = 0; i < 5; i++) tc.add(t, t).dispose?.(); t.dispose?.(); },
  'add i32 col bcast x5': (tc) => { const t = tc.ones([512, 512], { dtype: 'int32' }); const c = tc.ones([512, 1], { dtype: 'int32' }); for (let i = 0; i < 5; i++) tc.add(t, c).dispose?.(); t.dispose?.(); c.dispose?.(); },
};
const t = (f, tc) => { const s = process.hrtime.bigint(); f(tc); return Number(process.hrtime.bigint() - s) / 1e6; };
const med = (v) => { const s = v.slice().sort((a, b) => a - b); return s[s.length >> 1]; };
for (const [name, f] of Object.entries(work)) {
  for (let i = 0; i < 3; i++) { f(A); f(B); }
  const a = [], b = [], r = [];
  for (let i = 0; i < reps; i++) { const x = t(f, A), y = t(f, B); a.push(x); b.push(y); r.push(y / x); }
  console.log(`${name.padEnd(24)} A ${med(a).toFixed(3)} ms  B ${med(b).toFixed(3)} ms  B/A median ${med(r).toFixed(3)}`);
}
