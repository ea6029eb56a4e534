// Views, joins and matrix products (src/lang/library.h): src/ops/views.cpp,
// cat.cpp, indexing.cpp and matmul.cpp with PyTorch's signatures. mm, bmm,
// mv and dot check their operands with PyTorch's own texts
// (LinearAlgebra.cpp, Blas.cpp) before the core's matmul computes them.
#include "lang/library.h"
#include "shape.h"

namespace tc::lang {

namespace {

Value do_reshape(const Bound& b, CallContext&) { return reshape(b.tensor("input"), b.ints("shape")); }
// view(size), and view(dtype): the bytes read as another dtype, which the
// core does not do (a view of the same dtype is the tensor's own view).
Value do_view(const Bound& b, CallContext&) {
  const Tensor x = b.tensor("input");
  if (!b.takes("dtype")) return view(x, b.ints("size"));
  if (b.dtype("dtype") != x.dtype())
    throw PythonError("NotImplementedError",
                      "view(dtype) is not supported by tensorcast: to(dtype) converts the values instead");
  return view(x, x.sizes());
}
Value do_expand(const Bound& b, CallContext&) { return expand(b.tensor("input"), b.ints("size")); }
Value do_expand_as(const Bound& b, CallContext&) { return expand_as(b.tensor("input"), b.tensor("other")); }
Value do_broadcast_to(const Bound& b, CallContext&) { return broadcast_to(b.tensor("input"), b.ints("size")); }
Value do_permute(const Bound& b, CallContext&) { return permute(b.tensor("input"), b.ints("dims")); }
Value do_transpose(const Bound& b, CallContext&) {
  return transpose(b.tensor("input"), b.integer("dim0"), b.integer("dim1"));
}
Value do_swapaxes(const Bound& b, CallContext&) {
  return transpose(b.tensor("input"), b.integer("axis0"), b.integer("axis1"));
}
Value do_unsqueeze(const Bound& b, CallContext&) { return unsqueeze(b.tensor("input"), b.integer("dim")); }
Value do_squeeze(const Bound& b, CallContext&) {
  if (b.overload() == 0) return squeeze(b.tensor("input"));
  return squeeze(b.tensor("input"), b.integer("dim"));
}
Value do_flatten(const Bound& b, CallContext&) {
  return flatten(b.tensor("input"), b.integer("start_dim"), b.integer("end_dim"));
}
Value do_unflatten(const Bound& b, CallContext&) {
  return unflatten(b.tensor("input"), b.integer("dim"), b.ints("sizes"));
}
Value do_movedim(const Bound& b, CallContext&) {
  return movedim(b.tensor("input"), b.ints("source"), b.ints("destination"));
}
Value do_narrow(const Bound& b, CallContext&) {
  return narrow(b.tensor("input"), b.integer("dim"), b.integer("start"), b.integer("length"));
}
Value do_select(const Bound& b, CallContext&) {
  return select(b.tensor("input"), b.integer("dim"), b.integer("index"));
}
Value do_t(const Bound& b, CallContext&) { return t(b.tensor("input")); }
Value do_contiguous(const Bound& b, CallContext&) { return contiguous(b.tensor("input")); }
Value do_clone(const Bound& b, CallContext&) { return clone(b.tensor("input")); }
Value do_detach(const Bound& b, CallContext&) { return detach(b.tensor("input")); }
Value do_gather(const Bound& b, CallContext&) {
  return gather(b.tensor("input"), b.integer("dim"), b.tensor("index"));
}
Value do_cat(const Bound& b, CallContext&) { return cat(b.tensors("tensors"), b.integer("dim")); }
Value do_stack(const Bound& b, CallContext&) { return stack(b.tensors("tensors"), b.integer("dim")); }

// torch.broadcast_shapes(*shapes): each an int or a sequence of ints.
Value do_broadcast_shapes(const Arguments& args, CallContext&) {
  if (!args.keywords.empty())
    throw PythonError("TypeError", "broadcast_shapes() got an unexpected keyword argument '" +
                                       args.keywords[0].first + "'");
  std::vector<Shape> shapes;
  for (const Value& v : args.positional) {
    if (auto i = std::get_if<int64_t>(&v.v)) {
      shapes.push_back({*i});
      continue;
    }
    const Sequence* s = v.sequence();
    Shape shape;
    bool ok = s != nullptr && s->kind != Sequence::Kind::Named;
    if (ok)
      for (const Value& item : s->items) {
        auto i = std::get_if<int64_t>(&item.v);
        if (i == nullptr) ok = false;
        else shape.push_back(*i);
      }
    // PyTorch's broadcast_shapes raises RuntimeError(text, shape): Python
    // prints the two as a tuple
    if (!ok)
      throw Error(ErrorKind::Value,
                  "('Input shapes should be of type ints, a tuple of ints, or a list of ints, got ', " + repr(v) + ")");
    shapes.push_back(shape);
  }
  return int_tuple(torch_broadcast_shapes(shapes), Sequence::Kind::Size);
}

// torch.broadcast_tensors(*tensors): each expanded to the shape they
// broadcast to (ExpandBackward0); one that has it already is returned
// itself, as PyTorch's expand_outplace borrows it.
Value do_broadcast_tensors(const Arguments& args, CallContext&) {
  if (!args.keywords.empty())
    throw PythonError("TypeError", "broadcast_tensors() got an unexpected keyword argument '" +
                                       args.keywords[0].first + "'");
  std::vector<Shape> shapes;
  for (size_t i = 0; i < args.positional.size(); ++i) {
    if (!args.positional[i].is_tensor())
      throw PythonError("TypeError", "expected Tensor as element " + std::to_string(i) +
                                         " in argument 0, but got " + type_name(args.positional[i]));
    shapes.push_back(args.positional[i].tensor().sizes());
  }
  const Shape shape = broadcast_shapes(shapes);
  std::vector<Value> out;
  for (const Value& v : args.positional)
    out.emplace_back(v.tensor().sizes() == shape ? v.tensor() : expand(v.tensor(), shape));
  return Value::sequence(Sequence::Kind::Tuple, std::move(out));
}

// --- matrix products

Value do_matmul(const Bound& b, CallContext&) { return matmul(b.tensor("input"), b.tensor("other")); }

Value do_mm(const Bound& b, CallContext&) {
  const Tensor a = b.tensor("input"), m = b.tensor("mat2");
  TC_CHECK(Shape, a.ndim() == 2, "self must be a matrix");
  TC_CHECK(Shape, m.ndim() == 2, "mat2 must be a matrix");
  return matmul(a, m);
}

Value do_bmm(const Bound& b, CallContext&) {
  const Tensor a = b.tensor("input"), m = b.tensor("mat2");
  TC_CHECK(Shape, a.ndim() == 3, "batch1 must be a 3D tensor");
  TC_CHECK(Shape, m.ndim() == 3, "batch2 must be a 3D tensor");
  TC_CHECK(Shape, m.sizes()[0] == a.sizes()[0] && m.sizes()[1] == a.sizes()[2],
           "Expected size for first two dimensions of batch2 tensor to be: [", a.sizes()[0], ", ",
           a.sizes()[2], "] but got: [", m.sizes()[0], ", ", m.sizes()[1], "].");
  return matmul(a, m);
}

// mv is addmv_ into a vector of mat's rows: its checks are addmv's.
Value do_mv(const Bound& b, CallContext&) {
  const Tensor a = b.tensor("input"), v = b.tensor("vec");
  TC_CHECK(Shape, a.ndim() == 2 && v.ndim() == 1, "vector + matrix @ vector expected, got 1, ",
           a.ndim(), ", ", v.ndim());
  return matmul(a, v);  // its mv route raises addmv's "size mismatch, got 8, 8x3,21"
}

Value do_dot(const Bound& b, CallContext&) {
  const Tensor a = b.tensor("input"), v = b.tensor("tensor");
  TC_CHECK(Shape, a.ndim() == 1 && v.ndim() == 1, "1D tensors expected, but got ", a.ndim(),
           "D and ", v.ndim(), "D tensors");
  TC_CHECK(Type, a.dtype() == v.dtype(), "dot : expected both vectors to have same dtype, but found ",
           dtype_c10_name(a.dtype()), " and ", dtype_c10_name(v.dtype()));
  TC_CHECK(Shape, a.numel() == v.numel(), "inconsistent tensor size, expected tensor [", a.numel(),
           "] and src [", v.numel(), "] to have the same number of elements, but got ", a.numel(),
           " and ", v.numel(), " elements respectively");
  return matmul(a, v);
}

// outer(input, vec2): PyTorch's composite, input.reshape(n, 1) * vec2
// (so MulBackward0), after its check_1d texts.
Value do_outer(const Bound& b, CallContext&) {
  const Tensor a = b.tensor("input"), v = b.tensor("vec2");
  TC_CHECK(Shape, a.ndim() == 1, "outer: Expected 1-D argument self, but got ", a.ndim(), "-D");
  TC_CHECK(Shape, v.ndim() == 1, "outer: Expected 1-D argument vec2, but got ", v.ndim(), "-D");
  return mul(reshape(a, {a.sizes()[0], 1}), v);
}

// F.linear(input, weight, bias=None): input @ weight.T + bias, as
// PyTorch's linear computes it when it cannot fuse (matmul, then add).
Value f_linear(const Bound& b, CallContext&) {
  const Tensor out = matmul(b.tensor("input"), t(b.tensor("weight")));
  return b.has("bias") ? add(out, b.tensor("bias")) : out;
}

}  // namespace

void add_shapes(std::vector<Entry>& t) {
  const unsigned both = kTorch | kMethod;
  t.push_back(entry("reshape", both, {"reshape(Tensor input, SymInt[] shape)"}, do_reshape)
                  .says("The same elements in a new shape: a view when the strides allow, else a copy.")
                  .hand_written("reshape"));
  t.push_back(entry("view", kMethod, {"view(Tensor input, ScalarType dtype)", "view(Tensor input, SymInt[] size)"},
                    do_view)
                  .says("A view of the same storage in a new shape (the strides must allow it).")
                  .hand_written("view"));
  t.push_back(entry("expand", kMethod, {"expand(Tensor input, SymInt[] size, *, bool implicit=False)"}, do_expand)
                  .says("A view with size-1 dims repeated by stride 0 (-1 keeps a size).")
                  .hand_written("expand"));
  t.push_back(entry("expand_as", kMethod, {"expand_as(Tensor input, Tensor other)"}, do_expand_as)
                  .says("expand() to the shape of other.")
                  .hand_written("expandAs"));
  t.push_back(entry("broadcast_to", both, {"broadcast_to(Tensor input, int[] size)"}, do_broadcast_to)
                  .says("A view of input broadcast to a shape.")
                  .hand_written("broadcastTo"));
  t.push_back(raw_entry("broadcast_shapes", kTorch, do_broadcast_shapes)
                  .says("The shape the given shapes broadcast to.")
                  .hand_written("broadcastShapes"));
  t.push_back(raw_entry("broadcast_tensors", kTorch, do_broadcast_tensors)
                  .says("The tensors expanded to their common shape.")
                  .not_in_package("takes its tensors as separate arguments, which the generic call does not bind: expand() each to tc.broadcastShapes(...)"));
  t.push_back(entry("permute", both, {"permute(Tensor input, int[] dims)"}, do_permute)
                  .says("A view with its dims reordered.")
                  .hand_written("permute"));
  t.push_back(entry("transpose", both, {"transpose(Tensor input, int dim0, int dim1)", "transpose(Tensor input, Dimname dim0, Dimname dim1)"}, do_transpose)
                  .says("A view with two dims swapped."));
  t.push_back(entry("swapdims", both, {"swapdims(Tensor input, int dim0, int dim1)"}, do_transpose)
                  .says("A view with two dims swapped: transpose()."));
  t.push_back(entry("swapaxes", both, {"swapaxes(Tensor input, int axis0, int axis1)"}, do_swapaxes)
                  .says("A view with two dims swapped: transpose()."));
  t.push_back(entry("unsqueeze", both, {"unsqueeze(Tensor input, int dim)"}, do_unsqueeze)
                  .says("A view with a size-1 dim inserted at dim."));
  t.push_back(entry("squeeze", both, {"squeeze(Tensor input)", "squeeze(Tensor input, int dim)", "squeeze(Tensor input, Dimname dim)"}, do_squeeze)
                  .says("A view without its size-1 dims (or without dim, if its size is 1)."));
  t.push_back(entry("flatten", both, {"flatten(Tensor input, int start_dim, int end_dim, Dimname out_dim)",
                                     "flatten(Tensor input, int start_dim=0, int end_dim=-1)",
                                     "flatten(Tensor input, Dimname start_dim, Dimname end_dim, Dimname out_dim)",
                                     "flatten(Tensor input, Dimname[] dims, Dimname out_dim)"}, do_flatten)
                  .says("The dims from start_dim to end_dim merged into one."));
  t.push_back(entry("unflatten", kTorch,
                    {"unflatten(Tensor input, Dimname dim, int[] sizes, Dimname[] names)",
                     "unflatten(Tensor input, int dim, int[] sizes)"},
                    do_unflatten)
                  .says("dim split into sizes."));
  // Tensor.unflatten is Python (torch/_tensor.py): CPython's words for its
  // own parameters (the "|python" signature's), then the C method's
  // overloads.
  t.push_back(entry("unflatten", kMethod,
                    {"unflatten(Tensor input, Dimname dim, int[] sizes, Dimname[] names)",
                     "unflatten(Tensor input, int dim, int[] sizes)|python Tensor.unflatten"},
                    do_unflatten)
                  .says("dim split into sizes."));
  for (const char* name : {"movedim", "moveaxis"})
    t.push_back(shared_entry(name, both,
                             {"(Tensor input, int source, int destination)", "(Tensor input, int[] source, int[] destination)"},
                             do_movedim)
                      .says("A view with the dims at source moved to destination."));
  t.push_back(entry("narrow", both, {"narrow(Tensor input, int dim, Tensor start, int length)", "narrow(Tensor input, int dim, int start, int length)"}, do_narrow)
                  .says("A view of length elements of dim from start."));
  t.push_back(entry("select", both, {"select(Tensor input, int dim, int index)", "select(Tensor input, Dimname dim, int index)"}, do_select)
                  .says("A view of one index of dim, without that dim."));
  t.push_back(entry("t", both, {"t(Tensor input)"}, do_t)
                  .says("A 2-D tensor transposed (fewer dims unchanged)."));
  t.push_back(entry("contiguous", kMethod, {"contiguous(Tensor input, *, MemoryFormat! memory_format=None)"}, do_contiguous)
                  .says("This tensor in row-major order: itself when it already is, else a copy."));
  t.push_back(entry("clone", both, {"clone(Tensor input, *, MemoryFormat! memory_format=None)"}, do_clone)
                  .says("A copy with its own storage (gradients flow back to input)."));
  t.push_back(entry("detach", both, {"detach(Tensor input)"}, do_detach)
                  .says("A view of the same storage without autograd history."));
  t.push_back(entry("gather", both, {"gather(Tensor input, int dim, Tensor index, *, bool sparse_grad=False, Tensor! out=None)",
                                    "gather(Tensor input, Dimname dim, Tensor index, *, bool sparse_grad=False, Tensor! out=None)"},
                    do_gather)
                  .says("The values of input at index along dim."));
  for (const char* name : {"cat", "concat", "concatenate"})
    t.push_back(entry(name, kTorch, {(std::string(name) + "(Tensor[] tensors, int dim=0, *, Tensor! out=None)").c_str(),
                                    (std::string(name) + "(Tensor[] tensors, Dimname dim, *, Tensor! out=None)").c_str()}, do_cat)
                    .in(Family::Join, DTypeRule::Promote, true)
                    .says("The tensors joined along an existing dim (their dtypes promoted).")
                    .hand_written("cat"));
  t.push_back(entry("stack", kTorch, {"stack(Tensor[] tensors, int dim=0, *, Tensor! out=None)"}, do_stack)
                  .says("The tensors joined along a new dim.")
                  .hand_written("stack"));
  t.push_back(entry("matmul", both, {"matmul(Tensor input, Tensor other, *, Tensor! out=None)"}, do_matmul)
                  .says("The matrix product, with NumPy's rules for 1-D and batched operands.")
                  .op_table("matmul"));
  t.push_back(entry("mm", both, {"mm(Tensor input, Tensor mat2, *, Tensor! out=None)"}, do_mm)
                  .in(Family::Matmul, DTypeRule::Same, true)
                  .says("The product of two matrices of one dtype."));
  t.push_back(entry("bmm", both, {"bmm(Tensor input, Tensor mat2, *, Tensor! out=None)"}, do_bmm)
                  .in(Family::Matmul, DTypeRule::Same, true)
                  .says("The products of two batches of matrices (3-D each)."));
  t.push_back(entry("mv", both, {"mv(Tensor input, Tensor vec, *, Tensor! out=None)"}, do_mv)
                  .in(Family::Matmul, DTypeRule::Same, true)
                  .says("The product of a matrix and a vector."));
  t.push_back(entry("dot", both, {"dot(Tensor input, Tensor tensor, *, Tensor! out=None)"}, do_dot)
                  .in(Family::Matmul, DTypeRule::Same, true)
                  .says("The dot product of two 1-D tensors of one dtype (0-D)."));
  t.push_back(entry("outer", both, {"outer(Tensor input, Tensor vec2, *, Tensor! out=None)"}, do_outer)
                  .in(Family::Matmul, DTypeRule::Promote, true)
                  .says("The outer product of two vectors."));
  t.push_back(entry("ger", both, {"ger(Tensor input, Tensor vec2, *, Tensor! out=None)"}, do_outer)
                  .in(Family::Matmul, DTypeRule::Promote, true)
                  .says("The outer product of two vectors: outer()."));
  t.push_back(entry("linear", kFunctional, {"linear(Tensor input, Tensor weight, Tensor? bias=None)"}, f_linear));
}

}  // namespace tc::lang
