// cat and stack (PyTorch's TensorShape.cpp: cat's meta function and
// check_cat_shape_except_dim, stack and get_stack_inputs): forward and
// backward. The result is a new contiguous tensor in the promoted dtype of
// all inputs; each input's gradient is its slice of the result's.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

namespace {

// Note [cat's legacy skip]: before tensors could have a zero-size dim
// anywhere, the only empty tensor was one of shape [0], so cat skipped such
// inputs whatever the other inputs' rank. PyTorch keeps that for exactly
// this shape (an input of [0, 3] is checked like any other): it neither
// decides the dim's range nor has to match the others' sizes, but its dtype
// still takes part in the promotion.
bool skipped(const Tensor& t) { return t.ndim() == 1 && t.sizes()[0] == 0; }

// check_cat_shape_except_dim: `index` is the input's place in the list.
void check_same_shape_except(const Tensor& first, const Tensor& second, int64_t dim,
                             size_t index) {
  TC_CHECK(Shape, first.ndim() == second.ndim(),
           "Tensors must have same number of dimensions: got ", first.ndim(), " and ",
           second.ndim());
  for (int64_t d = 0; d < first.ndim(); ++d) {
    if (d == dim) continue;
    TC_CHECK(Shape, first.sizes()[d] == second.sizes()[d],
             "Sizes of tensors must match except in dimension ", dim, ". Expected size ",
             first.sizes()[d], " but got size ", second.sizes()[d], " for tensor number ", index,
             " in the list.");
  }
}

}  // namespace

// PyTorch checks in this order: 0-D inputs, the dim (against the first
// input that is not skipped), an empty list, then each input's shape
// against that first one.
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  for (size_t i = 0; i < tensors.size(); ++i) {
    TC_CHECK(Value, tensors[i].defined(), "cat: an undefined tensor at position ", i);
    TC_CHECK(Shape, tensors[i].ndim() > 0, "zero-dimensional tensor (at position ", i,
             ") cannot be concatenated");
  }
  size_t valid = tensors.size();
  for (size_t i = 0; i < tensors.size() && valid == tensors.size(); ++i)
    if (!skipped(tensors[i])) valid = i;
  // legacy_cat_wrap_dim: with only skipped inputs the dim is never checked.
  const int64_t d = valid < tensors.size() ? wrap_dim(dim, tensors[valid].ndim()) : dim;
  TC_CHECK(Shape, !tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");

  std::vector<PromotionInput> dtypes;
  for (const Tensor& t : tensors) dtypes.push_back({t.dtype(), Category::Dim});
  const DType dtype = promote(dtypes, DTypeRule::Promote).common;

  Shape shape{0};
  if (valid < tensors.size()) {
    int64_t size_at_dim = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
      if (skipped(tensors[i])) continue;
      check_same_shape_except(tensors[valid], tensors[i], d, i);
      size_at_dim += tensors[i].sizes()[d];
    }
    shape = tensors[valid].sizes();
    shape[d] = size_at_dim;
  }
  check_shape(shape);

  std::vector<Shape> input_shapes;
  std::vector<DType> input_dtypes;
  // Every input copied into its place, charged as one op (Note [Work budget]).
  charge_work(WorkKind::Elements, 2.0 * static_cast<double>(numel(shape)),
              element_cost(dtype_size(dtype)));
  Tensor out = Tensor::empty(shape, dtype);
  {
    NoGradGuard no_grad;
    PaidWork paid;
    int64_t offset = 0;
    for (const Tensor& t : tensors) {
      input_shapes.push_back(t.sizes());
      input_dtypes.push_back(t.dtype());
      if (skipped(t) || valid == tensors.size()) continue;
      const int64_t size = t.sizes()[d];
      if (size > 0) copy_into(narrow(out, d, offset, size), t);
      offset += size;
    }
  }
  // cat_tensors_backward: each input its slice of the gradient (an input
  // of shape [0], skipped, gets an empty gradient), in its own dtype.
  attach_grad(out, "cat", tensors, [input_shapes, input_dtypes, d](const BackwardArgs& args) {
    std::vector<Tensor> grads(input_shapes.size());
    int64_t offset = 0;
    for (size_t i = 0; i < input_shapes.size(); ++i) {
      if (input_shapes[i] == Shape{0}) {
        if (args.needed[i]) grads[i] = Tensor::zeros({0}, input_dtypes[i]);
        continue;
      }
      const int64_t size = input_shapes[i][d];
      if (args.needed[i]) grads[i] = to(narrow(args.grad, d, offset, size), input_dtypes[i]);
      offset += size;
    }
    return grads;
  });
  return out;
}

// PyTorch's stack: every input the same shape, each unsqueezed at dim,
// then cat along it. The dim may be one past the inputs' last.
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  TC_CHECK(Shape, !tensors.empty(), "stack expects a non-empty TensorList");
  for (size_t i = 0; i < tensors.size(); ++i)
    TC_CHECK(Value, tensors[i].defined(), "stack: an undefined tensor at position ", i);
  const int64_t d = wrap_dim(dim, tensors[0].ndim() + 1);
  const Shape& entry = tensors[0].sizes();
  for (size_t i = 1; i < tensors.size(); ++i)
    TC_CHECK(Shape, tensors[i].sizes() == entry,
             "stack expects each tensor to be equal size, but got ", format_shape(entry),
             " at entry 0 and ", format_shape(tensors[i].sizes()), " at entry ", i);
  Tensor out;
  {
    NoGradGuard no_grad;
    std::vector<Tensor> parts;
    for (const Tensor& t : tensors) parts.push_back(unsqueeze(t, d));
    out = cat(parts, d);
  }
  std::vector<DType> input_dtypes;
  for (const Tensor& t : tensors) input_dtypes.push_back(t.dtype());
  // stack_tensors_backward: input i gets grad.select(d, i).
  attach_grad(out, "stack", tensors, [input_dtypes, d](const BackwardArgs& args) {
    std::vector<Tensor> grads(input_dtypes.size());
    for (size_t i = 0; i < input_dtypes.size(); ++i)
      if (args.needed[i])
        grads[i] = to(squeeze(narrow(args.grad, d, static_cast<int64_t>(i), 1), d),
                      input_dtypes[i]);
    return grads;
  });
  return out;
}

}  // namespace tc
