// to(dtype): a converted copy (Note [Casts]); forward, backward, trace.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

Tensor to(const Tensor& self, DType dtype) {
  TC_CHECK(Value, self.defined(), "to: an undefined tensor");
  if (self.dtype() == dtype) return self;
  // memory_format=torch.preserve_format: a dense tensor keeps its order
  // of dims in memory (a transposed one stays transposed), anything else
  // (an expanded or sliced view) becomes contiguous.
  const Geometry& g = self.geometry();
  Geometry geometry = g.is_non_overlapping_and_dense()
                          ? Geometry::make(g.sizes(), g.strides(), 0)
                          : Geometry::contiguous(g.sizes());
  auto storage = Storage::allocate(geometry.storage_extent(), dtype, &g.sizes(),
                                   {self.first_element()});
  Tensor out(make_impl(std::move(storage), std::move(geometry), dtype));
  {
    NoGradGuard no_grad;
    TracePause quiet;  // part of the op that asked for it, not a step of its own
    copy_into(out, self);
  }
  if (is_floating(self.dtype()) && is_floating(dtype) && needs_grad({self})) {
    const DType from = self.dtype();
    attach_grad(out, "to", {self}, [from](const BackwardArgs& args) {
      return std::vector<Tensor>{to(args.grad, from)};
    });
    set_grad_fn(out, "ToCopyBackward0");
  }
  return out;
}

namespace {

// The C++ type names in PyTorch's overflow messages: c10's Scalar accessors
// (full) and torch.tensor's store_scalar.
const char* accessor_name(DType d) {
  switch (d) {
    case DType::UInt8: return "uint8_t";
    case DType::Int32: return "int";
    case DType::Int64: return "int64_t";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Bool: return "bool";
  }
  TC_ASSERT(false, "unknown dtype");
}

}  // namespace

Tensor full(const Shape& shape, Scalar value, DType dtype) {
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    TC_CHECK(Value, value.fits<T>(), "value cannot be converted to type ", accessor_name(dtype),
             " without overflow");
  });
  return Tensor::full(shape, value, dtype);
}

Tensor tensor_from_values(const Tensor& values, DType dtype) {
  TC_ASSERT(values.dtype() == DType::Bool || values.dtype() == DType::Int64 ||
                values.dtype() == DType::Float64,
            "tensor_from_values reads bool, int64 or float64");
  if (is_integral(dtype)) {
    // torch.tensor's store_scalar checks integers only.
    visit_dtype(values.dtype(), [&](auto from_tag) {
      using From = decltype(from_tag);
      for (const From v : values.values<From>()) {
        const Scalar s = std::is_same_v<From, double> ? Scalar(static_cast<double>(v))
                                                      : Scalar(static_cast<int64_t>(v));
        const bool fits = visit_dtype(dtype, [&](auto tag) { return s.fits<decltype(tag)>(); });
        TC_CHECK(Value, fits, "value cannot be converted to type ", dtype_name(dtype),
                 " without overflow");
      }
    });
  }
  NoGradGuard no_grad;
  return to(values, dtype);
}

}  // namespace tc
