// Inner loops, one per stride pattern of the innermost loop dim (after
// XNNPACK: f32_vadd = both contiguous, f32_vaddc = b constant along the row,
// f32_vraddc = a constant, *_strided = anything else). Unrolled by 8 (two
// 4-lane vectors), then 4, then a scalar tail; tests cover n around each.
// Functors come by value: a copy cannot alias `out`, so a parameter such as
// alpha stays in a register instead of being reloaded after every store.
#pragma once
#include <cstdint>

#include "dtype.h"
#include "for_size.h"
#include "functors.h"
#include "simd.h"

namespace tc::kernels {

template <class Op>
void f32_vbinary(int64_t n, float* out, const float* a, const float* b, Op op) {
  int64_t i = 0;
  if constexpr (Op::kVector) {
    for (; i + 8 <= n; i += 8) {
      const simd::f32x4 r0 = op(simd::load(a + i), simd::load(b + i));
      const simd::f32x4 r1 = op(simd::load(a + i + 4), simd::load(b + i + 4));
      simd::store(out + i, r0);
      simd::store(out + i + 4, r1);
    }
    for (; i + 4 <= n; i += 4) simd::store(out + i, op(simd::load(a + i), simd::load(b + i)));
  }
  TC_SCALAR_LOOP
  for (; i < n; ++i) out[i] = op(a[i], b[i]);
}

template <class Op>
void f32_vbinaryc(int64_t n, float* out, const float* a, float b, Op op) {
  int64_t i = 0;
  if constexpr (Op::kVector) {
    const simd::f32x4 vb = simd::splat(b);
    for (; i + 8 <= n; i += 8) {
      const simd::f32x4 r0 = op(simd::load(a + i), vb);
      const simd::f32x4 r1 = op(simd::load(a + i + 4), vb);
      simd::store(out + i, r0);
      simd::store(out + i + 4, r1);
    }
    for (; i + 4 <= n; i += 4) simd::store(out + i, op(simd::load(a + i), vb));
  }
  TC_SCALAR_LOOP
  for (; i < n; ++i) out[i] = op(a[i], b);
}

template <class Op>
void f32_vrbinaryc(int64_t n, float* out, float a, const float* b, Op op) {
  int64_t i = 0;
  if constexpr (Op::kVector) {
    const simd::f32x4 va = simd::splat(a);
    for (; i + 8 <= n; i += 8) {
      const simd::f32x4 r0 = op(va, simd::load(b + i));
      const simd::f32x4 r1 = op(va, simd::load(b + i + 4));
      simd::store(out + i, r0);
      simd::store(out + i + 4, r1);
    }
    for (; i + 4 <= n; i += 4) simd::store(out + i, op(va, simd::load(b + i)));
  }
  TC_SCALAR_LOOP
  for (; i < n; ++i) out[i] = op(a, b[i]);
}

// Two rows of out at once, where one input is the same row for both (a
// broadcast row, stride 0 across rows): that row is loaded once per two
// rows. With one row per pass the row broadcast [2048, 2048] + [2048] was
// slower than the column broadcast [2048, 2048] + [2048, 1] over the same
// bytes; with two, as fast (bench/notes.md, "Two rows per pass").
// kRepeatedFirst says whether the repeated row r is op's left operand.
template <bool kRepeatedFirst, class Op>
void f32_vbinary_2rows(int64_t n, float* out0, float* out1, const float* x0, const float* x1,
                       const float* r, Op op) {
  auto apply = [&](auto xv, auto rv) { return kRepeatedFirst ? op(rv, xv) : op(xv, rv); };
  int64_t i = 0;
  if constexpr (Op::kVector) {
    for (; i + 8 <= n; i += 8) {
      const simd::f32x4 r0 = simd::load(r + i), r1 = simd::load(r + i + 4);
      const simd::f32x4 p0 = apply(simd::load(x0 + i), r0), p1 = apply(simd::load(x0 + i + 4), r1);
      const simd::f32x4 q0 = apply(simd::load(x1 + i), r0), q1 = apply(simd::load(x1 + i + 4), r1);
      simd::store(out0 + i, p0);
      simd::store(out0 + i + 4, p1);
      simd::store(out1 + i, q0);
      simd::store(out1 + i + 4, q1);
    }
  }
  TC_SCALAR_LOOP
  for (; i < n; ++i) {
    const float rv = r[i];
    out0[i] = apply(x0[i], rv);
    out1[i] = apply(x1[i], rv);
  }
}

// Strided loops step pointers: one add per operand per element, no index
// arithmetic.
template <class Op>
void f32_binary_strided(int64_t n, float* out, int64_t so, const float* a, int64_t sa,
                        const float* b, int64_t sb, Op op) {
  for (int64_t i = 0; i < n; ++i, out += so, a += sa, b += sb) *out = op(*a, *b);
}

// One input transposed against the output ("f32_vadd_t"): on an
// n0 x n1 plane, out and x step by 1 along dim 0 (so0 = sx0 = 1) and by
// so1, sx1 along dim 1; t steps by 1 along dim 1 and by st0 along dim 0.
// Read naively, t would be read across rows, one cache line per element.
// Instead the plane is cut into kTransposeBlock x kTransposeBlock blocks,
// small enough that the block's lines of t, x and out (and their pages)
// stay at hand while it is done; in a block, 4 x 4 tiles of t are loaded
// as rows, transposed in registers and combined with 4-lane columns of x.
// A strip of kTransposeStrip columns of t (a 64-byte line of each row) is
// walked down the block at a time, so each line of t read is used whole
// at once, rather than strips of 4 columns, which come back to every line
// of t four times (bench/notes.md, "Strips of 16 columns").
// x_first says whether x is op's left operand.
constexpr int64_t kTransposeBlock = 256;
constexpr int kTransposeStrip = 16;

namespace detail {

// Columns j .. j+W-1 of t, rows i0 .. i_end-1 of the block.
template <int W, class Op>
void f32_vbinary_t_strip(int64_t i0, int64_t i_end, int64_t j, float* out, int64_t so1,
                         const float* x, int64_t sx1, const float* t, int64_t st0, bool x_first,
                         Op op) {
  // Pointers that step, so that no address is multiplied out per tile.
  const float* tp = t + i0 * st0 + j;
  const float* xp = x + j * sx1 + i0;
  float* op_out = out + j * so1 + i0;
  int64_t i = i0;
  for (; i + 4 <= i_end; i += 4, tp += 4 * st0, xp += 4, op_out += 4) {
    for (int w = 0; w < W; w += 4) {
      simd::f32x4 c0 = simd::load(tp + w), c1 = simd::load(tp + st0 + w);
      simd::f32x4 c2 = simd::load(tp + 2 * st0 + w), c3 = simd::load(tp + 3 * st0 + w);
      simd::transpose4x4(c0, c1, c2, c3);  // c_k: t[i..i+3][j+w+k]
      const float* xw = xp + w * sx1;
      float* ow = op_out + w * so1;
      const simd::f32x4 x0 = simd::load(xw), x1 = simd::load(xw + sx1);
      const simd::f32x4 x2 = simd::load(xw + 2 * sx1), x3 = simd::load(xw + 3 * sx1);
      simd::store(ow, x_first ? op(x0, c0) : op(c0, x0));
      simd::store(ow + so1, x_first ? op(x1, c1) : op(c1, x1));
      simd::store(ow + 2 * so1, x_first ? op(x2, c2) : op(c2, x2));
      simd::store(ow + 3 * so1, x_first ? op(x3, c3) : op(c3, x3));
    }
  }
  for (; i < i_end; ++i)
    for (int64_t k = j; k < j + W; ++k) {
      const float xv = x[k * sx1 + i], tv = t[i * st0 + k];
      out[k * so1 + i] = x_first ? op(xv, tv) : op(tv, xv);
    }
}

}  // namespace detail

template <class Op>
void f32_vbinary_t(int64_t n0, int64_t n1, float* out, int64_t so1, const float* x, int64_t sx1,
                   const float* t, int64_t st0, bool x_first, Op op) {
  for (int64_t j0 = 0; j0 < n1; j0 += kTransposeBlock) {
    const int64_t j_end = n1 - j0 < kTransposeBlock ? n1 : j0 + kTransposeBlock;
    for (int64_t i0 = 0; i0 < n0; i0 += kTransposeBlock) {
      const int64_t i_end = n0 - i0 < kTransposeBlock ? n0 : i0 + kTransposeBlock;
      int64_t j = j0;
      if constexpr (Op::kVector) {
        for (; j + kTransposeStrip <= j_end; j += kTransposeStrip)
          detail::f32_vbinary_t_strip<kTransposeStrip>(i0, i_end, j, out, so1, x, sx1, t, st0, x_first, op);
        for (; j + 4 <= j_end; j += 4)
          detail::f32_vbinary_t_strip<4>(i0, i_end, j, out, so1, x, sx1, t, st0, x_first, op);
      }
      for (; j < j_end; ++j)
        for (int64_t i = i0; i < i_end; ++i) {
          const float xv = x[j * sx1 + i], tv = t[i * st0 + j];
          out[j * so1 + i] = x_first ? op(xv, tv) : op(tv, xv);
        }
    }
  }
}

template <class Op>
void f32_vunary(int64_t n, float* out, const float* a, Op op) {
  int64_t i = 0;
  if constexpr (Op::kVector) {
    for (; i + 8 <= n; i += 8) {
      const simd::f32x4 r0 = op(simd::load(a + i));
      const simd::f32x4 r1 = op(simd::load(a + i + 4));
      simd::store(out + i, r0);
      simd::store(out + i + 4, r1);
    }
    for (; i + 4 <= n; i += 4) simd::store(out + i, op(simd::load(a + i)));
  }
  TC_SCALAR_LOOP
  for (; i < n; ++i) out[i] = op(a[i]);
}

template <class Op>
void f32_unary_strided(int64_t n, float* out, int64_t so, const float* a, int64_t sa,
                       Op op) {
  for (int64_t i = 0; i < n; ++i, out += so, a += sa) *out = op(*a);
}

// --- every dtype: x_ loops over T, the C++ type of the dtype computed in.
// Note [Small dtype loops]: the arithmetic loops below exist once per
// dtype, op and stride pattern (hundreds of copies), so each is compiled
// for size and kept out of line (TC_SMALL_LOOP, Note [Compiled for size]
// in for_size.h): a plain loop, not the vectorised and unrolled one -O3
// would make of it, which was most of the package's download
// (bench/notes.md, "Where the bytes are"). float32 has the hand-written
// loops above and is not affected; the int32 and float64 rows of the bench
// say what the plain loops cost.

template <class T, class Op>
TC_SMALL_LOOP void x_vbinary(int64_t n, T* out, const T* a, const T* b, Op op) {
  for (int64_t i = 0; i < n; ++i) out[i] = op(a[i], b[i]);
}
template <class T, class Op>
TC_SMALL_LOOP void x_vbinaryc(int64_t n, T* out, const T* a, T b, Op op) {
  for (int64_t i = 0; i < n; ++i) out[i] = op(a[i], b);
}
template <class T, class Op>
TC_SMALL_LOOP void x_vrbinaryc(int64_t n, T* out, T a, const T* b, Op op) {
  for (int64_t i = 0; i < n; ++i) out[i] = op(a, b[i]);
}
template <class T, class Op>
TC_SMALL_LOOP void x_binary_strided(int64_t n, T* out, int64_t so, const T* a, int64_t sa, const T* b,
                      int64_t sb, Op op) {
  for (int64_t i = 0; i < n; ++i, out += so, a += sa, b += sb) *out = op(*a, *b);
}
template <class T, class Op>
TC_SMALL_LOOP void x_vunary(int64_t n, T* out, const T* a, Op op) {
  for (int64_t i = 0; i < n; ++i) out[i] = op(a[i]);
}
template <class T, class Op>
TC_SMALL_LOOP void x_unary_strided(int64_t n, T* out, int64_t so, const T* a, int64_t sa, Op op) {
  for (int64_t i = 0; i < n; ++i, out += so, a += sa) *out = op(*a);
}
// Conversion from one dtype's type to another's (Note [Casts], dtype.h).
template <class To, class From>
void x_convert(int64_t n, To* out, int64_t so, const From* a, int64_t sa) {
  if (so == 1 && sa == 1) {
    for (int64_t i = 0; i < n; ++i) out[i] = convert<To>(a[i]);
  } else {
    for (int64_t i = 0; i < n; ++i, out += so, a += sa) *out = convert<To>(*a);
  }
}

// Comparisons of inputs of type T into bool: the contiguous branch is a
// plain loop the compiler vectorises.
template <class T, class Op>
void x_compare(int64_t n, bool* out, int64_t so, const T* a, int64_t sa, const T* b,
               int64_t sb, Op op) {
  if (so == 1 && sa == 1 && sb == 1) {
    for (int64_t i = 0; i < n; ++i) out[i] = op(a[i], b[i]);
  } else {
    for (int64_t i = 0; i < n; ++i, out += so, a += sa, b += sb) *out = op(*a, *b);
  }
}

// where for values of any dtype.
template <class T>
void x_where(int64_t n, T* out, int64_t so, const bool* c, int64_t sc, const T* a, int64_t sa,
             const T* b, int64_t sb) {
  if (so == 1 && sc == 1 && sa == 1 && sb == 1) {
    for (int64_t i = 0; i < n; ++i) out[i] = c[i] ? a[i] : b[i];
  } else {
    for (int64_t i = 0; i < n; ++i, out += so, c += sc, a += sa, b += sb) *out = *c ? *a : *b;
  }
}

// Sums of int64 (every integer and bool sum is one, Note [Integer
// arithmetic]: wrapping): out[i * so] += the n values of a.
template <class T>
void x_sum_strided(int64_t n, T* out, int64_t so, const T* a, int64_t sa) {
  if (so == 0) {
    T acc = 0;
    for (int64_t i = 0; i < n; ++i, a += sa) acc = fn::wrap_add(acc, *a);
    *out = fn::wrap_add(*out, acc);
  } else {
    for (int64_t i = 0; i < n; ++i, out += so, a += sa) *out = fn::wrap_add(*out, *a);
  }
}

}  // namespace tc::kernels
