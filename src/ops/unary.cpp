// neg abs exp log sqrt relu, the unary ops (sigmoid tanh sin
// cos sign floor ceil round log1p expm1 square rsqrt reciprocal), and copy
// (for materialising views and converting dtypes): forward, backward and
// trace together.
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
    default:
      break;
  }
  TC_ASSERT(false, "unknown unary op");
}

// The unary ops, in every dtype they reach: floating types for most
// (their rule promotes integers to float32), any non-bool type for sign,
// floor, ceil and round (integers: a copy). The float32
// loops are the every-dtype ones too (scalar functors, named by
// typed_kernel_name: f32_vsigmoid__scalar_u1, f32_vfloor__autovec).
template <class T>
KernelChoice run_issue13_unary(UnaryOp op, const Elementwise& e, T* out, const T* a) {
  if (op == UnaryOp::Sign) return run_unary_any(e, out, a, fn::TSign<T>{});
  // floor, ceil and round of an integer: a copy, traced under the op's name.
  if (op == UnaryOp::Floor) return run_unary_any(e, out, a, fn::TFloor<T>{});
  if (op == UnaryOp::Ceil) return run_unary_any(e, out, a, fn::TCeil<T>{});
  if (op == UnaryOp::Round) return run_unary_any(e, out, a, fn::TRound<T>{});
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case UnaryOp::Sigmoid: return run_unary_any(e, out, a, fn::TSigmoid<T>{});
      case UnaryOp::Tanh: return run_unary_any(e, out, a, fn::TTanh<T>{});
      case UnaryOp::Sin: return run_unary_any(e, out, a, fn::TSin<T>{});
      case UnaryOp::Cos: return run_unary_any(e, out, a, fn::TCos<T>{});
      case UnaryOp::Log1p: return run_unary_any(e, out, a, fn::TLog1p<T>{});
      case UnaryOp::Expm1: return run_unary_any(e, out, a, fn::TExpm1<T>{});
      case UnaryOp::Rsqrt: return run_unary_any(e, out, a, fn::TRsqrt<T>{});
      case UnaryOp::Reciprocal: return run_unary_any(e, out, a, fn::TReciprocal<T>{});
      default: break;
    }
  }
  TC_ASSERT(false, op_name(op), " reached a kernel in ", dtype_name(dtype_of<T>()));
}

// The other dtypes: every-dtype loops. exp, log and sqrt only see floats
// (their rule promotes integers), and bool is refused before (check_unary).
template <class T>
KernelChoice run_unary_typed(UnaryOp op, const Elementwise& e, const T* a) {
  T* out = e.out.data<T>();
  if constexpr (std::is_same_v<T, float>) {
    if (int(op) > int(UnaryOp::Relu)) return run_issue13_unary<T>(op, e, out, a);
    return run_unary_f32(op, e, a);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (op == UnaryOp::Sign) return run_unary_any(e, out, a, fn::TSign<bool>{});
  } else {
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
      default:
        return run_issue13_unary<T>(op, e, out, a);
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
  // floor, ceil and round run vml's kernels (IMPLEMENT_FLOAT_KERNEL, whose
  // dispatch name is <op>_vml_cpu); sign of bool is the identity.
  TC_CHECK(Type, op != UnaryOp::Floor && op != UnaryOp::Ceil && op != UnaryOp::Round, "\"",
           op_name(op), "_vml_cpu\" not implemented for 'Bool'");
}

// torch.square is at::pow(self, 2): pow's dtypes (bool -> int64), values
// and node (PowBackward0). Its trace is pow's, named square (the op the
// user called), so that explain.op('square') finds it.
Tensor square(const Tensor& self) {
  if (!tracing()) return pow(self, Scalar(int64_t{2}));
  std::vector<TraceEvent> events;
  Tensor out;
  {
    TraceScope inner;
    out = pow(self, Scalar(int64_t{2}));
    events = inner.events();
  }
  for (TraceEvent& event : events) {
    if (auto* op = std::get_if<OpTrace>(&event)) op->op = "square";
    record(std::move(event));
  }
  return out;
}

// What each backward reads, as PyTorch saves it: the input (abs, log),
// the result (exp, sqrt, relu), or nothing (neg), as derivatives.yaml
// says for each.
std::vector<Tensor> saved_for_backward(UnaryOp op, const Tensor& a, const Tensor& out) {
  switch (op) {
    case UnaryOp::Neg:
    case UnaryOp::Sign:
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
      return {};
    case UnaryOp::Abs:
    case UnaryOp::Log:
    case UnaryOp::Sin:
    case UnaryOp::Cos:
    case UnaryOp::Log1p:
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
    case UnaryOp::Sigmoid:  // sigmoid_backward: g * (1 - y) * y
      return {mul(mul(g, sub(1.0, s[0])), s[0])};
    case UnaryOp::Tanh:  // tanh_backward: g * (1 - y * y)
      return {mul(g, sub(1.0, mul(s[0], s[0])))};
    case UnaryOp::Sin:
      return {mul(g, unary(UnaryOp::Cos, s[0]))};
    case UnaryOp::Cos:
      return {mul(g, unary(UnaryOp::Neg, unary(UnaryOp::Sin, s[0])))};
    case UnaryOp::Sign:  // zeros_like(grad): piecewise constant
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
      return {Tensor::zeros(g.sizes(), g.dtype())};
    case UnaryOp::Log1p:  // log1p_backward: g / (x + 1)
      return {div(g, add(s[0], 1.0))};
    case UnaryOp::Expm1:  // g * (y + 1)
      return {mul(g, add(s[0], 1.0))};
    case UnaryOp::Rsqrt:  // -0.5 * g * y^3
      return {mul(mul(-0.5, g), pow(s[0], 3.0))};
    case UnaryOp::Reciprocal:  // -g * y * y
      return {mul(unary(UnaryOp::Neg, g), mul(s[0], s[0]))};
    case UnaryOp::Square:
      break;  // square is pow(x, 2): PowBackward0
  }
  TC_ASSERT(false, "unknown unary op");
}

}  // namespace

