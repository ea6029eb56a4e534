// The bandwidth probe: what reading and writing the bytes a workload must
// move costs inside tensorcast's own wasm module, with no arithmetic. An
// internal export (bindings/probe.cpp, kernels::f32_stream) reads a
// tensor's floats and writes as many floats as the workload writes into a
// fresh buffer, with the kernels' own 4-lane loads and stores; the smaller
// side wraps around and stays in cache, as a broadcast operand or a sum's
// small output does. Its own allocation is in it, as every workload
// allocates its result.
const F32 = 4;

export function prepareProbe(tc, moved, calls = 1) {
  const source = tc.zeros([Math.max(1, Math.ceil(moved.read / F32))]);
  const writes = Math.max(1, Math.ceil(moved.write / F32));
  const core = tc._core;
  const handle = tc._handle(source, 'probe', 'source');
  return {
    run() {
      for (let i = 0; i < calls; i++) core._tc_stream_probe(handle, writes);
    },
    dispose: () => source.dispose(),
  };
}
