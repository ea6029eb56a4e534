// linspace, eye and full_like: factories that compute their
// values. The random ones are in src/ops/random.cpp.
#include "ops/internal.h"

namespace tc {

namespace {

// linspace_kernel's values (aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp):
// step = (end - start) / (steps - 1) in the dtype (in double for integer
// dtypes); element i < steps / 2 is start + step * i, the others
// end - step * (steps - i - 1), so that both ends are exact. Integer
// results are the double truncated toward zero.
template <class T>
void linspace_fill(T* p, int64_t steps, const Scalar& start_s, const Scalar& end_s) {
  using Step = std::conditional_t<std::is_integral_v<T>, double, T>;
  const T start = start_s.to<T>(), end = end_s.to<T>();
  const Step step = (static_cast<Step>(end) - static_cast<Step>(start)) / static_cast<Step>(steps - 1);
  const int64_t halfway = steps / 2;
  for (int64_t i = 0; i < steps; ++i)
    p[i] = i < halfway ? static_cast<T>(start + step * static_cast<Step>(i))
                       : static_cast<T>(end - step * static_cast<Step>(steps - i - 1));
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
