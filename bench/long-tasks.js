// The main thread's tasks in one Lighthouse mobile run of the playground, as
// its own trace recorded them (observed, not simulated): every task after the
// first contentful paint that Lighthouse's 4x slower CPU would make longer
// than 50 ms (so counted in Total Blocking Time), with what took its time
// (layout, style, script, wasm compiles, timers). It says which part of the
// first render to split or cut next; `npm run lighthouse` gives the scores.
// Measured, never asserted.
//
//   node bench/long-tasks.js [--over MS (12.5)] [ROOT]
//
// ROOT: the checkout to measure (default: this one), served as
// bench/lighthouse.js serves it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, lighthouse, startPreview } from './preview.js';

const HERE = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// Lighthouse's mobile run counts the main thread's time 4 times (cpuSlowdownMultiplier).
const SLOWDOWN = 4;
// What is worth naming inside a task (trace event names).
const PARTS = /^(Layout|UpdateLayoutTree|Paint|ParseHTML|EvaluateScript|v8\.evaluateModule|v8\.compile|FunctionCall|TimerFire|RunMicrotasks|MinorGC|MajorGC|v8\.wasm\.compileConsume|wasm\.\w+|FireAnimationFrame|EventDispatch)$/;

function parseArgs(argv) {
  const opts = { over: 50 / SLOWDOWN, root: HERE };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--over') opts.over = Number(argv[++i]);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.root = path.resolve(a);
  }
  if (!(opts.over > 0)) throw new Error('--over needs a positive number of milliseconds');
  return opts;
}

/** One Lighthouse run of url: its report and its trace (the events). */
function lighthouseRun(url) {
  const dir = mkdtempSync(path.join(tmpdir(), 'long-tasks-'));
  try {
    const out = path.join(dir, 'run.json');
    lighthouse(url, [`--output-path=${out}`, '--save-assets', '--only-categories=performance']);
    const trace = JSON.parse(readFileSync(path.join(dir, 'run-0.trace.json'), 'utf8'));
    return { report: JSON.parse(readFileSync(out, 'utf8')), events: trace.traceEvents ?? trace };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The page's tasks after its first contentful paint, in time order, with their parts. */
function tasksAfterPaint(events, url, overMs) {
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (start === undefined) throw new Error(`no navigation to ${url} in the trace`);
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.ts > start.ts && e.pid === start.pid);
  if (paint === undefined) throw new Error('no first contentful paint in the trace');
  const onMain = events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  return {
    paintMs: (paint.ts - start.ts) / 1000,
    tasks: onMain
      .filter((e) => e.name === 'RunTask' && e.ts > paint.ts && e.dur > overMs * 1000)
      .map((task) => {
        const parts = new Map();
        for (const e of onMain) {
          if (e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || e === task || !PARTS.test(e.name)) continue;
          const [ms, n] = parts.get(e.name) ?? [0, 0];
          parts.set(e.name, [ms + e.dur / 1000, n + 1]);
        }
        return { atMs: (task.ts - start.ts) / 1000, ms: task.dur / 1000, parts: [...parts].sort((a, b) => b[1][0] - a[1][0]) };
      }),
  };
}

const opts = parseArgs(process.argv.slice(2));
buildIfNeeded(opts.root);
const server = await startPreview(opts.root);
let run;
try {
  run = lighthouseRun(server.url);
} finally {
  server.stop();
}
const { report, events } = run;
const { paintMs, tasks } = tasksAfterPaint(events, server.url, opts.over);
console.log(`${opts.root}: performance ${Math.round(report.categories.performance.score * 100)}, TBT ${Math.round(report.audits['total-blocking-time'].numericValue)} ms (simulated)`);
console.log(`first contentful paint at ${paintMs.toFixed(0)} ms observed; tasks after it over ${opts.over} ms (x${SLOWDOWN} on Lighthouse's phone):`);
for (const t of tasks) {
  const parts = t.parts.slice(0, 5).map(([name, [ms, n]]) => `${name} ${ms.toFixed(1)}${n > 1 ? ` (${n})` : ''}`).join(', ');
  console.log(`  +${t.atMs.toFixed(0).padStart(5)} ms  ${t.ms.toFixed(1).padStart(5)} ms (x${SLOWDOWN}: ${(t.ms * SLOWDOWN).toFixed(0).padStart(3)})  ${parts}`);
}
