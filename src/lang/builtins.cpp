// The library a program calls (src/lang/builtins.h): the table of
// src/lang/library.h, the names each namespace has, and attributes.
//
// Note [Library errors]: what a call raises, by kind.
//  - the core's tc::Error, unchanged: PyTorch's own text (a shape that
//    does not broadcast, a dim out of range), and the checks written here
//    in PyTorch's words (mm's "self must be a matrix", dot's, bmm's);
//  - a call's arguments: PyTorch's TypeErrors (Note [Signatures]);
//  - attributes: Python's AttributeError texts, "module 'torch' has no
//    attribute 'foo'", "'Tensor' object has no attribute 'foo'",
//    "'torch.return_types.max' object has no attribute 'foo'";
//  - Python's builtins (len, int, range, ...): CPython's own texts;
//  - what PyTorch does and tensorcast cannot (torch.float16,
//    create_graph=True, div's 'trunc', a device
//    other than the CPU): NotImplementedError, saying so;
//  - values made one by one past the memory limit (tolist, range):
//    MemoryError.
#include "lang/builtins.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "autograd/node.h"
#include "lang/library.h"
#include "lang/repr.h"
#include "storage.h"

namespace tc::lang {

namespace {

// Each family's entries, classified by the defaults of their table
// unless an entry says otherwise (Entry::in).
struct Table {
  void (*add)(std::vector<Entry>&);
  Family family;
  std::optional<DTypeRule> dtype_rule;
  bool backward;
};
const Table kTables[] = {
    {add_factories, Family::Factory, std::nullopt, false},
    {add_math, Family::Elementwise, DTypeRule::Promote, true},
    {add_bitwise, Family::Elementwise, DTypeRule::Promote, false},
    {add_shapes, Family::View, DTypeRule::Same, true},
    {add_tensor, Family::Attribute, std::nullopt, false},
    {add_python, Family::Python, std::nullopt, false},
};

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> t;
    for (const Table& family : kTables) {
      const size_t first = t.size();
      family.add(t);
      for (size_t i = first; i < t.size(); ++i)
        if (!t[i].classified) {
          t[i].family = family.family;
          t[i].dtype_rule = family.dtype_rule;
          t[i].backward = family.backward;
        }
    }
    return t;
  }();
  return entries;
}

constexpr const char* kFunctionalPath = "torch.nn.functional";

[[noreturn]] void no_attribute(const std::string& owner, const std::string& name) {
  throw PythonError("AttributeError", owner + " has no attribute '" + name + "'");
}

// PyTorch's dtypes that tensorcast leaves out (src/dtype.h says why).
const char* const kOtherDTypes[] = {"float16", "half",   "bfloat16", "int8",       "int16",
                                    "short",   "uint16", "uint32",   "uint64",     "complex32",
                                    "chalf",   "complex64", "cfloat", "complex128", "cdouble"};

// Note [Names PyTorch has]: every public name of PyTorch 1.13's
// namespaces a program reaches (a tensor's attributes, torch, torch.nn,
// torch.nn.functional, torch.linalg, torch.special, torch.fft), as PyTorch
// itself lists them (tests/js/fixtures/torch-names/make_fixture.py writes
// them into torch_names.inc). A name the library's table lacks is looked up
// there: one of PyTorch's is refused as what it is, "torch.isnan is not
// supported by tensorcast" (NotImplementedError); any other is Python's
// AttributeError, as PyTorch raises it for a misspelling. So the refusal
// follows PyTorch's lists, and a name the table gains stops being refused.
struct PyTorchNamespace {
  const char* path;  // "Tensor" for a tensor's attributes
  const char* const* names;  // sorted as strcmp sorts
  size_t count;
};
#include "lang/torch_names.inc"

bool pytorch_has(const std::string& path, const std::string& name) {
  for (const PyTorchNamespace& ns : kPyTorchNamespaces) {
    if (path != ns.path) continue;
    return std::binary_search(ns.names, ns.names + ns.count, name.c_str(),
                              [](const char* a, const char* b) { return std::strcmp(a, b) < 0; });
  }
  return false;
}

