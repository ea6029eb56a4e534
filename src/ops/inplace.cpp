// Note [In-place rules] (the "In-place semantics" of PyTorch's broadcasting
// note, docs/source/notes/broadcasting.rst; the check is TensorIterator's
// compute_shape, the overlap checks aten/src/ATen/MemoryOverlap.cpp)
// x.add_(y) writes into x, so x's shape cannot change: y must broadcast to
// x's shape. x (5,3,4,1) += y (3,1,1) works; x (1,3,1) += y (3,1,7) fails
// with "output with shape [1, 3, 1] doesn't match the broadcast shape
// [3, 3, 7]" (older PyTorch said "The expanded size of the tensor (1) must
// match the existing size (7) at non-singleton dimension 2."). Writing into
// an expanded view (stride 0 on a dim > 1) is refused: one cell would take
// several results. Every check runs before the first write, so a refused
// call leaves x as it was.
//
// Note [In-place dtypes]: x keeps its dtype. TensorIterator computes the
// op's dtype as the out-of-place op would (Note [Type promotion], x taking
// part as an operand), runs the op in it, then converts the result into x:
//  - arithmetic (add_ sub_ mul_ div_ pow_ ...) first checks the conversion
//    is safe (can_cast, enforce_safe_casting_to_output): no float into an
//    integer or bool, no non-bool into bool. int64 x.add_(0.5) is refused
//    with "result type Float can't be cast to the desired output type
//    Long", int32 x.add_(int64 y) is allowed (computed in int64, the low
//    32 bits kept); pow_ with a number exponent is refused in the same
//    cases with another text, "Found dtype Long but expected Float";
//  - comparisons (eq_ ne_ lt_ le_ gt_ ge_) do not check
//    (build_comparison_op casts without enforce_safe_casting): a float32 x
//    gets 1.0 and 0.0, a bool x true and false.
// PyTorch's checks run in this order: autograd's check_inplace (the leaf),
// the op's own (bool subtraction), then overlaps (TensorIterator's
// compute_mem_overlaps: x overlapping itself or an input; a tensor without
// elements never does), then the shapes, then the dtypes.
#include "autograd/node.h"
#include "op_table.h"
#include "ops/internal.h"

