// The steps an embed is locked to (steps="2-4": the second to the fourth,
// counted from 1 as the player shows them). Anything else, or nothing, is
// every step; a range past the end is cut to the steps there are.

/** First and last step, 0-based and inclusive. */
export interface StepRange {
  from: number;
  to: number;
}

/** The first and last step an attribute names, counted from 1; null when it names no range ("0", "4-2", "two"). */
export function readSteps(text: string | null): [number, number] | null {
  const match = /^\s*(\d{1,6})\s*(?:[-–]\s*(\d{1,6})\s*)?$/.exec(text ?? '');
  if (match === null) return null;
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  return first < 1 || last < first ? null : [first, last];
}

/** The range an attribute names for a view of count steps. */
export function stepRange(text: string | null, count: number): StepRange {
  const all = { from: 0, to: Math.max(count - 1, 0) };
  const steps = readSteps(text);
  if (steps === null) return all;
  const clamp = (k: number): number => Math.min(Math.max(k - 1, 0), all.to);
  return { from: clamp(steps[0]), to: clamp(steps[1]) };
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
