// Shapes and PyTorch's broadcast-shape inference.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tc {

using Shape = std::vector<int64_t>;
using Strides = std::vector<int64_t>;  // in elements, never bytes

// The most dimensions a tensor may have (docs/limits.md). PyTorch's own
// iterator stops at 25; 16 is ample for teaching and keeps plans small.
constexpr int kMaxDims = 16;

// Checks that sizes are >= 0, at most kMaxDims of them, and that their
// product fits in int64. Raises PyTorch's texts otherwise.
void check_shape(const Shape& sizes);

// Product of sizes; 1 for a 0-D shape. Precondition: check_shape passed.
int64_t numel(const Shape& sizes);

// PyTorch's contiguous strides: the innermost is 1 and each outer stride is
// the product of the sizes inside it, where a size 0 counts as 1.
//   contiguous_strides({2, 3, 4}) // returns {12, 4, 1}
//   contiguous_strides({2, 0, 3}) // returns {3, 3, 1}
Strides contiguous_strides(const Shape& sizes);

// "[5, 3, 4, 1]", as PyTorch prints sizes in messages.
std::string format_shape(const Shape& sizes);

// Note [Broadcasting: infer_size]
// Shapes line up from the right; a missing leading dim counts as 1. At each
// result dim the sizes must be equal or one of them 1, and a 1 yields to the
// other size (even to 0: (0,) with (1,) gives (0,)). A 0-D shape broadcasts
// with anything. For more than two shapes PyTorch folds left, so an error
// names the shape accumulated so far as "tensor a" and the next as "b", and
// counts the dim from the left of the result:
//   infer_size({5, 1, 4, 1}, {3, 1, 1})   // returns {5, 3, 4, 1}
//   infer_size({5, 2, 4, 1}, {3, 1, 1})   // throws "The size of tensor a (2)
//       must match the size of tensor b (3) at non-singleton dimension 1"
Shape infer_size(const Shape& a, const Shape& b);
// Any number of shapes, each and the result checked by check_shape.
//   broadcast_shapes({})                      // returns {} (0-D)
//   broadcast_shapes({{3, 1}, {1, 4}, {5}})   // throws "The size of tensor a (4)
//       must match the size of tensor b (5) at non-singleton dimension 1"
Shape broadcast_shapes(const std::vector<Shape>& shapes);
// torch.broadcast_shapes (the Python function the package's broadcastShapes
// mirrors): the same result, but shapes that do not broadcast raise its own
// text first, then infer_size's sentence naming the dim:
//   torch_broadcast_shapes({{2, 3}, {4}})  // throws "Shape mismatch: objects cannot be
//       broadcast to a single shape. The size of tensor a (3) must match the size of
//       tensor b (4) at non-singleton dimension 1"
Shape torch_broadcast_shapes(const std::vector<Shape>& shapes);

}  // namespace tc
