// The engine's side of an elementwise op: an op (src/ops/) says what to
// compute (a functor of functors.h) over a prepared Elementwise; the engine
// picks the inner kernel for the plan's stride pattern, runs it over every
// row, and returns which one ran (Note [Kernel names]) for the op's trace.
#pragma once
#include <array>

#include "engine/elementwise.h"
#include "engine/functors.h"
#include "engine/kernels.h"
#include "engine/loop.h"
#include "engine/ukernels.h"
#include "error.h"
#include "storage.h"

namespace tc {

namespace detail {

// A binary plan's input k (1 or 2: a or b) apart from the other one, x.
struct Apart {
  int k, x;
  const float* pk;
  const float* px;
};
inline Apart apart(int k, const float* a, const float* b) {
  return {k, 3 - k, k == 1 ? a : b, k == 1 ? b : a};
}

// Note [Broadcast row]: in a Contiguous binary plan where input r (1 or 2)
// is one row repeated across loop dim 1 (repeated_row), rows of out go two
// a pass (f32_vbinary_2rows: the row is loaded once for both) wherever the
// pair's streams are clear of 4K aliasing (Note [4K aliasing]): each row's
// own streams are kept apart by where the output was placed, a pair adds
// three more relations to keep clear. Other pairs, and an odd last row,
// go one a pass.
template <class Op>
void run_repeated_row(const LoopPlan& plan, int r, float* out, const float* a, const float* b,
                      const Op& op) {
  using Off = std::array<int64_t, 3>;
  const Apart in = apart(r, a, b);
  const int x = in.x;
  for_each_plane<3>(plan, [&](int64_t n0, int64_t n1, const Off& o, const Off&, const Off& s1) {
    const float* row = in.pk + o[r];
    auto one = [&](int64_t k) {
      kernels::f32_vbinary(n0, out + o[0] + k * s1[0], a + o[1] + k * s1[1], b + o[2] + k * s1[2],
                           op);
    };
    int64_t j = 0;
    for (; j + 2 <= n1; j += 2) {
      float* o0 = out + o[0] + j * s1[0];
      float* o1 = o0 + s1[0];
      const float* x0 = in.px + o[x] + j * s1[x];
      const float* x1 = x0 + s1[x];
      if (!clear_of_4k_aliasing(o1, x0) || !clear_of_4k_aliasing(o0, x1) ||
          !clear_of_4k_aliasing(o1, row)) {
        one(j);
        one(j + 1);
      } else if (r == 1) {
        kernels::f32_vbinary_2rows<true>(n0, o0, o1, x0, x1, row, op);
      } else {
        kernels::f32_vbinary_2rows<false>(n0, o0, o1, x0, x1, row, op);
      }
    }
    if (j < n1) one(j);
  });
}

// A Strided binary plan where input t (1 or 2) is transposed against the
// output (transposed_operand): the tiled kernel, plane by plane.
template <class Op>
void run_transposed(const LoopPlan& plan, int t, float* out, const float* a, const float* b,
                    const Op& op) {
  using Off = std::array<int64_t, 3>;
  const Apart in = apart(t, a, b);
  const int x = in.x;
  for_each_plane<3>(plan, [&](int64_t n0, int64_t n1, const Off& o, const Off& s0, const Off& s1) {
    kernels::f32_vbinary_t(n0, n1, out + o[0], s1[0], in.px + o[x], s1[x], in.pk + o[t], s0[t],
                           x == 1, op);
  });
}

}  // namespace detail

// out = op(a, b) over e's plan (operand 0 out, 1 a, 2 b). An in-place op
// passes its output as `a`.
// Its own function per op (Note [Compiled on first call], src/for_size.h).
template <class Op>
TC_OWN_FUNCTION KernelChoice run_binary(const Elementwise& e, const float* a, const float* b,
                                        const Op& op) {
  using K = ukernels::Binary<Op>;
  using Off = std::array<int64_t, 3>;
  float* out = e.out.f32();
  switch (inner_pattern(e.plan)) {
    case Pattern::Contiguous:
      if (const int r = repeated_row(e.plan)) {
        detail::run_repeated_row(e.plan, r, out, a, b, op);
        return {K::repeated.name, Pattern::Contiguous, 2};
      }
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off&) {
        kernels::f32_vbinary(n, out + o[0], a + o[1], b + o[2], op);
      });
      return {K::contiguous.name, Pattern::Contiguous};
    case Pattern::ScalarB:
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off&) {
        kernels::f32_vbinaryc(n, out + o[0], a + o[1], b[o[2]], op);
      });
      return {K::scalar_b.name, Pattern::ScalarB};
    case Pattern::ScalarA:
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off&) {
        kernels::f32_vrbinaryc(n, out + o[0], a[o[1]], b + o[2], op);
      });
      return {K::scalar_a.name, Pattern::ScalarA};
    case Pattern::Strided:
      if (const int t = transposed_operand(e.plan)) {
        detail::run_transposed(e.plan, t, out, a, b, op);
        return {K::transposed.name, Pattern::Transposed};
      }
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off& s) {
        kernels::f32_binary_strided(n, out + o[0], s[0], a + o[1], s[1], b + o[2], s[2], op);
      });
      return {K::strided.name, Pattern::Strided};
    case Pattern::Transposed:
      break;
  }
  TC_ASSERT(false, "inner_pattern never says Transposed");
}

