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

Tensor full(const Shape& shape, Scalar value, DType dtype) {
  check_range(dtype, value);
  return Tensor::full(shape, value, dtype);
}

Tensor tensor_from_values(const Tensor& ints, const Tensor& floats, const Tensor& is_float,
                          DType dtype) {
  TC_ASSERT(ints.dtype() == DType::Int64 && floats.dtype() == DType::Float64 &&
                is_float.dtype() == DType::Bool && is_integral(dtype),
            "tensor_from_values reads int64, float64 and bool into an integer dtype");
  TC_ASSERT(ints.sizes() == floats.sizes() && ints.sizes() == is_float.sizes(), "one shape");
  // Three reads (charged by values()) and the loop below, which checks and
  // converts each value.
  charge_work(WorkKind::Elements, static_cast<double>(ints.numel()), work_cost::kConvertedElement);
  const std::vector<int64_t> i = ints.values<int64_t>();
  const std::vector<double> f = floats.values<double>();
  const std::vector<bool> which = is_float.values<bool>();
  Tensor out = Tensor::empty(ints.sizes(), dtype);
  visit_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    T* p = out.data<T>();
    for (size_t k = 0; k < i.size(); ++k) {
      const Scalar s = which[k] ? Scalar(f[k]) : Scalar(i[k]);
      TC_CHECK(Value, s.fits<T>(), "value cannot be converted to type ", dtype_name(dtype),
               " without overflow");
      p[k] = s.to<T>();
    }
  });
  return out;
}

}  // namespace tc