// torch's namespaces whose names a program may name (each refused, as none
// is in the library): torch.linalg.norm says so by its own name.
bool is_unsupported_namespace(const std::string& path) {
  return path == "torch.linalg" || path == "torch.special" || path == "torch.fft";
}

[[noreturn]] void not_in_core(const std::string& what) {
  throw PythonError("NotImplementedError", what + " is not supported by tensorcast");
}

Value module_attribute(const ModuleRef& m, const std::string& name) {
  if (m.path == "torch") {
    if (name == "nn") return ModuleRef{"torch.nn"};
    if (is_unsupported_namespace("torch." + name)) return ModuleRef{"torch." + name};
    if (auto d = dtype_from_name(name)) return *d;
    for (const char* other : kOtherDTypes)
      if (name == other)
        throw PythonError("NotImplementedError",
                          "torch." + name + " is not supported by tensorcast: its dtypes are bool, "
                          "uint8, int32, int64, float32 and float64");
    if (find_entry(name, kTorch)) return Callable{"torch." + name, std::nullopt};
  } else if (m.path == "torch.nn") {
    if (name == "functional") return ModuleRef{kFunctionalPath};
  } else if (m.path == kFunctionalPath) {
    if (find_entry(name, Where::kFunctional)) return Callable{m.path + "." + name, std::nullopt};
  }
  if (pytorch_has(m.path, name)) not_in_core(m.path + "." + name);
  no_attribute("module '" + m.path + "'", name);
}

// Note [grad_fn]: PyTorch's grad_fn is a Node object; a program can only
// print it, compare it with None and read its name, so it is a Callable
// named "grad_fn.<class>" bound to its tensor (repr in value.cpp), or
// None for a leaf.
Value grad_fn_of(const Tensor& t) {
  const auto& node = t.impl().grad_fn;
  if (!node) return Value();
  return Callable{"grad_fn." + node->grad_fn, t};
}

// A tensor's attributes (PyTorch's Tensor properties).
Value tensor_attribute(const Tensor& t, const std::string& name) {
  if (name == "shape") return int_tuple(t.sizes(), Sequence::Kind::Size);
  if (name == "dtype") return t.dtype();
  if (name == "ndim") return Value(t.ndim());
  if (name == "T") {
    // PyTorch's numpy_T: every dim reversed, by permute
    std::vector<int64_t> dims;
    for (int64_t d = t.ndim() - 1; d >= 0; --d) dims.push_back(d);
    return permute(t, dims);
  }
  if (name == "mT") return mT(t);
  if (name == "grad") {
    const Tensor g = t.grad();
    return g.defined() ? Value(g) : Value();
  }
  if (name == "requires_grad") return t.requires_grad();
  if (name == "is_leaf") return t.is_leaf();
  if (name == "retains_grad") return t.retains_grad();
  if (name == "is_cuda") return false;
  if (name == "grad_fn") return grad_fn_of(t);
  if (name == "data") return detach(t);  // shares storage, no history, as PyTorch's .data
  if (find_entry(name, kMethod)) return Callable{"Tensor." + name, t};
  if (pytorch_has("Tensor", name)) not_in_core("Tensor." + name);
  no_attribute("'Tensor' object", name);
}

// x.grad = g: PyTorch's THPVariable_set_grad checks and texts.
void set_grad(Tensor& t, const Value& value) {
  if (!value.is_tensor())
    throw PythonError("TypeError", std::string("assigned grad expected to be a Tensor or None but got grad of type ") +
                                       type_name(value));
  const Tensor g = value.tensor();
  TC_CHECK(Value, g.impl_ptr() != t.impl_ptr(), "can't assign Variable as its own grad");
  TC_CHECK(Type, g.dtype() == t.dtype(), "assigned grad has data of a different type");
  TC_CHECK(Shape, g.sizes() == t.sizes(), "assigned grad has data of a different size");
  t.impl().grad = g.impl_ptr();
}

}  // namespace

