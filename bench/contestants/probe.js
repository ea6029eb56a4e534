// The bandwidth probe: what copying the bytes a workload must move costs
// inside tensorcast's own wasm module. clone() of a contiguous tensor runs
// the core's copy kernel (4-lane loads and stores, the same loop shape as
// the elementwise kernels), reading bytes / 2 and writing bytes / 2 into
// freshly allocated memory, as every workload writes its result.
//
// It is not a pure memcpy: the facade call, the handle and the allocation
// are in it too (they are in every workload as well). A bare
// `copy(dst, src, n)` export would take them out; the module has none.
export function prepareProbe(tc, bytes, calls = 1) {
  const source = tc.zeros([Math.max(1, Math.ceil(bytes / 8))]);
  return {
    run() {
      for (let i = 0; i < calls; i++) source.clone().dispose();
    },
    dispose: () => source.dispose(),
  };
}
