// Where PyTorch's values depend on its vectors: the lanes of its CPU
// build with AVX2 (Vectorized<T>), and the fill that its range factories
// (arange, linspace) run through cpu_serial_kernel_vec.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace tc::vectorized {

// Lanes of AVX2's Vectorized<T>: 32 bytes (8 float32, 4 float64 or int64,
// 32 uint8).
template <class T>
inline constexpr int64_t kLanes = static_cast<int64_t>(32 / sizeof(T));

// Note [Vectorized fills]
// PyTorch's arange and linspace (RangeFactoriesKernel.cpp) fill their n
// values through cpu_serial_kernel_vec: two vectors a pass while at least
// two vectors' worth remain, each vector Vectorized<T>::arange(base,
// step), whose lane k is base + k * step from a base computed for the
// vector's first index (and rounded to T first); then the rest one by one
// with the scalar formula. The lanes round differently from the scalar
// formula: torch.linspace(-1, 1, 36)[14] is base(8) + 6 * step =
// -0.20000001788 in float32, where start + 14 * step would be
// -0.19999998807 (the formulas themselves: src/ops/factories.cpp). fill(p, n, base, lane, one): base(i) is the T base of the
// vector starting at index i, lane(b, k) lane k of a vector with base b,
// one(i) the value the scalar loop gives index i.
// Lane k of Vectorized<T>::arange(base, step), as that build computes
// base + k * step (in the type base + step has: double for an integer T
// with a double step): `fused`, one fused multiply-add, else k * step
// rounded first. Which one is the compiler's choice where the kernel was
// inlined; the fixtures (tests/js/fixtures/semantics) show GCC fused the
// float64 lanes of arange and no others (torch.linspace(-1, 1, 16)[6] is
// -0.19999992847 with k * step rounded first).
template <class T, class Step>
T arange_lane(T base, int64_t k, Step step, bool fused) {
  using C = decltype(base + step);
  if (k == 0) return base;
  if (fused) return static_cast<T>(std::fma(static_cast<C>(k), static_cast<C>(step), static_cast<C>(base)));
  const C offset = static_cast<C>(k) * step;  // a statement of its own: never contracted
  return static_cast<T>(base + offset);
}

template <class T, class Base, class Lane, class One>
void fill(T* p, int64_t n, Base base, Lane lane, One one) {
  constexpr int64_t W = kLanes<T>;
  int64_t i = 0;
  for (; i + 2 * W <= n; i += 2 * W)
    for (int64_t v = i; v < i + 2 * W; v += W) {
      const T b = base(v);
      for (int64_t k = 0; k < W; ++k) p[v + k] = lane(b, k);
    }
  for (; i < n; ++i) p[i] = one(i);
}

}  // namespace tc::vectorized
