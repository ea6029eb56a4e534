#include "tensor.h"

#include <cmath>
#include <cstring>

#include "error.h"

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

Tensor Tensor::from_data(const std::vector<float>& data, const Shape& shape) {
  check_data_length(data.size(), shape);
  Tensor t = empty(shape);
  if (!data.empty()) std::memcpy(t.f32(), data.data(), data.size() * sizeof(float));
  return t;
}

Tensor Tensor::from_bools(const std::vector<uint8_t>& data, const Shape& shape) {
  check_data_length(data.size(), shape);
  Tensor t = empty(shape, DType::Bool);
  for (size_t i = 0; i < data.size(); ++i) t.b8()[i] = data[i] ? 1 : 0;
  return t;
}

Tensor Tensor::full(const Shape& shape, float value) {
  Tensor t = empty(shape);
  float* p = t.f32();
  for (int64_t i = 0, n = t.numel(); i < n; ++i) p[i] = value;
  return t;
}

Tensor Tensor::arange(double start, double end, double step) {
  // PyTorch's order of checks: a NaN step is "nonzero" for neither test.
  TC_CHECK(Value, step > 0 || step < 0, "step must be nonzero");
  TC_CHECK(Value, std::isfinite(start) && std::isfinite(end), "unsupported range: ", start, " -> ",
           end);
  TC_CHECK(Value, (step > 0 && end >= start) || (step < 0 && end <= start),
           "upper bound and larger bound inconsistent with step sign");
  const double count = std::ceil((end - start) / step);
  TC_CHECK(Value, count <= static_cast<double>(int64_t{1} << 40), "arange: too many elements (",
           count, ")");
  Tensor t = empty({static_cast<int64_t>(count)});
  float* p = t.f32();
  for (int64_t i = 0, n = t.numel(); i < n; ++i) p[i] = static_cast<float>(start + i * step);
  return t;
}

const void* Tensor::first_element() const {
  return static_cast<const char*>(impl().storage->data()) + offset() * dtype_size(dtype());
}

float* Tensor::f32() const {
  TC_ASSERT(dtype() == DType::Float32, "f32() of a bool tensor");
  return static_cast<float*>(impl().storage->data());
}

uint8_t* Tensor::b8() const {
  TC_ASSERT(dtype() == DType::Bool, "b8() of a float tensor");
  return static_cast<uint8_t*>(impl().storage->data());
}

std::vector<float> Tensor::to_vector() const {
  const Geometry& g = geometry();
  std::vector<float> out(static_cast<size_t>(g.numel()));
  if (out.empty()) return out;
  const int64_t nd = g.ndim();
  std::vector<int64_t> index(nd, 0);
  int64_t pos = g.offset();
  const bool is_bool = dtype() == DType::Bool;
  const void* base = impl().storage->data();
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = is_bool ? static_cast<const uint8_t*>(base)[pos] : static_cast<const float*>(base)[pos];
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (++index[d] < g.sizes()[d]) {
        pos += g.strides()[d];
        break;
      }
      pos -= (index[d] - 1) * g.strides()[d];
      index[d] = 0;
    }
  }
  return out;
}

float Tensor::item() const {
  TC_CHECK(Value, numel() == 1, "a Tensor with ", numel(),
           " elements cannot be converted to Scalar");
  return to_vector()[0];
}

Tensor Tensor::with_geometry(Geometry geometry) const {
  return Tensor(make_impl(impl().storage, std::move(geometry), dtype()));
}

bool Tensor::shares_storage(const Tensor& other) const {
  return impl().storage == other.impl().storage;
}

void Tensor::set_requires_grad(bool value) {
  TC_CHECK(Autograd, is_leaf(), "you can only change requires_grad flags of leaf variables.");
  TC_CHECK(Autograd, !value || dtype() == DType::Float32,
           "only Tensors of floating point and complex dtype can require gradients");
  impl().requires_grad = value;
}

Tensor Tensor::grad() const { return Tensor(impl().grad); }

void Tensor::zero_grad() { impl().grad.reset(); }

}  // namespace tc
