// add, sub, mul, div, pow, maximum, minimum: forward, backward and trace
// together. Backward formulas return gradients in the result's shape; the
// autograd engine sums them back to each input's shape (Note [Autograd]).
#include "autograd/node.h"
#include "op_table.h"
#include "ops/internal.h"

namespace tc {

namespace {

// The float32 loops: hand-written 4-lane kernels where the op has them.
KernelChoice run_binary_f32(BinaryOp op, const Elementwise& e, const float* a, const float* b,
                            float alpha, fn::PowExponent pow_exponent) {
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
      if (pow_exponent != fn::PowExponent::Other) return run_binary(e, a, b, fn::PowNumber{pow_exponent});
      return run_binary(e, a, b, fn::Pow{});
    case BinaryOp::Maximum:
      return run_binary(e, a, b, fn::Maximum{});
    case BinaryOp::Minimum:
      return run_binary(e, a, b, fn::Minimum{});
    case BinaryOp::FloorDivide:
      return run_binary(e, a, b, fn::TFloorDivide<float>{});
    case BinaryOp::Remainder:
      return run_binary(e, a, b, fn::TRemainder<float>{});
  }
  TC_ASSERT(false, "unknown binary op");
}

}  // namespace

template <class T>
KernelChoice run_binary(BinaryOp op, const Elementwise& e, T* out, const T* a, const T* b,
                        T alpha, fn::PowExponent pow_exponent) {
  if constexpr (std::is_same_v<T, float>) {
    TC_ASSERT(out == e.out.f32(), "the float32 loops write e.out");
    return run_binary_f32(op, e, a, b, alpha, pow_exponent);
  } else {
    const bool one = alpha == T(1);
    switch (op) {
      case BinaryOp::Add:
        return one ? run_binary_any(e, out, a, b, fn::TAdd<T>{})
                   : run_binary_any(e, out, a, b, fn::TAddAlpha<T>{alpha});
      case BinaryOp::Sub:
        if constexpr (!std::is_same_v<T, bool>)
          return one ? run_binary_any(e, out, a, b, fn::TSub<T>{})
                     : run_binary_any(e, out, a, b, fn::TSubAlpha<T>{alpha});
        break;
      case BinaryOp::Mul:
        return run_binary_any(e, out, a, b, fn::TMul<T>{});
      case BinaryOp::Div:
        if constexpr (std::is_floating_point_v<T>) return run_binary_any(e, out, a, b, fn::TDiv<T>{});
        break;
      case BinaryOp::Pow:
        if constexpr (std::is_floating_point_v<T>)
          if (pow_exponent != fn::PowExponent::Other)
            return run_binary_any(e, out, a, b, fn::TPowNumber<T>{pow_exponent});
        return run_binary_any(e, out, a, b, fn::TPow<T>{});
      case BinaryOp::Maximum:
        return run_binary_any(e, out, a, b, fn::TMaximum<T>{});
      case BinaryOp::Minimum:
        return run_binary_any(e, out, a, b, fn::TMinimum<T>{});
      case BinaryOp::FloorDivide:
        if constexpr (!std::is_same_v<T, bool>) return run_binary_any(e, out, a, b, fn::TFloorDivide<T>{});
        break;
      case BinaryOp::Remainder:
        if constexpr (!std::is_same_v<T, bool>) return run_binary_any(e, out, a, b, fn::TRemainder<T>{});
        break;
    }
    TC_ASSERT(false, op_name(op), " reached a kernel in ", dtype_name(dtype_of<T>()),
              ": its checks should have refused it");
  }
}
template KernelChoice run_binary(BinaryOp, const Elementwise&, bool*, const bool*, const bool*, bool,
                                  fn::PowExponent);
template KernelChoice run_binary(BinaryOp, const Elementwise&, uint8_t*, const uint8_t*, const uint8_t*, uint8_t,
                                  fn::PowExponent);