namespace tc {

namespace {

// The table's in-place form of an op (Note [The op table]): its name in
// traces and messages. maximum and minimum have none, as in PyTorch.
const OpInfo& inplace_form(OpFamily family, int code) {
  const OpInfo& op = op_info(family, code);
  const OpInfo* form = find_op(op.inplace_form);
  TC_ASSERT(form != nullptr, op.name, " has no in-place form");
  return *form;
}

// Every in-place op: the checks in PyTorch's order, the loop in the
// compute dtype, and the result converted into self when its dtype is
// another (Note [In-place dtypes]). run(e, out) runs the kernel into out
// (self, or a temporary of the result's dtype laid out as self). The
// loop's work (`function_cost`, Note [Work budget]) and the conversion's
// are both charged before either runs, so that a refusal leaves self as
// it was.
template <class Run>
Tensor& run_inplace(const OpInfo& op, Tensor& self, const Operand& other, DType result_dtype,
                    const Promoted& p, double function_cost, Run run,
                    std::optional<Scalar> alpha = std::nullopt) {
  const Tensor &a = p.inputs[0], &b = p.inputs[1];
  ElementwiseSpec spec{op.name.c_str(), {a, b}, {"self", "other"}, {false, other.is_number()},
                       self.dtype(), self};
  spec.alpha = alpha;
  spec.given = p.given;  // overlap is judged on the tensors given, as PyTorch does
  spec.function_cost = function_cost;
  Elementwise e = prepare(spec);
  const bool cast = result_dtype != self.dtype();
  // pow_ with a number exponent is another loop in PyTorch: its meta
  // (Pow.cpp, pow.Tensor_Scalar) builds a unary loop over self.to(common)
  // into self with check_all_same_dtype, so a result of another dtype is
  // refused by that check (int64 x.pow_(2.5): "Found dtype Long but
  // expected Float"), not by canCast.
  TC_CHECK(Type, !(cast && op.family == OpFamily::Binary && op.code == int(BinaryOp::Pow) &&
                   other.is_number()),
           "Found dtype ", dtype_c10_name(self.dtype()), " but expected ",
           dtype_c10_name(result_dtype));
  TC_CHECK(Type, op.family == OpFamily::Compare || can_cast(result_dtype, self.dtype()),
           "result type ", dtype_c10_name(result_dtype), " can't be cast to the desired output type ",
           dtype_c10_name(self.dtype()));
  // PyTorch would record the op (AddBackward0, EqBackward0 ...) and rebase
  // self's history onto it; tensorcast's graph links tensors, not nodes,
  // so it cannot, and says so (README, "Choices").
  TC_CHECK(Autograd, !needs_grad({self, other.tensor()}), op.name,
           ": tensorcast does not record in-place ops for autograd; use the out-of-place ",
           op.base, " on tensors that require grad");
  KernelChoice kernel;
  if (!cast) {
    kernel = run(e, self);
  } else {
    // the conversion: the result read, self written
    const double n = static_cast<double>(self.numel());
    const double each =
        element_cost(dtype_size(result_dtype)) + element_cost(dtype_size(self.dtype()));
    charge_work_units(WorkKind::Elements, 2 * n, n * each);
    PaidWork paid;
    const Tensor result(make_impl(Storage::allocate(self.geometry().storage_extent(), result_dtype,
                                                    &self.sizes()),
                                  self.geometry(), result_dtype));
    const Tensor written = e.out;
    e.out = result;
    kernel = run(e, result);
    e.out = written;
    TracePause quiet;
    copy_into(self, result);
  }
  self.impl().storage->bump_version();
  if (tracing()) spec.promotion = promotion_trace(p, spec.names, self.dtype(), cast);
  trace_op(spec, e, kernel);
  return self;
}

void check_leaf(const Tensor& self) {
  TC_CHECK(Value, self.defined(), "in-place op on an undefined tensor");
  TC_CHECK(Autograd, !(grad_enabled() && self.requires_grad() && self.is_leaf()),
           "a leaf Variable that requires grad is being used in an in-place operation.");
}

}  // namespace

Tensor& binary_(BinaryOp op, Tensor& self, const Operand& other, Scalar alpha) {
  check_leaf(self);
  const OpInfo& info = inplace_form(OpFamily::Binary, int(op));
  check_binary_operands(op, self, other);
  const Promoted p = promote_operands({self, other}, info.dtype_rule);
  const DType dtype = p.promotion.compute;
  const fn::PowExponent pe = pow_exponent_of(op, dtype, self, other);
  const double cost = function_cost(op, dtype, pe);
  return run_inplace(info, self, other, p.promotion.result, p, cost, [&](const Elementwise& e, const Tensor& out) {
    if (info.alpha) check_alpha(dtype, alpha);
    check_kernel_dtype(op, dtype, self, other);
    check_scalar_ranges(op, dtype, self, other, alpha);
    if (self.numel() > 0) check_integer_divisor(op, p.inputs[1]);  // an empty self divides nothing
    return visit_dtype(dtype, [&](auto tag) {
      using T = decltype(tag);
      return run_binary(op, e, out.data<T>(), p.inputs[0].data<T>(), p.inputs[1].data<T>(),
                        alpha.to<T>(), pe);
    });
  }, info.alpha ? std::optional<Scalar>(alpha) : std::nullopt);
}

Tensor& compare_(CompareOp op, Tensor& self, const Operand& other) {
  check_leaf(self);
  const OpInfo& info = inplace_form(OpFamily::Compare, int(op));
  const Promoted p = promote_operands({self, other}, DTypeRule::Bool);
  return run_inplace(info, self, other, DType::Bool, p, 0, [&](const Elementwise& e, const Tensor& out) {
    return visit_dtype(p.promotion.compute, [&](auto tag) {
      using T = decltype(tag);
      return run_compare(op, e, out.b8(), p.inputs[0].data<T>(), p.inputs[1].data<T>());
    });
  });
}

namespace {

// What run_inplace reads of an in-place op that is no entry of the op table
// (the bitwise and logical ops are library entries only, Note [Op
// registry]): its name, its out-of-place op's, and the family whose cast
// rule it follows (Binary: checked as arithmetic; Compare: written in
// self's dtype unchecked, as PyTorch's comparison loops are).
OpInfo outside_table(const char* base, OpFamily family, DTypeRule rule) {
  return {std::string(base) + "_", family, -1, 2, false, true, "", base, rule, false,
          std::string("Tensor.") + base + "_", ""};
}

// x.op_() of a unary op that keeps x's dtype: the leaf and autograd
// checks of run_inplace, then one loop from self into self.
template <class Run>
Tensor& run_unary_inplace(const char* base, Tensor& self, Run run) {
  check_leaf(self);
  const std::string name = std::string(base) + "_";
  TC_CHECK(Autograd, !needs_grad({self}), name,
           ": tensorcast does not record in-place ops for autograd; use the out-of-place ", base,
           " on tensors that require grad");
  const Promoted p = promote_operands({self}, DTypeRule::Same, false);
  ElementwiseSpec spec{name.c_str(), {self}, {"self"}, {false}, self.dtype(), self};
  const Elementwise e = prepare(spec);
  const KernelChoice kernel = visit_dtype(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    return run(e, tag, self.data<T>());
  });
  self.impl().storage->bump_version();
  if (tracing()) spec.promotion = promotion_trace(p, spec.names, self.dtype(), false);
  trace_op(spec, e, kernel);
  return self;
}

}  // namespace

