// exp(x) for x <= 0 on 4 float lanes, for softmax's exp(x - max), after
// XNNPACK's f32-raddstoreexpminusmax (rr2_p5): x = n ln2 + t with n an
// integer (rounded by adding a magic number whose low bits then hold
// n + 127: shifted into the exponent field they are 2^n), t reduced with
// ln2 split in two parts, and exp(t) a degree-5 polynomial. Within 2 ulp
// of exp on [-87.3, 0]; 0 below (where exp is subnormal or 0, as
// exp(-inf) is); NaN stays NaN. A scalar twin does the same arithmetic,
// so a value does not depend on whether it fell in a tail.
#pragma once
#include <cstdint>
#include <cstring>

#include "engine/simd.h"

namespace tc::vexp {

inline constexpr float kMagicBias = 0x1.8000FEp23f;
inline constexpr float kLog2e = 0x1.715476p+0f;
inline constexpr float kMinusLn2Hi = -0x1.62E400p-1f;
inline constexpr float kMinusLn2Lo = -0x1.7F7D1Cp-20f;
inline constexpr float kC5 = 0x1.0F9F9Cp-7f, kC4 = 0x1.573A1Ap-5f, kC3 = 0x1.555A80p-3f,
                       kC2 = 0x1.FFFDC6p-2f, kC1 = 0x1.FFFFF6p-1f;
inline constexpr float kCutoff = -0x1.5D589Ep6f;  // below: the result is 0

inline float exp_nonpositive(float x) {
  float n = x * kLog2e + kMagicBias;
  uint32_t bits;
  std::memcpy(&bits, &n, 4);
  bits <<= 23;
  float s;
  std::memcpy(&s, &bits, 4);
  n -= kMagicBias;
  float t = n * kMinusLn2Hi + x;
  t = n * kMinusLn2Lo + t;
  float p = kC5 * t + kC4;
  p = p * t + kC3;
  p = p * t + kC2;
  p = p * t + kC1;
  t *= s;
  const float f = t * p + s;
  return x < kCutoff ? 0.0f : f;
}

// The constants as vectors, for a loop to hold: read through volatile so
// that the compiler cannot fold them back into the loop, where V8 would
// rebuild each v128.const at every use (20% of the loop's time, measured
// under Node 20). Made once per row.
struct Constants {
  simd::f32x4 magic, log2e, ln2_hi, ln2_lo, c5, c4, c3, c2, c1, cutoff;
};
inline Constants constants() {
  volatile float v[10] = {kMagicBias, kLog2e, kMinusLn2Hi, kMinusLn2Lo, kC5,
                          kC4,        kC3,    kC2,         kC1,         kCutoff};
  using simd::splat;
  return {splat(v[0]), splat(v[1]), splat(v[2]), splat(v[3]), splat(v[4]),
          splat(v[5]), splat(v[6]), splat(v[7]), splat(v[8]), splat(v[9])};
}

#if defined(__wasm_simd128__) || defined(__SSE2__)
inline simd::f32x4 exp_nonpositive(simd::f32x4 x, const Constants& k) {
  using namespace simd;
  f32x4 n = add(mul(x, k.log2e), k.magic);
#if defined(__wasm_simd128__)
  const f32x4 s = wasm_i32x4_shl(n, 23);
#else
  const f32x4 s = _mm_castsi128_ps(_mm_slli_epi32(_mm_castps_si128(n), 23));
#endif
  n = sub(n, k.magic);
  f32x4 t = add(mul(n, k.ln2_hi), x);
  t = add(mul(n, k.ln2_lo), t);
  f32x4 p = add(mul(k.c5, t), k.c4);
  p = add(mul(p, t), k.c3);
  p = add(mul(p, t), k.c2);
  p = add(mul(p, t), k.c1);
  t = mul(t, s);
  const f32x4 f = add(mul(t, p), s);
#if defined(__wasm_simd128__)
  return wasm_v128_andnot(f, wasm_f32x4_lt(x, k.cutoff));
#else
  return _mm_andnot_ps(_mm_cmplt_ps(x, k.cutoff), f);
#endif
}
#else
inline simd::f32x4 exp_nonpositive(simd::f32x4 x, const Constants&) {
  return {{exp_nonpositive(x.v[0]), exp_nonpositive(x.v[1]), exp_nonpositive(x.v[2]),
           exp_nonpositive(x.v[3])}};
}
#endif

}  // namespace tc::vexp
