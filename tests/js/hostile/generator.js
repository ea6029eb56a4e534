// A seeded generator of hostile programs for tc.run: the shapes of input
// that broke tensorcast before (deep autograd graphs, repeated containers,
// string and list repetition, expanded giants fed to every function of the
// program library, huge literals, deep nesting, long programs), at sizes
// drawn around the documented limits (docs/limits.md, docs/programs.md) and
// far past them. The same seed gives the same programs; each program says
// its family and seed, so a failure is reproduced by
// `generate({ seed, only: family })` (tests/js/hostile-corpus.test.js).
// Loops join the families when the language has them.
import { readFileSync } from 'node:fs';

/** mulberry32: a small seeded generator, the same numbers on every machine. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

// ---- the program library's names (docs/program-library.md, "Functions"), by row

const LIBRARY_DOC = readFileSync(new URL('../../../docs/program-library.md', import.meta.url), 'utf8');

/** { row: names } from the table of docs/program-library.md: each backticked name of a row (attributes with their dot). */
export function libraryNames(doc = LIBRARY_DOC) {
  const section = doc.slice(doc.indexOf('## Functions'), doc.indexOf('## Choices'));
  const rows = {};
  for (const line of section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---') && !l.startsWith('| |'))) {
    const [, row, names] = line.split('|').map((c) => c.trim());
    rows[row.replace(/`/g, '')] = [...names.matchAll(/`(\.?[A-Za-z_][A-Za-z0-9_.]*)`/g)].map((m) => m[1]);
  }
  return rows;
}

// Views of one number with 2**34 to 2**40 elements: nothing allocated, everything to loop over. Each
// with a small tensor of the same rank and dtype, on which a call is tried first: a call that runs
// on the small one reaches the loop on the giant (rather than stopping at a TypeError).
const GIANTS = [
  { giant: 'torch.ones(1).expand(2**40)', small: 'torch.ones(3)' },
  { giant: 'torch.tensor(1.5).expand(2**17, 2**17)', small: 'torch.full((2, 3), 1.5)' },
  { giant: 'torch.ones(1, 1, dtype=torch.int64).expand(2**20, 2**14)', small: 'torch.ones(2, 3, dtype=torch.int64)' },
  { giant: 'torch.ones(2, 1, 1).expand(2, 2**15, 2**15)', small: 'torch.ones(2, 3, 3)' },
  { giant: '(torch.ones(1) > 0).expand(2**36)', small: 'torch.ones(3) > 0' },
];
// An index of the giants' shape (gather, indexing).
const INDEX = { giant: 'torch.zeros(1, 1, dtype=torch.int64).expand(2**17, 2**17)', small: 'torch.zeros(2, 3, dtype=torch.int64)' };

// The arguments a library function is tried with: g and h are giants, i an index, the rest plain values.
const ARGS = ['', 'g', 'g, g', 'g, 0', 'g, -1', 'g, 1', 'g, dim=0', 'g, 0, keepdim=True', 'g, h', 'g, g.T', 'g, 2', 'g, 0.5', 'g, 1, 2',
  'g, [0]', 'g, (0, 1)', 'g, -1, 0, 2**30', '[g, g]', '(g, h)', 'g, 0, i', 'g, i', 'g > 0, g, h', 'g, dtype=torch.float64', 'g, 2**40',
  'g.shape', '2**40', 'g, g, g', 'g, min=0, max=1', 'g, 0, 1', 'g, (2**40,)', 'g, -1, 2', 'g, g.mT', '(2**20, 2**20)', '2**20, 2**20'];

/** The forms a library name is called in: torch.f(args), x.f(rest), F.f(args), f(args), or an attribute. */
function callsOf(row, name) {
  if (name.startsWith('.')) return [`g${name}`];
  const withArgs = (fn) => ARGS.map((a) => `${fn}(${a})`);
  if (name.startsWith('torch.') || row === 'Python') return withArgs(name);
  if (row === 'torch.nn.functional') return withArgs(`F.${name}`);
  const methods = ARGS.filter((a) => a === 'g' || a.startsWith('g, ')).map((a) => `g.${name}(${a.replace(/^g,? ?/, '')})`);
  return row === "a tensor's own" ? methods : [...withArgs(`torch.${name}`), ...methods];
}

const TRIES = 16;

const header = (side) => (kind) => `import torch\nimport torch.nn.functional as F\ng = ${kind[side]}\nh = ${kind[side]}\ni = ${INDEX[side]}\n`;
const small = header('small');
const giant = header('giant');

/**
 * One call of name on giants: among its forms (in an order the seed draws),
 * the first that fits() accepts on the small tensors, or any form when none does.
 */
function giantCall(rng, row, name, fits) {
  const kind = rng.pick(GIANTS);
  const calls = callsOf(row, name);
  for (let i = calls.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [calls[i], calls[j]] = [calls[j], calls[i]];
  }
  // At most TRIES forms are tried, so that the search stays short (each try is a run of tc.run).
  const call = (fits === null ? undefined : calls.slice(0, TRIES).find((c) => fits(`${small(kind)}r = ${c}\n`))) ?? calls[0];
  return `${giant(kind)}r = ${call}\n${rng.next() < 0.5 ? 'print(r)\n' : ''}`;
}

// ---- the families: each (rng) => code

const OPS_IN_CHAINS = [' * 1', ' + 0', '.exp().log()', '.relu()', '.clone()', '.view(-1)', '.reshape(2)', '[:]', '.unsqueeze(0).squeeze(0)', '.expand(2)', ' - 0', '.abs()'];

const FAMILIES = {
  'deep graph': (rng) => {
    const grad = rng.next() < 0.7;
    const op = rng.pick(OPS_IN_CHAINS);
    const head = `import torch\nx = torch.ones(2${grad ? ', requires_grad=True' : ''})\ny = x\n`;
    const tail = grad && rng.next() < 0.5 ? 'y.sum().backward()\nprint(x.grad)\n' : '';
    // Lengths around the one that overflowed the stack when a graph was released recursively (about 5,300 ops).
    switch (rng.int(0, 3)) {
      case 0: return head + `y = y${op}\n`.repeat(rng.int(1000, 7000)) + tail;
      case 1: return `${head}y = y${op.repeat(rng.int(1000, 12000))}\n${tail}`;
      case 2: return head + 'y = y + y\n'.repeat(rng.int(1000, 7000)) + tail;
      default: return head + `${`y = y${op.repeat(90)}\n`.repeat(rng.int(10, 120))}${tail}`;
    }
  },
  'repeated containers': (rng) => {
    const k = rng.pick([2, 32, 64, 1024, 65536]);
    switch (rng.int(0, 3)) {
      case 0: return `a = [1] * ${k}\n${Array.from({ length: rng.int(2, 8) }, () => `a = [a] * ${k}`).join('\n')}\n${rng.next() < 0.3 ? 'print(a)\n' : ''}`;
      case 1: return `a = (1,) * ${k}\n${Array.from({ length: rng.int(2, 8) }, () => `a = (a,) * ${k}`).join('\n')}\n`;
      case 2: return `a = [1]\n${'a = a + a\n'.repeat(rng.int(10, 40))}${rng.next() < 0.3 ? 'print(len(a))\n' : ''}`;
      default: return `a = [1]\n${'a = [a, a]\n'.repeat(rng.int(20, 200))}${rng.next() < 0.3 ? 'print(a)\n' : ''}`;
    }
  },
  'string and list repetition': (rng) => {
    const n = rng.pick(['2**20', '2**24', '2**30', '2**31', '2**62', '-1', '65536', '65537']);
    switch (rng.int(0, 4)) {
      case 0: return `s = 'a' * ${n}\nprint(len(s))\n`;
      case 1: return `s = 'ab' * ${rng.pick([1000, 65536])}\nt = s * ${rng.pick([1000, 65536])}\n`;
      case 2: return `s = 'a'\n${'s = s + s\n'.repeat(rng.int(20, 40))}print(len(s))\n`;
      case 3: return `l = [0] * ${n}\n${rng.next() < 0.5 ? 'print(l)\n' : ''}`;
      default: return `s = 'x' * 65536\nl = [s] * ${rng.pick([1000, 65536])}\nm = l + l\n${rng.next() < 0.5 ? 'print(m)\n' : ''}`;
    }
  },
  'huge literals': (rng) => {
    const n = rng.pick([65536, 65537, 100000, 300000]);
    switch (rng.int(0, 5)) {
      case 0: return `x = [${'0,'.repeat(n)}]\n`;
      case 1: return `import torch\nx = torch.tensor([${'1,'.repeat(n)}])\nprint(x.sum())\n`;
      case 2: {
        const d = rng.pick([16, 17, 99, 100, 101, 500]);
        return `import torch\nx = torch.tensor(${'['.repeat(d)}1${']'.repeat(d)})\n`;
      }
      case 3: return `s = '${'a'.repeat(rng.pick([100_000, 900_000]))}'\nprint(len(s))\n`;
      case 4: return `x = ${'9'.repeat(rng.pick([19, 20, 400, 100_000]))}\nprint(x)\n`;
      default: return `x = ${rng.pick(['1e999', '-1e999', `1${'0'.repeat(400)}.0`, `0.${'0'.repeat(400)}1`])}\nprint(x)\n`;
    }
  },
  'deep nesting': (rng) => {
    const d = rng.pick([99, 100, 101, 5000, 100_000]);
    switch (rng.int(0, 6)) {
      case 0: return `x = ${'('.repeat(d)}1${')'.repeat(d)}\n`;
      case 1: return `x = ${'-'.repeat(d)}1\n`;
      case 2: return `x = ${'not '.repeat(Math.min(d, 50_000))}True\n`;
      case 3: return `x = ${'abs('.repeat(Math.min(d, 50_000))}1${')'.repeat(Math.min(d, 50_000))}\n`;
      case 4: return `import torch\nx = torch.ones(2, 3)\ny = x${'.T'.repeat(Math.min(d, 100_000))}\nprint(y.shape)\n`;
      case 5: return `import torch\nx = torch.ones(2, requires_grad=True)\ny = x${'.clone()'.repeat(Math.min(d, 20_000))}\ny.sum().backward()\n`;
      default: return `import torch\nx = torch.ones(1)${'[None]'.repeat(rng.pick([15, 16, 17, 1000]))}\nprint(x.shape)\n`;
    }
  },
  'long programs': (rng) => {
    switch (rng.int(0, 4)) {
      case 0: return `x = 0\n${'x = x + 1\n'.repeat(rng.pick([9998, 9999, 10000, 20000]))}print(x)\n`;
      case 1: return `${'# a comment that says nothing at all\n'.repeat(rng.pick([20_000, 30_000]))}x = 1\n`;
      case 2: return `import torch\nx = torch.arange(1000.)\n${'print(x)\n'.repeat(rng.pick([100, 1000, 9000]))}`;
      case 3: return `import torch\n${'t = torch.ones(1000, 1000)\n'.repeat(rng.pick([100, 1000, 5000]))}`;
      default: return `${'\n'.repeat(rng.pick([10_000, 500_000]))}x = 1\n`;
    }
  },
};

export const FAMILY_NAMES = [...Object.keys(FAMILIES), 'expanded giants'];

/**
 * Families whose values could describe themselves without end (a list of a
 * list of ..., a string of a billion characters): a value's description
 * must be bounded, so their statements' JSON and printed
 * text are held to this many bytes. The others report their sizes.
 */
export const MAX_OUTPUT = { 'repeated containers': 4 << 20, 'string and list repetition': 4 << 20, 'huge literals': 4 << 20 };

/**
 * The programs for a seed: count of each family, and one call of every
 * library function on expanded giants (its form and arguments drawn by the
 * seed; with fits, a (code) => boolean that runs a program, the first form
 * that runs on small tensors). Each: { family, seed, index, code }.
 */
export function generate({ seed, count, only = null, fits = null }) {
  const programs = [];
  for (const [family, make] of Object.entries(FAMILIES)) {
    if (only !== null && only !== family) continue;
    const rng = random(seed ^ hash(family));
    for (let index = 0; index < count; index++) programs.push({ family, seed, index, code: make(rng) });
  }
  if (only === null || only === 'expanded giants') {
    const rng = random(seed ^ hash('expanded giants'));
    let index = 0;
    for (const [row, names] of Object.entries(libraryNames())) for (const name of names) programs.push({ family: 'expanded giants', seed, index: index++, code: giantCall(rng, row, name, fits) });
  }
  return programs;
}

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
