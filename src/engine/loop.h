// Runs a LoopPlan: the innermost loop dim (or the innermost two, for a
// tiled kernel) goes to a kernel, the outer dims are walked with a counter
// that updates each operand's offset by one add per step (no index
// arithmetic per element).
#pragma once
#include <array>

#include "error.h"
#include "plan.h"

namespace tc {

constexpr size_t kMaxOperands = 4;  // output + up to three inputs (where)

template <size_t N>
using Offsets = std::array<int64_t, N>;

// body(offsets) once per position of the loop dims from `inner` outwards,
// with each operand's element offset there. Nothing runs when a dim is 0.
template <size_t N, class Body>
void for_each_outer(const LoopPlan& plan, size_t inner, Body&& body) {
  static_assert(N <= kMaxOperands);
  TC_ASSERT(plan.strides.size() == N && plan.offsets.size() == N);
  for (int64_t s : plan.shape)
    if (s == 0) return;
  Offsets<N> offset{};
  for (size_t k = 0; k < N; ++k) offset[k] = plan.offsets[k];
  const size_t ndim = plan.shape.size();
  int64_t counter[kMaxDims] = {};
  for (;;) {
    body(static_cast<const Offsets<N>&>(offset));
    size_t d = inner;
    for (; d < ndim; ++d) {
      for (size_t k = 0; k < N; ++k) offset[k] += plan.strides[k][d];
      if (++counter[d] < plan.shape[d]) break;
      for (size_t k = 0; k < N; ++k) offset[k] -= plan.shape[d] * plan.strides[k][d];
      counter[d] = 0;
    }
    if (d >= ndim) return;
  }
}

// row(n, offsets, inner_strides): n elements of the innermost loop dim, with
// each operand's element offset of the first one and its stride along it.
// A 0-D plan is one row of one element.
template <size_t N, class Row>
void for_each_row(const LoopPlan& plan, Row&& row) {
  if (plan.shape.empty()) {
    Offsets<N> offset{}, inner{};
    for (size_t k = 0; k < N; ++k) offset[k] = plan.offsets[k];
    row(int64_t{1}, static_cast<const Offsets<N>&>(offset), static_cast<const Offsets<N>&>(inner));
    return;
  }
  Offsets<N> inner{};
  for (size_t k = 0; k < N; ++k) inner[k] = plan.strides[k][0];
  const int64_t n = plan.shape[0];
  for_each_outer<N>(plan, 1, [&](const Offsets<N>& offset) {
    row(n, offset, static_cast<const Offsets<N>&>(inner));
  });
}

// tile(n0, n1, offsets, strides0, strides1): the innermost two loop dims as
// one plane, for kernels that work on 2-D tiles. Needs a plan of 2+ dims.
template <size_t N, class Tile>
void for_each_plane(const LoopPlan& plan, Tile&& tile) {
  TC_ASSERT(plan.shape.size() >= 2);
  Offsets<N> s0{}, s1{};
  for (size_t k = 0; k < N; ++k) {
    s0[k] = plan.strides[k][0];
    s1[k] = plan.strides[k][1];
  }
  const int64_t n0 = plan.shape[0], n1 = plan.shape[1];
  for_each_outer<N>(plan, 2, [&](const Offsets<N>& offset) {
    tile(n0, n1, offset, static_cast<const Offsets<N>&>(s0), static_cast<const Offsets<N>&>(s1));
  });
}

}  // namespace tc
