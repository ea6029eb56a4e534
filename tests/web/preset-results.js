// What each preset of the playground (web/src/model/presets.ts) gives:
// PyTorch's answers to the worked examples of docs/examples.md (current
// PyTorch's, where its broadcasting note is out of date). The package is
// checked against it in Node (tests/web/presets.test.js) and the page in
// the browser (e2e/presets.spec.js), so the page, the examples and the core
// must all agree.
export const EXPECTED = {
  same: { shape: [5, 7, 3] },
  trailing: { shape: [5, 3, 4, 1] },
  mismatch: { error: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1' },
  'result-size': { shape: [5, 3, 4, 1] },
  'one-dim': { shape: [3, 1, 7] },
  'zero-2x2': { error: 'The size of tensor a (0) must match the size of tensor b (2) at non-singleton dimension 1' },
  'zero-573': { error: 'The size of tensor a (0) must match the size of tensor b (3) at non-singleton dimension 2' },
  'zero-one': { shape: [0] },
  scalar: { shape: [2, 3] },
  'pad-front': { shape: [5, 2, 4, 1] },
  values: { shape: [2, 3] },
  'case-1-3': { shape: [2, 3] },
  'case-2-4': { error: 'The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1' },
  grad: { shape: [3] },
  'inplace-ok': { shape: [5, 3, 4, 1] },
  'inplace-fail': { error: "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]" },
  backcompat: { shape: [4, 4] },
  outer: { shape: [3, 3] },
  unsqueeze: { error: 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1' },
  where: { shape: [3, 3] },
  'view-T': { shape: [3, 2] },
  'view-coalesce': { shape: [3, 2, 4] },
};
