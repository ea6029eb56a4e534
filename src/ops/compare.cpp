// eq ne lt le gt ge: a bool result, no gradient. Their in-place forms
// (eq_ ...) are in src/ops/inplace.cpp.
#include "ops/internal.h"

namespace tc {

// out is e.out's data: bool (uint8_t), or float32 for an in-place
// comparison into a float tensor (src/ops/inplace.cpp).
template <class T>
KernelChoice run_compare(CompareOp op, const Elementwise& e, T* out, const float* a,
                         const float* b) {
  switch (op) {
    case CompareOp::Eq:
      return run_compare(e, out, a, b, fn::Eq{});
    case CompareOp::Ne:
      return run_compare(e, out, a, b, fn::Ne{});
    case CompareOp::Lt:
      return run_compare(e, out, a, b, fn::Lt{});
    case CompareOp::Le:
      return run_compare(e, out, a, b, fn::Le{});
    case CompareOp::Gt:
      return run_compare(e, out, a, b, fn::Gt{});
    case CompareOp::Ge:
      return run_compare(e, out, a, b, fn::Ge{});
  }
  TC_ASSERT(false, "unknown compare op");
}
template KernelChoice run_compare(CompareOp, const Elementwise&, uint8_t*, const float*,
                                  const float*);
template KernelChoice run_compare(CompareOp, const Elementwise&, float*, const float*,
                                  const float*);

Tensor compare(CompareOp op, const Operand& self, const Operand& other) {
  const Tensor a = as_float(self.tensor());
  const Tensor b = as_float(other.tensor());
  ElementwiseSpec spec{op_name(op), {a, b}, {"a", "b"}, {self.is_number(), other.is_number()},
                       DType::Bool};
  const Elementwise e = prepare(spec);
  trace_op(spec, e, run_compare(op, e, e.out.b8(), a.f32(), b.f32()));
  return e.out;
}

}  // namespace tc
