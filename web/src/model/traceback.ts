// What a pasted PyTorch error says about shapes. A student holds a
// traceback, not the shapes: the message names a dim and sizes (or whole
// shapes), and this reads them, builds the shapes the message pins down,
// and marks what it had to guess. The texts matched are PyTorch's, as the
// core reproduces them (src/shape.cpp, src/engine/elementwise.cpp,
// src/geometry.cpp), plus the matrix product's (not in the core yet).
// Only read, never evaluated.

/** What a message tells. Sizes are as printed; dims count from the left of the result. */
export type Reading =
  | { kind: 'size'; dim: number; sizeA: number; sizeB: number }
  | { kind: 'inplace'; self: number[]; broadcast: number[] }
  | { kind: 'expand'; dim: number; targetSize: number; existingSize: number; target: number[] | null; tensor: number[] | null }
  | { kind: 'matmul'; left: string; right: string; leftShape: [number, number]; rightShape: [number, number] };

export interface Found {
  reading: Reading;
  /** The message itself, as PyTorch (and the core) words it, without the exception's name. */
  message: string;
  /** The exception's name on that line (RuntimeError), when the text has it. */
  errorType: string | null;
}

/** A shape for one operand: its text, and whether the message fixed it or it is a guess. */
export interface Guess {
  shape: number[];
  guessed: boolean;
}

/** The broadcast the playground can show for a reading: an out-of-place op or an in-place one. */
export interface Proposal {
  inplace: boolean;
  a: Guess;
  b: Guess;
}

// Longer pastes are cut: a traceback's message is at its end, and reading stays quick.
export const MAX_PASTE = 20_000;

const LIST = String.raw`\[((?:-?\d+(?:,\s*-?\d+)*)?)\]`;
const PATTERNS: { kind: Reading['kind']; re: RegExp }[] = [
  { kind: 'size', re: /The size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at non-singleton dimension (\d+)/g },
  { kind: 'inplace', re: new RegExp(String.raw`output with shape ${LIST} doesn't match the broadcast shape ${LIST}`, 'g') },
  {
    kind: 'expand',
    re: new RegExp(String.raw`The expanded size of the tensor \((\d+)\) must match the existing size \((\d+)\) at non-singleton dimension (\d+)(?:\.\s+Target sizes: ${LIST}\.\s+Tensor sizes: ${LIST})?`, 'g'),
  },
  // The names before it are read from the few characters before (NAMES): a pattern that began
  // with them would try every start in a long run of letters, in time quadratic in the paste.
  { kind: 'matmul', re: / shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)/g },
];

// torch.mm/matmul say "mat1 and mat2"; F.linear in newer releases "linear(): input and weight.T".
const NAMES = /(?:[\w.]+\(\): )?([^\s:]+) and ([^\s:]+)$/;
// How far before a message its exception's name or the product's operands are looked for.
const LOOK_BACK = 120;

function list(text: string | undefined): number[] | null {
  if (text === undefined) return null;
  return text.trim() === '' ? [] : text.split(',').map((s) => Number(s.trim()));
}

const safe = (n: number): boolean => Number.isSafeInteger(n) && n >= -1;

function readingOf(kind: Reading['kind'], g: string[]): Reading | null {
  const n = g.map((s) => (s === undefined ? NaN : Number(s)));
  switch (kind) {
    case 'size':
      return [n[1], n[2], n[3]].every((v) => safe(v as number)) ? { kind, sizeA: n[1] as number, sizeB: n[2] as number, dim: n[3] as number } : null;
    case 'inplace': {
      const self = list(g[1]);
      const broadcast = list(g[2]);
      return self !== null && broadcast !== null && [...self, ...broadcast].every(safe) ? { kind, self, broadcast } : null;
    }
    case 'expand': {
      const target = list(g[4]);
      const tensor = list(g[5]);
      if (![n[1], n[2], n[3]].every((v) => safe(v as number)) || ![...(target ?? []), ...(tensor ?? [])].every(safe)) return null;
      return { kind, targetSize: n[1] as number, existingSize: n[2] as number, dim: n[3] as number, target, tensor };
    }
    case 'matmul':
      return [n[1], n[2], n[3], n[4]].every((v) => safe(v as number))
        ? { kind, left: '', right: '', leftShape: [n[1] as number, n[2] as number], rightShape: [n[3] as number, n[4] as number] }
        : null;
  }
}

/** The last shape error in a pasted text (the one the traceback ends with), or null when it has none this page knows. */
export function readTraceback(pasted: string): Found | null {
  const text = pasted.length > MAX_PASTE ? pasted.slice(-MAX_PASTE) : pasted;
  let best: { at: number; found: Found } | null = null;
  for (const { kind, re } of PATTERNS) {
    for (const match of text.matchAll(re)) {
      let at = match.index ?? 0;
      if (best !== null && at < best.at) continue;
      const reading = readingOf(kind, [...match]);
      if (reading === null) continue;
      const lineStart = text.lastIndexOf('\n', at) + 1;
      let before = text.slice(Math.max(lineStart, at - LOOK_BACK), at);
      let message = match[0];
      if (reading.kind === 'matmul') {
        const names = NAMES.exec(before);
        if (names === null) continue;
        reading.left = names[1] as string;
        reading.right = names[2] as string;
        at -= names[0].length;
        before = before.slice(0, before.length - names[0].length);
        message = names[0] + message;
      }
      const type = /([A-Za-z_][\w.]*(?:Error|Exception)):\s*$/.exec(before);
      best = { at, found: { reading, message, errorType: type?.[1] ?? null } };
    }
  }
  return best?.found ?? null;
}

const ones = (n: number): number[] => Array<number>(Math.max(n, 0)).fill(1);

/**
 * Shapes that give the message: what it states is kept, the rest is the
 * smallest choice (1s, no extra dims), marked as a guess. null for a
 * matrix product, which the playground does not run.
 */
export function proposalFor(reading: Reading): Proposal | null {
  switch (reading.kind) {
    case 'size':
      // The result has at least dim + 1 dims; with exactly that many, the failing dim is the last one.
      return {
        inplace: false,
        a: { shape: [...ones(reading.dim), reading.sizeA], guessed: true },
        b: { shape: [...ones(reading.dim), reading.sizeB], guessed: true },
      };
    case 'inplace': {
      // b must bring every size the broadcast has and self lacks; elsewhere 1, leading 1s dropped.
      const { self, broadcast } = reading;
      const pad = broadcast.length - self.length;
      const b = broadcast.map((s, i) => (i - pad >= 0 && self[i - pad] === s ? 1 : s));
      while (b.length > 1 && b[0] === 1) b.shift();
      return { inplace: true, a: { shape: [...self], guessed: false }, b: { shape: b, guessed: true } };
    }
    case 'expand': {
      // x.expand(target) fails exactly when x cannot broadcast to target unchanged: the in-place
      // rule of target.add_(x), which older PyTorch reported with this very message.
      const { target, tensor } = reading;
      if (target !== null && tensor !== null) {
        const pad = target.length - tensor.length;
        const resolved = target.map((s, i) => (s === -1 ? (tensor[i - pad] ?? 1) : s));
        return { inplace: true, a: { shape: resolved, guessed: false }, b: { shape: [...tensor], guessed: false } };
      }
      return {
        inplace: true,
        a: { shape: [...ones(reading.dim), reading.targetSize], guessed: true },
        b: { shape: [...ones(reading.dim), reading.existingSize], guessed: true },
      };
    }
    case 'matmul':
      return null;
  }
}