namespace {
// A function reached from torch or a tensor is a generated member of the
// package; one of Python's builtins or of torch.nn.functional alone is not.
Entry make_entry(const char* name, unsigned where, Impl impl, RawImpl raw) {
  Entry e{name, where, {}, impl, raw};
  if (where & (kTorch | kMethod)) {
    e.js_form = JsForm::Generated;
    e.js = js_name(name);
  } else if (where & kFunctional) {
    e.js = "torch.nn.functional: programs only; tc has the op as a function of its own";
  } else {
    e.js = "one of Python's builtins: JavaScript has its own";
  }
  return e;
}
}  // namespace

std::string js_name(const std::string& name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '_' && i > 0 && i + 1 < name.size()) {
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(name[++i])));
      continue;
    }
    out += name[i];
  }
  return out;
}

const char* family_name(Family family) {
  switch (family) {
    case Family::Elementwise: return "elementwise";
    case Family::Reduction: return "reduction";
    case Family::View: return "view";
    case Family::Join: return "join";
    case Family::Matmul: return "matmul";
    case Family::Indexing: return "indexing";
    case Family::Factory: return "factory";
    case Family::Conversion: return "conversion";
    case Family::Autograd: return "autograd";
    case Family::Attribute: return "attribute";
    case Family::Python: return "python";
  }
  return "python";
}

Entry entry(const char* name, unsigned where, std::vector<const char*> signatures, Impl impl) {
  Entry e = make_entry(name, where, impl, nullptr);
  for (const char* s : signatures) e.signatures.emplace_back(s);
  return e;
}

Entry shared_entry(const char* name, unsigned where, const std::vector<const char*>& signatures, Impl impl) {
  Entry e = make_entry(name, where, impl, nullptr);
  for (const char* s : signatures) e.signatures.emplace_back(name + std::string(s));
  return e;
}

Entry raw_entry(const char* name, unsigned where, RawImpl impl) {
  return make_entry(name, where, nullptr, impl);
}

const std::vector<Entry>& library() { return table(); }

const Entry* find_entry(const std::string& name, Where where) {
  for (const Entry& e : table())
    if ((e.where & where) && e.name == name) return &e;
  return nullptr;
}

bool is_known_module(const std::string& path) {
  return path == "torch" || path == "torch.nn" || path == kFunctionalPath;
}

bool builtin_global(const std::string& name, Value* out) {
  if (!find_entry(name, kBuiltin)) return false;
  *out = Callable{name, std::nullopt};
  return true;
}

Value get_attribute(const Value& object, const std::string& name) {
  if (const auto* m = std::get_if<ModuleRef>(&object.v)) return module_attribute(*m, name);
  if (object.is_tensor()) return tensor_attribute(object.tensor(), name);
  if (const Sequence* s = object.sequence()) {
    for (size_t i = 0; i < s->fields.size() && i < s->items.size(); ++i)
      if (s->fields[i] == name) return s->items[i];
  }
  if (const auto* d = std::get_if<DType>(&object.v)) {
    if (name == "is_floating_point") return is_floating(*d);
    if (name == "itemsize") return Value(dtype_size(*d));
  }
  if (const auto* fn = std::get_if<Callable>(&object.v)) {
    // grad_fn.name() is a method in PyTorch; its class name is read as
    // type(x.grad_fn).__name__, which programs cannot write: name() it is.
    if (fn->qualname.rfind("grad_fn.", 0) == 0 && name == "name")
      return Callable{"grad_fn_name." + fn->qualname.substr(8), fn->self};
  }
  no_attribute(std::string("'") + type_name(object) + "' object", name);
}

