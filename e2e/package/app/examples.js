// The check both the page and the worker run: worked examples of
// docs/examples.md (a broadcast add, an error and a gradient) and a product,
// through the installed package.
export function workedExamples(tc) {
  const c = tc.tensor([[1, 2, 3], [4, 5, 6]]).add(tc.tensor([1, 2, 3]));
  let error = null;
  try {
    tc.ones([5, 2, 4, 1]).add(tc.ones([3, 1, 1]));
  } catch (e) {
    error = { name: e.name, kind: e.kind, message: e.message };
  }
  const A = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
  const B = tc.tensor([1], { dtype: 'float32', requiresGrad: true });
  A.add(B).sum().backward();
  const product = tc.tensor([[1], [2]]).mul(tc.tensor([3, 4])).relu().toArray();
  return { simd: tc.simd, c: c.toArray(), error, aGrad: A.grad.toArray(), bGrad: B.grad.toArray(), product };
}
