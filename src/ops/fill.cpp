// Note [Fills]: fill_, zero_, masked_fill and masked_fill_, as PyTorch's
// Fill.cpp and TensorAdvancedIndexing.cpp (masked_fill) write them.
//  - The value is a number or a 0-D tensor (its item), checked against
//    self's dtype as c10's Scalar::to<T> checks it (check_range: "value
//    cannot be converted to type uint8_t without overflow", even when
//    nothing is filled), then converted: 2.7 into int64 gives 2, -1 into
//    uint8 255. A value tensor of more dims is refused with each op's own
//    text ("fill_ only supports 0-dimension value tensor ...",
//    "masked_fill_ only supports a 0-dimensional value tensor ...").
//  - PyTorch's checks run in this order: autograd's check_inplace (a leaf
//    that requires grad, a view of one), the value's dims, the shapes (the
//    mask broadcasts to self; in place it cannot grow self), the value's
//    range, the mask's dtype and values.
//  - The mask is bool, or uint8 holding only 0 and 1 ("Mask tensor can
//    take 0 and 1 values only"; PyTorch 1.13 also warns that uint8 is
//    deprecated). PyTorch 1.13 reads a mask of any other dtype by the first
//    byte of each element (a float mask of 1.0 fills nothing, pytorch#85063);
//    tensorcast refuses it instead (docs/limits.md).
//  - fill_ writes into an expanded tensor (each cell once: the same value);
//    masked_fill_ into an expanded tensor is refused (PyTorch 1.13 warns
//    that it is deprecated and writes a cell if any of its positions is
//    masked).
//  - Autograd: the out-of-place masked_fill is MaskedFillBackward0 (number
//    value) or MaskedFillBackward1 (tensor value: its gradient is the sum of
//    the filled positions'). In place, on a tensor that requires grad (not a
//    leaf) or with a value tensor that requires grad, the op becomes the
//    tensor's history as PyTorch's rebase_history makes it: ZeroBackward0,
//    FillBackward2 (number), FillBackward3 (tensor value), MaskedFillBackward0
//    or 1, whose input is the tensor as it was (the old history, which gets
//    zero where the op wrote). A view of a tensor in a graph cannot be
//    rebased so (PyTorch gives its base a CopySlices node; tensorcast's graph
//    links tensors, not views to their bases): refused with a message.
#include "autograd/node.h"
#include "ops/internal.h"

