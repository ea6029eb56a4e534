#include "tensor.h"

#include <cmath>
#include <cstring>

#include "engine/vectorized.h"
#include "error.h"
#include "work.h"

namespace tc {

uint64_t next_tensor_id() {
  static uint64_t counter = 0;
  return ++counter;
}

std::shared_ptr<TensorImpl> make_impl(std::shared_ptr<Storage> storage, Geometry geometry,
                                      DType dtype) {
  TC_ASSERT(storage != nullptr);
  TC_ASSERT(geometry.storage_extent() * dtype_size(dtype) <= storage->nbytes(),
            "geometry reaches past its storage");
  return std::make_shared<TensorImpl>(
      TensorImpl{std::move(storage), std::move(geometry), dtype, next_tensor_id(), false, nullptr, nullptr});
}

TensorImpl& Tensor::impl() const {
  TC_ASSERT(impl_ != nullptr, "use of an undefined tensor");
  return *impl_;
}

Tensor Tensor::empty(const Shape& shape, DType dtype, const std::vector<const void*>& apart_from) {
  Geometry geometry = Geometry::contiguous(shape);
  auto storage = Storage::allocate(geometry.numel(), dtype, &shape, apart_from);
  return Tensor(make_impl(std::move(storage), std::move(geometry), dtype));
}

void check_data_length(int64_t length, const Shape& shape) {
  check_shape(shape);
  TC_CHECK(Value, length == tc::numel(shape), "shape ", format_shape(shape), " needs ",
           tc::numel(shape), tc::numel(shape) == 1 ? " value" : " values", ", but ", length,
           length == 1 ? " was given" : " were given");
}

template <class T>
Tensor Tensor::from_values(const std::vector<T>& data, const Shape& shape) {
  check_data_length(static_cast<int64_t>(data.size()), shape);
  Tensor t = empty(shape, dtype_of<T>());
  charge_work(WorkKind::Elements, 2.0 * static_cast<double>(data.size()), element_cost(sizeof(T)));
  T* p = t.data<T>();
  for (size_t i = 0; i < data.size(); ++i) p[i] = data[i];
  return t;
}
template Tensor Tensor::from_values(const std::vector<bool>&, const Shape&);
template Tensor Tensor::from_values(const std::vector<uint8_t>&, const Shape&);
template Tensor Tensor::from_values(const std::vector<int32_t>&, const Shape&);
template Tensor Tensor::from_values(const std::vector<int64_t>&, const Shape&);
template Tensor Tensor::from_values(const std::vector<float>&, const Shape&);
template Tensor Tensor::from_values(const std::vector<double>&, const Shape&);

Tensor Tensor::from_data(const std::vector<float>& data, const Shape& shape) {
  return from_values(data, shape);
}

Tensor Tensor::from_bools(const std::vector<uint8_t>& data, const Shape& shape) {
  check_data_length(static_cast<int64_t>(data.size()), shape);
  Tensor t = empty(shape, DType::Bool);
  charge_work(WorkKind::Elements, 2.0 * static_cast<double>(data.size()), element_cost(1));
  for (size_t i = 0; i < data.size(); ++i) t.b8()[i] = data[i] != 0;
  return t;
}

Tensor Tensor::full(const Shape& shape, Scalar value, DType dtype) {
  Tensor t = empty(shape, dtype);
  charge_work(WorkKind::Elements, static_cast<double>(t.numel()), element_cost(dtype_size(dtype)));
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    const T v = value.to<T>();
    T* p = t.data<T>();
    for (int64_t i = 0, n = t.numel(); i < n; ++i) p[i] = v;
  });
  return t;
}

namespace {

// PyTorch's arange_kernel (RangeFactoriesKernel.cpp) of integers: start
// and step as int64 (its accumulate type), each value start + step * i
// wrapped into T.
template <class T>
void arange_integers(T* p, int64_t n, int64_t start, int64_t step) {
  for (int64_t i = 0; i < n; ++i)
    p[i] = static_cast<T>(static_cast<uint64_t>(start) + static_cast<uint64_t>(step) * static_cast<uint64_t>(i));
}

// Of floats: in double, through Note [Vectorized fills]: a vector's base
// start + step * i (one fused multiply-add) rounded to T, its lanes
// vectorized::arange_lane.
template <class T>
void arange_floats(T* p, int64_t n, double start, double step) {
  const auto one = [=](int64_t i) { return static_cast<T>(std::fma(step, static_cast<double>(i), start)); };
  constexpr bool fused = std::is_same_v<T, double>;
  vectorized::fill(p, n, one, [=](T base, int64_t k) { return vectorized::arange_lane(base, k, step, fused); },
                   one);
}

}  // namespace

