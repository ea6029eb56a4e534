#include "geometry.h"

#include <algorithm>

#include "error.h"

namespace tc {

int64_t wrap_dim(int64_t dim, int64_t ndim, bool wrap_scalar) {
  TC_CHECK(Index, ndim > 0 || wrap_scalar, "Dimension specified as ", dim,
           " but tensor has no dimensions");
  const int64_t n = std::max<int64_t>(ndim, 1);
  TC_CHECK(Index, dim >= -n && dim < n, "Dimension out of range (expected to be in range of [", -n,
           ", ", n - 1, "], but got ", dim, ")");
  return dim < 0 ? dim + n : dim;
}

Geometry Geometry::make(Shape sizes, Strides strides, int64_t offset) {
  check_shape(sizes);
  TC_ASSERT(sizes.size() == strides.size());
  TC_ASSERT(offset >= 0);
  for (int64_t s : strides) TC_ASSERT(s >= 0, "negative stride");
  return Geometry(std::move(sizes), std::move(strides), offset);
}

Geometry Geometry::contiguous(const Shape& sizes) {
  check_shape(sizes);
  return Geometry(sizes, contiguous_strides(sizes), 0);
}

bool Geometry::is_contiguous() const {
  if (numel() == 0) return true;
  int64_t expected = 1;
  for (size_t i = sizes_.size(); i-- > 0;) {
    if (sizes_[i] == 1) continue;
    if (strides_[i] != expected) return false;
    expected *= sizes_[i];
  }
  return true;
}

bool Geometry::has_internal_overlap() const {
  // PyTorch's has_internal_overlap first asks is_non_overlapping_and_dense,
  // which TensorImpl answers true for any tensor without elements (it is
  // contiguous): writing into an expanded view of size 0 is allowed.
  if (numel() == 0) return false;
  for (size_t i = 0; i < sizes_.size(); ++i)
    if (sizes_[i] > 1 && strides_[i] == 0) return true;
  return false;
}

int64_t Geometry::storage_extent() const {
  if (numel() == 0) return 0;
  int64_t last = offset_;
  for (size_t i = 0; i < sizes_.size(); ++i) last += (sizes_[i] - 1) * strides_[i];
  return last + 1;
}

Geometry Geometry::expand(const Shape& target, const char* tensor_type) const {
  const int64_t ndim = static_cast<int64_t>(target.size());
  const int64_t tensor_dim = this->ndim();
  TC_CHECK(Shape, ndim >= tensor_dim, "expand(", tensor_type, "{", format_shape(sizes_),
           "}, size=", format_shape(target), "): the number of sizes provided (", ndim,
           ") must be greater or equal to the number of dimensions in the tensor (", tensor_dim,
           ")");
  Shape sizes(ndim);
  Strides strides(ndim);
  for (int64_t i = ndim - 1; i >= 0; --i) {
    const int64_t offset = ndim - 1 - i;
    const int64_t dim = tensor_dim - 1 - offset;
    int64_t size = dim >= 0 ? sizes_[dim] : 1;
    // A new dim takes the stride of the one after it times its size; a
    // 0-D tensor's last new dim has no dim after it and takes 0, and so
    // every dim before it (PyTorch's inferExpandGeometry gives a 0-D
    // tensor all-zero strides).
    int64_t stride = dim >= 0 ? strides_[dim]
                     : i + 1 < ndim ? sizes[i + 1] * strides[i + 1]
                                    : 0;
    int64_t target_size = target[i];
    if (target_size == -1) {
      TC_CHECK(Shape, dim >= 0, "The expanded size of the tensor (-1) isn't allowed",
               " in a leading, non-existing dimension ", i);
      target_size = size;
    }
    if (size != target_size) {
      TC_CHECK(Shape, size == 1, "The expanded size of the tensor (", target_size,
               ") must match the existing size (", size, ") at non-singleton dimension ", i,
               ".  Target sizes: ", format_shape(target),
               ".  Tensor sizes: ", format_shape(sizes_));
      size = target_size;
      stride = 0;
    }
    sizes[i] = size;
    strides[i] = stride;
  }
  return make(std::move(sizes), std::move(strides), offset_);
}

Geometry Geometry::permute(const std::vector<int64_t>& dims) const {
  TC_CHECK(Shape, static_cast<int64_t>(dims.size()) == ndim(),
           "permute(sparse_coo): number of dimensions in the tensor input does "
           "not match the length of the desired ordering of dimensions i.e. "
           "input.dim() = ",
           ndim(), " is not equal to len(dims) = ", dims.size());
  Shape sizes(dims.size());
  Strides strides(dims.size());
  std::vector<bool> seen(dims.size(), false);
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t d = wrap_dim(dims[i], ndim());
    TC_CHECK(Shape, !seen[d], "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = sizes_[d];
    strides[i] = strides_[d];
  }
  return Geometry(std::move(sizes), std::move(strides), offset_);
}

Geometry Geometry::transpose(int64_t dim0, int64_t dim1) const {
  const int64_t a = wrap_dim(dim0, ndim());
  const int64_t b = wrap_dim(dim1, ndim());
  if (ndim() == 0) return *this;
  Shape sizes = sizes_;
  Strides strides = strides_;
  std::swap(sizes[a], sizes[b]);
  std::swap(strides[a], strides[b]);
  return Geometry(std::move(sizes), std::move(strides), offset_);
}

Geometry Geometry::unsqueeze(int64_t dim) const {
  const int64_t d = wrap_dim(dim, ndim() + 1);
  Shape sizes = sizes_;
  Strides strides = strides_;
  const int64_t stride = d >= ndim() ? 1 : sizes_[d] * strides_[d];
  sizes.insert(sizes.begin() + d, 1);
  strides.insert(strides.begin() + d, stride);
  return make(std::move(sizes), std::move(strides), offset_);
}

Geometry Geometry::squeeze() const {
  Shape sizes;
  Strides strides;
  for (size_t i = 0; i < sizes_.size(); ++i)
    if (sizes_[i] != 1) {
      sizes.push_back(sizes_[i]);
      strides.push_back(strides_[i]);
    }
  return Geometry(std::move(sizes), std::move(strides), offset_);
}

Geometry Geometry::squeeze(int64_t dim) const {
  const int64_t d = wrap_dim(dim, ndim());
  if (ndim() == 0 || sizes_[d] != 1) return *this;
  Shape sizes = sizes_;
  Strides strides = strides_;
  sizes.erase(sizes.begin() + d);
  strides.erase(strides.begin() + d);
  return Geometry(std::move(sizes), std::move(strides), offset_);
}

Geometry Geometry::narrow(int64_t dim, int64_t start, int64_t length) const {
  // PyTorch 1.13's narrow (TensorShape.cpp): start is wrapped as a dim of
  // `size` would be (start == size is allowed: an empty narrow at the
  // end), then one check covers a negative length too. The offset moves
  // to start even when the result is empty, as slice's does.
  TC_CHECK(Shape, ndim() != 0, "narrow() cannot be applied to a 0-dim tensor.");
  const int64_t d = wrap_dim(dim, ndim());
  const int64_t size = sizes_[d];
  if (start != size) start = wrap_dim(start, size);
  TC_CHECK(Shape, length >= 0 && start <= size - length, "start (", start, ") + length (", length,
           ") exceeds dimension size (", size, ").");
  Shape sizes = sizes_;
  sizes[d] = length;
  return Geometry(std::move(sizes), strides_, offset_ + start * strides_[d]);
}

Geometry Geometry::select(int64_t dim, int64_t index) const {
  TC_CHECK(Index, ndim() != 0, "select() cannot be applied to a 0-dim tensor.");
  const int64_t d = wrap_dim(dim, ndim());
  const int64_t size = sizes_[d];
  TC_CHECK(Index, index >= -size && index < size, "select(): index ", index,
           " out of range for tensor of size ", format_shape(sizes_), " at dimension ", d);
  if (index < 0) index += size;
  Shape sizes = sizes_;
  Strides strides = strides_;
  const int64_t offset = offset_ + index * strides_[d];
  sizes.erase(sizes.begin() + d);
  strides.erase(strides.begin() + d);
  return Geometry(std::move(sizes), std::move(strides), offset);
}

Geometry Geometry::slice(int64_t dim, std::optional<int64_t> start, std::optional<int64_t> stop,
                         int64_t step) const {
  TC_CHECK(Index, ndim() != 0, "slice() cannot be applied to a 0-dim tensor.");
  TC_CHECK(Value, step > 0, "slice step must be positive");
  const int64_t d = wrap_dim(dim, ndim());
  const int64_t size = sizes_[d];
  // Python's clamping: a negative bound counts from the end, then both
  // are held inside [0, size], and stop never below start. Compared, not
  // added, so that INT64_MIN/INT64_MAX bounds cannot overflow.
  auto clamp = [size](int64_t v) {
    if (v < 0) v = v < -size ? 0 : v + size;
    return v > size ? size : v;
  };
  const int64_t begin = start ? clamp(*start) : 0;
  int64_t end = stop ? clamp(*stop) : size;
  if (end < begin) end = begin;
  Shape sizes = sizes_;
  Strides strides = strides_;
  const int64_t length = end - begin;
  sizes[d] = length / step + (length % step != 0);
  // A huge step times a stride may overflow. Only a dim of size <= 1 can
  // have such a step (else step < size and the product stays inside the
  // storage), and it never uses its stride: it keeps the old one there.
  const bool overflows = strides_[d] != 0 && step > INT64_MAX / strides_[d];
  strides[d] = overflows ? strides_[d] : strides_[d] * step;
  return Geometry(std::move(sizes), std::move(strides), offset_ + begin * strides_[d]);
}

Shape infer_view_shape(const Shape& shape, int64_t numel) {
  Shape result = shape;
  int64_t known = 1;
  int64_t infer_dim = -1;
  bool overflow = false;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      TC_CHECK(Shape, infer_dim < 0, "only one dimension can be inferred");
      infer_dim = static_cast<int64_t>(d);
    } else if (shape[d] >= 0) {
      overflow |= __builtin_mul_overflow(known, shape[d], &known);
    } else {
      fail(ErrorKind::Shape, "invalid shape dimension ", shape[d]);
    }
  }
  if (!overflow) {
    if (numel == known) {
      if (infer_dim < 0) return result;
    }
    if (infer_dim >= 0 && (numel == known || (known > 0 && numel % known == 0))) {
      TC_CHECK(Shape, known != 0, "cannot reshape tensor of 0 elements into shape ",
               format_shape(shape),
               " because the unspecified dimension size -1 can be any value and is ambiguous");
      result[infer_dim] = numel / known;
      return result;
    }
  }
  fail(ErrorKind::Shape, "shape '", format_shape(shape), "' is invalid for input of size ", numel);
}