Tensor& bitwise_(BitwiseOp op, Tensor& self, const Operand& other) {
  check_leaf(self);
  const OpInfo info = outside_table(op_name(op), OpFamily::Binary, DTypeRule::Promote);
  const Promoted p = promote_operands({self, other}, DTypeRule::Promote);
  const DType dtype = p.promotion.compute;
  return run_inplace(info, self, other, p.promotion.result, p, 0, [&](const Elementwise& e, const Tensor& out) {
    check_bitwise_dtype(op_name(op), dtype);
    return visit_dtype(dtype, [&](auto tag) {
      using T = decltype(tag);
      return run_bitwise(op, e, out.data<T>(), p.inputs[0].data<T>(), p.inputs[1].data<T>());
    });
  });
}

Tensor& logical_(LogicalOp op, Tensor& self, const Tensor& other) {
  check_leaf(self);
  const OpInfo info = outside_table(op_name(op), OpFamily::Compare, DTypeRule::Bool);
  const Promoted p = promote_operands({self, other}, DTypeRule::Bool);
  return run_inplace(info, self, other, DType::Bool, p, 0, [&](const Elementwise& e, const Tensor& out) {
    return visit_dtype(p.promotion.compute, [&](auto tag) {
      using T = decltype(tag);
      return run_logical(op, e, out.b8(), p.inputs[0].data<T>(), p.inputs[1].data<T>());
    });
  });
}

Tensor& bitwise_not_(Tensor& self) {
  check_leaf(self);
  check_bitwise_dtype("bitwise_not", self.dtype());
  return run_unary_inplace("bitwise_not", self, [](const Elementwise& e, auto tag, auto* data) -> KernelChoice {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>) return run_unary_any(e, data, data, fn::TBitwiseNot<T>{});
    TC_ASSERT(false, "bitwise_not_ of a float dtype: check_bitwise_dtype refuses it");
  });
}

Tensor& logical_not_(Tensor& self) {
  return run_unary_inplace("logical_not", self, [](const Elementwise& e, auto tag, auto* data) {
    using T = decltype(tag);
    return run_unary_any(e, data, data, fn::TLogicalNot<T>{});
  });
}

// Each the out-of-place op written into self (Note [Unary ops in
// place], src/ops/fill.cpp).
Tensor& unary_(UnaryOp op, Tensor& self) {
  const std::string name = std::string(op_name(op)) + "_";
  // square_ is pow_(2), whose loop refuses a bool self by its own check
  // (Note [In-place dtypes]): pow(bool, 2) is int64.
  if (op == UnaryOp::Square && self.defined())
    TC_CHECK(Type, self.dtype() != DType::Bool, "Found dtype Bool but expected Long");
  return assign_result(self, name.c_str(), {}, [op](const Tensor& x) { return unary(op, x); });
}

Tensor& round_(Tensor& self, int64_t decimals) {
  return assign_result(self, "round_", {}, [decimals](const Tensor& x) { return round(x, decimals); });
}

Tensor& clamp_(Tensor& self, const std::optional<Operand>& min, const std::optional<Operand>& max) {
  std::vector<Tensor> bounds;
  for (const auto& bound : {min, max})
    if (bound && !bound->is_number()) bounds.push_back(bound->tensor());
  // Number bounds: an integer or bool self promotes with them (Note
  // [clamp's two forms]); an integer or bool self never requires grad, so
  // this check may come before check_inplace.
  if (bounds.empty() && self.defined() && !is_floating(self.dtype()) && (min || max)) {
    std::vector<Operand> operands{self};
    if (min) operands.push_back(*min);
    if (max) operands.push_back(*max);
    const DType result = promote_operands(operands, DTypeRule::Promote, false).promotion.common;
    // The Scalar overload names self's type by its typeid ("long int").
    TC_CHECK(Type, can_cast(result, self.dtype()), "result type ", dtype_c10_name(result),
             " can't be cast to the desired output type ", dtype_cpp_name(self.dtype()));
  }
  return assign_result(self, "clamp_", bounds, [&](const Tensor& x) {
    // in place the bounds cannot grow self (Note [In-place rules])
    Shape shape = x.sizes();
    for (const Tensor& bound : bounds) shape = infer_size(shape, bound.sizes());
    TC_CHECK(Shape, shape == x.sizes(), "output with shape ", format_shape(x.sizes()),
             " doesn't match the broadcast shape ", format_shape(shape));
    return clamp(x, min, max);
  });
}

}  // namespace tc
