// A tensor's own methods (src/lang/library.h): its geometry (size, stride,
// dim, ...), its values (item, tolist), dtypes (to, float, ...), fills
// (fill_, zero_, masked_fill) and autograd (backward, requires_grad_,
// retain_grad).
#include "autograd/node.h"
#include "lang/library.h"
#include "work.h"

namespace tc::lang {

namespace {

// size(dim) and stride(dim) wrap dim as PyTorch does, a 0-D tensor
// having no dim to name ("Dimension specified as 0 but tensor has no
// dimensions").
size_t dim_of(const Bound& b, const Tensor& t) {
  return static_cast<size_t>(wrap_dim(b.integer("dim"), t.ndim(), false));
}

Value size(const Bound& b, CallContext&) {
  const Tensor t = b.tensor("input");
  if (!b.takes("dim") || !b.has("dim")) return int_tuple(t.sizes(), Sequence::Kind::Size);
  return Value(t.sizes()[dim_of(b, t)]);
}

// stride() is a plain tuple in PyTorch, not a torch.Size.
Value stride(const Bound& b, CallContext&) {
  const Tensor t = b.tensor("input");
  if (!b.takes("dim") || !b.has("dim")) return int_tuple(t.strides(), Sequence::Kind::Tuple);
  return Value(t.strides()[dim_of(b, t)]);
}

Value dim(const Bound& b, CallContext&) { return Value(b.tensor("input").ndim()); }
Value numel(const Bound& b, CallContext&) { return Value(b.tensor("input").numel()); }
Value storage_offset(const Bound& b, CallContext&) { return Value(b.tensor("input").offset()); }
Value is_contiguous(const Bound& b, CallContext&) { return Value(b.tensor("input").is_contiguous()); }
Value element_size(const Bound& b, CallContext&) { return Value(dtype_size(b.tensor("input").dtype())); }
Value is_floating_point(const Bound& b, CallContext&) { return Value(is_floating(b.tensor("input").dtype())); }
Value is_tensor(const Bound& b, CallContext&) { return Value(b.get("obj").is_tensor()); }

// Python's Tensor.item() raises ValueError for any other number of
// elements (the core's, C++'s at::Tensor::item, words it otherwise).
Value item(const Bound& b, CallContext&) {
  const Tensor t = b.tensor("input");
  if (t.numel() != 1) throw PythonError("ValueError", "only one element tensors can be converted to Python scalars");
  return item_value(t);
}

// tolist(): nested lists of Python numbers (a 0-D tensor gives a number).
template <class T>
Value nested(const std::vector<T>& flat, const Shape& sizes, size_t dim, size_t& at) {
  if (dim == sizes.size()) {
    const T v = flat[at++];
    if constexpr (std::is_same_v<T, bool>) return Value(static_cast<bool>(v));
    else if constexpr (std::is_same_v<T, double>) return Value(v);
    else return Value(static_cast<int64_t>(v));
  }
  std::vector<Value> items;
  for (int64_t i = 0; i < sizes[dim]; ++i) items.push_back(nested(flat, sizes, dim + 1, at));
  return Value::sequence(Sequence::Kind::List, std::move(items));
}
Value tolist(const Bound& b, CallContext&) {
  const Tensor t = b.tensor("input");
  check_value_count(t.numel(), "tolist()");
  // See Note [Bounded values]: the longest list, and what the outer one holds
  // in all (each level's items), checked before any is made
  double longest = 0, held = 0, lists = 1;
  for (int64_t n : t.sizes()) {
    longest = std::max(longest, static_cast<double>(n));
    lists *= static_cast<double>(n);
    held += lists;
  }
  if (t.ndim() > 0) check_new_sequence(Sequence::Kind::List, longest, held);
  charge_work(WorkKind::Elements, held);
  size_t at = 0;
  if (t.dtype() == DType::Bool) return nested(t.values<bool>(), t.sizes(), 0, at);
  if (is_floating(t.dtype())) return nested(t.values<double>(), t.sizes(), 0, at);
  return nested(t.values<int64_t>(), t.sizes(), 0, at);
}

// to(device, dtype), to(dtype), to(tensor): the same tensor when nothing
// changes, unless copy=True (PyTorch's Tensor.to).
Value do_to(const Bound& b, CallContext&) {
  const Tensor x = b.tensor("input");
  const DType dtype = b.takes("tensor") ? b.tensor("tensor").dtype() : b.optional_dtype("dtype").value_or(x.dtype());
  const Tensor out = to(x, dtype);
  return b.flag("copy") && out.impl_ptr() == x.impl_ptr() ? clone(x) : out;
}

// float(), double(), ...: to(dtype).
template <DType D>
Value cast(const Bound& b, CallContext&) {
  return to(b.tensor("input"), D);
}
Value type_as(const Bound& b, CallContext&) { return to(b.tensor("input"), b.tensor("other").dtype()); }

// torch.Size(sizes=()): a tuple of ints that prints as torch.Size([...]).
Value make_size(const Bound& b, CallContext&) { return int_tuple(b.ints("sizes"), Sequence::Kind::Size); }

// type(): the legacy name ("torch.FloatTensor"); type(dtype) or
// type("torch.FloatTensor"): to(dtype). Its dtype is PyTorch's PyObject*,
// checked here with PyTorch's words.
Value do_type(const Bound& b, CallContext&) {
  const Tensor x = b.tensor("input");
  const Value& d = b.get("dtype");
  if (d.is_none()) return Value(dtype_tensor_type(x.dtype()));
  if (const std::optional<DType> dtype = dtype_of_value(d)) return to(x, *dtype);
  if (d.text() == nullptr) throw PythonError("TypeError", "dtype must be a type, str, or dtype object");
  for (int k = 0; k < kDTypeCount; ++k)
    if (dtype_tensor_type(static_cast<DType>(k)) == *d.text()) return to(x, static_cast<DType>(k));
  throw PythonError("ValueError", "invalid type: '" + *d.text() + "'");
}

Value default_dtype(const Bound&, CallContext&) { return Value(DType::Float32); }

// Its overloads name their operands (tensor, other), (scalar, tensor),
// (tensor, other), (scalar1, scalar2).
Value result_type_of(const Bound& b, CallContext&) {
  if (b.takes("scalar1")) return Value(result_type({b.operand("scalar1"), b.operand("scalar2")}));
  if (b.takes("scalar")) return Value(result_type({b.operand("scalar"), b.operand("tensor")}));
  return Value(result_type({b.operand("tensor"), b.operand("other")}));
}

// The gradient= of backward() as torch.autograd.backward takes it
// (_tensor_or_tensors_to_tuple, _make_grads): a tensor, None, or an
// iterable of them whose first is this output's (the rest unused, as zip
// leaves them); an undefined Tensor for None.
Tensor gradient_of(const Value& v) {
  if (v.is_none()) return Tensor();
  if (v.is_tensor()) return v.tensor();
  std::vector<Value> items;
  const Sequence* s = v.sequence();
  if (s != nullptr && (s->kind == Sequence::Kind::Tuple || s->kind == Sequence::Kind::List)) items = s->items;
  else if (v.text() != nullptr)
    for (char c : *v.text()) items.push_back(Value(std::string(1, c)));
  else
    throw PythonError("TypeError", "'" + std::string(type_name(v)) + "' object is not iterable");
  for (const Value& item : items)
    if (!item.is_tensor() && !item.is_none())
      throw PythonError("TypeError", std::string("gradients can be either Tensors or None, but got ") + type_name(item));
  if (items.empty()) throw Error(ErrorKind::Autograd, "got 1 tensors and 0 gradients");
  return items[0].is_none() ? Tensor() : items[0].tensor();
}

// backward(gradient=None, retain_graph=None, create_graph=False): PyTorch's
// retain_graph defaults to create_graph; a graph of the backward pass
// itself (create_graph=True) is beyond the core.
Value do_backward(const Bound& b, CallContext&) {
  const Tensor gradient = gradient_of(b.get("gradient"));
  if (b.flag("create_graph"))
    throw PythonError("NotImplementedError", "backward(create_graph=True) is not supported by tensorcast");
  const bool retain = b.has("retain_graph") ? b.flag("retain_graph") : false;
  backward(b.tensor("input"), gradient, retain);
  return Value();
}

// cpu(): the tensor itself, as PyTorch returns a CPU tensor's.
Value cpu(const Bound& b, CallContext&) { return b.tensor("input"); }

Value requires_grad_(const Bound& b, CallContext&) {
  Tensor t = b.tensor("input");
  t.set_requires_grad(b.flag("requires_grad"));
  return t;
}

// The fills (Note [Fills]): in place ones return the tensor they wrote.
Value do_fill_(const Bound& b, CallContext&) {
  Tensor x = b.tensor("input");
  return fill_(x, b.operand("value"));
}

Value do_zero_(const Bound& b, CallContext&) {
  Tensor x = b.tensor("input");
  return zero_(x);
}

Value do_masked_fill(const Bound& b, CallContext&) {
  return masked_fill(b.tensor("input"), b.tensor("mask"), b.operand("value"));
}

Value do_masked_fill_(const Bound& b, CallContext&) {
  Tensor x = b.tensor("input");
  return masked_fill_(x, b.tensor("mask"), b.operand("value"));
}

Value do_retain_grad(const Bound& b, CallContext&) {
  b.tensor("input").retain_grad();
  return Value();
}

}  // namespace

void add_tensor(std::vector<Entry>& t) {
  const unsigned both = kTorch | kMethod;
  t.push_back(entry("size", kMethod, {"size(Tensor input, int dim) -> int", "size(Tensor input) -> int[]", "size(Tensor input, Dimname dim) -> int"}, size)
                  .says("Its sizes (torch.Size), or the size of dim.")
                  .hand_written("shape"));
  t.push_back(entry("stride", kMethod, {"stride(Tensor input, int dim) -> int", "stride(Tensor input) -> int[]", "stride(Tensor input, Dimname dim) -> int"}, stride)
                  .says("Its strides, or the stride of dim.")
                  .hand_written("stride"));
  t.push_back(entry("dim", kMethod, {"dim(Tensor input) -> int"}, dim)
                  .says("Its number of dims.")
                  .hand_written("ndim"));
  t.push_back(entry("ndimension", kMethod, {"ndimension(Tensor input) -> int"}, dim)
                  .says("Its number of dims: dim().")
                  .hand_written("ndim"));
  t.push_back(entry("numel", both, {"numel(Tensor input) -> int"}, numel)
                  .says("Its number of elements.")
                  .hand_written("numel"));
  t.push_back(entry("nelement", kMethod, {"nelement(Tensor input) -> int"}, numel)
                  .says("Its number of elements: numel().")
                  .hand_written("numel"));
  t.push_back(entry("storage_offset", kMethod, {"storage_offset(Tensor input) -> int"}, storage_offset)
                  .says("Where its first element is in its storage, in elements.")
                  .hand_written("storageOffset"));
  t.push_back(entry("is_contiguous", kMethod, {"is_contiguous(Tensor input, *, MemoryFormat! memory_format=None) -> bool"}, is_contiguous)
                  .says("Whether its elements are in row-major order with no gaps.")
                  .hand_written("isContiguous"));
  t.push_back(entry("element_size", kMethod, {"element_size(Tensor input) -> int"}, element_size)
                  .says("The bytes of one element."));
  t.push_back(entry("is_floating_point", both, {"is_floating_point(Tensor input) -> bool"}, is_floating_point)
                  .says("Whether its dtype is a floating one."));
  t.push_back(entry("is_tensor", kTorch, {"is_tensor(object obj) -> bool|python"}, is_tensor)
                  .says("Whether obj is a tensor.")
                  .not_in_package("JavaScript asks x instanceof Tensor"));
  t.push_back(entry("item", kMethod, {"item(Tensor input) -> Number"}, item)
                  .says("The value of its one element, as a Python number.")
                  .hand_written("item"));
  t.push_back(entry("tolist", kMethod, {"tolist(Tensor input) -> object"}, tolist)
                  .says("Its values as nested lists.")
                  .hand_written("toArray"));
  t.push_back(entry("to", kMethod,
                    {"to(Tensor input, Device? device=None, ScalarType? dtype=None, bool non_blocking=False, "
                     "bool copy=False, *, MemoryFormat! memory_format=None)",
                     "to(Tensor input, ScalarType dtype, bool non_blocking=False, bool copy=False, *, "
                     "MemoryFormat! memory_format=None)",
                     "to(Tensor input, Tensor tensor, bool non_blocking=False, bool copy=False, *, "
                     "MemoryFormat! memory_format=None)"},
                    do_to)
                  .says("This tensor in another dtype (itself when it already has it).")
                  .hand_written("to"));
  t.push_back(entry("float", kMethod, {"float(Tensor input, *, MemoryFormat! memory_format=None)"}, cast<DType::Float32>)
                  .says("to(torch.float32).")
                  .hand_written("float"));
  t.push_back(entry("double", kMethod, {"double(Tensor input, *, MemoryFormat! memory_format=None)"}, cast<DType::Float64>)
                  .says("to(torch.float64).")
                  .hand_written("double"));
  t.push_back(entry("long", kMethod, {"long(Tensor input, *, MemoryFormat! memory_format=None)"}, cast<DType::Int64>)
                  .says("to(torch.int64).")
                  .hand_written("long"));
  t.push_back(entry("int", kMethod, {"int(Tensor input, *, MemoryFormat! memory_format=None)"}, cast<DType::Int32>)
                  .says("to(torch.int32).")
                  .hand_written("int"));
  t.push_back(entry("bool", kMethod, {"bool(Tensor input, *, MemoryFormat! memory_format=None)"}, cast<DType::Bool>)
                  .says("to(torch.bool).")
                  .hand_written("bool"));
  t.push_back(entry("byte", kMethod, {"byte(Tensor input, *, MemoryFormat! memory_format=None)"}, cast<DType::UInt8>)
                  .in(Family::Conversion, std::nullopt, true)
                  .says("to(torch.uint8)."));
  t.push_back(entry("type", kMethod, {"type(Tensor input, object dtype=None, bool non_blocking=False, *, MemoryFormat! memory_format=None)",
                     "type(Tensor input, object dtype=None, bool async=False, *, MemoryFormat! memory_format=None)|deprecated"},
                    do_type)
                  .says("Its type's name ('torch.FloatTensor'), or this tensor converted to dtype.")
                  .not_in_package("a tensor's dtype property names its dtype, and to() converts"));
  t.push_back(entry("get_default_dtype", kTorch, {"get_default_dtype() -> ScalarType"}, default_dtype)
                  .says("The dtype of a float made without a dtype: torch.float32."));
  t.push_back(entry("type_as", kMethod, {"type_as(Tensor input, Tensor other)"}, type_as)
                  .in(Family::Conversion, std::nullopt, true)
                  .says("This tensor in other's dtype."));
  t.push_back(entry("Size", kTorch, {"Size(int[] sizes=())"}, make_size)
                  .says("A torch.Size of the given sizes.")
                  .not_in_package("sizes are arrays of numbers in JavaScript"));
  t.push_back(entry("result_type", kTorch, {"result_type(Tensor tensor, Tensor other) -> ScalarType",
                                           "result_type(Number scalar, Tensor tensor) -> ScalarType",
                                           "result_type(Tensor tensor, Number other) -> ScalarType",
                                           "result_type(Number scalar1, Number scalar2) -> ScalarType"}, result_type_of)
                  .says("The dtype an op of tensor and other computes in.")
                  .hand_written("resultType"));
  t.push_back(entry("backward", kMethod,
                    {"backward(Tensor input, object gradient=None, bool? retain_graph=None, "
                     "bool create_graph=False, Tensor[]?! inputs=None) -> None|python Tensor.backward"},
                    do_backward)
                  .says("Runs backward from this tensor, filling the .grad of the leaves it reaches.")
                  .hand_written("backward"));
  t.push_back(entry("cpu", kMethod, {"cpu(Tensor input, *, MemoryFormat! memory_format=None)"}, cpu)
                  .says("This tensor (tensorcast computes on the CPU)."));
  t.push_back(entry("requires_grad_", kMethod, {"requires_grad_(Tensor input, bool requires_grad=True)"},
                    requires_grad_)
                  .in(Family::Autograd, std::nullopt, false)
                  .says("Sets requires_grad (a leaf only) and returns this tensor."));
  t.push_back(entry("retain_grad", kMethod, {"retain_grad(Tensor input) -> None"}, do_retain_grad)
                  .in(Family::Autograd, std::nullopt, false)
                  .says("Makes backward store this non-leaf's gradient in its .grad (a no-op on a leaf)."));
  t.push_back(entry("fill_", both, {"fill_(Tensor input, Tensor value)", "fill_(Tensor input, Number value)"},
                    do_fill_)
                  .in(Family::Elementwise, DTypeRule::Same, true)
                  .says("Sets every element to value (a number or a 0-D tensor) and returns this tensor."));
  t.push_back(entry("zero_", both, {"zero_(Tensor input)"}, do_zero_)
                  .in(Family::Elementwise, DTypeRule::Same, true)
                  .says("Sets every element to 0 and returns this tensor."));
  t.push_back(entry("masked_fill", both,
                    {"masked_fill(Tensor input, Tensor mask, Tensor value)",
                     "masked_fill(Tensor input, Tensor mask, Number value)"},
                    do_masked_fill)
                  .in(Family::Elementwise, DTypeRule::Same, true)
                  .says("A copy with value where the bool mask (broadcast with it) is true."));
  t.push_back(entry("masked_fill_", kMethod,
                    {"masked_fill_(Tensor input, Tensor mask, Tensor value)",
                     "masked_fill_(Tensor input, Tensor mask, Number value)"},
                    do_masked_fill_)
                  .in(Family::Elementwise, DTypeRule::Same, true)
                  .says("Writes value where the bool mask (which broadcasts to it) is true; returns this tensor."));
}

}  // namespace tc::lang
