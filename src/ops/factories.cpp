// linspace, eye and full_like: factories that compute their
// values. The random ones are in src/ops/random.cpp.
#include <cmath>

#include "engine/vectorized.h"
#include "ops/internal.h"

namespace tc {

namespace {

// linspace_kernel's values (aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp):
// step = (end - start) / (steps - 1) in the dtype (in double for integer
// dtypes); index i < steps / 2 counts up from start, start + step * i,
// the others back from end, end - step * (steps - i - 1), so that both
// ends are exact; integer results are the double truncated toward zero.
// Filled as Note [Vectorized fills] says: a vector's lanes are its first
// index's value plus k * step (vectorized::arange_lane). The scalar
// formula is one fused multiply-add, as GCC compiles PyTorch's AVX2
// kernels (-mfma, contracted): linspace(-1, 1, 7)[3] is 1 - 3 * step
// rounded once, -2.98e-8, not 0.
template <class T>
void linspace_fill(T* p, int64_t steps, const Scalar& start_s, const Scalar& end_s) {
  using Step = std::conditional_t<std::is_integral_v<T>, double, T>;
  const T start = start_s.to<T>(), end = end_s.to<T>();
  const Step step = (static_cast<Step>(end) - static_cast<Step>(start)) / static_cast<Step>(steps - 1);
  const int64_t halfway = steps / 2;
  const auto one = [=](int64_t i) {
    return static_cast<T>(i < halfway
                              ? std::fma(step, static_cast<Step>(i), static_cast<Step>(start))
                              : std::fma(-step, static_cast<Step>(steps - i - 1), static_cast<Step>(end)));
  };
  vectorized::fill(p, steps, one,
                   [=](T base, int64_t k) { return vectorized::arange_lane(base, k, step, false); }, one);
}

}  // namespace

Tensor linspace(double start, double end, int64_t steps, DType dtype) {
  TC_CHECK(Value, steps >= 0, "number of steps must be non-negative");
  TC_CHECK(Type, dtype != DType::Bool, "\"linspace_cpu\" not implemented for 'Bool'");
  check_shape({steps});
  const Scalar s(start), e(end);
  check_range(dtype, s);
  check_range(dtype, e);
  Tensor t = Tensor::empty({steps}, dtype);
  charge_work(WorkKind::Elements, static_cast<double>(steps), work_cost::kConvertedElement);
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) {
      T* p = t.data<T>();
      if (steps == 1) p[0] = s.to<T>();  // result.fill_(start)
      else if (steps > 1) linspace_fill<T>(p, steps, s, e);
    }
  });
  return t;
}

Tensor eye(int64_t n, int64_t m, DType dtype) {
  TC_CHECK(Value, n >= 0, "n must be greater or equal to 0, got ", n);
  TC_CHECK(Value, m >= 0, "m must be greater or equal to 0, got ", m);
  Tensor t = full({n, m}, 0, dtype);
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    T* p = t.data<T>();
    for (int64_t i = 0, k = std::min(n, m); i < k; ++i) p[i * m + i] = T(1);
  });
  return t;
}

Tensor full_like(const Tensor& self, Scalar value, DType dtype) {
  TC_CHECK(Value, self.defined(), "full_like: an undefined tensor");
  check_range(dtype, value);
  // empty_like with preserve_format: a dense self's order of dims in
  // memory (a transposed self gives a transposed result), else contiguous.
  const Geometry& g = self.geometry();
  if (!g.is_non_overlapping_and_dense() || self.is_contiguous()) return full(self.sizes(), value, dtype);
  Geometry geometry = Geometry::make(g.sizes(), g.strides(), 0);
  auto storage = Storage::allocate(geometry.storage_extent(), dtype, &g.sizes(), {});
  Tensor out(make_impl(std::move(storage), std::move(geometry), dtype));
  charge_work(WorkKind::Elements, static_cast<double>(out.numel()),
              element_cost(dtype_size(dtype)));
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    const T v = value.to<T>();
    T* p = out.data<T>();
    for (int64_t i = 0, n = out.numel(); i < n; ++i) p[i] = v;
  });
  return out;
}

}  // namespace tc