template KernelChoice run_binary(BinaryOp, const Elementwise&, int32_t*, const int32_t*, const int32_t*, int32_t,
                                  fn::PowExponent);
template KernelChoice run_binary(BinaryOp, const Elementwise&, int64_t*, const int64_t*, const int64_t*, int64_t,
                                  fn::PowExponent);
template KernelChoice run_binary(BinaryOp, const Elementwise&, float*, const float*, const float*, float,
                                  fn::PowExponent);
template KernelChoice run_binary(BinaryOp, const Elementwise&, double*, const double*, const double*, double,
                                  fn::PowExponent);

void check_integer_divisor(BinaryOp op, const Tensor& divisor) {
  if (op != BinaryOp::FloorDivide && op != BinaryOp::Remainder) return;
  if (!is_integral(divisor.dtype())) return;
  bool zero = false;
  visit_dtype(divisor.dtype(), [&](auto tag) {
    using T = decltype(tag);
    for (const T v : divisor.values<T>()) zero |= v == T(0);
  });
  TC_CHECK(Value, !zero, "ZeroDivisionError");
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
std::vector<Tensor> binary_backward(BinaryOp op, const BackwardArgs& args, Scalar alpha) {
  const Tensor& g = args.grad;
  const std::vector<Tensor>& s = args.saved;
  // The gradient for input i, or none when it is not wanted.
  auto wanted = [&](size_t i, auto formula) { return args.needed[i] ? formula() : Tensor(); };
  switch (op) {
    case BinaryOp::Add:
      return {g, wanted(1, [&] { return alpha.to_double() == 1.0 ? g : mul(g, alpha); })};
    case BinaryOp::Sub:
      return {g, wanted(1, [&] { return mul(g, -alpha.to_double()); })};
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
    case BinaryOp::FloorDivide:  // not differentiable: the op table says so
      break;
    case BinaryOp::Remainder:  // a - floor(a / b) * b (derivatives.yaml)
      return {g, wanted(1, [&] { return mul(unary(UnaryOp::Neg, g), floor_divide(s[0], s[1])); })};
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


// PyTorch's checks before an arithmetic op builds its loop (BinaryOps.cpp):
// bool subtraction and integer powers of negative numbers, on the operands
// as given.
void check_binary_operands(BinaryOp op, const Operand& self, const Operand& other) {
  const DType a = self.dtype(), b = other.dtype();
  if (op == BinaryOp::Sub) {
    TC_CHECK(Type, a != DType::Bool || b != DType::Bool,
             "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
             "or `logical_xor()` operator instead.");
    TC_CHECK(Type, a != DType::Bool && b != DType::Bool,
             "Subtraction, the `-` operator, with a bool tensor is not supported. If you are "
             "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  }
  if (op == BinaryOp::Pow && other.is_number() && !self.is_number()) {
    const Scalar& e = other.number();
    TC_CHECK(Value, is_floating(a) || e.kind() == Scalar::Kind::Float || e.to_int() >= 0,
             "Integers to negative integer powers are not allowed.");
  }
}

// PyTorch's alpha_check, against the dtype the op computes in.
void check_alpha(DType dtype, const Scalar& alpha) {
  TC_CHECK(Type, alpha.kind() != Scalar::Kind::Bool || dtype == DType::Bool,
           "Boolean alpha only supported for Boolean results.");
  TC_CHECK(Type, is_floating(dtype) || alpha.kind() != Scalar::Kind::Float,
           "For integral input tensors, argument alpha must not be a floating point number.");
}

namespace {

// The C++ type Scalar's accessors name in the message (AT_FORALL_SCALAR_TYPES:
// uint8_t, int, int64_t, float, double).
const char* accessor_type(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8_t";
    case DType::Int32: return "int";
    case DType::Int64: return "int64_t";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  TC_ASSERT(false, "unknown dtype");
}

}  // namespace

void check_range(DType dtype, const Scalar& s) {
  const bool fits = visit_dtype(dtype, [&](auto tag) { return s.fits<decltype(tag)>(); });
  TC_CHECK(Value, fits, "value cannot be converted to type ", accessor_type(dtype),
           " without overflow");
}

// PyTorch's kernels convert alpha (add's ufunc loop, alpha.to<scalar_t>();
// sub passes -alpha) and pow's number exponent (pow_tensor_scalar_kernel,
// exp_scalar.to<scalar_t>()) to the compute dtype with a range check.
// A number operand is converted without one (TensorIterator's cast).
void check_scalar_ranges(BinaryOp op, DType dtype, const Operand& self, const Operand& other,
                         const Scalar& alpha) {
  // alpha 1 (nearly every call) fits every dtype, and so does -1.
  const bool one = alpha.kind() == Scalar::Kind::Int && alpha.to_int() == 1;
  if (op == BinaryOp::Add && !one) check_range(dtype, alpha);
  if (op == BinaryOp::Sub && !one) {
    const Scalar negated =
        alpha.kind() == Scalar::Kind::Float
            ? Scalar(-alpha.to_double())
            : Scalar(static_cast<int64_t>(uint64_t{0} - static_cast<uint64_t>(alpha.to_int())));
    check_range(dtype, negated);
  }
  if (op == BinaryOp::Pow && other.is_number() && !self.is_number())
    check_range(dtype, other.number());
}

// Units per value, as function_cost(UnaryOp) (measured: float pow 7.2 /
// 15.1 ns in float32 / float64, float // 17.7 ns and % 15.0 ns in
// float32, integer // and % 5.4 ns, integer ** 3.5 ns).
double function_cost(BinaryOp op, DType dtype, fn::PowExponent pow_exponent) {
  const bool floating = is_floating(dtype), f64 = dtype == DType::Float64;
  switch (op) {
    case BinaryOp::Pow:
      if (!floating) return 16;
      return pow_exponent != fn::PowExponent::Other ? 0 : f64 ? 56 : 32;
    case BinaryOp::FloorDivide:
    case BinaryOp::Remainder:
      return floating ? 64 : 24;
    default:
      return 0;
  }
}

fn::PowExponent pow_exponent_of(BinaryOp op, DType dtype, const Operand& self,
                                const Operand& other) {
  if (op != BinaryOp::Pow || !other.is_number() || self.is_number() || !is_floating(dtype))
    return fn::PowExponent::Other;
  return fn::pow_exponent(other.number().to_double());
}

// The checks of a dtype that has no kernel for the op (PyTorch's dispatch
// macros leave bool out of floor_divide, remainder and pow). A bool
// tensor ** True reaches pow's dispatch too: pow_Tensor_Scalar_out
// (Pow.cpp) copies self for an exponent that equals 1, but c10's
// Scalar::equal says a bool never equals a number, so only an int or
// float 1 or 0 takes that path (and those make the result int64 or float).
void check_kernel_dtype(BinaryOp op, DType dtype, const Operand&, const Operand&) {
  if (dtype != DType::Bool) return;
  TC_CHECK(Type, op != BinaryOp::FloorDivide, "\"div_floor_cpu\" not implemented for 'Bool'");
  TC_CHECK(Type, op != BinaryOp::Remainder, "\"remainder_cpu\" not implemented for 'Bool'");
  TC_CHECK(Type, op != BinaryOp::Pow, "\"pow\" not implemented for 'Bool'");
}

namespace {

// The op on a and b, already in the dtype it computes in (`promoted`
// says how they got there, for the trace; null when nothing was
// converted and no trace is recorded).
Tensor run_promoted(BinaryOp op, const OpInfo& info, const Operand& self, const Operand& other,
                    const Tensor& a, const Tensor& b, DType dtype, DType result, Scalar alpha,
                    const Promoted* promoted) {
  ElementwiseSpec spec{op_name(op), {a, b}, {"a", "b"}, {self.is_number(), other.is_number()},
                       result};
  const fn::PowExponent pe = pow_exponent_of(op, dtype, self, other);
  spec.function_cost = function_cost(op, dtype, pe);
  const Elementwise e = prepare(spec);
  if (info.alpha) check_alpha(dtype, alpha);
  check_kernel_dtype(op, dtype, self, other);
  check_scalar_ranges(op, dtype, self, other, alpha);
  if (e.out.numel() > 0) check_integer_divisor(op, b);  // an empty result divides nothing
  KernelChoice kernel = visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    return run_binary(op, e, e.out.data<T>(), a.data<T>(), b.data<T>(), alpha.to<T>(), pe);
  });
  if (promoted != nullptr && tracing()) {
    spec.given = promoted->given;
    spec.promotion = promotion_trace(*promoted, spec.names, result, false);
  }
  if (info.alpha) spec.alpha = alpha;
  trace_op(spec, e, kernel);
  Tensor out = e.out;
  if (info.backward && is_floating(dtype) && needs_grad({a, b}))
    attach_grad(
        out, op_name(op), {a, b},
        [op, alpha](const BackwardArgs& args) { return binary_backward(op, args, alpha); },
        saved_for_backward(op, a, b, out));
  // PyTorch's pow overloads: (Tensor, Scalar) 0, (Tensor, Tensor) 1, (Scalar, Tensor) 2.
  if (op == BinaryOp::Pow && self.is_number()) set_grad_fn(out, "PowBackward2");
  else if (op == BinaryOp::Pow && !other.is_number()) set_grad_fn(out, "PowBackward1");
  return out;
}

}  // namespace

Tensor binary(BinaryOp op, const Operand& self, const Operand& other, Scalar alpha) {
  check_binary_operands(op, self, other);
  const OpInfo& info = op_info(OpFamily::Binary, int(op));
  // Note [Promotion fast path]: two tensors of one dtype that the op's rule
  // keeps convert nothing, and without a trace to write nobody reads how
  // the dtype was decided: promote_operands' bookkeeping (its vectors, a
  // 0-D stand-in per number) would be a fifth of a small op's time
  // (bench/notes.md, "The small op after dtypes").
  if (!tracing() && !self.is_number() && !other.is_number()) {
    const Tensor a = self.tensor(), b = other.tensor();
    const DType d = a.dtype();
    if (b.dtype() == d && (info.dtype_rule == DTypeRule::Promote || is_floating(d)))
      return run_promoted(op, info, self, other, a, b, d, d, alpha, nullptr);
  }
  const Promoted p = promote_operands({self, other}, info.dtype_rule);
  return run_promoted(op, info, self, other, p.inputs[0], p.inputs[1], p.promotion.compute,
                      p.promotion.result, alpha, &p);
}

Tensor add(const Operand& s, const Operand& o, Scalar alpha) {
  return binary(BinaryOp::Add, s, o, alpha);
}
Tensor sub(const Operand& s, const Operand& o, Scalar alpha) {
  return binary(BinaryOp::Sub, s, o, alpha);
}
Tensor mul(const Operand& s, const Operand& o) { return binary(BinaryOp::Mul, s, o); }
Tensor div(const Operand& s, const Operand& o) { return binary(BinaryOp::Div, s, o); }
Tensor pow(const Operand& s, const Operand& o) { return binary(BinaryOp::Pow, s, o); }
Tensor maximum(const Operand& s, const Operand& o) { return binary(BinaryOp::Maximum, s, o); }
Tensor minimum(const Operand& s, const Operand& o) { return binary(BinaryOp::Minimum, s, o); }
Tensor floor_divide(const Operand& s, const Operand& o) { return binary(BinaryOp::FloorDivide, s, o); }
Tensor remainder(const Operand& s, const Operand& o) { return binary(BinaryOp::Remainder, s, o); }

}  // namespace tc
