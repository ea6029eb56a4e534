// add, sub, mul, div, pow, maximum, minimum: forward, backward and trace
// together. Backward formulas return gradients in the result's shape; the
// autograd engine sums them back to each input's shape (Note [Autograd]).
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

KernelChoice run_binary(BinaryOp op, const Elementwise& e, const float* a, const float* b,
                        float alpha) {
  switch (op) {
    case BinaryOp::Add:
      return alpha == 1.0f ? run_binary(e, a, b, fn::Add{}) : run_binary(e, a, b, fn::AddAlpha{alpha});
    case BinaryOp::Sub:
      return alpha == 1.0f ? run_binary(e, a, b, fn::Sub{}) : run_binary(e, a, b, fn::SubAlpha{alpha});
    case BinaryOp::Mul:
      return run_binary(e, a, b, fn::Mul{});
    case BinaryOp::Div:
      return run_binary(e, a, b, fn::Div{});
    case BinaryOp::Pow:
      return run_binary(e, a, b, fn::Pow{});
    case BinaryOp::Maximum:
      return run_binary(e, a, b, fn::Maximum{});
    case BinaryOp::Minimum:
      return run_binary(e, a, b, fn::Minimum{});
  }
  TC_ASSERT(false, "unknown binary op");
}

namespace {

// What each backward reads, as PyTorch saves it: add and sub nothing, pow
// also its result; the rest their two inputs.
std::vector<Tensor> saved_for_backward(BinaryOp op, const Tensor& a, const Tensor& b,
                                       const Tensor& out) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
      return {};
    case BinaryOp::Pow:
      return {a, b, detach(out)};
    default:
      return {a, b};
  }
}

// d/da and d/db of each op, from the basic ops (micrograd style), each
// computed only for an input that wants it. s holds what
// saved_for_backward kept.
std::vector<Tensor> binary_backward(BinaryOp op, const BackwardArgs& args, double alpha) {
  const Tensor& g = args.grad;
  const std::vector<Tensor>& s = args.saved;
  // The gradient for input i, or none when it is not wanted.
  auto wanted = [&](size_t i, auto formula) { return args.needed[i] ? formula() : Tensor(); };
  switch (op) {
    case BinaryOp::Add:
      return {g, wanted(1, [&] { return alpha == 1.0 ? g : mul(g, alpha); })};
    case BinaryOp::Sub:
      return {g, wanted(1, [&] { return mul(g, -alpha); })};
    case BinaryOp::Mul:
      return {wanted(0, [&] { return mul(g, s[1]); }), wanted(1, [&] { return mul(g, s[0]); })};
    case BinaryOp::Div: {
      const Tensor &a = s[0], &b = s[1];
      return {wanted(0, [&] { return div(g, b); }),
              wanted(1, [&] { return mul(g, div(div(unary(UnaryOp::Neg, a), b), b)); })};
    }
    case BinaryOp::Pow: {
      const Tensor &a = s[0], &b = s[1], &out = s[2];
      // d/da = b * a^(b-1); d/db = a^b * log(a), taken as 0 where a == 0 and
      // b >= 0 (PyTorch's pow_backward_exponent).
      return {wanted(0, [&] { return mul(g, mul(b, pow(a, sub(b, 1.0)))); }), wanted(1, [&] {
                const Tensor mask = compare(
                    CompareOp::Gt,
                    mul(compare(CompareOp::Eq, a, 0.0), compare(CompareOp::Ge, b, 0.0)), 0.5);
                return where(mask, 0.0, mul(g, mul(out, unary(UnaryOp::Log, a))));
              })};
    }
    case BinaryOp::Maximum:
    case BinaryOp::Minimum: {
      const Tensor &a = s[0], &b = s[1];
      // PyTorch's derivatives.yaml: ties split the gradient in halves, the
      // loser gets 0, and where a NaN makes every comparison false, both
      // get the whole gradient.
      const bool is_max = op == BinaryOp::Maximum;
      const Tensor half = mul(g, 0.5);
      const Tensor tie = compare(CompareOp::Eq, a, b);
      return {wanted(0,
                     [&] {
                       const Tensor a_loses = compare(is_max ? CompareOp::Lt : CompareOp::Gt, a, b);
                       return where(tie, half, where(a_loses, 0.0, g));
                     }),
              wanted(1, [&] {
                const Tensor b_loses = compare(is_max ? CompareOp::Gt : CompareOp::Lt, a, b);
                return where(tie, half, where(b_loses, 0.0, g));
              })};
    }
  }
  TC_ASSERT(false, "unknown binary op");
}

}  // namespace

Tensor binary(BinaryOp op, const Operand& self, const Operand& other, double alpha) {
  const Tensor a = as_float(self.tensor());
  const Tensor b = as_float(other.tensor());
  ElementwiseSpec spec{op_name(op), {a, b}, {"a", "b"}, {self.is_number(), other.is_number()}};
  const Elementwise e = prepare(spec);
  trace_op(spec, e, run_binary(op, e, a.f32(), b.f32(), static_cast<float>(alpha)));
  Tensor out = e.out;
  if (needs_grad({a, b}))
    attach_grad(
        out, op_name(op), {a, b},
        [op, alpha](const BackwardArgs& args) { return binary_backward(op, args, alpha); },
        saved_for_backward(op, a, b, out));
  // PyTorch's pow overloads: (Tensor, Scalar) 0, (Tensor, Tensor) 1, (Scalar, Tensor) 2.
  if (op == BinaryOp::Pow && self.is_number()) set_grad_fn(out, "PowBackward2");
  else if (op == BinaryOp::Pow && !other.is_number()) set_grad_fn(out, "PowBackward1");
  return out;
}

Tensor add(const Operand& s, const Operand& o, double alpha) {
  return binary(BinaryOp::Add, s, o, alpha);
}
Tensor sub(const Operand& s, const Operand& o, double alpha) {
  return binary(BinaryOp::Sub, s, o, alpha);
}
Tensor mul(const Operand& s, const Operand& o) { return binary(BinaryOp::Mul, s, o); }
Tensor div(const Operand& s, const Operand& o) { return binary(BinaryOp::Div, s, o); }
Tensor pow(const Operand& s, const Operand& o) { return binary(BinaryOp::Pow, s, o); }
Tensor maximum(const Operand& s, const Operand& o) { return binary(BinaryOp::Maximum, s, o); }
Tensor minimum(const Operand& s, const Operand& o) { return binary(BinaryOp::Minimum, s, o); }

}  // namespace tc
