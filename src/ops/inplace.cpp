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
// op's result dtype as the out-of-place op would, then casts it into x:
//  - arithmetic (add_ sub_ mul_ div_ pow_) checks the cast is safe
//    (enforce_safe_casting_to_output): tensorcast's arithmetic always gives
//    float32 (bool operands are promoted), so a bool x is refused with
//    "result type Float can't be cast to the desired output type Bool";
//  - comparisons (eq_ ne_ lt_ le_ gt_ ge_) do not check
//    (build_comparison_op casts without enforce_safe_casting): a float32 x
//    gets 1.0 and 0.0, a bool x true and false.
// PyTorch's checks run in this order: autograd's check_inplace (the leaf),
// then the shapes, then the dtypes.
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

// The checks every in-place op makes before it writes, in PyTorch's order;
// returns the prepared loop over (self, self as read, other).
Elementwise prepare_inplace(const OpInfo& op, const ElementwiseSpec& spec, const Tensor& self,
                            const Tensor& other) {
  TC_CHECK(Autograd, !(grad_enabled() && self.requires_grad() && self.is_leaf()),
           "a leaf Variable that requires grad is being used in an in-place operation.");
  Elementwise e = prepare(spec);
  TC_CHECK(Type, op.family == OpFamily::Compare || self.dtype() == DType::Float32,
           "result type Float can't be cast to the desired output type Bool");
  // PyTorch would record the op (AddBackward0, EqBackward0 ...) and rebase
  // self's history onto it; tensorcast's graph links tensors, not nodes,
  // so it cannot, and says so (README, "Choices").
  TC_CHECK(Autograd, !needs_grad({self, other}), op.name,
           ": tensorcast does not record in-place ops for autograd; use the out-of-place ",
           op.base, " on tensors that require grad");
  return e;
}

}  // namespace

Tensor& binary_(BinaryOp op, Tensor& self, const Operand& other, double alpha) {
  TC_CHECK(Value, self.defined(), "in-place op on an undefined tensor");
  const OpInfo& info = inplace_form(OpFamily::Binary, int(op));
  const Tensor b = as_float(other.tensor());
  ElementwiseSpec spec{info.name.c_str(), {self, b}, {"self", "other"}, {false, other.is_number()},
                       DType::Float32, self};
  const Elementwise e = prepare_inplace(info, spec, self, b);
  // Operand 1 is self itself: out and a are the same memory.
  const KernelChoice kernel = run_binary(op, e, self.f32(), b.f32(), static_cast<float>(alpha));
  self.impl().storage->bump_version();
  trace_op(spec, e, kernel);
  return self;
}

Tensor& compare_(CompareOp op, Tensor& self, const Operand& other) {
  TC_CHECK(Value, self.defined(), "in-place op on an undefined tensor");
  const OpInfo& info = inplace_form(OpFamily::Compare, int(op));
  // A bool self is read as float32 (a copy, as every comparison reads it)
  // and written as bool.
  const Tensor a = as_float(self);
  const Tensor b = as_float(other.tensor());
  ElementwiseSpec spec{info.name.c_str(), {a, b}, {"self", "other"}, {false, other.is_number()},
                       self.dtype(), self};
  const Elementwise e = prepare_inplace(info, spec, self, b);
  const KernelChoice kernel = self.dtype() == DType::Bool
                                  ? run_compare(op, e, self.b8(), a.f32(), b.f32())
                                  : run_compare(op, e, self.f32(), a.f32(), b.f32());
  self.impl().storage->bump_version();
  trace_op(spec, e, kernel);
  return self;
}

}  // namespace tc
