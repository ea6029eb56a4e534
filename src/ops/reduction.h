// What every reduction over dims shares (sum in reduce.cpp; mean, amax,
// max, prod, var, ... in reduce_dims.cpp; softmax.cpp): which dims it
// reduces and the shapes that follow, PyTorch's make_dim_mask and
// shape_from_dim_mask (aten/src/ATen/native/ReduceOpsUtils.h), and the
// trace such an op records. Not part of the API.
#pragma once
#include <vector>

#include "ops/internal.h"
#include "trace.h"

namespace tc {

// Note [Reduced shape]
// dims are wrapped as maybe_wrap_dim does (a 0-D tensor takes 0 and -1)
// and may not repeat; an empty list reduces every dim (PyTorch: dim=[] is
// dim=None). keep_shape has 1 at every reduced dim; out_shape is keep_shape
// with keepdim, else the input's shape without the reduced dims. count is
// the number of elements reduced into each output element.
//   reduced_shape({2, 3, 4}, {-1, 0}, false)
//   // dims {0, 2}, keep_shape [1, 3, 1], out_shape [3], count 8
struct ReducedShape {
  std::vector<int64_t> dims;  // wrapped, ascending; every dim when none were named
  std::vector<bool> reduced;  // per input dim
  Shape keep_shape;
  Shape out_shape;
  int64_t count = 1;
  bool keepdim = false;
};
ReducedShape reduced_shape(const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim);

// The sum of self over r's dims, in sum's dtype (integers and bool widen
// to int64), with no autograd node: recorded in the trace as op `op` (sum,
// or mean before its division). reduce.cpp.
Tensor sum_reduction(const Tensor& self, const ReducedShape& r, const char* op);

// The address of t's element 0 (data<T>() is its storage's start).
template <class T>
T* first_element(const Tensor& t) {
  return t.data<T>() + t.offset();
}

// Records a reduction's OpTrace, if a TraceScope is active: `in` the
// input as given, `out` the result (keepdim or not), the loop as
// rows x row length (Note [Reductions as rows], reduce_dims.cpp), the dtype
// rule and the kernel's name.
void trace_reduction(const char* op, const Tensor& in, const Tensor& out, const ReducedShape& r,
                     DTypeRule rule, DType compute, const char* kernel, const char* pattern);

}  // namespace tc
