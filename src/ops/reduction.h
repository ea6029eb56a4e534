// What every reduction over dims shares (sum in reduce.cpp; mean, amax,
// max, prod, var, ... in reduce_dims.cpp; softmax.cpp; cumulative.cpp): which dims it
// reduces and the shapes that follow, PyTorch's make_dim_mask and
// shape_from_dim_mask (aten/src/ATen/native/ReduceOpsUtils.h), and the
// trace such an op records. Not part of the API.
#pragma once
#include <type_traits>
#include <vector>

#include "work.h"

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

// Note [Reductions through strides]
// Every reduction reads its input where it lies, through its strides: no
// contiguous copy, so an expanded input costs what its distinct numbers
// cost. A dim the input repeats (stride 0 and size > 1, as expand makes)
// is never looped:
// - a kept one gives equal results all along it: the rows are computed
//   once without it (RowsPlan::compact_keep) and then spread along it into
//   the result (spread_rows);
// - a reduced one shows a row the same numbers at every step along it, so
//   the row is looped without it and RowLoop::repeat says how many times
//   each number it reads really occurs. What a reduction makes of that is
//   written where it does it: max, min, amax, amin, all and any ignore it
//   (they are idempotent); argmax, argmin and max/min(dim) name the first
//   place, index 0 along it; sum and mean multiply (Note [Summing a
//   repeated dim]); var multiplies its sum of squares, logsumexp its sum
//   of exponentials, softmax the sum of its row; prod raises integers to a
//   power and runs floats to a fixed point (Note [A product over a repeated
//   dim], reduce_dims.cpp).
// A row is read in the row-major order of the reduced dims, as the
// row-major positions argmax names count it. Work (Note [Work budget]) is
// charged for what is looped, before the loop starts: the elements the
// rows read (once each, though var and softmax pass over a row two or
// three times) and those the result holds.
//   x = expand(tensor([1, 5, 2]), {2^32, 3}); amax(x, {0, 1})
//   // dim 0 repeats: one row of 3 elements, repeat 2^32, work 3 + 1

// Whether t repeats dim d: stride 0 and more than one element along it.
inline bool repeats(const Tensor& t, int64_t d) {
  return t.strides()[static_cast<size_t>(d)] == 0 && t.sizes()[static_cast<size_t>(d)] > 1;
}

// The loop over one row: its looped dims, outermost first (size-1 and
// repeated dims left out, neighbours merged where strides and places
// allow), the input's stride along each, and each one's step in the place
// along the row (row-major over every reduced dim, repeated ones too).
struct RowLoop {
  Shape sizes;
  Strides strides;
  Strides steps;
  int64_t looped = 1;  // elements read per row
  int64_t repeat = 1;  // how many times each occurs in the row: the repeated dims' sizes multiplied
};

// The rows a reduction of `a` over r's dims reads (Note [Reductions
// through strides]): row k (row-major over compact_keep) starts at storage
// index `offset` plus its kept indices times out_strides.
struct RowsPlan {
  RowLoop row;
  Shape out_sizes;  // the kept dims of size > 1 that do not repeat, outermost first
  Strides out_strides;
  int64_t offset = 0;
  Shape compact_keep;  // r.keep_shape with 1 at every kept dim that repeats
  int64_t rows = 0;    // numel(compact_keep)
  std::vector<int64_t> repeated_dims;  // the reduced dims that repeat, ascending
  bool spread = false;                 // some kept dim repeats
};
RowsPlan plan_rows(const Tensor& a, const ReducedShape& r);

// Charges a reduction's loop before it runs: every element its rows read
// and one number per row for each of its `outputs` (values, indices).
// Filling the results and spreading rows over a repeated kept dim
// (spread_rows) are copies, and charge as copies do (Note [Work budget]).
void charge_rows(const RowsPlan& p, int outputs = 1);

// Where the rows' results go: `out` itself (contiguous, of r.out_shape),
// or a fresh compact tensor when some kept dim repeats; spread_rows then
// copies those along the repeated dims into out.
Tensor rows_target(const Tensor& out, const RowsPlan& p);
void spread_rows(const Tensor& target, const Tensor& out, const ReducedShape& r);

// t (detached) with each dim it repeats narrowed to size 1, among the dims
// where `which` is true (every dim when empty): a view of the distinct
// numbers, with t's element 0.
Tensor compact(const Tensor& t, const std::vector<bool>& which = {});

// to(t, dtype) without writing a repeated dim out: the compact numbers
// converted, then expanded back to t's shape (stride 0 where t repeats).
// No autograd: the reductions that convert differentiate only floats, which they do not convert.
Tensor to_keeping_repeats(const Tensor& t, DType dtype);

// Calls visit(start) for the indices [begin, end) of `sizes` in row-major
// order (end at most their count), with the storage index that `strides`
// give each from `offset`.
template <class Visit>
void for_each_start_in(const Shape& sizes, const Strides& strides, int64_t offset, int64_t begin,
                       int64_t end, Visit&& visit) {
  if (begin >= end) return;
  const size_t nd = sizes.size();
  int64_t counter[kMaxDims] = {};
  int64_t start = offset;
  int64_t rest = begin;  // 64 bits: a walk may pass 2^32 indices where size_t has 32
  for (size_t d = nd; d-- > 0;) {
    counter[d] = rest % sizes[d];
    start += counter[d] * strides[d];
    rest /= sizes[d];
  }
  for (int64_t k = begin;;) {
    visit(start);
    if (++k == end) return;
    for (size_t d = nd; d-- > 0;) {
      start += strides[d];
      if (++counter[d] < sizes[d]) break;
      start -= sizes[d] * strides[d];
      counter[d] = 0;
    }
  }
}

