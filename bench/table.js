// The report as a table: plain text for the terminal, Markdown for the
// README. Both come from the same cells.
const NAMES = { tensorcastToTfjs: 'tfjs', tensorcastToProbe: 'probe', threadSpeedup: 'on N threads' };

function time(ms) {
  if (ms < 0.1) return `${(ms * 1000).toPrecision(3)} µs`;
  return `${ms.toPrecision(3)} ms`;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function targetCell(targets) {
  return targets
    .map((t) => (t.ratio ? `${t.atLeast ? '≥' : '≤'}${+t.limit.toFixed(3)}x ${NAMES[t.ratio]}` : `≤${kB(t.limit)} gz`) + (t.pass ? ' pass' : ' MISS'))
    .join(', ');
}

// tfjs's check is null where tfjs has no contestant (a dtype it lacks).
function agreeCell(check) {
  if (!check) return '';
  const { tensorcastEqualsTfjs: tfjs, tensorcastEqualsJs: js, threadsSameBits } = check;
  const tfjsEqual = tfjs === null || tfjs.equal;
  const threads = threadsSameBits === false ? 'N threads differ from 1' : '';
  if (tfjsEqual && js.equal && !threads) return tfjs === null ? 'equal (JS)' : 'equal';
  return [tfjsEqual ? '' : 'differs from tfjs', js.equal ? '' : 'differs from JS', threads].filter(Boolean).join(', ');
}

const HEADER = ['workload', 'tensorcast', 'tc N threads', 'tfjs', 'plain JS', 'probe', 'tc/tfjs', 'tc/probe', '1/N', 'results', 'targets'];

function cells(report) {
  return report.rows.flatMap((row) => {
    if (row.kind === 'size') {
      const { tensorcast, tensorcastNoPrograms: lean, tfjs } = row.sizes;
      // Older runs measured no brotli, nor the module without programs.
      const both = (s) => [`${kB(s.gzip)} gz`, s.brotli === undefined ? '' : `${kB(s.brotli)} br`, kB(s.raw)].filter(Boolean).join(', ');
      const line = (title, s) => [title, both(s), '', both(tfjs), '', '', (s.gzip / tfjs.gzip).toFixed(2), '', '', '', ''];
      const lines = [[
        row.title, both(tensorcast), '', both(tfjs),
        '', '', row.ratios.tensorcastToTfjs.toFixed(2), '', '', '', targetCell(row.targets),
      ]];
      if (lean !== undefined) lines.push(line('the same without programs (init({ programs: false }))', lean));
      return lines;
    }
    const m = row.median;
    const noTfjs = row.absent?.tfjs;
    const g = row.gflops;
    const title = g ? `${row.title} (GFLOP/s: tc ${g.tensorcast.toFixed(1)}, tfjs ${g.tfjs.toFixed(1)})` : row.title;
    return [[
      title, time(m.tensorcast), m.tensorcastThreads === undefined ? '' : time(m.tensorcastThreads),
      noTfjs ?? time(m.tfjs), time(m.js), time(m.probe),
      noTfjs ? '' : row.ratios.tensorcastToTfjs.toFixed(3), row.ratios.tensorcastToProbe.toFixed(2),
      row.ratios.threadSpeedup == null ? '' : row.ratios.threadSpeedup.toFixed(2),
      agreeCell(row.check), targetCell(row.targets),
    ]];
  });
}

export function heading(report) {
  const m = report.machine;
  return `${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.date}; load average (1, 5, 15 min) ` +
    `${m.load.before.join(' ')} before, ${m.load.after.join(' ')} after; ` +
    `${report.settings.reps} repetitions after ${report.settings.warmup} warm-up, medians; ` +
    `tensorcast on 1 thread and on ${report.tensorcast.threads ?? 1} (its threaded module); ` +
    `tfjs ${report.tfjs.version} ${report.tfjs.backend} (SIMD ${report.tfjs.simd}, ${report.tfjs.threads} thread: ` +
    'its threaded build does not run under Node)';
}

export function formatText(report) {
  const rows = [HEADER, ...cells(report)];
  const widths = HEADER.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r) => r.map((cell, c) => (c === 0 || c >= 9 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  const missed = report.rows.flatMap((r) => r.targets.filter((t) => !t.pass).map((t) => `${r.title}: ${t.text}`));
  return [
    heading(report),
    '',
    line(rows[0]),
    ...rows.slice(1).map(line),
    '',
    missed.length === 0 ? 'every target holds' : `targets missed:\n  ${missed.join('\n  ')}`,
  ].join('\n');
}

export function formatMarkdown(report) {
  const row = (r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [row(HEADER), row(HEADER.map(() => '---')), ...cells(report).map(row)].join('\n');
}
