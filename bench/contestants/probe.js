// The bandwidth probe: what reading and writing the bytes a workload must
// move costs inside tensorcast's own wasm module, with no arithmetic. An
// internal export (bindings/probe.cpp, f32_stream in bindings/probe.h) reads as many
// floats as the workload must read and writes as many as it must write,
// each once, in one streaming pass with the kernels' own 4-lane loads and
// stores. Its own allocation is in it, as every workload allocates its
// result.
const F32 = 4;

export function prepareProbe(tc, moved, calls = 1) {
  const source = tc.zeros([Math.max(1, Math.ceil(moved.read / F32))]);
  const writes = Math.max(1, Math.ceil(moved.write / F32));
  const core = tc._rt.core;
  const handle = tc._rt.handle(source, 'probe', 'source');
  return {
    run() {
      for (let i = 0; i < calls; i++) core._tc_stream_probe(handle, writes);
    },
    dispose: () => source.dispose(),
  };
}
