// Tensor: a handle (shared, like at::Tensor) to storage + geometry + dtype,
// plus the autograd fields of Note [Autograd].
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "error.h"
#include "geometry.h"
#include "scalar.h"
#include "storage.h"

namespace tc {

struct Node;

struct TensorImpl {
  std::shared_ptr<Storage> storage;
  Geometry geometry;
  DType dtype;
  uint64_t id;                  // unique per impl; traces name tensors by it
  bool requires_grad = false;
  std::shared_ptr<TensorImpl> grad;   // leaves, and non-leaves that retain it
  std::shared_ptr<Node> grad_fn;      // null for leaves
  // PyTorch's retain_grad(): a backward pass stores this non-leaf's
  // gradient in .grad, as it does a leaf's (Note [Backward pass]).
  bool retains_grad = false;
  // How many nodes hold this tensor as an input: a fill may rewrite the
  // history of a tensor no op has used yet (Note [Fills]).
  int64_t graph_uses = 0;
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  // Factories. Shapes are checked (check_shape) and data lengths must match.
  //   Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 1, 3})   // float32
  //   Tensor::from_data({7}, {})                         // 0-dimensional
  //   Tensor::from_values<int64_t>({1, 2}, {2})          // int64
  static Tensor from_data(const std::vector<float>& data, const Shape& shape);
  static Tensor from_bools(const std::vector<uint8_t>& data, const Shape& shape);
  template <class T>
  static Tensor from_values(const std::vector<T>& data, const Shape& shape);
  // Uninitialised: for outputs that are written in full. A large output is
  // placed apart from the inputs it is computed from (Note [4K aliasing]).
  static Tensor empty(const Shape& shape, DType dtype = DType::Float32,
                      const std::vector<const void*>& apart_from = {});
  // Where element 0 of this tensor lives, for Note [4K aliasing].
  const void* first_element() const;
  // value converted to dtype as Note [Casts] says (PyTorch's full checks
  // the range first: ops.h full()).
  static Tensor full(const Shape& shape, Scalar value, DType dtype = DType::Float32);
  static Tensor zeros(const Shape& shape, DType dtype = DType::Float32) { return full(shape, 0, dtype); }
  static Tensor ones(const Shape& shape, DType dtype = DType::Float32) { return full(shape, 1, dtype); }
  static Tensor scalar(Scalar value) { return full({}, value, value.dtype()); }
  // PyTorch's arange(start, end, step): ceil((end - start) / step) values
  // filled as its arange_kernel fills them (integer dtypes: start and step
  // truncated to int64 first; floats: Note [Vectorized fills]).
  static Tensor arange(double start, double end, double step = 1.0, DType dtype = DType::Float32);

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
  // data<T>() asserts that T is the dtype's C++ type (CType).
  template <class T>
  T* data() const;
  float* f32() const { return data<float>(); }
  bool* b8() const { return data<bool>(); }
  // The values in logical row-major order, converted to T (Note [Casts]).
  template <class T>
  std::vector<T> values() const;
  std::vector<float> to_vector() const { return values<float>(); }
  // Exactly one element, else PyTorch's error; as a Scalar of the dtype's
  // kind (an int64 tensor gives an Int, exact beyond 2^53), or as a double.
  Scalar scalar_item() const;
  double item() const { return scalar_item().to_double(); }

  // A tensor sharing this storage with another geometry; no autograd.
  Tensor with_geometry(Geometry geometry) const;
  bool shares_storage(const Tensor& other) const;

  bool requires_grad() const { return impl().requires_grad; }
  // Leaves only ("you can only change requires_grad flags of leaf variables.")
  void set_requires_grad(bool value);
  bool is_leaf() const { return impl().grad_fn == nullptr; }
  Tensor grad() const;  // undefined when none
  // PyTorch's retain_grad(): a no-op on a leaf; on a tensor that does not
  // require grad "can't retain_grad on Tensor that has requires_grad=False".
  void retain_grad();
  // PyTorch's retains_grad: true for a non-leaf after retain_grad().
  bool retains_grad() const { return impl().retains_grad; }
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

// Inline: every op reads its operands' pointers through it (bench/notes.md,
// "The small op after dtypes").
template <class T>
T* Tensor::data() const {
  TC_ASSERT(impl_ != nullptr && impl_->dtype == dtype_of<T>(),
            "data<T>() of an undefined tensor or one of another dtype");
  return static_cast<T*>(impl_->storage->data());
}

}  // namespace tc