void set_attribute(const Value& object, const std::string& name, const Value& value) {
  if (object.is_tensor()) {
    Tensor t = object.tensor();
    if (name == "requires_grad") {
      // PyTorch's THPVariable_set_requires_grad
      if (!std::holds_alternative<bool>(value.v))
        throw PythonError("TypeError", "requires_grad must be a bool");
      t.set_requires_grad(std::get<bool>(value.v));
      return;
    }
    if (name == "grad") {
      if (value.is_none()) {
        t.zero_grad();
        return;
      }
      set_grad(t, value);
      return;
    }
    if (name == "shape" || name == "dtype" || name == "ndim" || name == "T" || name == "mT" ||
        name == "is_leaf" || name == "grad_fn" || name == "retains_grad")
      throw PythonError("AttributeError", "attribute '" + name +
                                              "' of 'torch._C._TensorBase' objects is not writable");
    throw PythonError("AttributeError",
                      "programs may set only requires_grad and grad of a tensor, not '" + name + "'");
  }
  throw PythonError("AttributeError", std::string("'") + type_name(object) +
                                          "' object attribute '" + name + "' is read-only");
}

Value call(const Callable& fn, const Arguments& args, CallContext& context) {
  const std::string& q = fn.qualname;
  if (q.rfind("grad_fn_name.", 0) == 0) {
    if (!args.positional.empty() || !args.keywords.empty())
      throw PythonError("TypeError", "name() takes no arguments");
    return q.substr(13);
  }
  if (q.rfind("grad_fn.", 0) == 0)
    throw PythonError("TypeError", "calling " + q.substr(8) + " (a grad_fn) is not supported");
  if (q.rfind("class.", 0) == 0) return call(Callable{q.substr(6), std::nullopt}, args, context);  // type(1)(2.5)
  Where where = kBuiltin;
  std::string name = q;
  if (q.rfind("Tensor.", 0) == 0) {
    where = kMethod;
    name = q.substr(7);
  } else if (q.rfind("torch.nn.functional.", 0) == 0) {
    where = Where::kFunctional;
    name = q.substr(20);
  } else if (q.rfind("torch.", 0) == 0) {
    where = kTorch;
    name = q.substr(6);
  }
  const Entry* e = find_entry(name, where);
  if (e == nullptr) throw PythonError("AttributeError", "no function named '" + q + "'");
  if (e->raw) return e->raw(args, context);
  Value self;
  if (where == kMethod) {
    if (!fn.self) throw PythonError("TypeError", "descriptor '" + name + "' needs a Tensor");
    self = *fn.self;
  }
  const Bound bound = bind_arguments(e->signatures, where == kMethod ? &self : nullptr, args);
  return e->impl(bound, context);
}

std::string call_name(const Callable& fn) {
  // grad_fn.name() (Note [grad_fn]) is one method whatever the node
  if (fn.qualname.rfind("grad_fn_name.", 0) == 0) return "grad_fn.name";
  return fn.qualname;
}

// --- helpers of library.h

Tensor with_grad(Tensor t, bool requires_grad) {
  if (!requires_grad) return t;
  // PyTorch's factories say it with a capital O (TensorOptions' check);
  // the setter's lowercase text is the core's.
  if (!is_floating(t.dtype()))
    throw Error(ErrorKind::Autograd,
                "Only Tensors of floating point and complex dtype can require gradients");
  t.set_requires_grad(true);
  return t;
}

void check_value_count(int64_t count, const char* what) {
  if (static_cast<double>(count) * sizeof(Value) > static_cast<double>(memory_limit()))
    throw PythonError("MemoryError", std::string(what) + " would make " + std::to_string(count) +
                                         " Python values, more than a program may hold");
}

Value item_value(const Tensor& t) {
  const Scalar s = t.scalar_item();
  switch (s.kind()) {
    case Scalar::Kind::Bool: return Value(s.to_int() != 0);
    case Scalar::Kind::Int: return Value(s.to_int());
    case Scalar::Kind::Float: break;
  }
  return Value(s.to_double());
}

Value int_tuple(const std::vector<int64_t>& values, Sequence::Kind kind) {
  std::vector<Value> items(values.begin(), values.end());
  return Value::sequence(kind, std::move(items));
}

}  // namespace tc::lang
