// The soak's memory of what it did, and the shortest replay of a failure.
// Every step is kept as the JS line that ran it plus the resources it read
// and wrote: tensor names ('t12'), storages ('s5', written by in-place ops),
// gradients ('g:t3'), graph state ('n:t7', spent by a backward) and
// disposal ('d:t9'). A failure names the resources it looked at; walking
// back, a step is needed when it wrote one of them, and then what it read
// is needed too. What comes out is a script that redoes only those steps.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const RNG = fileURLToPath(new URL('./rng.js', import.meta.url));

export class Log {
  /** Keeps the last `capacity` steps (a slice reaching further back says so). */
  constructor(capacity) {
    this.capacity = capacity;
    this.entries = new Array(capacity);
    this.count = 0;
  }

  add(entry) {
    this.entries[this.count % this.capacity] = entry;
    this.count++;
  }

  /**
   * The steps the given resources depend on, oldest first (with the last
   * step itself when it is the one that failed), and whether the log ran out.
   */
  slice(resources, withLast) {
    const needed = new Set(resources);
    const out = [];
    const oldest = Math.max(0, this.count - this.capacity);
    for (let i = this.count - 1; i >= oldest; i--) {
      const e = this.entries[i % this.capacity];
      if (!(withLast && i === this.count - 1) && !e.writes.some((w) => needed.has(w))) continue;
      out.push(e);
      for (const r of e.reads) needed.add(r);
    }
    out.reverse();
    // Names read but made before the oldest kept step: the log is too short.
    const made = new Set(out.flatMap((e) => e.writes));
    const missing = [...needed].filter((r) => /^t\d+$/.test(r) && !made.has(r));
    return { steps: out, complete: missing.length === 0 };
  }
}

/** A script that redoes `steps` and prints `show` (tensor names) at the end. */
export function replayScript({ seed, total, failure, steps, show, path }) {
  const rng = relative(dirname(path), RNG).replace(/\\/g, '/');
  const lines = [
    `// tensorcast soak replay: seed ${seed}, failed at step ${steps[steps.length - 1]?.step} of ${total}`,
    ...failure.split('\n').map((l) => `// ${l}`),
    `// Only the steps the failure depends on, in order (run: node ${path}).`,
    `import { init } from 'tensorcast';`,
    `import { values } from '${rng.startsWith('.') ? rng : `./${rng}`}';`,
    '',
    'const tc = await init();',
    'const T = {};',
    'tc.onWarning(() => {});',
    'function step(n, fn) {',
    '  try {',
    '    fn();',
    '  } catch (e) {',
    "    console.log(`step ${n} threw ${e.name}${e.kind ? ` (${e.kind})` : ''}: ${e.message}`);",
    '  }',
    '}',
    ...steps.map((e) => `step(${e.step}, () => { ${e.code} });`),
    '',
    `for (const name of ${JSON.stringify(show)}) {`,
    '  const t = T[name];',
    "  if (!t || t.isDisposed) console.log(name, t ? 'disposed' : 'never made');",
    "  else console.log(name, JSON.stringify({ shape: t.shape, stride: t.stride(), values: Array.from(t.data(), (v) => (Object.is(v, -0) ? '-0' : String(v))), grad: t.grad && Array.from(t.grad.data()) }));",
    '}',
    '',
  ];
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.join('\n'));
  return path;
}
