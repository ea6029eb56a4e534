// clamp(self, min, max): forward, backward and trace together.
//
// Note [clamp's two forms]: PyTorch has two overloads, as this file does.
//  - number bounds (clamp, TensorCompare.cpp's TORCH_META_FUNC(clamp)): a
//    unary op on self. A float self keeps its dtype; any other promotes
//    with the bounds as numbers (int32 self, min 0.5 -> float32). Both
//    bounds given and either NaN: every element NaN. Node ClampBackward1.
//  - tensor bounds (clamp.Tensor): self, min and max broadcast together and
//    promote to their common dtype, as any elementwise op (the trace's
//    BroadcastTrace covers the two or three shapes, as where's does). Both
//    bounds: clamp_kernel_impl (NaN where a bound is NaN); one bound: the
//    maximum / minimum kernel (NaN anywhere propagates). Node ClampBackward0.
// In both, min > max gives max: min(max(x, min), max).
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

namespace {

const char* const kNoBound = "torch.clamp: At least one of 'min' or 'max' must not be None";

bool is_nan(const Scalar& s) { return s.kind() == Scalar::Kind::Float && std::isnan(s.to_double()); }

// clamp_backward: the gradient where min <= x <= max (a bound not given
// always holds), else 0.
Tensor number_bounds_backward(const Tensor& g, const Tensor& x, const std::optional<Scalar>& lo,
                              const std::optional<Scalar>& hi) {
  Tensor keep;
  if (lo) keep = compare(CompareOp::Ge, x, *lo);
  if (hi) {
    const Tensor le = compare(CompareOp::Le, x, *hi);
    keep = keep.defined() ? mul(keep, le) : le;  // bool * bool: and
  }
  return where(keep, g, 0.0);
}

Tensor clamp_numbers(const Tensor& self, const std::optional<Scalar>& lo,
                     const std::optional<Scalar>& hi) {
  std::vector<Operand> operands{self};
  if (lo) operands.emplace_back(*lo);
  if (hi) operands.emplace_back(*hi);
  // A float self decides alone; otherwise torch.result_type with the bounds.
  const DType dtype = is_floating(self.dtype())
                          ? self.dtype()
                          : promote_operands(operands, DTypeRule::Promote, false).promotion.common;
  Promoted p = promote_operands({self}, DTypeRule::Same, false);
  p.promotion.compute = p.promotion.result = dtype;
  p.inputs = {to(self, dtype)};
  const Tensor& a = p.inputs[0];
  ElementwiseSpec spec{"clamp", {a}, {"a"}, {false}, dtype};
  const bool nan_bound = lo && hi && (is_nan(*lo) || is_nan(*hi));
  if (!nan_bound) {
    // The kernels' names, as AT_DISPATCH_ALL_TYPES refuses bool in them.
    const char* kernel = lo && hi ? "clamp_scalar_cpu" : lo ? "clamp_min_scalar_cpu" : "clamp_max_scalar_cpu";
    TC_CHECK(Type, dtype != DType::Bool, "\"", kernel, "\" not implemented for 'Bool'");
    // min_.to<scalar_t>(): c10's range check.
    if (lo) check_range(dtype, *lo);
    if (hi) check_range(dtype, *hi);
  }
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = visit_dtype(dtype, [&](auto tag) -> KernelChoice {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) {
      TC_ASSERT(false, "clamp of bool is refused above");
    } else {
      // at::fill_(result, NaN): only a float result can have a NaN bound.
      if (nan_bound) {
        if constexpr (std::is_floating_point_v<T>) {
          const T nan = std::numeric_limits<T>::quiet_NaN();
          return run_unary_any(e, e.out.data<T>(), a.data<T>(),
                               fn::TClamp<T>{true, true, nan, nan, true});
        }
        TC_ASSERT(false, "a NaN bound makes a float result");
      }
      const fn::TClamp<T> op{bool(lo), bool(hi), lo ? lo->to<T>() : T(0), hi ? hi->to<T>() : T(0)};
      return run_unary_any(e, e.out.data<T>(), a.data<T>(), op);
    }
  });
  if (tracing()) {
    spec.given = {self};
    spec.promotion = promotion_trace(p, spec.names, dtype, false);
  }
  trace_op(spec, e, kernel);
  Tensor out = e.out;
  if (is_floating(dtype) && needs_grad({a})) {
    attach_grad(
        out, "clamp", {a},
        [lo, hi](const BackwardArgs& args) {
          return std::vector<Tensor>{number_bounds_backward(args.grad, args.saved[0], lo, hi)};
        },
        {a});
    set_grad_fn(out, "ClampBackward1");  // clamp(Scalar? min, Scalar? max)
  }
  return out;
}

