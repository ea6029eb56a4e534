// Geometry: how a tensor's logical indices map to its storage.
// Immutable; every view operation returns a new Geometry and never copies
// (after tinygrad's View). Errors are PyTorch's texts.
#pragma once
#include <optional>
#include <string>

#include "shape.h"

namespace tc {

// PyTorch's maybe_wrap_dim: -1 is the last dim; a 0-D tensor accepts 0 and -1.
//   wrap_dim(-1, 3) // returns 2
//   wrap_dim(3, 3)  // throws "Dimension out of range (expected to be in
//                   //         range of [-3, 2], but got 3)"
//   wrap_dim(0, 0, false) // throws "Dimension specified as 0 but tensor has
//                         //         no dimensions" (wrap_scalar false: stride(dim))
int64_t wrap_dim(int64_t dim, int64_t ndim, bool wrap_scalar = true);

class Geometry {
 public:
  // The one factory: checks sizes (check_shape), that there is a stride per
  // size, and that no stride or offset is negative.
  static Geometry make(Shape sizes, Strides strides, int64_t offset);
  static Geometry contiguous(const Shape& sizes);

  const Shape& sizes() const { return sizes_; }
  const Strides& strides() const { return strides_; }
  int64_t offset() const { return offset_; }
  int64_t ndim() const { return static_cast<int64_t>(sizes_.size()); }
  int64_t numel() const { return tc::numel(sizes_); }
  // PyTorch's is_contiguous: strides of size-1 dims do not matter, and a
  // tensor with no elements is contiguous.
  bool is_contiguous() const;
  // Whether two logical indices can reach the same storage cell (a stride 0
  // on a dim of size > 1, e.g. after expand). Writing into such a view is
  // refused (Note [In-place rules]). A conservative test, like PyTorch's;
  // false for a geometry without elements, as in PyTorch.
  bool has_internal_overlap() const;
  // PyTorch's is_non_overlapping_and_dense: the strides are a permutation
  // of a contiguous tensor's (every element once, no gaps); size-1 dims
  // may have any stride.
  bool is_non_overlapping_and_dense() const;
  // One past the largest storage index this geometry reaches (0 if empty).
  int64_t storage_extent() const;

  // Note [expand]: PyTorch's inferExpandGeometry (aten/src/ATen/ExpandUtils.cpp).
  // sizes line up from the right; -1 keeps a size; a size 1 may become
  // anything and gets stride 0; any other size must stay and keeps its
  // stride. A new leading dim gets stride 0 unless its size is 1, when it
  // gets the next dim's size times its stride (as unsqueeze would); a 0-D
  // tensor has no next dim, and every new dim gets stride 0.
  //   {3,1} strides {1,1} expand {2,3,4} // sizes {2,3,4} strides {0,1,0}
  //   {3} strides {1} expand {1,1,3}     // strides {3,3,1}
  //   {} expand {1,1}                    // strides {0,0}
  // tensor_type names the tensor in the rank message, as PyTorch does
  // ("torch.FloatTensor"): geometry has no dtype of its own. A C string:
  // every elementwise op expands its inputs, and a std::string default
  // would be allocated on each call (longer than wasm32 libc++'s 10-char
  // inline buffer) for a message that is almost never built.
  Geometry expand(const Shape& target, const char* tensor_type = "torch.FloatTensor") const;
  Geometry permute(const std::vector<int64_t>& dims) const;
  Geometry transpose(int64_t dim0, int64_t dim1) const;
  Geometry unsqueeze(int64_t dim) const;
  Geometry squeeze() const;  // every size-1 dim
  Geometry squeeze(int64_t dim) const;  // a no-op when that size is not 1
  Geometry narrow(int64_t dim, int64_t start, int64_t length) const;
  // --- indexing (Note [Basic indexing], src/ops/indexing.cpp)
  // PyTorch's select: drops dim, the offset moves to element `index`
  // (negative counts from the end).
  //   {3,4} strides {4,1} select(1, -1) // sizes {3} strides {4} offset 3
  //   {3} select(0, 5) // throws "select(): index 5 out of range for tensor
  //                    //         of size [3] at dimension 0"
  Geometry select(int64_t dim, int64_t index) const;
  // PyTorch's slice (aten's TensorShape.cpp): start and stop clamped into
  // [0, size] after adding size to a negative one, as Python clamps a
  // slice; stop below start gives an empty dim; the stride multiplied by
  // step. nullopt: from the start, to the end. The offset moves to start
  // even when the result is empty, as PyTorch's does.
  //   {10} slice(0, 2, nullopt, 3)  // sizes {3} strides {3} offset 2
  //   {3} slice(0, 5, nullopt, 1)   // sizes {0} strides {1} offset 3
  Geometry slice(int64_t dim, std::optional<int64_t> start, std::optional<int64_t> stop,
                 int64_t step) const;
  // The geometry of view(shape) when the strides allow it (PyTorch's
  // computeStride), else nullopt. Raises for a shape of the wrong size.
  std::optional<Geometry> view(const Shape& shape) const;

 private:
  Geometry(Shape sizes, Strides strides, int64_t offset)
      : sizes_(std::move(sizes)), strides_(std::move(strides)), offset_(offset) {}
  Shape sizes_;
  Strides strides_;
  int64_t offset_;
};

// view()'s -1 inference: one -1 takes what the other sizes leave.
//   infer_view_shape({-1, 2}, 6) // returns {3, 2}
//   infer_view_shape({4, 4}, 6)  // throws "shape '[4, 4]' is invalid for
//                                //         input of size 6"
Shape infer_view_shape(const Shape& shape, int64_t numel);

}  // namespace tc
