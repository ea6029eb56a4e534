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
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

Tensor& binary_(BinaryOp op, Tensor& self, const Operand& other, double alpha) {
  TC_CHECK(Value, self.defined(), "in-place op on an undefined tensor");
  const Tensor b = as_float(other.tensor());
  TC_CHECK(Type, self.dtype() == DType::Float32,
           "result type Float can't be cast to the desired output type Bool");
  TC_CHECK(Autograd, !(grad_enabled() && self.requires_grad() && self.is_leaf()),
           "a leaf Variable that requires grad is being used in an in-place operation.");
  TC_CHECK(Autograd, !needs_grad({self, b}), op_name(op),
           "_: tensorcast does not record in-place ops for autograd; use the out-of-place ",
           op_name(op), " on tensors that require grad");
  const std::string name = std::string(op_name(op)) + "_";
  ElementwiseSpec spec{name.c_str(), {self, b}, {"self", "other"}, {false, other.is_number()},
                       DType::Float32, self};
  const Elementwise e = prepare(spec);
  // Operand 1 is self itself: out and a are the same memory.
  const KernelChoice kernel = run_binary(op, e, self.f32(), b.f32(), static_cast<float>(alpha));
  self.impl().storage->bump_version();
  trace_op(spec, e, kernel);
  return self;
}

}  // namespace tc
