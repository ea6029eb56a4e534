// Views: a new Geometry over the same storage, never a copy (reshape and
// contiguous copy only when the strides leave no choice). Each one's
// backward sits beside it; expand's is the identity because the autograd
// engine sums every gradient back to its input's shape (Note [Autograd]).
#include <numeric>

#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

namespace {

Tensor make_view(const Tensor& self, Geometry g, const char* op, BackwardFn backward) {
  Tensor out = self.with_geometry(std::move(g));
  attach_grad(out, op, {self}, std::move(backward));
  return out;
}

// The gradient of any view that only regroups elements (unsqueeze, squeeze,
// view, reshape): the same values in the input's shape.
BackwardFn reshape_back(const Shape& input_shape) {
  return [input_shape](const BackwardArgs& args) {
    return std::vector<Tensor>{reshape(args.grad, input_shape)};
  };
}

}  // namespace

Tensor expand(const Tensor& self, const Shape& sizes) {
  const std::string type = dtype_tensor_type(self.dtype());
  return make_view(self, self.geometry().expand(sizes, type.c_str()), "expand",
                   [](const BackwardArgs& args) { return std::vector<Tensor>{args.grad}; });
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return expand(self, other.sizes()); }

// PyTorch's broadcast_to is expand, with -1 allowed the same way.
Tensor broadcast_to(const Tensor& self, const Shape& sizes) { return expand(self, sizes); }

Tensor permute(const Tensor& self, const std::vector<int64_t>& dims) {
  Geometry g = self.geometry().permute(dims);
  std::vector<int64_t> inverse(dims.size());
  for (size_t i = 0; i < dims.size(); ++i)
    inverse[wrap_dim(dims[i], self.ndim())] = static_cast<int64_t>(i);
  return make_view(self, std::move(g), "permute", [inverse](const BackwardArgs& args) {
    const Tensor& grad = args.grad;
    return std::vector<Tensor>{permute(grad, inverse)};
  });
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  return make_view(self, self.geometry().transpose(dim0, dim1), "transpose",
                   [dim0, dim1](const BackwardArgs& args) {
                     return std::vector<Tensor>{transpose(args.grad, dim0, dim1)};
                   });
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  return make_view(self, self.geometry().unsqueeze(dim), "unsqueeze", reshape_back(self.sizes()));
}

Tensor squeeze(const Tensor& self) {
  return make_view(self, self.geometry().squeeze(), "squeeze", reshape_back(self.sizes()));
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  Tensor out = make_view(self, self.geometry().squeeze(dim), "squeeze", reshape_back(self.sizes()));
  set_grad_fn(out, "SqueezeBackward1");  // squeeze(dim): PyTorch's second overload
  return out;
}

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  Geometry g = self.geometry().narrow(dim, start, length);
  const int64_t d = wrap_dim(dim, self.ndim());
  const int64_t begin = start < 0 ? start + self.sizes()[d] : start;
  const Shape input_shape = self.sizes();
  Tensor out = make_view(self, std::move(g), "narrow",
                         [input_shape, d, begin, length](const BackwardArgs& args) {
                           const Tensor& grad = args.grad;
                           // Zeros everywhere but the narrowed slice, which gets the gradient.
                           const Tensor full = Tensor::zeros(input_shape, grad.dtype());
                           copy_into(narrow(full, d, begin, length), grad);
                           return std::vector<Tensor>{full};
                         });
  set_grad_fn(out, "SliceBackward0");  // torch.narrow is a slice
  return out;
}

Tensor view(const Tensor& self, const Shape& shape) {
  std::optional<Geometry> g = self.geometry().view(shape);
  TC_CHECK(Shape, g.has_value(),
           "view size is not compatible with input tensor's size and stride (at least one "
           "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return make_view(self, std::move(*g), "view", reshape_back(self.sizes()));
}

Tensor reshape(const Tensor& self, const Shape& shape) {
  if (self.geometry().view(shape)) return view(self, shape);
  return view(contiguous(self), shape);
}

Tensor clone(const Tensor& self) {
  Tensor out = Tensor::empty(self.sizes(), self.dtype());
  {
    NoGradGuard no_grad;
    copy_into(out, self);
  }
  if (is_floating(self.dtype()))
    attach_grad(out, "clone", {self},
              [](const BackwardArgs& args) { return std::vector<Tensor>{args.grad}; });
  return out;
}

Tensor contiguous(const Tensor& self) { return self.is_contiguous() ? self : clone(self); }

Tensor detach(const Tensor& self) { return self.with_geometry(self.geometry()); }

}  // namespace tc
