// eq ne lt le gt ge: computed in the operands' common dtype (Note [Type
// promotion]), a bool result, no gradient. Their in-place forms (eq_ ...)
// are in src/ops/inplace.cpp.
#include "op_table.h"
#include "ops/internal.h"

namespace tc {

template <class T>
KernelChoice run_compare(CompareOp op, const Elementwise& e, bool* out, const T* a, const T* b) {
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
template KernelChoice run_compare(CompareOp, const Elementwise&, bool*, const bool*, const bool*);
template KernelChoice run_compare(CompareOp, const Elementwise&, bool*, const uint8_t*, const uint8_t*);
template KernelChoice run_compare(CompareOp, const Elementwise&, bool*, const int32_t*, const int32_t*);
template KernelChoice run_compare(CompareOp, const Elementwise&, bool*, const int64_t*, const int64_t*);
template KernelChoice run_compare(CompareOp, const Elementwise&, bool*, const float*, const float*);
template KernelChoice run_compare(CompareOp, const Elementwise&, bool*, const double*, const double*);

Tensor compare(CompareOp op, const Operand& self, const Operand& other) {
  const Promoted p = promote_operands({self, other}, DTypeRule::Bool);
  const Tensor &a = p.inputs[0], &b = p.inputs[1];
  ElementwiseSpec spec{op_name(op), {a, b}, {"a", "b"}, p.is_number, DType::Bool};
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = visit_dtype(p.promotion.compute, [&](auto tag) {
    using T = decltype(tag);
    return run_compare(op, e, e.out.b8(), a.data<T>(), b.data<T>());
  });
  if (tracing()) {
    spec.given = p.given;
    spec.promotion = promotion_trace(p, spec.names, DType::Bool, false);
  }
  trace_op(spec, e, kernel);
  return e.out;
}

}  // namespace tc
