// eq ne lt le gt ge: a bool result, no gradient.
#include "ops/internal.h"

namespace tc {

const char* op_name(CompareOp op) {
  switch (op) {
    case CompareOp::Eq: return "eq";
    case CompareOp::Ne: return "ne";
    case CompareOp::Lt: return "lt";
    case CompareOp::Le: return "le";
    case CompareOp::Gt: return "gt";
    case CompareOp::Ge: return "ge";
  }
  TC_ASSERT(false, "unknown compare op");
}

namespace {

template <class Op>
void run(const Elementwise& e, const Tensor& a, const Tensor& b, const Op& op) {
  uint8_t* out = e.out.b8();
  const float* pa = a.f32();
  const float* pb = b.f32();
  using Off = std::array<int64_t, 3>;
  for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off& s) {
    kernels::u8_compare(n, out + o[0], s[0], pa + o[1], s[1], pb + o[2], s[2], op);
  });
}

}  // namespace

Tensor compare(CompareOp op, const Operand& self, const Operand& other) {
  const Tensor a = as_float(self.tensor());
  const Tensor b = as_float(other.tensor());
  ElementwiseSpec spec{op_name(op), {a, b}, {"a", "b"}, {self.is_number(), other.is_number()},
                       DType::Bool};
  const Elementwise e = prepare(spec);
  switch (op) {
    case CompareOp::Eq: run(e, a, b, fn::Eq{}); break;
    case CompareOp::Ne: run(e, a, b, fn::Ne{}); break;
    case CompareOp::Lt: run(e, a, b, fn::Lt{}); break;
    case CompareOp::Le: run(e, a, b, fn::Le{}); break;
    case CompareOp::Gt: run(e, a, b, fn::Gt{}); break;
    case CompareOp::Ge: run(e, a, b, fn::Ge{}); break;
  }
  trace_op(spec, e, {"u8", op_name(op), inner_pattern(e.plan), false, false});
  return e.out;
}

}  // namespace tc
