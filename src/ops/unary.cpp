// neg abs exp log sqrt relu (and copy, for materialising views): forward,
// backward and trace together.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

namespace {

KernelChoice dispatch(UnaryOp op, const Elementwise& e, const float* a) {
  switch (op) {
    case UnaryOp::Neg:
      return run_unary(e, a, fn::Neg{});
    case UnaryOp::Abs:
      return run_unary(e, a, fn::Abs{});
    case UnaryOp::Exp:
      return run_unary(e, a, fn::Exp{});
    case UnaryOp::Log:
      return run_unary(e, a, fn::Log{});
    case UnaryOp::Sqrt:
      return run_unary(e, a, fn::Sqrt{});
    case UnaryOp::Relu:
      return run_unary(e, a, fn::Relu{});
  }
  TC_ASSERT(false, "unknown unary op");
}

// What each backward reads, as PyTorch saves it: the input (abs, log),
// the result (exp, sqrt, relu), or nothing (neg).
std::vector<Tensor> saved_for_backward(UnaryOp op, const Tensor& a, const Tensor& out) {
  switch (op) {
    case UnaryOp::Neg:
      return {};
    case UnaryOp::Abs:
    case UnaryOp::Log:
      return {a};
    default:
      return {detach(out)};
  }
}

// s[0] is what saved_for_backward kept.
std::vector<Tensor> unary_backward(UnaryOp op, const BackwardArgs& args) {
  const Tensor& g = args.grad;
  const std::vector<Tensor>& s = args.saved;
  switch (op) {
    case UnaryOp::Neg:
      return {unary(UnaryOp::Neg, g)};
    case UnaryOp::Abs:  // sign(a), with sign(0) = 0
      return {mul(g, sub(compare(CompareOp::Gt, s[0], 0.0), compare(CompareOp::Lt, s[0], 0.0)))};
    case UnaryOp::Exp:
      return {mul(g, s[0])};
    case UnaryOp::Log:
      return {div(g, s[0])};
    case UnaryOp::Sqrt:
      return {div(g, mul(s[0], 2.0))};
    case UnaryOp::Relu:  // PyTorch's threshold_backward: 0 where out <= 0
      return {where(compare(CompareOp::Le, s[0], 0.0), 0.0, g)};
  }
  TC_ASSERT(false, "unknown unary op");
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& self) {
  const Tensor a = as_float(self);
  ElementwiseSpec spec{op_name(op), {a}, {"a"}, {false}};
  const Elementwise e = prepare(spec);
  trace_op(spec, e, dispatch(op, e, a.f32()));
  Tensor out = e.out;
  if (needs_grad({a}))
    attach_grad(
        out, op_name(op), {a}, [op](const BackwardArgs& args) { return unary_backward(op, args); },
        saved_for_backward(op, a, out));
  return out;
}

void copy_into(const Tensor& dst, const Tensor& src) {
  const Tensor a = as_float(src);
  ElementwiseSpec spec{"copy", {a}, {"a"}, {false}, DType::Float32, dst};
  const Elementwise e = prepare(spec);
  trace_op(spec, e, run_unary(e, a.f32(), fn::Copy{}));
}

}  // namespace tc
