// Tensor: a handle (shared, like at::Tensor) to storage + geometry + dtype,
// plus the autograd fields of Note [Autograd].
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "geometry.h"
#include "storage.h"

namespace tc {

struct Node;

struct TensorImpl {
  std::shared_ptr<Storage> storage;
  Geometry geometry;
  DType dtype;
  uint64_t id;                  // unique per impl; traces name tensors by it
  bool requires_grad = false;
  std::shared_ptr<TensorImpl> grad;   // leaves only
  std::shared_ptr<Node> grad_fn;      // null for leaves
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  // Factories. Shapes are checked (check_shape) and data lengths must match.
  //   Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 1, 3})
  //   Tensor::from_data({7}, {})   // 0-dimensional
  static Tensor from_data(const std::vector<float>& data, const Shape& shape);
  static Tensor from_bools(const std::vector<uint8_t>& data, const Shape& shape);
  // Uninitialised: for outputs that are written in full. A large output is
  // placed apart from the inputs it is computed from (Note [4K aliasing]).
  static Tensor empty(const Shape& shape, DType dtype = DType::Float32,
                      const std::vector<const void*>& apart_from = {});
  // Where element 0 of this tensor lives, for Note [4K aliasing].
  const void* first_element() const;
  static Tensor full(const Shape& shape, float value);
  static Tensor zeros(const Shape& shape) { return full(shape, 0.0f); }
  static Tensor ones(const Shape& shape) { return full(shape, 1.0f); }
  static Tensor scalar(float value) { return full({}, value); }
  // PyTorch's arange(start, end, step): ceil((end - start) / step) values.
  static Tensor arange(double start, double end, double step = 1.0);

  bool defined() const { return impl_ != nullptr; }
  TensorImpl& impl() const;  // asserts defined()
  const std::shared_ptr<TensorImpl>& impl_ptr() const { return impl_; }
  uint64_t id() const { return impl().id; }

  const Geometry& geometry() const { return impl().geometry; }
  const Shape& sizes() const { return geometry().sizes(); }
  const Strides& strides() const { return geometry().strides(); }
  int64_t offset() const { return geometry().offset(); }
  int64_t ndim() const { return geometry().ndim(); }
  int64_t numel() const { return geometry().numel(); }
  DType dtype() const { return impl().dtype; }
  bool is_contiguous() const { return geometry().is_contiguous(); }

  // Base pointers of the storage (not offset): the engine adds offsets.
  float* f32() const;
  uint8_t* b8() const;
  // The values in logical row-major order, bool as 0/1.
  std::vector<float> to_vector() const;
  float item() const;  // exactly one element, else PyTorch's error

  // A tensor sharing this storage with another geometry; no autograd.
  Tensor with_geometry(Geometry geometry) const;
  bool shares_storage(const Tensor& other) const;

  bool requires_grad() const { return impl().requires_grad; }
  // Leaves only ("you can only change requires_grad flags of leaf variables.")
  void set_requires_grad(bool value);
  bool is_leaf() const { return impl().grad_fn == nullptr; }
  Tensor grad() const;  // undefined when none
  void zero_grad();

 private:
  std::shared_ptr<TensorImpl> impl_;
};

// The factories' check that `length` values fill `shape`:
//   check_data_length(3, {2, 2})  // throws "shape [2, 2] needs 4 values, but 3 were given"
void check_data_length(int64_t length, const Shape& shape);

uint64_t next_tensor_id();
std::shared_ptr<TensorImpl> make_impl(std::shared_ptr<Storage> storage, Geometry geometry,
                                      DType dtype);

}  // namespace tc
