// The inputs e2e/perf.spec.js times the playground on: outputs of up to
// 4,096 elements, and where's three operands. tests/web/perf-cases.test.js
// checks what the model computes for them.
export const PERF_CASES = [
  { a: [8, 8], b: [8, 1] },
  { a: [32, 32], b: [32, 1] },
  { a: [64, 64], b: [1, 64] },
  { a: [8, 8, 8, 8], b: [8, 1, 8, 1] },
  { a: [4, 4, 4, 4, 4, 4], b: [4, 1, 4, 1, 4, 1] },
  { a: [4096], b: [1] },
  { a: [1, 64], b: [64, 64], c: [64, 1], op: 'where' },
];

/** The cases npm test times (two operands and three); `npm run perf` times them all. */
export const PERF_CASES_SHORT = [PERF_CASES[0], PERF_CASES[6]];

/** The link of a case in a view, at its first step. */
export const perfHash = ({ a, b, c, op = 'add' }, view) =>
  `a=${a.join(',')}&b=${b.join(',')}${c === undefined ? '' : `&c=${c.join(',')}`}&op=${op}&view=${view}&step=0&lang=en`;
