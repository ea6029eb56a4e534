// torch.tensor and the other factories (src/lang/library.h). Every one
// allocates through the core, whose Storage::allocate refuses a tensor
// past the program's limit before allocating (Note [Program limits] in
// src/lang/run.cpp); torch.tensor's data already exists as values.
#include <cmath>

#include "lang/library.h"
#include "work.h"

namespace tc::lang {

namespace {

// --- torch.tensor(data): PyTorch's internal_new_from_data
// (torch/csrc/utils/tensor_new.cpp): the shape from the first item at each
// depth (compute_sizes), the dtype from every leaf (infer_scalar_type:
// a float makes the default float32, else an int int64, else bool), then
// each sequence checked against the shape as it is stored.

struct Leaves {
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::vector<bool> is_float;
};

const Sequence* items_of(const Value& v) {
  const Sequence* s = v.sequence();
  return s != nullptr && s->kind != Sequence::Kind::Named ? s : nullptr;
}

Shape compute_sizes(const Value& data) {
  Shape sizes;
  const Value* v = &data;
  while (const Sequence* s = items_of(*v)) {
    sizes.push_back(static_cast<int64_t>(s->items.size()));
    if (s->items.empty()) break;
    v = &s->items[0];
  }
  return sizes;
}

// The dtype a leaf asks for; nullopt for an empty sequence.
DType infer_dtype(const Value& v) {
  if (std::holds_alternative<double>(v.v)) return DType::Float32;
  if (std::holds_alternative<int64_t>(v.v)) return DType::Int64;
  if (std::holds_alternative<bool>(v.v)) return DType::Bool;
  if (v.is_tensor()) return v.tensor().dtype();
  if (const Sequence* s = items_of(v)) {
    if (s->items.empty()) return DType::Float32;
    DType d = infer_dtype(s->items[0]);
    for (size_t i = 1; i < s->items.size(); ++i) d = promote_types(d, infer_dtype(s->items[i]));
    return d;
  }
  if (v.str() != nullptr)
    throw PythonError("ValueError", "too many dimensions 'str'");
  throw Error(ErrorKind::Type, std::string("Could not infer dtype of ") + type_name(v));
}

void store_leaf(const Value& v, Leaves& out) {
  Scalar s(false);
  if (auto b = std::get_if<bool>(&v.v)) s = Scalar(*b);
  else if (auto i = std::get_if<int64_t>(&v.v)) s = Scalar(*i);
  else if (auto d = std::get_if<double>(&v.v)) s = Scalar(*d);
  else if (v.is_tensor()) {
    if (v.tensor().numel() != 1)
      throw PythonError("ValueError", "only one element tensors can be converted to Python scalars");
    s = v.tensor().scalar_item();
  } else {
    throw PythonError("TypeError", std::string("'") + type_name(v) +
                                       "' object cannot be interpreted as an integer");
  }
  const bool f = s.kind() == Scalar::Kind::Float;
  out.is_float.push_back(f);
  out.floats.push_back(s.to_double());
  out.ints.push_back(f ? 0 : s.to_int());
}

void store(const Value& v, const Shape& sizes, size_t dim, Leaves& out) {
  if (dim == sizes.size()) {
    store_leaf(v, out);
    return;
  }
  const Sequence* s = items_of(v);
  if (s == nullptr) throw PythonError("TypeError", "not a sequence");
  const int64_t n = static_cast<int64_t>(s->items.size());
  if (n != sizes[dim])
    throw PythonError("ValueError", "expected sequence of length " + std::to_string(sizes[dim]) +
                                        " at dim " + std::to_string(dim) + " (got " +
                                        std::to_string(n) + ")");
  for (const Value& item : s->items) store(item, sizes, dim + 1, out);
}

Tensor tensor_from_data(const Value& data, std::optional<DType> wanted) {
  if (data.is_tensor()) {
    // torch.tensor(t): a copy, cut from the graph (PyTorch warns to use
    // t.clone().detach()).
    const Tensor copy = detach(clone(data.tensor()));
    return wanted ? to(copy, *wanted) : copy;
  }
  const Shape sizes = compute_sizes(data);
  const DType dtype = wanted.value_or(infer_dtype(data));
  // Each leaf is read from its Python value and converted (Note [Work
  // budget]), counted before any is: a list may repeat one list many times.
  double leaves_count = 1;
  for (const int64_t n : sizes) leaves_count *= static_cast<double>(n);
  charge_work(WorkKind::Elements, leaves_count, work_cost::kConvertedElement);
  Leaves leaves;
  store(data, sizes, 0, leaves);
  if (is_integral(dtype))
    return tensor_from_values(Tensor::from_values(leaves.ints, sizes),
                              Tensor::from_values(leaves.floats, sizes),
                              Tensor::from_values(leaves.is_float, sizes), dtype);
  if (dtype == DType::Bool) {
    std::vector<bool> b(leaves.floats.size());
    for (size_t i = 0; i < b.size(); ++i)
      b[i] = leaves.is_float[i] ? convert<bool>(leaves.floats[i]) : leaves.ints[i] != 0;
    return Tensor::from_values(b, sizes);
  }
  // floats: an int64 beyond 2^53 rounds from its exact value, not from a double
  std::vector<double> d(leaves.floats.size());
  for (size_t i = 0; i < d.size(); ++i)
    d[i] = leaves.is_float[i] ? leaves.floats[i] : static_cast<double>(leaves.ints[i]);
  if (dtype == DType::Float64) return Tensor::from_values(d, sizes);
  std::vector<float> f(d.begin(), d.end());
  return Tensor::from_values(f, sizes);
}

// --- the rest

DType float_or(const Bound& b) { return b.optional_dtype("dtype").value_or(DType::Float32); }

Shape shape_of(const Bound& b, const char* name) { return b.ints(name); }

Value make_tensor(const Bound& b, CallContext&) {
  return with_grad(tensor_from_data(b.get("data"), b.optional_dtype("dtype")), b.flag("requires_grad"));
}

Value make_zeros(const Bound& b, CallContext&) {
  return with_grad(Tensor::zeros(shape_of(b, "size"), float_or(b)), b.flag("requires_grad"));
}

Value make_ones(const Bound& b, CallContext&) {
  return with_grad(tc::full(shape_of(b, "size"), 1, float_or(b)), b.flag("requires_grad"));
}

// PyTorch's full infers its dtype from fill_value: bool, int64 or the
// default float32.
Value make_full(const Bound& b, CallContext&) {
  const Scalar value = b.number("fill_value");
  const DType inferred = value.kind() == Scalar::Kind::Bool  ? DType::Bool
                         : value.kind() == Scalar::Kind::Int ? DType::Int64
                                                             : DType::Float32;
  const DType dtype = b.optional_dtype("dtype").value_or(inferred);
  return with_grad(tc::full(shape_of(b, "size"), value, dtype), b.flag("requires_grad"));
}

bool is_float_value(const Value& v) {
  return std::holds_alternative<double>(v.v) || (v.is_tensor() && is_floating(v.tensor().dtype()));
}

// arange(end), arange(start, end), arange(start, end, step): int64 when
// every number is an int, else the default float32 (PyTorch's rule).
Value make_arange(const Bound& b, CallContext&) {
  const double start = b.takes("start") ? b.real("start") : 0.0;
  const double end = b.real("end");
  const double step = b.takes("step") ? b.real("step") : 1.0;
  bool floating = is_float_value(b.get("end"));
  for (const char* name : {"start", "step"}) floating = floating || (b.takes(name) && is_float_value(b.get(name)));
  const DType dtype = b.optional_dtype("dtype").value_or(floating ? DType::Float32 : DType::Int64);
  return with_grad(Tensor::arange(start, end, step, dtype), b.flag("requires_grad"));
}

Value make_linspace(const Bound& b, CallContext&) {
  return with_grad(tc::linspace(b.real("start"), b.real("end"), b.integer("steps"), float_or(b)),
                   b.flag("requires_grad"));
}

Value make_eye(const Bound& b, CallContext&) {
  const int64_t n = b.integer("n");
  return with_grad(tc::eye(n, b.takes("m") ? b.integer("m") : n, float_or(b)), b.flag("requires_grad"));
}

Value make_like(const Bound& b, Scalar value) {
  const Tensor self = b.tensor("input");
  return with_grad(full_like(self, value, b.optional_dtype("dtype").value_or(self.dtype())),
                   b.flag("requires_grad"));
}
Value make_zeros_like(const Bound& b, CallContext&) { return make_like(b, 0); }
Value make_ones_like(const Bound& b, CallContext&) { return make_like(b, 1); }
Value make_full_like(const Bound& b, CallContext&) { return make_like(b, b.number("fill_value")); }

Value make_rand(const Bound& b, CallContext&) {
  return with_grad(tc::rand(shape_of(b, "size"), float_or(b)), b.flag("requires_grad"));
}
Value make_randn(const Bound& b, CallContext&) {
  return with_grad(tc::randn(shape_of(b, "size"), float_or(b)), b.flag("requires_grad"));
}
Value make_randint(const Bound& b, CallContext&) {
  const int64_t low = b.takes("low") ? b.integer("low") : 0;
  const DType dtype = b.optional_dtype("dtype").value_or(DType::Int64);
  return with_grad(tc::randint(low, b.integer("high"), shape_of(b, "size"), dtype),
                   b.flag("requires_grad"));
}

// torch.manual_seed returns a Generator in PyTorch; here None (there is
// no generator object to show). Its Python body takes int(seed): Python's
// int() and its errors ("invalid literal for int() with base 10: 'a'").
Value seed(const Bound& b, CallContext& context) {
  const Value n = find_entry("int", kBuiltin)->raw(Arguments{{b.get("seed")}, {}}, context);
  tc::manual_seed(static_cast<uint64_t>(std::get<int64_t>(n.v)));
  return Value();
}

// PyTorch's keywords of a factory, in its order (layout= and pin_memory=
// left out, device= "cpu" only: Note [Signatures]).
#define TC_FACTORY_KW \
  "ScalarType? dtype=None, Layout! layout=None, Device? device=None, bool! pin_memory=False, bool requires_grad=False)"
#define TC_FACTORY_OPTIONS "*, " TC_FACTORY_KW
#define TC_FACTORY_OUT_OPTIONS "*, Tensor! out=None, " TC_FACTORY_KW
#define TC_LIKE_OPTIONS "*, MemoryFormat! memory_format=None, " TC_FACTORY_KW
#define TC_RANDOM_OPTIONS "*, Generator?! generator, Tensor! out=None, " TC_FACTORY_KW
// PyTorch's overloads with names= (named tensors, which tensorcast has
// not: left out, Note [Signatures]); listed where PyTorch lists them.
#define TC_NAMES_OPTIONS "*, Dimname[]?! names, " TC_FACTORY_KW
#define TC_RANDOM_NAMES_OPTIONS "*, Generator?! generator, Dimname[]?! names, " TC_FACTORY_KW

}  // namespace

void add_factories(std::vector<Entry>& t) {
  t.push_back(entry("tensor", kTorch,
                    {"tensor(object data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False, "
                     "bool! pin_memory=False)"},
                    make_tensor)
                  .says("A tensor of the given values (nested lists), its dtype inferred or given.")
                  .hand_written("tensor"));
  t.push_back(entry("zeros", kTorch, {"zeros(int[] size, " TC_NAMES_OPTIONS, "zeros(SymInt[] size, " TC_FACTORY_OUT_OPTIONS}, make_zeros)
                  .says("A tensor of zeros.")
                  .hand_written("zeros"));
  t.push_back(entry("ones", kTorch, {"ones(int[] size, " TC_NAMES_OPTIONS, "ones(SymInt[] size, " TC_FACTORY_OUT_OPTIONS}, make_ones)
                  .says("A tensor of ones.")
                  .hand_written("ones"));
  // empty: zeros here (the values of PyTorch's are whatever memory held).
  t.push_back(entry("empty", kTorch,
                    {"empty(int[] size, *, Dimname[]?! names, MemoryFormat! memory_format=None, " TC_FACTORY_KW,
                     "empty(SymInt[] size, *, MemoryFormat! memory_format=None, Tensor! out=None, " TC_FACTORY_KW},
                    make_zeros)
                  .says("A tensor of the given size: zeros in tensorcast (PyTorch leaves whatever memory held)."));
  t.push_back(entry("full", kTorch, {"full(int[] size, Number fill_value, " TC_NAMES_OPTIONS,
                     "full(SymInt[] size, Number fill_value, " TC_FACTORY_OUT_OPTIONS},
                    make_full)
                  .says("A tensor filled with fill_value.")
                  .hand_written("full"));
  t.push_back(entry("arange", kTorch,
                    {"arange(Number end, " TC_FACTORY_OUT_OPTIONS, "arange(Number start, Number end, " TC_FACTORY_OPTIONS,
                     "arange(Number start, Number end, Number step=1, " TC_FACTORY_OUT_OPTIONS},
                    make_arange)
                  .says("Numbers from start up to (not including) end, step apart.")
                  .hand_written("arange"));
  t.push_back(entry("linspace", kTorch,
                    {"linspace(Number start, Number end, int steps, " TC_FACTORY_OUT_OPTIONS},
                    make_linspace)
                  .says("steps numbers evenly spaced from start to end, both included.")
                  .hand_written("linspace"));
  t.push_back(entry("eye", kTorch, {"eye(int n, " TC_FACTORY_OUT_OPTIONS, "eye(int n, int m, " TC_FACTORY_OUT_OPTIONS},
                    make_eye)
                  .says("A matrix with ones on its diagonal.")
                  .hand_written("eye"));
  t.push_back(entry("zeros_like", kTorch, {"zeros_like(Tensor input, " TC_LIKE_OPTIONS}, make_zeros_like)
                  .says("Zeros of input's shape (and dtype, unless given).")
                  .hand_written("zerosLike"));
  t.push_back(entry("ones_like", kTorch, {"ones_like(Tensor input, " TC_LIKE_OPTIONS}, make_ones_like)
                  .says("Ones of input's shape (and dtype, unless given).")
                  .hand_written("onesLike"));
  t.push_back(entry("empty_like", kTorch, {"empty_like(Tensor input, " TC_LIKE_OPTIONS}, make_zeros_like)
                  .says("A tensor of input's shape: zeros in tensorcast."));
  t.push_back(entry("full_like", kTorch, {"full_like(Tensor input, Number fill_value, " TC_LIKE_OPTIONS},
                    make_full_like)
                  .says("fill_value in input's shape.")
                  .hand_written("fullLike"));
  t.push_back(entry("rand", kTorch, {"rand(int[] size, " TC_RANDOM_NAMES_OPTIONS, "rand(int[] size, " TC_RANDOM_OPTIONS,
                     "rand(int[] size, " TC_FACTORY_OUT_OPTIONS, "rand(int[] size, " TC_NAMES_OPTIONS},
                    make_rand)
                  .says("Uniform random numbers in [0, 1) (tensorcast's generator, not PyTorch's).")
                  .hand_written("rand"));
  t.push_back(entry("randn", kTorch,
                    {"randn(int[] size, " TC_RANDOM_NAMES_OPTIONS, "randn(int[] size, " TC_RANDOM_OPTIONS,
                     "randn(int[] size, " TC_FACTORY_OUT_OPTIONS, "randn(int[] size, " TC_NAMES_OPTIONS}, make_randn)
                  .says("Normal random numbers (tensorcast's generator, not PyTorch's).")
                  .hand_written("randn"));
  t.push_back(entry("randint", kTorch,
                    {"randint(int high, int[] size, " TC_RANDOM_OPTIONS, "randint(int high, int[] size, " TC_FACTORY_OUT_OPTIONS,
                     "randint(int low, int high, int[] size, " TC_RANDOM_OPTIONS,
                     "randint(int low, int high, int[] size, " TC_FACTORY_OUT_OPTIONS},
                    make_randint)
                  .says("Random integers in [low, high).")
                  .hand_written("randint"));
  t.push_back(entry("manual_seed", kTorch, {"manual_seed(object seed) -> None|python"}, seed)
                  .says("Seeds the random numbers.")
                  .hand_written("manualSeed"));
}

}  // namespace tc::lang
