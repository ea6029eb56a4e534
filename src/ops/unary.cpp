// neg abs exp log sqrt relu (and copy, for materialising views and
// converting dtypes): forward, backward and trace together.
#include "autograd/node.h"
#include "op_table.h"
#include "ops/internal.h"

namespace tc {

namespace {

KernelChoice run_unary_f32(UnaryOp op, const Elementwise& e, const float* a) {
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

// The other dtypes: every-dtype loops. exp, log and sqrt only see floats
// (their rule promotes integers), and bool is refused before (check_unary).
template <class T>
KernelChoice run_unary_typed(UnaryOp op, const Elementwise& e, const T* a) {
  T* out = e.out.data<T>();
  if constexpr (std::is_same_v<T, float>) {
    return run_unary_f32(op, e, a);
  } else if constexpr (!std::is_same_v<T, bool>) {
    switch (op) {
      case UnaryOp::Neg:
        return run_unary_any(e, out, a, fn::TNeg<T>{});
      case UnaryOp::Abs:
        return run_unary_any(e, out, a, fn::TAbs<T>{});
      case UnaryOp::Relu:
        return run_unary_any(e, out, a, fn::TRelu<T>{});
      case UnaryOp::Exp:
      case UnaryOp::Log:
      case UnaryOp::Sqrt:
        if constexpr (std::is_floating_point_v<T>) {
          if (op == UnaryOp::Exp) return run_unary_any(e, out, a, fn::TExp<T>{});
          if (op == UnaryOp::Log) return run_unary_any(e, out, a, fn::TLog<T>{});
          return run_unary_any(e, out, a, fn::TSqrt<T>{});
        }
        break;
    }
  }
  TC_ASSERT(false, op_name(op), " reached a kernel in ", dtype_name(dtype_of<T>()));
}

// PyTorch's refusals of a bool input (UnaryOps.cpp, Activation.cpp; abs
// has no bool kernel on CPU).
void check_unary(UnaryOp op, DType dtype) {
  if (dtype != DType::Bool) return;
  TC_CHECK(Type, op != UnaryOp::Neg,
           "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
           "invert a mask, use the `~` or `logical_not()` operator instead.");
  TC_CHECK(Type, op != UnaryOp::Abs, "\"abs_cpu\" not implemented for 'Bool'");
  TC_CHECK(Type, op != UnaryOp::Relu, "Boolean inputs not supported for relu");
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
    case UnaryOp::Abs: {  // sign(a), with sign(0) = 0 (bools cannot be subtracted)
      const DType d = s[0].dtype();
      return {mul(g, sub(to(compare(CompareOp::Gt, s[0], 0.0), d),
                         to(compare(CompareOp::Lt, s[0], 0.0), d)))};
    }
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
  TC_CHECK(Value, self.defined(), "an undefined tensor was passed as an operand");
  const OpInfo& info = op_info(OpFamily::Unary, int(op));
  check_unary(op, self.dtype());
  const Promoted p = promote_operands({self}, info.dtype_rule);
  const Tensor& a = p.inputs[0];
  ElementwiseSpec spec{op_name(op), {a}, {"a"}, {false}, p.promotion.result};
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = visit_dtype(p.promotion.compute, [&](auto tag) {
    using T = decltype(tag);
    return run_unary_typed<T>(op, e, a.data<T>());
  });
  if (tracing()) {
    spec.given = p.given;
    spec.promotion = promotion_trace(p, spec.names, p.promotion.result, false);
  }
  trace_op(spec, e, kernel);
  Tensor out = e.out;
  if (is_floating(p.promotion.compute) && needs_grad({a}))
    attach_grad(
        out, op_name(op), {a}, [op](const BackwardArgs& args) { return unary_backward(op, args); },
        saved_for_backward(op, a, out));
  return out;
}

void copy_into(const Tensor& dst, const Tensor& src) {
  ElementwiseSpec spec{"copy", {src}, {"a"}, {false}, dst.dtype(), dst};
  const Elementwise e = prepare(spec);
  if (tracing()) {
    const Promoted p = promote_operands({src}, DTypeRule::Same);
    spec.promotion = promotion_trace(p, spec.names, dst.dtype(), src.dtype() != dst.dtype());
  }
  using Off = std::array<int64_t, 2>;
  if (src.dtype() == DType::Float32 && dst.dtype() == DType::Float32) {
    trace_op(spec, e, run_unary(e, src.f32(), fn::Copy{}));
    return;
  }
  const Pattern pattern = inner_pattern(e.plan) == Pattern::Contiguous ? Pattern::Contiguous
                                                                        : Pattern::Strided;
  visit_dtype(dst.dtype(), [&](auto to_tag) {
    using To = decltype(to_tag);
    visit_dtype(src.dtype(), [&](auto from_tag) {
      using From = decltype(from_tag);
      To* out = dst.data<To>();
      const From* a = src.data<From>();
      for_each_row<2>(e.plan, [&](int64_t n, const Off& o, const Off& s) {
        kernels::x_convert(n, out + o[0], s[0], a + o[1], s[1]);
      });
    });
  });
  trace_op(spec, e, {ukernels::typed_kernel_name(dst.dtype(), "copy", pattern, true), pattern});
}

}  // namespace tc
