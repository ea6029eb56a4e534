// The iteration plan of the elementwise engine, after PyTorch's
// TensorIterator (aten/src/ATen/TensorIterator.cpp): expanded strides, dims
// reordered for memory locality, adjacent dims coalesced.
#pragma once
#include <string>
#include <vector>

#include "shape.h"

namespace tc {

// Note [Iteration plan]
// Operand 0 is the output. Every operand's strides are already expanded to
// the common shape (0 on broadcast dims). Loop dims are listed innermost
// first. Worked example, [5,1,4,1] + [3,1,1] -> [5,3,4,1]:
//   expanded strides  out {12,4,1,1}  a {4,0,1,1}  b {0,1,0,1}
//   order {3,2,1,0}: a ranks dim 2 inside dim 0 (1 < 4); every other pair is
//     undecided (a stride 0 abstains), so the natural order stays
//   coalesce: dim 3 has size 1 and merges into dim 2; dims 2 and 1 cannot
//     (a: 4 x 1 != 0), nor 1 and 0 (a: 3 x 0 != 4)
//   loops {4, 3, 5}; strides out {1,4,12} a {1,0,4} b {0,1,0}; the inner
//   loop reads b as one number per row: pattern "scalar-b"
struct LoopPlan {
  Shape shape;                    // loop sizes, innermost first
  std::vector<Strides> strides;   // per operand, per loop dim
  std::vector<int64_t> offsets;   // per operand: storage offset of element 0
  std::vector<int64_t> order;     // original dim at each position, innermost first
  // Coalescing merges neighbours in `order`, so loop dim i holds the
  // original dims order[group_ends[i-1] .. group_ends[i]).
  std::vector<int64_t> group_ends;
  // The original dims merged into each loop dim, for traces.
  std::vector<std::vector<int64_t>> groups() const;
};

// PyTorch's reorder_dimensions: an insertion sort of dims, innermost first,
// by the strides of the operands in `deciding` (in order; the first that
// tells two dims apart wins; a stride 0 abstains; equal strides: the
// smaller dim goes inside).
std::vector<int64_t> iteration_order(const Shape& shape, const std::vector<Strides>& strides,
                                     const std::vector<bool>& deciding);

// Dense strides for a new output laid out in `order` (innermost first), so
// that an op on transposed inputs yields a transposed output, as in PyTorch.
// The natural order gives contiguous_strides(shape).
Strides strides_for_order(const Shape& shape, const std::vector<int64_t>& order);

// Permutes every operand's strides into `order`, then coalesces adjacent
// loop dims where, for every operand, stride[outer] == size[inner] *
// stride[inner] (or either size is 1), as PyTorch's coalesce_dimensions.
LoopPlan make_plan(const Shape& shape, const std::vector<Strides>& strides,
                   const std::vector<int64_t>& offsets, const std::vector<int64_t>& order);

}  // namespace tc
