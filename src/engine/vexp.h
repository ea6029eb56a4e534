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

#if defined(__wasm_simd128__)
inline simd::f32x4 exp_nonpositive(simd::f32x4 x) {
  using namespace simd;
  f32x4 n = add(mul(x, splat(kLog2e)), splat(kMagicBias));
  const f32x4 s = wasm_i32x4_shl(n, 23);
  n = sub(n, splat(kMagicBias));
  f32x4 t = add(mul(n, splat(kMinusLn2Hi)), x);
  t = add(mul(n, splat(kMinusLn2Lo)), t);
  f32x4 p = add(mul(splat(kC5), t), splat(kC4));
  p = add(mul(p, t), splat(kC3));
  p = add(mul(p, t), splat(kC2));
  p = add(mul(p, t), splat(kC1));
  t = mul(t, s);
  const f32x4 f = add(mul(t, p), s);
  return wasm_v128_andnot(f, wasm_f32x4_lt(x, splat(kCutoff)));
}
#elif defined(__SSE2__)
inline simd::f32x4 exp_nonpositive(simd::f32x4 x) {
  using namespace simd;
  f32x4 n = add(mul(x, splat(kLog2e)), splat(kMagicBias));
  const f32x4 s = _mm_castsi128_ps(_mm_slli_epi32(_mm_castps_si128(n), 23));
  n = sub(n, splat(kMagicBias));
  f32x4 t = add(mul(n, splat(kMinusLn2Hi)), x);
  t = add(mul(n, splat(kMinusLn2Lo)), t);
  f32x4 p = add(mul(splat(kC5), t), splat(kC4));
  p = add(mul(p, t), splat(kC3));
  p = add(mul(p, t), splat(kC2));
  p = add(mul(p, t), splat(kC1));
  t = mul(t, s);
  const f32x4 f = add(mul(t, p), s);
  return _mm_andnot_ps(_mm_cmplt_ps(x, splat(kCutoff)), f);
}
#else
inline simd::f32x4 exp_nonpositive(simd::f32x4 x) {
  return {{exp_nonpositive(x.v[0]), exp_nonpositive(x.v[1]), exp_nonpositive(x.v[2]),
           exp_nonpositive(x.v[3])}};
}
#endif

}  // namespace tc::vexp