// Units per value in float32 and float64: about a third of the ns each
// took in wasm (bench/work-budget.js, docs/limits.md), in multiples of 8.
double function_cost(UnaryOp op, DType dtype) {
  const bool f64 = dtype == DType::Float64;
  switch (op) {
    case UnaryOp::Exp: return f64 ? 24 : 16;      // 4.2 / 3.5 ns
    case UnaryOp::Log: return f64 ? 32 : 16;      // 6.4-8.3 / 4.0 ns
    case UnaryOp::Sigmoid: return 16;             // 4.7 / 3.2 ns
    case UnaryOp::Log1p: return f64 ? 48 : 32;    // 12.1 / 7.7 ns
    case UnaryOp::Expm1: return f64 ? 56 : 48;    // 14.6 / 12.6 ns
    case UnaryOp::Sin:
    case UnaryOp::Cos: return f64 ? 48 : 32;      // 11.8 / 8.4 ns
    case UnaryOp::Tanh: return f64 ? 64 : 56;     // 18.7 / 15.3 ns
    default: return 0;
  }
}

Tensor unary(UnaryOp op, const Tensor& self) {
  TC_CHECK(Value, self.defined(), "an undefined tensor was passed as an operand");
  if (op == UnaryOp::Square) return square(self);
  const OpInfo& info = op_info(OpFamily::Unary, int(op));
  check_unary(op, self.dtype());
  const Promoted p = promote_operands({self}, info.dtype_rule);
  const Tensor& a = p.inputs[0];
  ElementwiseSpec spec{op_name(op), {a}, {"a"}, {false}, p.promotion.result};
  spec.function_cost = function_cost(op, p.promotion.compute);
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
  if (op == UnaryOp::Log1p) set_grad_fn(out, "Log1PBackward0");  // PyTorch's spelling
  return out;
}

Tensor round(const Tensor& self, int64_t decimals) {
  TC_CHECK(Value, self.defined(), "an undefined tensor was passed as an operand");
  // round.decimals has no shortcut for integers (round_decimals_out): with
  // decimals 0 it runs round's own kernel, which has none either.
  if (decimals == 0 || !is_floating(self.dtype()))
    TC_CHECK(Type, is_floating(self.dtype()), "\"", decimals == 0 ? "round_vml_cpu" : "round_cpu",
             "\" not implemented for '", dtype_c10_name(self.dtype()), "'");
  const Promoted p = promote_operands({self}, DTypeRule::Same);
  const Tensor& a = p.inputs[0];
  ElementwiseSpec spec{"round", {a}, {"a"}, {false}, p.promotion.result};
  const Elementwise e = prepare(spec);
  const bool negative = decimals < 0;
  // std::pow(10, |decimals|) in double, then in the dtype, as PyTorch's
  // static_cast<opmath_t>(std::pow(10, decimals)).
  const double ten_pow = std::pow(10.0, static_cast<double>(negative ? -decimals : decimals));
  const KernelChoice kernel = visit_dtype(p.promotion.compute, [&](auto tag) -> KernelChoice {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      if (decimals == 0) return run_unary_any(e, e.out.data<T>(), a.data<T>(), fn::TRound<T>{});
      return run_unary_any(e, e.out.data<T>(), a.data<T>(),
                           fn::TRoundDecimals<T>{negative, static_cast<T>(ten_pow)});
    }
    TC_ASSERT(false, "round reached a kernel in ", dtype_name(dtype_of<T>()));
  });
  if (tracing()) {
    spec.given = p.given;
    spec.promotion = promotion_trace(p, spec.names, p.promotion.result, false);
  }
  trace_op(spec, e, kernel);
  Tensor out = e.out;
  if (needs_grad({a})) {
    attach_grad(out, "round", {a}, [](const BackwardArgs& args) {
      return std::vector<Tensor>{Tensor::zeros(args.grad.sizes(), args.grad.dtype())};
    });
    set_grad_fn(out, "RoundBackward1");  // round.decimals: PyTorch's second overload
  }
  return out;
}

void copy_into(const Tensor& dst, const Tensor& src) {
  ElementwiseSpec spec{"copy", {src}, {"a"}, {false}, dst.dtype(), dst};
  const Elementwise e = prepare(spec);
  if (tracing()) {
    const Promoted p = promote_operands({src}, DTypeRule::Same);
    spec.promotion = promotion_trace(p, spec.names, dst.dtype(), src.dtype() != dst.dtype());
  }
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
      struct Ctx {
        To* out;
        const From* a;
      } ctx{dst.data<To>(), src.data<From>()};
      for_each_row_with<2>(e.plan, ctx,
                           [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
                             kernels::x_convert(n, x.out + o[0], s[0], x.a + o[1], s[1]);
                           });
    });
  });
  trace_op(spec, e, {ukernels::typed_kernel_name(dst.dtype(), "copy", pattern, true), pattern});
}

}  // namespace tc
