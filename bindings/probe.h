// The bandwidth probe of bench/ (bench/contestants/probe.js): a bench
// tool, not a kernel of the core, so it lives beside its export
// (probe.cpp) and is tested in tests/core/probe_test.cpp.
#pragma once
#include <cstdint>

#include "engine/simd.h"

namespace tcjs {

// Reads nr floats and writes nw floats, each exactly once, in one
// streaming pass with the kernels' own 4-lane loads and stores, and a bitwise or per vector read (one cycle, so that
// the loads are neither optimised away nor slowed by a dependency chain):
// what no op over those bytes can beat. Returns a number made from
// everything read (its bits, not a meaningful value).
inline float f32_stream(int64_t nr, const float* src, int64_t nw, float* dst) {
  tc::simd::f32x4 acc0 = tc::simd::splat(0.0f), acc1 = acc0;
  const int64_t both = nr < nw ? nr : nw;
  int64_t i = 0;
  for (; i + 8 <= both; i += 8) {  // read and write
    const tc::simd::f32x4 v0 = tc::simd::load(src + i), v1 = tc::simd::load(src + i + 4);
    tc::simd::store(dst + i, v0);
    tc::simd::store(dst + i + 4, v1);
    acc0 = tc::simd::bit_or(acc0, v0);
    acc1 = tc::simd::bit_or(acc1, v1);
  }
  int64_t ir = i, iw = i;
  for (; ir + 8 <= nr; ir += 8) {  // only read
    acc0 = tc::simd::bit_or(acc0, tc::simd::load(src + ir));
    acc1 = tc::simd::bit_or(acc1, tc::simd::load(src + ir + 4));
  }
  for (; iw + 8 <= nw; iw += 8) {  // only write
    tc::simd::store(dst + iw, acc0);
    tc::simd::store(dst + iw + 4, acc1);
  }
  float tail = 0.0f;
  for (; ir < nr; ++ir) tail = tc::simd::max(tail, src[ir]);
  for (; iw < nw; ++iw) dst[iw] = tail;
  return tc::simd::hsum(tc::simd::bit_or(acc0, acc1)) + tail;
}

}  // namespace tcjs