namespace tc {

namespace {

// The number a fill writes: `value` itself, or a 0-D tensor's item.
// dims_error(n) is the op's text for a value tensor of n dims.
template <class DimsError>
Scalar fill_number(const Operand& value, DimsError dims_error) {
  if (value.is_number()) return value.number();
  const Tensor v = value.tensor();
  if (v.ndim() != 0) dims_error(v.ndim());
  return v.scalar_item();
}

void check_fill_dims(int64_t ndim) {
  TC_CHECK(Value, false, "fill_ only supports 0-dimension value tensor but got tensor with ", ndim,
           " dimensions.");
}

void check_masked_fill_dims(int64_t ndim) {
  TC_CHECK(Value, false, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
           ndim, " dimension(s).");
}

// The tensor t views (its node's input that shares its storage), or an
// undefined one when t is not a view of a tensor of a graph.
Tensor viewed(const Tensor& t) {
  if (t.is_leaf()) return Tensor();
  for (const Tensor& input : t.impl().grad_fn->inputs)
    if (input.defined() && input.shares_storage(t)) return input;
  return Tensor();
}

// self's cells, each once: the dims an expand made (stride 0) cut to one.
Tensor each_cell_once(const Tensor& self) {
  Shape sizes = self.sizes();
  for (size_t d = 0; d < sizes.size(); ++d)
    if (self.strides()[d] == 0) sizes[d] = std::min<int64_t>(sizes[d], 1);
  return self.with_geometry(Geometry::make(sizes, self.strides(), self.offset()));
}

// Writes source (broadcast to self's shape, converted to self's dtype)
// into self, a new version of its storage. No trace: the op is the fill.
void write_into(Tensor& self, const Tensor& source) {
  TracePause quiet;
  copy_into(self, source.sizes() == self.sizes() ? source
                                                 : source.with_geometry(source.geometry().expand(self.sizes())));
  self.impl().storage->bump_version();
}

// Note [Fills]' rebase: self's history becomes `op`, whose inputs are self
// as it was (a new handle on the same storage, keeping the old grad_fn)
// and the value tensor. Only floating tensors take a history.
void rebase(Tensor& self, const char* op, const char* grad_fn, const Tensor& value, BackwardFn fn,
            const std::vector<Tensor>& saved = {}) {
  if (!is_floating(self.dtype()) || !needs_grad({self, value})) return;
  Tensor old;
  if (self.requires_grad()) {
    auto impl = std::make_shared<TensorImpl>(self.impl());
    impl->id = next_tensor_id();
    impl->grad.reset();
    impl->retains_grad = false;
    impl->graph_uses = 0;
    old = Tensor(impl);
  }
  attach_grad(self, op, {old, value}, std::move(fn), saved);
  set_grad_fn(self, grad_fn);
}

// The mask as bool after PyTorch's checks of its dtype and values.
Tensor bool_mask(const Tensor& mask) {
  TC_CHECK(Value, mask.defined(), "masked_fill: the mask is undefined");
  if (mask.dtype() == DType::Bool) return mask;
  TC_CHECK(Type, mask.dtype() == DType::UInt8, "masked_fill_ only supports boolean masks, but got mask with dtype ",
           "torch.", dtype_name(mask.dtype()),
           " (tensorcast refuses it: PyTorch 1.13 reads the first byte of each element, so that a "
           "float mask of 1.0 fills nothing); pass mask.bool() or a comparison such as mask != 0");
  const Tensor as_bool = to(mask, DType::Bool);
  TracePause quiet;
  const bool only_bits = all(compare(CompareOp::Le, mask, 1), std::nullopt, false).item() != 0;
  TC_CHECK(Value, only_bits, "Mask tensor can take 0 and 1 values only");
  return as_bool;
}

// The gradient of a masked fill: zero where filled (self's), the sum of
// the filled positions' (the value's).
std::vector<Tensor> masked_fill_grads(const BackwardArgs& args) {
  const Tensor &g = args.grad, &mask = args.saved[0];
  return {args.needed[0] ? where(mask, 0.0, g) : Tensor(),
          args.needed[1] ? sum(where(mask, g, 0.0)) : Tensor()};
}

// Writes value where mask is true into self (self's shape: the mask
// broadcasts to it); mask bool. The checks are the caller's.
void masked_write(Tensor& self, const Tensor& mask, Scalar value) {
  NoGradGuard no_grad;
  TracePause quiet;
  const Tensor filled = where(mask, Tensor::full({}, value, self.dtype()), self);
  write_into(self, filled);
}

}  // namespace

// autograd's check_inplace: a leaf that requires grad, or a view of one
// (through any chain of views), cannot be written in grad mode. Nor, in
// tensorcast, a view of a non-leaf, or a tensor an op has already used
// (Note [Fills]: its history cannot be rewritten for that op alone).
void check_inplace(const Tensor& self, const char* op) {
  TC_CHECK(Value, self.defined(), "in-place op on an undefined tensor");
  if (!grad_enabled() || !self.requires_grad()) return;
  TC_CHECK(Autograd, !self.is_leaf(),
           "a leaf Variable that requires grad is being used in an in-place operation.");
  Tensor base = viewed(self);
  if (base.defined()) {
    for (Tensor next = viewed(base); next.defined(); next = viewed(base)) base = next;
    TC_CHECK(Autograd, !base.is_leaf(),
             "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    TC_CHECK(Autograd, false, op,
             ": tensorcast does not record an in-place op on a view of a tensor that requires grad "
             "(PyTorch rewrites the history of the tensor it views); write into that tensor, or use "
             "the out-of-place form");
  }
  TC_CHECK(Autograd, self.impl().graph_uses == 0, op,
           ": tensorcast does not record an in-place op on a tensor that requires grad once another "
           "op has used it (PyTorch keeps the old history for that op); use the out-of-place form, "
           "or write before the tensor is used");
}


// Note [Unary ops in place]: x.exp_(), x.relu_(), x.clamp_(0) ... are
// their out-of-place op (its checks, kernel and node) with the result
// written into self, as PyTorch's in-place structured kernels are the
// out-of-place loop with self as the output.
//  - The result is cast into self's dtype as arithmetic's (Note [In-place
//    dtypes]): int64 x.exp_() is refused with "result type Float can't be
//    cast to the desired output type Long"; int64 x.abs_() runs. The
//    result is computed apart and checked before the write, so that a
//    refusal leaves self as it was; views of self's storage see the write.
//  - autograd: check_inplace first (Note [Fills]); when the op is
//    recorded, it runs on a snapshot of self (a copy of its values that
//    keeps its history: a formula that reads its input, as sin's and
//    clamp's do, must not see the write, as PyTorch's saves original
//    self), and its node (ExpBackward0, ClampBackward1, PowBackward0 for
//    square_) becomes self's grad_fn. What the node saved of its result
//    is self from then on, so that a later write into self makes backward
//    refuse, as PyTorch's version check does (y.exp_().neg_()).
//  - Its trace is the out-of-place op's under the in-place name.
Tensor& assign_result(Tensor& self, const char* op, const std::vector<Tensor>& others,
                      const std::function<Tensor(const Tensor&)>& compute) {
  check_inplace(self, op);
  for (const Tensor& t : others) TC_CHECK(Value, t.defined(), op, ": an undefined tensor");
  check_no_internal_overlap(self);
  std::vector<Tensor> inputs = others;
  inputs.push_back(self);
  const bool records = needs_grad(inputs);
  Tensor source = self;
  if (records) {
    {
      NoGradGuard no_grad;
      TracePause quiet;
      source = clone(detach(self));
    }
    source.impl().requires_grad = self.requires_grad();
    source.impl().grad_fn = self.impl().grad_fn;
  }
  Tensor out;
  if (!tracing()) {
    out = compute(source);
  } else {
    std::vector<TraceEvent> events;
    {
      TraceScope inner;
      out = compute(source);
      events = inner.events();
    }
    const std::string base = std::string(op).substr(0, std::string(op).size() - 1);
    for (TraceEvent& event : events) {
      if (auto* o = std::get_if<OpTrace>(&event); o && o->op == base) o->op = op;
      record(std::move(event));
    }
  }
  TC_CHECK(Type, can_cast(out.dtype(), self.dtype()), "result type ", dtype_c10_name(out.dtype()),
           " can't be cast to the desired output type ", dtype_c10_name(self.dtype()));
  write_into(self, out);
  if (records && out.impl().grad_fn) {
    // A formula that reads the result (exp's, relu's) reads self, as
    // PyTorch's does: a later write into self makes backward refuse it.
    for (SavedTensor& saved : out.impl().grad_fn->saved)
      if (saved.unpack().shares_storage(out)) saved = SavedTensor(detach(self));
    self.impl().requires_grad = true;
    self.impl().grad_fn = out.impl().grad_fn;
  }
  return self;
}

Tensor& fill_(Tensor& self, const Operand& value) {
  check_inplace(self, "fill_");
  const Scalar number = fill_number(value, check_fill_dims);
  check_range(self.dtype(), number);
  Tensor cells = each_cell_once(self);
  write_into(cells, Tensor::full({}, number, self.dtype()));
  const Tensor v = value.is_number() ? Tensor() : value.tensor();
  rebase(self, "fill_", v.defined() ? "FillBackward3" : "FillBackward2", v, [](const BackwardArgs& args) {
    return std::vector<Tensor>{args.needed[0] ? Tensor::zeros(args.grad.sizes(), args.grad.dtype()) : Tensor(),
                               args.needed[1] ? sum(args.grad) : Tensor()};
  });
  return self;
}

Tensor& zero_(Tensor& self) {
  check_inplace(self, "zero_");
  Tensor cells = each_cell_once(self);
  write_into(cells, Tensor::zeros({}, self.dtype()));
  rebase(self, "zero_", "ZeroBackward0", Tensor(), [](const BackwardArgs& args) {
    return std::vector<Tensor>{Tensor::zeros(args.grad.sizes(), args.grad.dtype()), Tensor()};
  });
  return self;
}

Tensor& masked_fill_(Tensor& self, const Tensor& mask, const Operand& value) {
  check_inplace(self, "masked_fill_");
  const Scalar number = fill_number(value, check_masked_fill_dims);
  TC_CHECK(Value, mask.defined(), "masked_fill: the mask is undefined");
  const Shape shape = infer_size(self.sizes(), mask.sizes());
  TC_CHECK(Shape, shape == self.sizes(), "output with shape ", format_shape(self.sizes()),
           " doesn't match the broadcast shape ", format_shape(shape));
  check_range(self.dtype(), number);
  const Tensor m = bool_mask(mask);
  check_no_internal_overlap(self);
  masked_write(self, m, number);
  const Tensor v = value.is_number() ? Tensor() : value.tensor();
  rebase(self, "masked_fill_", v.defined() ? "MaskedFillBackward1" : "MaskedFillBackward0", v, masked_fill_grads, {m});
  return self;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Operand& value) {
  TC_CHECK(Value, self.defined() && mask.defined(), "masked_fill: an undefined tensor");
  const Scalar number = fill_number(value, check_masked_fill_dims);
  const Shape shape = infer_size(mask.sizes(), self.sizes());  // PyTorch's expand_outplace(mask, self)
  check_range(self.dtype(), number);
  const Tensor m = bool_mask(mask);
  Tensor out = Tensor::empty(shape, self.dtype());
  write_into(out, self.with_geometry(self.geometry().expand(shape)));
  masked_write(out, m, number);
  const Tensor v = value.is_number() ? Tensor() : value.tensor();
  if (is_floating(self.dtype())) {
    attach_grad(out, "masked_fill", {self, v}, masked_fill_grads, {m});
    set_grad_fn(out, v.defined() ? "MaskedFillBackward1" : "MaskedFillBackward0");
  }
  return out;
}

}  // namespace tc
