// Runs a LoopPlan: the innermost loop dim goes to an inner kernel, the outer
// dims are walked with a counter that updates each operand's offset by one
// add per step (no index arithmetic per element).
#pragma once
#include <array>

#include "error.h"
#include "plan.h"

namespace tc {

constexpr size_t kMaxOperands = 4;  // output + up to three inputs (where)

// row(n, offsets, inner_strides): n elements of the innermost loop dim, with
// each operand's element offset of the first one and its stride along it.
template <size_t N, class Row>
void for_each_row(const LoopPlan& plan, Row&& row) {
  static_assert(N <= kMaxOperands);
  TC_ASSERT(plan.strides.size() == N && plan.offsets.size() == N);
  std::array<int64_t, N> offset{};
  std::array<int64_t, N> inner{};
  for (size_t k = 0; k < N; ++k) offset[k] = plan.offsets[k];
  const size_t ndim = plan.shape.size();
  if (ndim == 0) {  // a 0-D result: one element
    row(int64_t{1}, offset, inner);
    return;
  }
  for (int64_t s : plan.shape)
    if (s == 0) return;
  for (size_t k = 0; k < N; ++k) inner[k] = plan.strides[k][0];
  const int64_t n = plan.shape[0];
  int64_t counter[kMaxDims] = {};
  for (;;) {
    row(n, offset, inner);
    size_t d = 1;
    for (; d < ndim; ++d) {
      for (size_t k = 0; k < N; ++k) offset[k] += plan.strides[k][d];
      if (++counter[d] < plan.shape[d]) break;
      for (size_t k = 0; k < N; ++k) offset[k] -= plan.shape[d] * plan.strides[k][d];
      counter[d] = 0;
    }
    if (d == ndim) return;
  }
}

}  // namespace tc
