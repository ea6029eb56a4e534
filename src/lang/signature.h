// The argument binder of the builtins (src/lang/builtins.cpp): PyTorch's
// python_arg_parser on the values of a program.
//
// Note [Signatures]: each function is written as PyTorch's Python
// signature strings are (torch/csrc/utils/python_arg_parser.cpp), e.g.
//   "sum(Tensor input, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor! out=None)"
// Types: Tensor, Operand (a Tensor that also takes a number: PyTorch's
// allow_numbers_as_tensors, printed "Tensor"), Number, int, float, bool,
// int[] (a tuple or list of ints; int[N] also takes one int), SymInt[]
// (the same, which PyTorch 1.13 names "tuple of SymInts"), Tensor[],
// ScalarType, str, Device (a str: "cpu" runs, any other device is refused),
// Layout, Generator, MemoryFormat, object; "?" also takes None. A
// parameter with a default is optional; those after "*" are keyword-only.
// A type ending in "!" marks a parameter PyTorch has and tensorcast leaves
// out (out=, layout=, pin_memory=, generator=, memory_format=): it counts
// and is listed as PyTorch's does, so that the binder picks and names
// signatures as PyTorch does; its default (None, or pin_memory=False) is
// taken, any other value is a NotImplementedError. Each table writes every
// parameter of PyTorch's signature, in PyTorch's order, and its overloads
// in PyTorch's order (the order they are tried in), except the named-dim
// ones (below).
// Binding follows FunctionSignature::parse: positional arguments in order,
// then keywords; sizes may be given as varargs (x.reshape(2, 3)) when the
// int list is the only positional parameter; a method binds its tensor to
// the parameter named "input" and has no out= (as PyTorch's methods have
// none); NumPy's names stand for dim, keepdim, input and other (axis=,
// keepdims=, x=, x2=) as in PyTorch. An int list fits a signature when it
// is empty or its first item is an int; its other items are checked once
// the signature is chosen (PyTorch's intlist conversion, which counts
// from 1). Errors are PyTorch's TypeError texts:
//   "sum() got an unexpected keyword argument 'dims'"
//   "sum() got multiple values for argument 'dim'"
//   "sum(): argument 'keepdim' (position 2) must be bool, not int"
//   "sum(): argument 'keepdim' must be bool, not int"          (a keyword)
//   "reshape(): argument 'shape' must be tuple of SymInts, but found element of type float at pos 2"
//   "reshape() takes 1 positional argument but 2 were given"
//   "softmax() missing 1 required positional arguments: \"dim\""
//   "round() takes from 2 to 1 positional arguments but 3 were given"
// (sic: PyTorch writes "arguments" for one missing argument too, and
// counts a required keyword-only parameter in "from 2"). A function of
// several signatures tries each; when none fits and exactly one takes that
// many arguments (counting the left-out ones), its error is raised, else
// PyTorch's
//   "max() received an invalid combination of arguments - got (Tensor, str), but
//    expected one of:\n * (Tensor input)\n * (Tensor input, Tensor other, *, Tensor out)\n ...\n"
// without the per-signature "didn't match because ..." lines PyTorch adds.
// PyTorch's named-dim overloads (Dimname dim) are left out, so where they
// would make a second plausible signature PyTorch lists all and this
// binder names the one error, and where PyTorch binds a name (x.sum('a'):
// "Name 'a' not found in Tensor[None].") this binder lists the others.
// The factories' overloads with names= (Dimname[]?! names: "tuple of
// names names") are kept, left out, so that torch.ones() lists both of
// PyTorch's signatures.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "builtins.h"
#include "ops.h"

namespace tc::lang {

struct Param {
  enum class Type {
    Tensor, Operand, Number, Int, Float, Bool, IntList, TensorList, DType, Str, Device,
    Layout, Generator, MemoryFormat, Names, Object
  };
  std::string name;
  Type type = Type::Object;
  int list_size = 0;        // int[2]: also one int
  bool symint = false;      // SymInt[]: an IntList PyTorch names "tuple of SymInts"
  bool allow_none = false;  // "?" or a default of None
  bool optional = false;    // has a default
  bool keyword_only = false;
  bool left_out = false;    // "!": only its default is taken
  Value default_value;
  std::string type_name() const;  // PyTorch's: "Tensor", "tuple of ints", "torch.dtype", ...
};

// A signature may end in what it returns, as PyTorch's schemas do:
// "max(Tensor input, int dim, bool keepdim=False) -> (Tensor values, Tensor
// indices)"; without one it returns a Tensor. Returns are Tensor, Tensor[],
// bool, int, float, str, ScalarType, or a named tuple of tensors (for the
// package's TypeScript types and docs; the binder does not read them).
struct Signature {
  std::string name;  // "sum"
  std::vector<Param> params;
  std::string returns = "Tensor";
  std::string text;  // as written in the table
  explicit Signature(const std::string& text);
  // "(Tensor input, tuple of ints dim, bool keepdim, *, torch.dtype dtype)",
  // without the parameter bound to a method's tensor.
  std::string to_string(bool method) const;
};

// The arguments of one call, by parameter, after binding.
class Bound {
 public:
  Bound(const Signature& signature, size_t overload) : signature_(&signature), overload_(overload) {
    values_.resize(signature.params.size());
  }
  size_t overload() const { return overload_; }  // which signature bound
  Value& slot(size_t i) { return values_[i]; }
  // The value of a parameter (its default when not given); None when
  // neither. An unknown name is an InternalError (a typo in the table).
  const Value& get(const char* name) const;
  bool has(const char* name) const { return !get(name).is_none(); }
  // Whether the bound signature has a parameter of that name (the
  // overloads of one function differ in them).
  bool takes(const char* name) const;
  Tensor tensor(const char* name) const;
  Operand operand(const char* name) const;  // a tensor or a number
  Scalar number(const char* name) const;
  int64_t integer(const char* name) const;
  double real(const char* name) const;
  bool flag(const char* name) const;
  std::vector<int64_t> ints(const char* name) const;  // one int or a sequence
  std::vector<Tensor> tensors(const char* name) const;
  DType dtype(const char* name) const;
  std::optional<DType> optional_dtype(const char* name) const;
  std::optional<int64_t> optional_int(const char* name) const;
  std::string str(const char* name) const;

 private:
  size_t index(const char* name) const;
  const Signature* signature_;
  size_t overload_;
  std::vector<Value> values_;
};

// Binds args (and a method's tensor, self) to the first signature that
// takes them; raises PyTorch's TypeError text (Note [Signatures]).
Bound bind_arguments(const std::vector<Signature>& signatures, const Value* self, const Arguments& args);

// Python's scalar types as dtypes (dtype=float is torch.float64, as
// PyTorch's THPPythonScalarType_Check takes them): the builtins float, int
// and bool.
std::optional<DType> dtype_of_value(const Value& v);

}  // namespace tc::lang
