// The steps an embed is locked to (steps="2-4": the second to the fourth,
// counted from 1 as the player shows them). Anything else, or nothing, is
// every step; a range past the end is cut to the steps there are.

/** First and last step, 0-based and inclusive. */
export interface StepRange {
  from: number;
  to: number;
}

/** The range an attribute names for a view of count steps. */
export function stepRange(text: string | null, count: number): StepRange {
  const all = { from: 0, to: Math.max(count - 1, 0) };
  const match = /^\s*(\d{1,6})\s*(?:[-–]\s*(\d{1,6})\s*)?$/.exec(text ?? '');
  if (match === null) return all;
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  if (first < 1 || last < first) return all;
  const clamp = (k: number): number => Math.min(Math.max(k - 1, 0), all.to);
  return { from: clamp(first), to: clamp(last) };
}

/** The step a move leads to inside the range. */
export function stepAfter(range: StepRange, at: number, move: 'prev' | 'next' | 'first' | 'last'): number {
  switch (move) {
    case 'prev':
      return Math.max(Math.min(at - 1, range.to), range.from);
    case 'next':
      return Math.min(Math.max(at + 1, range.from), range.to);
    case 'first':
      return range.from;
    case 'last':
      return range.to;
  }
}
