// A 4 x f32 vector over what the target has: wasm SIMD (-msimd128), SSE2
// (every x86-64), or a plain struct that compilers may still vectorise.
// Only the operations the kernels need; NaN behaviour follows PyTorch.
#pragma once

// For the scalar tails of the 4-lane kernels (under 8 elements) and the
// loops of ops without a 4-lane form (they call libm): clang's vectoriser
// would add a vector loop and runtime alias checks to each, only size.
#if defined(__clang__)
#define TC_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define TC_SCALAR_LOOP
#endif
#include <cmath>
#include <cstdint>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define TC_ISA "wasmsimd"
#elif defined(__SSE2__)
#include <emmintrin.h>
#define TC_ISA "sse2"
#else
#define TC_ISA "scalar"
#endif

namespace tc::simd {

#if defined(__wasm_simd128__)
using f32x4 = v128_t;
inline f32x4 load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, f32x4 v) { wasm_v128_store(p, v); }
inline f32x4 splat(float x) { return wasm_f32x4_splat(x); }
inline f32x4 add(f32x4 a, f32x4 b) { return wasm_f32x4_add(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return wasm_f32x4_sub(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return wasm_f32x4_mul(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return wasm_f32x4_div(a, b); }
// Note [maximum of signed zeros]: PyTorch's scalar maximum is std::max(a, b)
// after its NaN test, which keeps a on a tie: maximum(-0., 0.) is -0. and
// maximum(0., -0.) is 0. (minimum likewise with std::min). That is what
// PyTorch answers for a strided tensor and for a contiguous run shorter than
// its vector body; inside that body (16 float32 or 8 float64 at a time
// with AVX2) _mm256_max_ps answers b on a tie, a split tensorcast does not
// copy: it keeps a everywhere. wasm's f32x4.max would answer +0 for both,
// so the lanes use pmax (a < b ? b : a, a on a tie) and take b where b is
// NaN (pmax keeps a NaN a already).
inline f32x4 max(f32x4 a, f32x4 b) {
  return wasm_v128_bitselect(b, wasm_f32x4_pmax(a, b), wasm_f32x4_ne(b, b));
}
inline f32x4 min(f32x4 a, f32x4 b) {
  return wasm_v128_bitselect(b, wasm_f32x4_pmin(a, b), wasm_f32x4_ne(b, b));
}
// a < lo ? lo : a per lane (PyTorch's vec::clamp_min, _mm256_max_ps(min, a)):
// a NaN or a -0.0 in a is kept.
inline f32x4 clamp_min(f32x4 a, f32x4 lo) { return wasm_f32x4_pmax(a, lo); }
inline f32x4 neg(f32x4 a) { return wasm_f32x4_neg(a); }
inline f32x4 abs(f32x4 a) { return wasm_f32x4_abs(a); }
inline f32x4 sqrt(f32x4 a) { return wasm_f32x4_sqrt(a); }
// Bitwise or: a one-cycle way to make a value depend on a load.
inline f32x4 bit_or(f32x4 a, f32x4 b) { return wasm_v128_or(a, b); }
inline float hsum(f32x4 v) {
  return (wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) +
         (wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
}
inline void transpose4x4(f32x4& r0, f32x4& r1, f32x4& r2, f32x4& r3) {
  const f32x4 t0 = wasm_i32x4_shuffle(r0, r1, 0, 4, 1, 5);
  const f32x4 t1 = wasm_i32x4_shuffle(r0, r1, 2, 6, 3, 7);
  const f32x4 t2 = wasm_i32x4_shuffle(r2, r3, 0, 4, 1, 5);
  const f32x4 t3 = wasm_i32x4_shuffle(r2, r3, 2, 6, 3, 7);
  r0 = wasm_i32x4_shuffle(t0, t2, 0, 1, 4, 5);
  r1 = wasm_i32x4_shuffle(t0, t2, 2, 3, 6, 7);
  r2 = wasm_i32x4_shuffle(t1, t3, 0, 1, 4, 5);
  r3 = wasm_i32x4_shuffle(t1, t3, 2, 3, 6, 7);
}
#elif defined(__SSE2__)
using f32x4 = __m128;
inline f32x4 load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, f32x4 v) { _mm_storeu_ps(p, v); }
inline f32x4 splat(float x) { return _mm_set1_ps(x); }
inline f32x4 add(f32x4 a, f32x4 b) { return _mm_add_ps(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return _mm_sub_ps(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return _mm_mul_ps(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return _mm_div_ps(a, b); }
// maxps returns its second operand when either is NaN; PyTorch propagates
// NaN, so NaN lanes are patched with a + b (NaN when either is).
inline f32x4 nan_patch(f32x4 r, f32x4 a, f32x4 b) {
  const f32x4 nan = _mm_cmpunord_ps(a, b);
  return _mm_or_ps(_mm_andnot_ps(nan, r), _mm_and_ps(nan, _mm_add_ps(a, b)));
}
// maxps answers its second operand on a tie of zeros: operands swapped so
// that a wins, as in Note [maximum of signed zeros].
inline f32x4 max(f32x4 a, f32x4 b) { return nan_patch(_mm_max_ps(b, a), a, b); }
inline f32x4 min(f32x4 a, f32x4 b) { return nan_patch(_mm_min_ps(b, a), a, b); }
// maxps(lo, a) is lo > a ? lo : a: a wins ties and NaN, as in PyTorch.
inline f32x4 clamp_min(f32x4 a, f32x4 lo) { return _mm_max_ps(lo, a); }
inline f32x4 neg(f32x4 a) { return _mm_xor_ps(a, _mm_set1_ps(-0.0f)); }
inline f32x4 abs(f32x4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
inline f32x4 sqrt(f32x4 a) { return _mm_sqrt_ps(a); }
inline f32x4 bit_or(f32x4 a, f32x4 b) { return _mm_or_ps(a, b); }
inline float hsum(f32x4 v) {
  alignas(16) float l[4];
  _mm_store_ps(l, v);
  return (l[0] + l[1]) + (l[2] + l[3]);
}
inline void transpose4x4(f32x4& r0, f32x4& r1, f32x4& r2, f32x4& r3) {
  _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
}
#else
struct f32x4 {
  float v[4];
};
template <typename F>
inline f32x4 map2(f32x4 a, f32x4 b, F f) {
  return {{f(a.v[0], b.v[0]), f(a.v[1], b.v[1]), f(a.v[2], b.v[2]), f(a.v[3], b.v[3])}};
}
inline f32x4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void store(float* p, f32x4 v) { for (int i = 0; i < 4; ++i) p[i] = v.v[i]; }
inline f32x4 splat(float x) { return {{x, x, x, x}}; }
inline f32x4 add(f32x4 a, f32x4 b) { return map2(a, b, [](float x, float y) { return x + y; }); }
inline f32x4 sub(f32x4 a, f32x4 b) { return map2(a, b, [](float x, float y) { return x - y; }); }
inline f32x4 mul(f32x4 a, f32x4 b) { return map2(a, b, [](float x, float y) { return x * y; }); }
inline f32x4 div(f32x4 a, f32x4 b) { return map2(a, b, [](float x, float y) { return x / y; }); }
inline f32x4 max(f32x4 a, f32x4 b) {
  return map2(a, b, [](float x, float y) { return x != x || y != y ? x + y : (x < y ? y : x); });
}
inline f32x4 min(f32x4 a, f32x4 b) {
  return map2(a, b, [](float x, float y) { return x != x || y != y ? x + y : (y < x ? y : x); });
}
inline f32x4 clamp_min(f32x4 a, f32x4 lo) {
  return map2(a, lo, [](float x, float y) { return x < y ? y : x; });
}
inline f32x4 neg(f32x4 a) { return {{-a.v[0], -a.v[1], -a.v[2], -a.v[3]}}; }
inline f32x4 abs(f32x4 a) {
  return {{std::fabs(a.v[0]), std::fabs(a.v[1]), std::fabs(a.v[2]), std::fabs(a.v[3])}};
}
inline f32x4 sqrt(f32x4 a) {
  return {{std::sqrt(a.v[0]), std::sqrt(a.v[1]), std::sqrt(a.v[2]), std::sqrt(a.v[3])}};
}
inline float hsum(f32x4 v) { return (v.v[0] + v.v[1]) + (v.v[2] + v.v[3]); }
inline f32x4 bit_or(f32x4 a, f32x4 b) { return max(a, b); }  // any cheap op serves here
inline void transpose4x4(f32x4& r0, f32x4& r1, f32x4& r2, f32x4& r3) {
  f32x4* r[4] = {&r0, &r1, &r2, &r3};
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) {
      const float x = r[i]->v[j];
      r[i]->v[j] = r[j]->v[i];
      r[j]->v[i] = x;
    }
}
#endif

// Scalar twins with the same NaN rules, for loop tails and strided loops.
// (std::max and std::min: a on a tie, Note [maximum of signed zeros]).
inline float max(float a, float b) { return a != a || b != b ? a + b : (a < b ? b : a); }
inline float min(float a, float b) { return a != a || b != b ? a + b : (b < a ? b : a); }

}  // namespace tc::simd
