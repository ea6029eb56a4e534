// Views: a new Geometry over the same storage, never a copy (reshape and
// contiguous copy only when the strides leave no choice). Each one's
// backward sits beside it; expand's is the identity because the autograd
// engine sums every gradient back to its input's shape (Note [Autograd]).
#include <algorithm>
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

// PyTorch 1.13's reshape is _reshape_alias when the strides allow a view
// (grad_fn ReshapeAliasBackward0; 2.x prints ViewBackward0 there), else
// _unsafe_view of a contiguous clone (UnsafeViewBackward0 over
// CloneBackward0).
Tensor reshape(const Tensor& self, const Shape& shape) {
  const bool aliased = self.geometry().view(shape).has_value();
  Tensor out = aliased ? view(self, shape) : view(contiguous(self), shape);
  set_grad_fn(out, aliased ? "ReshapeAliasBackward0" : "UnsafeViewBackward0");
  return out;
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

// --- shape views: flatten, unflatten, t, mT, movedim (PyTorch's
// TensorShape.cpp). Each is one of the views above with PyTorch's checks
// and its grad_fn: flatten is reshape, unflatten is view, t and mT are
// transpose, movedim is permute.

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  const int64_t start = wrap_dim(start_dim, self.ndim());
  const int64_t end = wrap_dim(end_dim, self.ndim());
  TC_CHECK(Shape, start <= end, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.ndim() == 0) return reshape(self, {1});
  if (start == end) return self;  // PyTorch returns self itself: no new node
  // The merged size is multiplied out, not inferred with -1: [0, 1, 3, 0]
  // flattened over dims 1..2 is [0, 3, 0], where -1 would be ambiguous.
  const Shape& sizes = self.sizes();
  Shape shape(sizes.begin(), sizes.begin() + start);
  int64_t merged = 1;
  for (int64_t d = start; d <= end; ++d) merged *= sizes[d];
  shape.push_back(merged);
  shape.insert(shape.end(), sizes.begin() + end + 1, sizes.end());
  return reshape(self, shape);
}

// Note [unflatten's messages]: PyTorch infers the sizes with view's
// infer_size and rewrites only its "is invalid for input of size" error;
// another std::runtime_error of infer_size ("only one dimension can be
// inferred") comes out as "unflatten got an unexpected error:\n...", and
// its TORCH_CHECKs ("invalid shape dimension -2", the ambiguous -1 of an
// empty dim) pass through as they are.
Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes) {
  const int64_t d = wrap_dim(dim, self.ndim());
  TC_CHECK(Shape, !sizes.empty(), "unflatten: sizes must be non-empty");
  wrap_dim(d, self.ndim(), false);  // self.size(d) of a 0-D tensor: "Dimension specified as 0 ..."
  const int64_t size = self.sizes()[d];
  Shape inferred;
  try {
    inferred = infer_view_shape(sizes, size);
  } catch (const Error& e) {
    const std::string what = e.what();
    if (what.find("is invalid for input of size") != std::string::npos)
      fail(ErrorKind::Shape, "unflatten: Provided sizes ", format_shape(sizes),
           " don't multiply up to the size of dim ", d, " (", size, ") in the input tensor");
    if (what == "only one dimension can be inferred")
      fail(ErrorKind::Shape, "unflatten got an unexpected error:\n", what);
    throw;
  }
  Shape shape = self.sizes();
  shape.erase(shape.begin() + d);
  shape.insert(shape.begin() + d, inferred.begin(), inferred.end());
  return view(self, shape);
}

Tensor t(const Tensor& self) {
  TC_CHECK(Shape, self.ndim() <= 2, "t() expects a tensor with <= 2 dimensions, but self is ",
           self.ndim(), "D");
  const int64_t other = self.ndim() < 2 ? 0 : 1;
  return make_view(self, self.geometry().transpose(0, other), "t",
                   [other](const BackwardArgs& args) {
                     return std::vector<Tensor>{transpose(args.grad, 0, other)};
                   });
}

Tensor mT(const Tensor& self) {
  // PyTorch 1.13 refuses only a 1-D tensor; a 0-D one comes back as it is
  // (itself: no new node).
  TC_CHECK(Shape, self.ndim() != 1,
           "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
  if (self.ndim() == 0) return self;
  return transpose(self, -2, -1);
}

Tensor movedim(const Tensor& self, const std::vector<int64_t>& source,
               const std::vector<int64_t>& destination) {
  // PyTorch 1.13's text, with its space before the first ")".
  TC_CHECK(Shape, source.size() == destination.size(),
           "movedim: Invalid source or destination dims: source (", format_shape(source),
           " dims ) should contain the same number of dims as destination (",
           format_shape(destination), " dims)");
  const int64_t n = self.ndim();
  std::vector<int64_t> src(source.size()), dst(destination.size());
  for (size_t i = 0; i < source.size(); ++i) src[i] = wrap_dim(source[i], n);
  for (size_t i = 0; i < destination.size(); ++i) dst[i] = wrap_dim(destination[i], n);
  const auto unique = [](std::vector<int64_t> dims) {
    std::sort(dims.begin(), dims.end());
    return std::adjacent_find(dims.begin(), dims.end()) == dims.end();
  };
  TC_CHECK(Shape, unique(src), "movedim: repeated dim in `source` (", format_shape(source), ")");
  TC_CHECK(Shape, unique(dst), "movedim: repeated dim in `destination` (",
           format_shape(destination), ")");
  if (n == 0)  // PyTorch's self.alias()
    return make_view(self, self.geometry(), "alias",
                     [](const BackwardArgs& args) { return std::vector<Tensor>{args.grad}; });
  // The moved dims take their places; the others keep their order in the
  // places left over.
  std::vector<int64_t> order(n, -1);
  std::vector<bool> moved(n, false), taken(n, false);
  for (size_t i = 0; i < src.size(); ++i) {
    order[dst[i]] = src[i];
    moved[src[i]] = true;
    taken[dst[i]] = true;
  }
  int64_t next = 0;
  for (int64_t d = 0; d < n; ++d) {
    if (moved[d]) continue;
    while (taken[next]) ++next;
    order[next++] = d;
  }
  return permute(self, order);
}

}  // namespace tc
