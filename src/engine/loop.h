// Runs a LoopPlan: the innermost loop dim (or the innermost two, for a
// tiled kernel) goes to a kernel, the outer dims are walked with a counter
// that updates each operand's offset by one add per step (no index
// arithmetic per element). A large plan is split between the pool's
// threads first (Note [Splitting a plan]).
#pragma once
#include <array>
#include <type_traits>

#include "engine/parallel.h"
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

// for_each_row on the calling thread.
template <size_t N, class Row>
void for_each_row_here(const LoopPlan& plan, Row&& row) {
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

// for_each_plane on the calling thread.
template <size_t N, class Tile>
void for_each_plane_here(const LoopPlan& plan, Tile&& tile) {
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

// Note [Splitting a plan]: a plan with parallel::kMinParallelElements
// positions or more, whose output (operand 0) takes a step along every dim
// of size > 1 (so that each position writes an element of its own: not a
// sum into a kept dim), is split along one loop dim into ranges, each run
// as a plan of its own (a copy with that dim narrowed) by a thread of the
// pool (Note [Threads], parallel.h): the outermost dim from `lowest` out
// with 4 positions a thread or more, else dim `lowest` itself. A split of
// the innermost dim cuts rows at multiples of kSplitAlign elements from
// their start, whole cache lines of every dtype, where a kernel's vectors
// and tails fall as on one thread (so exp's vector and scalar paths give
// each element what one thread gives it). Where no split applies, part
// gets the plan itself on the calling thread.
constexpr int64_t kSplitAlign = 64;

inline bool writes_each_once(const LoopPlan& plan) {
  for (size_t d = 0; d < plan.shape.size(); ++d)
    if (plan.shape[d] > 1 && plan.strides[0][d] == 0) return false;
  return true;
}

template <class Part>
void for_each_part(const LoopPlan& plan, size_t lowest, Part&& part) {
  const int threads = parallel::threads();
  const size_t ndim = plan.shape.size();
  if (threads == 1 || ndim <= lowest || plan.strides.empty() || !writes_each_once(plan)) {
    part(plan);
    return;
  }
  size_t dim = lowest;
  for (size_t d = ndim; d-- > lowest;)
    if (plan.shape[d] >= 4 * threads) {
      dim = d;
      break;
    }
  const int64_t align = dim == 0 ? kSplitAlign : 1;
  parallel::parallel_for(plan.shape[dim], align, static_cast<double>(numel(plan.shape)),
                         [&](int64_t begin, int64_t end) {
                           if (begin == 0 && end == plan.shape[dim]) {
                             part(plan);
                             return;
                           }
                           LoopPlan sub = plan;
                           sub.shape[dim] = end - begin;
                           for (size_t k = 0; k < sub.offsets.size(); ++k)
                             sub.offsets[k] += begin * plan.strides[k][dim];
                           part(static_cast<const LoopPlan&>(sub));
                         });
}

// row(n, offsets, inner_strides): n elements of the innermost loop dim, with
// each operand's element offset of the first one and its stride along it.
// A 0-D plan is one row of one element.
template <size_t N, class Row>
void for_each_row(const LoopPlan& plan, Row&& row) {
  for_each_part(plan, 0, [&](const LoopPlan& part) { for_each_row_here<N>(part, row); });
}

// Note [Rows by pointer]: for_each_row inlines the walk over the outer dims
// into each caller, which is right for the float32 kernels (one copy per op
// and pattern) but made hundreds of copies of it for the every-dtype loops
// (one per dtype, op and pattern; bench/notes.md, "Where the bytes are").
// Those take this form instead: the walk is compiled once per operand
// count (loop.cpp), and each row goes to `row` through a pointer, with
// `ctx` passed along (the operands' base pointers and the op). A row is a
// whole innermost loop dim, so the indirect call is paid once per row, not
// per element. Callers write for_each_row_with (below).
using RowFn = void (*)(const void* ctx, int64_t n, const int64_t* offsets, const int64_t* strides);

template <size_t N>
void for_each_row_by(const LoopPlan& plan, RowFn row, const void* ctx);
extern template void for_each_row_by<2>(const LoopPlan&, RowFn, const void*);
extern template void for_each_row_by<3>(const LoopPlan&, RowFn, const void*);
extern template void for_each_row_by<4>(const LoopPlan&, RowFn, const void*);

// The form callers write: `row` reads its operands from `ctx` (a local
// struct of base pointers and the op) and captures nothing, so it is a
// plain function; one trampoline per Ctx type passes it to the walk.
// Ctx is deduced from `ctx` alone (decay_t makes `row` a non-deduced
// context), so a captureless lambda converts to RowOf<Ctx> at the call.
template <class Ctx>
using RowOf = void (*)(const Ctx& ctx, int64_t n, const int64_t* offsets, const int64_t* strides);

template <size_t N, class Ctx>
void for_each_row_with(const LoopPlan& plan, const Ctx& ctx, RowOf<std::decay_t<Ctx>> row) {
  struct Bound {
    const Ctx& ctx;
    RowOf<Ctx> row;
  } bound{ctx, row};
  for_each_row_by<N>(plan, [](const void* b, int64_t n, const int64_t* o, const int64_t* s) {
    const Bound& x = *static_cast<const Bound*>(b);
    x.row(x.ctx, n, o, s);
  }, &bound);
}

// tile(n0, n1, offsets, strides0, strides1): the innermost two loop dims as
// one plane, for kernels that work on 2-D tiles. Needs a plan of 2+ dims.
template <size_t N, class Tile>
void for_each_plane(const LoopPlan& plan, Tile&& tile) {
  for_each_part(plan, 1, [&](const LoopPlan& part) { for_each_plane_here<N>(part, tile); });
}

}  // namespace tc
