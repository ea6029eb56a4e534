#include "shape.h"

#include <algorithm>

#include "error.h"

namespace tc {

void check_shape(const Shape& sizes) {
  TC_CHECK(Value, sizes.size() <= static_cast<size_t>(kMaxDims), "tensorcast supports at most ",
           kMaxDims, " dimensions, got ", sizes.size());
  for (int64_t s : sizes)
    TC_CHECK(Value, s >= 0, "Trying to create tensor with negative dimension ", s, ": ",
             format_shape(sizes));
  int64_t product = 1;
  for (int64_t s : sizes) {
    const bool overflow = __builtin_mul_overflow(product, s, &product);
    TC_CHECK(Value, !overflow, "numel: integer multiplication overflow for sizes ",
             format_shape(sizes));
  }
}

int64_t numel(const Shape& sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  return n;
}

Strides contiguous_strides(const Shape& sizes) {
  Strides strides(sizes.size());
  int64_t running = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    running *= std::max<int64_t>(sizes[i], 1);
  }
  return strides;
}

std::string format_shape(const Shape& sizes) {
  std::string out = "[";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(sizes[i]);
  }
  return out + "]";
}

Shape infer_size(const Shape& a, const Shape& b) {
  const size_t ndim = std::max(a.size(), b.size());
  Shape result(ndim);
  for (size_t i = ndim; i-- > 0;) {
    const size_t offset = ndim - 1 - i;
    const int64_t size_a = offset < a.size() ? a[a.size() - 1 - offset] : 1;
    const int64_t size_b = offset < b.size() ? b[b.size() - 1 - offset] : 1;
    TC_CHECK(Shape, size_a == size_b || size_a == 1 || size_b == 1, "The size of tensor a (",
             size_a, ") must match the size of tensor b (", size_b, ") at non-singleton dimension ",
             i);
    result[i] = size_a == 1 ? size_b : size_a;
  }
  return result;
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  Shape result;
  for (const Shape& s : shapes) {
    check_shape(s);
    result = infer_size(result, s);
  }
  // Sizes that each fit can still meet in a result that does not:
  // [2^62, 1] with [1, 4].
  check_shape(result);
  return result;
}

Shape torch_broadcast_shapes(const std::vector<Shape>& shapes) {
  try {
    return broadcast_shapes(shapes);
  } catch (const Error& e) {
    // Only infer_size's refusal is torch.broadcast_shapes' "Shape
    // mismatch"; check_shape's (negative or too many sizes) stay as they are.
    const std::string what = e.what();
    if (what.rfind("The size of tensor a (", 0) != 0) throw;
    fail(ErrorKind::Shape, "Shape mismatch: objects cannot be broadcast to a single shape. ", what);
  }
}

}  // namespace tc