// out = clamp over a three- (both bounds) or two-operand plan.
template <class T>
KernelChoice run_clamp(const Elementwise& e, const std::vector<Tensor>& in, bool has_lo,
                       bool has_hi) {
  T* out = e.out.data<T>();
  const T* a = in[0].data<T>();
  const Pattern pattern = inner_pattern(e.plan) == Pattern::Contiguous ? Pattern::Contiguous
                                                                        : Pattern::Strided;
  // Rows by pointer (Note [Rows by pointer], engine/loop.h).
  if (has_lo && has_hi) {
    struct Ctx {
      T* out;
      const T *a, *lo, *hi;
    } ctx{out, a, in[1].data<T>(), in[2].data<T>()};
    for_each_row_with<4>(
        e.plan, ctx, [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
          for (int64_t i = 0; i < n; ++i)
            x.out[o[0] + i * s[0]] = fn::clamp_tensor(x.a[o[1] + i * s[1]], x.lo[o[2] + i * s[2]],
                                                      x.hi[o[3] + i * s[3]]);
        });
    return {ukernels::typed_kernel_name(dtype_of<T>(), "clamp", pattern, true), pattern};
  }
  struct Ctx {
    T* out;
    const T *a, *b;
  } ctx{out, a, in[1].data<T>()};
  // One bound: maximum_stub or minimum_stub, as PyTorch's clamp.Tensor runs.
  const auto one_bound = [](auto f) -> RowOf<Ctx> {
    return [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
      for (int64_t i = 0; i < n; ++i)
        x.out[o[0] + i * s[0]] = decltype(f){}(x.a[o[1] + i * s[1]], x.b[o[2] + i * s[2]]);
    };
  };
  for_each_row_with<3>(e.plan, ctx,
                       has_lo ? one_bound(fn::TMaximum<T>{}) : one_bound(fn::TMinimum<T>{}));
  return {ukernels::typed_kernel_name(dtype_of<T>(), has_lo ? "clamp_min" : "clamp_max", pattern,
                                      true),
          pattern};
}

// clamp_backward_min_max: self gets the gradient where min <= x <= max;
// min where x < min < max; max where x > max or max < min (min > max
// gives max, so max is the one chosen). With one bound: self where
// x >= min (x <= max), the bound elsewhere.
std::vector<Tensor> tensor_bounds_backward(const BackwardArgs& args, bool has_lo, bool has_hi) {
  const Tensor& g = args.grad;
  const Tensor& x = args.saved[0];
  std::vector<Tensor> grads(3);
  if (has_lo && has_hi) {
    const Tensor &lo = args.saved[1], &hi = args.saved[2];
    if (args.needed[0])
      grads[0] = where(mul(compare(CompareOp::Ge, x, lo), compare(CompareOp::Le, x, hi)), g, 0.0);
    if (args.needed[1])
      grads[1] = where(mul(compare(CompareOp::Lt, x, lo), compare(CompareOp::Lt, lo, hi)), g, 0.0);
    if (args.needed[2])  // bool + bool: or
      grads[2] = where(add(compare(CompareOp::Gt, x, hi), compare(CompareOp::Lt, hi, lo)), g, 0.0);
  } else if (has_lo) {
    const Tensor& lo = args.saved[1];
    if (args.needed[0]) grads[0] = where(compare(CompareOp::Ge, x, lo), g, 0.0);
    if (args.needed[1]) grads[1] = where(compare(CompareOp::Lt, x, lo), g, 0.0);
  } else {
    const Tensor& hi = args.saved[1];
    if (args.needed[0]) grads[0] = where(compare(CompareOp::Le, x, hi), g, 0.0);
    if (args.needed[2]) grads[2] = where(compare(CompareOp::Gt, x, hi), g, 0.0);
  }
  return grads;
}

Tensor clamp_tensors(const Tensor& self, const std::optional<Operand>& lo,
                     const std::optional<Operand>& hi) {
  std::vector<Operand> operands{self};
  std::vector<std::string> names{"a"};
  if (lo) operands.push_back(*lo), names.push_back("min");
  if (hi) operands.push_back(*hi), names.push_back("max");
  const Promoted p = promote_operands(operands, DTypeRule::Promote);
  const DType dtype = p.promotion.compute;
  TC_CHECK(Type, !(lo && hi && dtype == DType::Bool), "\"clamp_cpu\" not implemented for 'Bool'");
  std::vector<bool> numbers = p.is_number;
  numbers[0] = false;
  ElementwiseSpec spec{"clamp", p.inputs, names, numbers, dtype};
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = visit_dtype(dtype, [&](auto tag) {
    return run_clamp<decltype(tag)>(e, p.inputs, bool(lo), bool(hi));
  });
  if (tracing()) {
    spec.given = p.given;
    spec.promotion = promotion_trace(p, names, dtype, false);
  }
  trace_op(spec, e, kernel);
  Tensor out = e.out;
  if (is_floating(dtype) && needs_grad(p.inputs)) {
    // Inputs in the node's order (self, min, max), an absent bound undefined.
    const Tensor none;
    const Tensor& min_t = lo ? p.inputs[1] : none;
    const Tensor& max_t = hi ? p.inputs[lo ? 2 : 1] : none;
    const bool has_lo = bool(lo), has_hi = bool(hi);
    attach_grad(
        out, "clamp", {p.inputs[0], min_t, max_t},
        [has_lo, has_hi](const BackwardArgs& args) {
          return tensor_bounds_backward(args, has_lo, has_hi);
        },
        p.inputs);
    set_grad_fn(out, "ClampBackward0");  // clamp.Tensor(Tensor? min, Tensor? max)
  }
  return out;
}

}  // namespace

Tensor clamp(const Tensor& self, const std::optional<Operand>& min,
             const std::optional<Operand>& max) {
  TC_CHECK(Value, self.defined(), "an undefined tensor was passed as an operand");
  TC_CHECK(Value, min || max, kNoBound);
  const bool tensors = (min && !min->is_number()) || (max && !max->is_number());
  if (tensors) return clamp_tensors(self, min, max);
  return clamp_numbers(self, min ? std::optional<Scalar>(min->number()) : std::nullopt,
                       max ? std::optional<Scalar>(max->number()) : std::nullopt);
}

}  // namespace tc