// out = op(a) over e's plan (operand 0 out, 1 a).
template <class Op>
KernelChoice run_unary(const Elementwise& e, const float* a, const Op& op) {
  using K = ukernels::Unary<Op>;
  using Off = std::array<int64_t, 2>;
  float* out = e.out.f32();
  const Pattern pattern = inner_pattern(e.plan);
  if (pattern == Pattern::Contiguous) {
    for_each_row<2>(e.plan, [&](int64_t n, const Off& o, const Off&) {
      kernels::f32_vunary(n, out + o[0], a + o[1], op);
    });
    return {K::contiguous.name, pattern};
  }
  for_each_row<2>(e.plan, [&](int64_t n, const Off& o, const Off& s) {
    kernels::f32_unary_strided(n, out + o[0], s[0], a + o[1], s[1], op);
  });
  return {K::strided.name, pattern};
}

// out (bool) = op(a, b) over e's plan; a and b of any dtype's type T. This
// and the loops below walk their rows by pointer (Note [Rows by pointer]).
template <class T, class Op>
KernelChoice run_compare(const Elementwise& e, bool* out, const T* a, const T* b, const Op& op) {
  using K = ukernels::Compare<Op>;
  struct Ctx {
    bool* out;
    const T *a, *b;
    const Op& op;
  } ctx{out, a, b, op};
  for_each_row_with<3>(
      e.plan, ctx, [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
        kernels::x_compare(n, x.out + o[0], s[0], x.a + o[1], s[1], x.b + o[2], s[2], x.op);
      });
  const Pattern pattern = inner_pattern(e.plan);
  return {pattern == Pattern::Contiguous ? K::contiguous.name : K::strided.name, pattern};
}

// out = c ? a : b over e's plan (operand 0 out, 1 c, 2 a, 3 b); T is the
// values' type.
template <class T>
KernelChoice run_where(const Elementwise& e, T* out, const bool* c, const T* a, const T* b) {
  struct Ctx {
    T* out;
    const bool* c;
    const T *a, *b;
  } ctx{out, c, a, b};
  for_each_row_with<4>(e.plan, ctx,
                       [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
                         kernels::x_where(n, x.out + o[0], s[0], x.c + o[1], s[1], x.a + o[2], s[2],
                                          x.b + o[3], s[3]);
                       });
  const Pattern pattern = inner_pattern(e.plan) == Pattern::Contiguous ? Pattern::Contiguous
                                                                        : Pattern::Strided;
  return {ukernels::typed_kernel_name(dtype_of<T>(), "where", pattern, true), pattern};
}

// out = op(a, b) over e's plan for a dtype without hand-written loops (T
// not float): the every-dtype loops of kernels.h.
template <class T, class Op>
KernelChoice run_binary_any(const Elementwise& e, T* out, const T* a, const T* b, const Op& op) {
  struct Ctx {
    T* out;
    const T *a, *b;
    const Op& op;
  } ctx{out, a, b, op};
  RowOf<Ctx> row;
  Pattern pattern = inner_pattern(e.plan);
  switch (pattern) {
    case Pattern::Contiguous:
      row = [](const Ctx& x, int64_t n, const int64_t* o, const int64_t*) {
        kernels::x_vbinary(n, x.out + o[0], x.a + o[1], x.b + o[2], x.op);
      };
      break;
    case Pattern::ScalarB:
      row = [](const Ctx& x, int64_t n, const int64_t* o, const int64_t*) {
        kernels::x_vbinaryc(n, x.out + o[0], x.a + o[1], x.b[o[2]], x.op);
      };
      break;
    case Pattern::ScalarA:
      row = [](const Ctx& x, int64_t n, const int64_t* o, const int64_t*) {
        kernels::x_vrbinaryc(n, x.out + o[0], x.a[o[1]], x.b + o[2], x.op);
      };
      break;
    default:
      pattern = Pattern::Strided;
      row = [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
        kernels::x_binary_strided(n, x.out + o[0], s[0], x.a + o[1], s[1], x.b + o[2], s[2], x.op);
      };
  }
  for_each_row_with<3>(e.plan, ctx, row);
  return {ukernels::typed_kernel_name(dtype_of<T>(), Op::name, pattern, Op::kAutovec), pattern};
}

// out = op(a) over e's plan, for T not float.
template <class T, class Op>
KernelChoice run_unary_any(const Elementwise& e, T* out, const T* a, const Op& op) {
  struct Ctx {
    T* out;
    const T* a;
    const Op& op;
  } ctx{out, a, op};
  const Pattern pattern = inner_pattern(e.plan) == Pattern::Contiguous ? Pattern::Contiguous
                                                                        : Pattern::Strided;
  if (pattern == Pattern::Contiguous) {
    for_each_row_with<2>(e.plan, ctx,
                         [](const Ctx& x, int64_t n, const int64_t* o, const int64_t*) {
                           kernels::x_vunary(n, x.out + o[0], x.a + o[1], x.op);
                         });
  } else {
    for_each_row_with<2>(e.plan, ctx,
                         [](const Ctx& x, int64_t n, const int64_t* o, const int64_t* s) {
                           kernels::x_unary_strided(n, x.out + o[0], s[0], x.a + o[1], s[1], x.op);
                         });
  }
  return {ukernels::typed_kernel_name(dtype_of<T>(), Op::name, pattern, Op::kAutovec), pattern};
}

}  // namespace tc
