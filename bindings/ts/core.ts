// The functions of one loaded module: Embind's (bindings/bind_*.cpp) and the
// direct exports of the per-op calls (bindings/hot_path.cpp, `_tc_*`). Tensors
// cross as integer handles, numbers and sizes as doubles, shapes through the
// scratch buffer (bindings/scratch.h). Internal: not part of the public API.
export interface Core {
  // hot_path.cpp
  _tc_op2(op: number, ha: number, na: number, hb: number, nb: number, alpha: number): number;
  _tc_op1(op: number, h: number): number;
  _tc_op3(op: number, hc: number, ha: number, na: number, hb: number, nb: number): number;
  _tc_release(h: number): void;
  // bind_tensors.cpp
  create(dtype: number, ndim: number): number;
  full(ndim: number, value: number): number;
  arange(start: number, end: number, step: number): number;
  info(h: number): void;
  readBegin(h: number): number;
  readEnd(): void;
  item(h: number): number;
  storageBytes(): number;
  heapUsed(): number;
  scratchReserve(count: number): number;
  // bind_ops.cpp
  opTable(): string;
  expand(h: number, ndim: number): number;
  broadcastTo(h: number, ndim: number): number;
  expandAs(h: number, other: number): number;
  permute(h: number, ndim: number): number;
  transpose(h: number, dim0: number, dim1: number): number;
  unsqueeze(h: number, dim: number): number;
  squeezeAll(h: number): number;
  squeezeDim(h: number, dim: number): number;
  narrow(h: number, dim: number, start: number, length: number): number;
  view(h: number, ndim: number): number;
  reshape(h: number, ndim: number): number;
  contiguous(h: number): number;
  clone(h: number): number;
  detach(h: number): number;
  sumAll(h: number): number;
  sumDims(h: number, ndims: number, keepdim: boolean): number;
  sumTo(h: number, ndim: number): number;
  broadcastShapes(count: number): number;
  parseShape(text: string): number;
  // bind_autograd.cpp
  flags(h: number): number;
  setRequiresGrad(h: number, value: boolean): void;
  gradId(h: number): number;
  grad(h: number): number;
  zeroGrad(h: number): void;
  backward(h: number, gradient: number): void;
  noGradEnter(): void;
  noGradExit(): void;
  gradEnabled(): boolean;
  // bind_settings.cpp
  start(): number;
  simd(): boolean;
  setBackcompat(enabled: boolean): void;
  setPolicy(code: number): void;
  getPolicy(): number;
  policyEnter(code: number): void;
  policyExit(): void;
  // bind_explain.cpp
  explainBroadcast(count: number): string;
  explainOp(op: number, h0: number, n0: number, h1: number, n1: number, h2: number, n2: number,
    alpha: number): string;
  explainBackward(h: number, gradient: number): string;
  // Emscripten's views of the wasm memory, replaced whenever it grows.
  HEAPU8: Uint8Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
  count_emval_handles(): number;
}