// PyTorch's computeStride (aten/src/ATen/TensorUtils.cpp): walk the old dims
// from the right in chunks that are contiguous among themselves; each chunk
// must be covered exactly by a run of new dims.
std::optional<Geometry> Geometry::view(const Shape& requested) const {
  const Shape shape = infer_view_shape(requested, numel());
  check_shape(shape);
  if (sizes_.empty()) return Geometry(shape, Strides(shape.size(), 1), offset_);
  const int64_t n = numel();
  if (n == 0 && shape == sizes_) return *this;
  Strides strides(shape.size());
  if (n == 0) return Geometry(shape, contiguous_strides(shape), offset_);
  int64_t view_d = static_cast<int64_t>(shape.size()) - 1;
  int64_t chunk_base_stride = strides_.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = ndim() - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= sizes_[tensor_d];
    if (tensor_d == 0 || (sizes_[tensor_d - 1] != 1 &&
                          strides_[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
        strides[view_d] = view_numel * chunk_base_stride;
        view_numel *= shape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = strides_[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return Geometry(shape, std::move(strides), offset_);
}

bool Geometry::is_non_overlapping_and_dense() const {
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < ndim(); ++d)
    if (sizes_[d] != 1) dims.push_back(d);
  std::sort(dims.begin(), dims.end(),
            [&](int64_t x, int64_t y) { return strides_[x] < strides_[y]; });
  int64_t expected = 1;
  for (int64_t d : dims) {
    if (strides_[d] != expected) return false;
    expected *= sizes_[d];
  }
  return true;
}

}  // namespace tc