// Calls visit(start) for every index of `sizes` in row-major order, with
// the storage index that `strides` give it from `offset`; nothing when a
// size is 0.
template <class Visit>
void for_each_start(const Shape& sizes, const Strides& strides, int64_t offset, Visit&& visit) {
  for_each_start_in(sizes, strides, offset, 0, numel(sizes), visit);
}

// Calls visit(k, start) for each row k of p in order, with the storage
// index of the row's first element.
template <class Visit>
void for_each_row_start(const RowsPlan& p, Visit&& visit) {
  if (p.rows == 0) return;
  int64_t k = 0;
  for_each_start(p.out_sizes, p.out_strides, p.offset, [&](int64_t start) { visit(k++, start); });
}

// Calls run(offset, n, stride, place, step) for each run of a row in
// order (n elements along its innermost looped dim, the first at storage
// index offset and row place `place`, the next `stride` and `step`
// further), from storage index `start`; stops when run returns false. A
// row with no looped dim is one run of one element; a row with a dim of
// size 0 has none.
template <class Run>
void for_each_run(const RowLoop& row, int64_t start, Run&& run) {
  const size_t nd = row.sizes.size();
  if (nd == 0) {
    run(start, int64_t{1}, int64_t{0}, int64_t{0}, int64_t{0});
    return;
  }
  if (row.looped == 0) return;
  const size_t inner = nd - 1;
  int64_t counter[kMaxDims] = {};
  int64_t offset = start, place = 0;
  for (;;) {
    if (!run(offset, row.sizes[inner], row.strides[inner], place, row.steps[inner])) return;
    size_t d = inner;
    for (; d-- > 0;) {
      offset += row.strides[d];
      place += row.steps[d];
      if (++counter[d] < row.sizes[d]) break;
      offset -= row.sizes[d] * row.strides[d];
      place -= row.sizes[d] * row.steps[d];
      counter[d] = 0;
    }
    if (d == static_cast<size_t>(-1)) return;
  }
}

// f(step): step is the constant 1 when stride is 1, so that a run of
// adjacent elements compiles to the loop a contiguous row would, else
// stride itself.
template <class F>
decltype(auto) with_stride(int64_t stride, F&& f) {
  if (stride == 1) return f(std::integral_constant<int64_t, 1>{});
  return f(stride);
}

// The address of t's element 0 (data<T>() is its storage's start).
template <class T>
T* first_element(const Tensor& t) {
  return t.data<T>() + t.offset();
}

// Note [Lines along a dim]
// The ops that run along one dim and keep the shape (softmax and
// log_softmax, cumsum and cumprod) see a tensor as outer x size x inner,
// dim in the middle: a line is the `size` elements along dim at one place
// of the other dims. They read the input through its strides and write a
// contiguous result, where line k (row-major over the other dims) starts
// at line_start(k), its elements `inner` apart.
//   dim_lines({2, 3, 4}, 1)   // outer 2, size 3, inner 4; line 5 starts at 13
struct DimLines {
  int64_t outer = 1, size = 1, inner = 1;
  int64_t lines() const { return outer * inner; }
  int64_t line_start(int64_t k) const { return (k / inner) * size * inner + k % inner; }
};
DimLines dim_lines(const Shape& sizes, int64_t dim);

// logsumexp over the last dim of c, a float32 tensor with elements,
// into out (contiguous, one element per row): Note [logsumexp rows],
// softmax.cpp. False, doing nothing, for other tensors.
bool logsumexp_lastdim_f32(const Tensor& c, const Tensor& out);

// Calls visit(k, start) for each line k in [begin, end) of t along dim w
// (a 0-D t has one line of one element), with the storage index of its
// first element.
template <class Visit>
void for_each_line(const Tensor& t, int64_t w, int64_t begin, int64_t end, Visit&& visit) {
  Shape others;
  Strides others_strides;
  for (int64_t d = 0; d < t.ndim(); ++d)
    if (d != w) {
      others.push_back(t.sizes()[static_cast<size_t>(d)]);
      others_strides.push_back(t.strides()[static_cast<size_t>(d)]);
    }
  int64_t k = begin;
  for_each_start_in(others, others_strides, t.offset(), begin, end,
                    [&](int64_t start) { visit(k++, start); });
}
template <class Visit>
void for_each_line(const Tensor& t, int64_t w, Visit&& visit) {
  for_each_line(t, w, 0, dim_lines(t.sizes(), w).lines(), visit);
}

// Records a reduction's OpTrace, if a TraceScope is active: `in` the
// input as given, `out` the result (keepdim or not), the loop as
// rows x row length (Note [Reductions as rows], reduce_dims.cpp), the dtype
// rule and the kernel's name.
void trace_reduction(const char* op, const Tensor& in, const Tensor& out, const ReducedShape& r,
                     DTypeRule rule, DType compute, const char* kernel, const char* pattern);

}  // namespace tc
