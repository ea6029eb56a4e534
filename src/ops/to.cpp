// to(dtype): a converted copy (Note [Casts]); forward, backward, trace.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

Tensor to(const Tensor& self, DType dtype) {
  TC_CHECK(Value, self.defined(), "to: an undefined tensor");
  if (self.dtype() == dtype) return self;
  // memory_format=torch.preserve_format: a dense tensor keeps its order
  // of dims in memory (a transposed one stays transposed), anything else
  // (an expanded or sliced view) becomes contiguous.
  const Geometry& g = self.geometry();
  Geometry geometry = g.is_non_overlapping_and_dense()
                          ? Geometry::make(g.sizes(), g.strides(), 0)
                          : Geometry::contiguous(g.sizes());
  auto storage = Storage::allocate(geometry.storage_extent(), dtype, &g.sizes(),
                                   {self.first_element()});
  Tensor out(make_impl(std::move(storage), std::move(geometry), dtype));
  {
    NoGradGuard no_grad;
    TracePause quiet;  // part of the op that asked for it, not a step of its own
    copy_into(out, self);
  }
  if (is_floating(self.dtype()) && is_floating(dtype) && needs_grad({self})) {
    const DType from = self.dtype();
    attach_grad(out, "to", {self}, [from](const BackwardArgs& args) {
      return std::vector<Tensor>{to(args.grad, from)};
    });
    set_grad_fn(out, "ToCopyBackward0");
  }
  return out;
}

}  // namespace tc
