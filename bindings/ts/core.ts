// The functions of one loaded module. Numbers-only calls are plain wasm
// exports (`_tc_<name>`, bindings/export.h); Embind carries the few that
// pass strings. Tensors cross as integer handles, sizes as doubles, shapes
// through the scratch buffer (bindings/scratch.h). Booleans go in as 0/1
// and come back as 0/1. Internal: not part of the public API.
export interface Core {
  // hot_path.cpp
  _tc_op2(op: number, ha: number, na: number, hb: number, nb: number, alpha: number): number;
  _tc_op1(op: number, h: number): number;
  _tc_op3(op: number, hc: number, ha: number, na: number, hb: number, nb: number): number;
  _tc_release(h: number): void;
  // bind_tensors.cpp
  _tc_create(dtype: number, ndim: number, given: number): number;
  _tc_full(ndim: number, kind: number, value: number, dtype: number): number;
  _tc_arange(start: number, end: number, step: number, dtype: number): number;
  _tc_to_dtype(h: number, dtype: number): number;
  _tc_tensor_from_values(ints: number, floats: number, isFloat: number, dtype: number): number;
  _tc_result_type(h0: number, n0: number, h1: number, n1: number): number;
  _tc_info(h: number): void;
  _tc_read_begin(h: number): number;
  _tc_read_end(): void;
  _tc_storage_address(h: number): number;
  _tc_repr(h: number): number;
  _tc_stride_dim(dim: number, ndim: number): number;
  _tc_storage_bytes(): number;
  _tc_heap_used(): number;
  _tc_scratch_reserve(count: number): number;
  // bind_ops.cpp
  _tc_expand(h: number, ndim: number): number;
  _tc_broadcast_to(h: number, ndim: number): number;
  _tc_expand_as(h: number, other: number): number;
  _tc_permute(h: number, ndim: number): number;
  _tc_view(h: number, ndim: number): number;
  _tc_reshape(h: number, ndim: number): number;
  _tc_sum_to(h: number, ndim: number): number;
  _tc_broadcast_shapes(count: number): number;
  /** tc::op_table_digest() (src/op_table.h). */
  _tc_op_table_digest(): number;
  _tc_parse_shape(byteCount: number): number;
  // bind_syntax.cpp: the text in the scratch buffer; JSON of src/syntax/syntax_schema.h
  readViewChain(byteCount: number): string;
  readShapeText(byteCount: number): string;
  // bind_shape.cpp
  _tc_mT(h: number): number;
  _tc_cat(count: number, dim: number): number;
  _tc_stack(count: number, dim: number): number;
  // bind_unary.cpp
  _tc_round_decimals(h: number, decimals: number): number;
  _tc_linspace(start: number, end: number, steps: number, dtype: number): number;
  _tc_eye(n: number, m: number, dtype: number): number;
  _tc_full_like(h: number, kind: number, value: number, dtype: number): number;
  _tc_rand(ndim: number, dtype: number): number;
  _tc_randn(ndim: number, dtype: number): number;
  _tc_randint(ndim: number, dtype: number): number;
  _tc_manual_seed(): void;
  // bind_indexing.cpp
  _tc_index(h: number, count: number): number;
  explainIndex(h: number, count: number): string;
  // bind_autograd.cpp
  _tc_flags(h: number): number;
  _tc_set_requires_grad(h: number, value: boolean): void;
  _tc_grad_id(h: number): number;
  _tc_grad(h: number): number;
  _tc_zero_grad(h: number): void;
  _tc_grad_fn(h: number): number;
  _tc_backward(h: number, gradient: number): void;
  _tc_no_grad_enter(): void;
  _tc_no_grad_exit(): void;
  // probe.cpp: the bandwidth probe of bench/
  _tc_stream_probe(src: number, writeElements: number): number;
  // bind_settings.cpp
  _tc_start(): number;
  _tc_simd(): number;
  _tc_set_threads(n: number): number;
  _tc_threads(): number;
  _tc_memory_bytes(): number;
  _tc_set_backcompat(enabled: boolean): void;
  _tc_set_policy(code: number): void;
  _tc_policy_enter(code: number): void;
  _tc_policy_exit(): void;
  // bind_explain.cpp
  explainBroadcast(count: number): string;
  explainOp(op: number, h0: number, n0: number, h1: number, n1: number, h2: number, n2: number,
    alpha: number): string;
  explainBackward(h: number, gradient: number): string;
  explainPromotion(op: number, h0: number, n0: number, h1: number, n1: number): string;
  // bind_call.cpp: the generated members (Note [Call slots]); the result a
  // tensor's handle, or -(the length of its JSON) at the address in scratch[0]
  _tc_call_entry(entry: number, method: number, self: number, slotCount: number): number;
  libraryNames(): string;
  _tc_set_grad(h: number, g: number): void;
  // bind_program.cpp: tc.run (its inputs' slots, then the source as UTF-8, in the scratch buffer);
  // absent from the module without programs (Note [The module without programs], loader.ts)
  runProgram?(inputSlots: number, byteCount: number, maxStatements: number, maxSteps: number, maxElements: number,
    maxWork: number, maxMemory: number, valuesLine: number, valuesRun: number): string;
  // Emscripten's views of the wasm memory, replaced whenever it grows.
  HEAPU8: Uint8Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
  count_emval_handles(): number;
}
