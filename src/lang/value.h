// What a name in a program may be bound to (Note [Programs] in
// src/lang/program.h): the values of the Python subset tensorcast runs.
// A Value is cheap to copy: tensors are handles, tuples and lists share
// their items.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "../dtype.h"
#include "../tensor.h"

namespace tc::lang {

struct Value;

// A tuple or a list. torch.Size is a tuple that prints as
// "torch.Size([2, 3])" (what x.shape and x.size() return).
// max(dim) returns a named tuple, torch.return_types.max(values=...,
// indices=...): Kind::Named with its name and field names.
struct Sequence {
  enum class Kind { Tuple, List, Size, Named };
  Kind kind = Kind::Tuple;
  std::vector<Value> items;
  std::string name;                 // Named: "torch.return_types.max"
  std::vector<std::string> fields;  // Named: "values", "indices"
};

// A module or namespace a program can name: "torch", "torch.nn",
// "torch.nn.functional" (whatever alias the program imported it as).
struct ModuleRef {
  std::string path;
};

// Something callable: a function of a module ("torch.arange",
// "torch.nn.functional.relu", "print") or a method bound to its tensor
// ("Tensor.reshape" with self set).
struct Callable {
  std::string qualname;                // "torch.arange", "Tensor.sum", "print"
  std::optional<Tensor> self;          // the tensor a method is bound to
};

// A slice as Python's slice(start, stop, step), for x[...] items.
struct SliceValue {
  std::optional<int64_t> start, stop, step;
};

struct EllipsisValue {};

struct Value {
  // None, then Python's bool/int/float/str, then the library's types.
  std::variant<std::monostate, bool, int64_t, double, std::string, Tensor,
               std::shared_ptr<const Sequence>, DType, ModuleRef, Callable, SliceValue,
               EllipsisValue>
      v;

  Value() = default;
  Value(bool b) : v(b) {}
  Value(int64_t i) : v(i) {}
  Value(int i) : v(static_cast<int64_t>(i)) {}
  Value(double d) : v(d) {}
  Value(std::string s) : v(std::move(s)) {}
  Value(Tensor t) : v(std::move(t)) {}
  Value(DType d) : v(d) {}
  Value(ModuleRef m) : v(std::move(m)) {}
  Value(Callable c) : v(std::move(c)) {}
  Value(SliceValue s) : v(s) {}
  Value(EllipsisValue e) : v(e) {}
  static Value sequence(Sequence::Kind kind, std::vector<Value> items) {
    Value out;
    Sequence s;
    s.kind = kind;
    s.items = std::move(items);
    out.v = std::make_shared<const Sequence>(std::move(s));
    return out;
  }

  bool is_none() const { return std::holds_alternative<std::monostate>(v); }
  bool is_tensor() const { return std::holds_alternative<Tensor>(v); }
  const Tensor& tensor() const { return std::get<Tensor>(v); }
  const Sequence* sequence() const {
    auto p = std::get_if<std::shared_ptr<const Sequence>>(&v);
    return p ? p->get() : nullptr;
  }
};

// An error of Python's own (not the core's): raised by the interpreter and
// the builtins with the exception Python would raise and its text.
//   PythonError("NameError", "name 'x' is not defined")
//   PythonError("TypeError", "sum() got an unexpected keyword argument 'dims'")
// The core's tc::Error is the other kind a program meets (its ErrorKind
// says which exception PyTorch raises: src/lang/run.cpp).
class PythonError : public std::runtime_error {
 public:
  PythonError(std::string type, const std::string& message)
      : std::runtime_error(message), type_(std::move(type)) {}
  const std::string& type() const { return type_; }

 private:
  std::string type_;
};

// Python's type names as its messages use them: "NoneType", "bool", "int",
// "float", "str", "Tensor", "tuple", "list", "torch.Size", "torch.dtype",
// "module", "builtin_function_or_method", "slice", "ellipsis".
const char* type_name(const Value& value);

// Python's repr(value) for everything but tensors (whose repr the package's
// formatter writes: see ProgramOutput): "3", "0.1", "1e-05", "True",
// "torch.Size([2, 3])", "(2, 3)", "torch.float32", "'a'".
std::string repr(const Value& value);

}  // namespace tc::lang