Tensor Tensor::arange(double start, double end, double step, DType dtype) {
  // PyTorch's arange_out: its numbers in the accumulate type first (int64
  // for an integer dtype, truncated: arange(-3.7, 5, 1.5, dtype=int64) is
  // -3, -2, ..., 4), then its checks in its order (a NaN step is "nonzero"
  // for neither test), then the count: from those int64 numbers for int64,
  // from the numbers as given for the other dtypes.
  const bool integers = dtype != DType::Float32 && dtype != DType::Float64;
  if (integers) {
    for (const double x : {start, end, step})
      TC_CHECK(Value, !std::isfinite(x) || Scalar(x).fits<int64_t>(),
               "value cannot be converted to type int64_t without overflow");
  }
  const auto acc = [&](double x) {
    return integers && std::isfinite(x) ? static_cast<double>(Scalar(x).to<int64_t>()) : x;
  };
  const double xstart = acc(start), xend = acc(end), xstep = acc(step);
  TC_CHECK(Value, xstep > 0 || xstep < 0, "step must be nonzero");
  TC_CHECK(Value, std::isfinite(xstart) && std::isfinite(xend), "unsupported range: ", start, " -> ",
           end);
  TC_CHECK(Value, (xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
           "upper bound and larger bound inconsistent with step sign");
  const double count = dtype == DType::Int64 ? std::ceil((xend - xstart) / xstep)
                                             : std::ceil((end - start) / step);
  TC_CHECK(Value, count <= static_cast<double>(int64_t{1} << 40), "arange: too many elements (",
           count, ")");
  Tensor t = empty({static_cast<int64_t>(count)}, dtype);
  charge_work(WorkKind::Elements, count, work_cost::kConvertedElement);
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>)
      arange_floats(t.data<T>(), t.numel(), start, step);
    else
      arange_integers(t.data<T>(), t.numel(), static_cast<int64_t>(xstart),
                      static_cast<int64_t>(xstep));
  });
  return t;
}

const void* Tensor::first_element() const {
  return static_cast<const char*>(impl().storage->data()) + offset() * dtype_size(dtype());
}


template <class T>
std::vector<T> Tensor::values() const {
  const Geometry& g = geometry();
  charge_work(WorkKind::Elements, 2.0 * static_cast<double>(g.numel()), work_cost::kCountedElement);
  std::vector<T> out(static_cast<size_t>(g.numel()));
  if (out.empty()) return out;
  visit_dtype(dtype(), [&](auto tag) {
    using S = decltype(tag);
    const S* base = data<S>();
    const int64_t nd = g.ndim();
    std::vector<int64_t> index(nd, 0);
    int64_t pos = g.offset();
    for (size_t i = 0; i < out.size(); ++i) {
      out[i] = convert<T>(base[pos]);
      for (int64_t d = nd - 1; d >= 0; --d) {
        if (++index[d] < g.sizes()[d]) {
          pos += g.strides()[d];
          break;
        }
        pos -= (index[d] - 1) * g.strides()[d];
        index[d] = 0;
      }
    }
  });
  return out;
}
template std::vector<bool> Tensor::values() const;
template std::vector<uint8_t> Tensor::values() const;
template std::vector<int32_t> Tensor::values() const;
template std::vector<int64_t> Tensor::values() const;
template std::vector<float> Tensor::values() const;
template std::vector<double> Tensor::values() const;

Scalar Tensor::scalar_item() const {
  TC_CHECK(Value, numel() == 1, "a Tensor with ", numel(),
           " elements cannot be converted to Scalar");
  if (is_floating(dtype())) return Scalar(values<double>()[0]);
  if (dtype() == DType::Bool) return Scalar(static_cast<bool>(values<bool>()[0]));
  return Scalar(values<int64_t>()[0]);
}

Tensor Tensor::with_geometry(Geometry geometry) const {
  return Tensor(make_impl(impl().storage, std::move(geometry), dtype()));
}

bool Tensor::shares_storage(const Tensor& other) const {
  return impl().storage == other.impl().storage;
}

void Tensor::set_requires_grad(bool value) {
  TC_CHECK(Autograd, is_leaf(), "you can only change requires_grad flags of leaf variables.");
  TC_CHECK(Autograd, !value || is_floating(dtype()),
           "only Tensors of floating point and complex dtype can require gradients");
  impl().requires_grad = value;
}

Tensor Tensor::grad() const { return Tensor(impl().grad); }

void Tensor::zero_grad() { impl().grad.reset(); }

void Tensor::retain_grad() {
  TC_CHECK(Autograd, requires_grad(), "can't retain_grad on Tensor that has requires_grad=False");
  if (!is_leaf()) impl().retains_grad = true;
}

}  // namespace tc
