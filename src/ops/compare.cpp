// eq ne lt le gt ge: a bool result, no gradient.
#include "ops/internal.h"

namespace tc {

namespace {

KernelChoice dispatch(CompareOp op, const Elementwise& e, const float* a, const float* b) {
  switch (op) {
    case CompareOp::Eq:
      return run_compare(e, a, b, fn::Eq{});
    case CompareOp::Ne:
      return run_compare(e, a, b, fn::Ne{});
    case CompareOp::Lt:
      return run_compare(e, a, b, fn::Lt{});
    case CompareOp::Le:
      return run_compare(e, a, b, fn::Le{});
    case CompareOp::Gt:
      return run_compare(e, a, b, fn::Gt{});
    case CompareOp::Ge:
      return run_compare(e, a, b, fn::Ge{});
  }
  TC_ASSERT(false, "unknown compare op");
}

}  // namespace

Tensor compare(CompareOp op, const Operand& self, const Operand& other) {
  const Tensor a = as_float(self.tensor());
  const Tensor b = as_float(other.tensor());
  ElementwiseSpec spec{op_name(op), {a, b}, {"a", "b"}, {self.is_number(), other.is_number()},
                       DType::Bool};
  const Elementwise e = prepare(spec);
  trace_op(spec, e, dispatch(op, e, a.f32(), b.f32()));
  return e.out;
}

}  // namespace tc
