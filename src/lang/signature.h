// The argument binder of the builtins (src/lang/builtins.cpp): PyTorch's
// python_arg_parser on the values of a program.
//
// Note [Signatures]: each function is written as PyTorch's Python
// signature strings are (torch/csrc/utils/python_arg_parser.cpp), e.g.
//   "sum(Tensor input, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None)"
// Types: Tensor, Operand (a Tensor that also takes a number: PyTorch's
// allow_numbers_as_tensors, printed "Tensor"), Number, int, float, bool,
// int[] (a tuple or list of ints; int[N] also takes one int), Tensor[],
// ScalarType, str, object; "?" also takes None. A parameter with a
// default is optional; those after "*" are keyword-only.
// Binding follows FunctionSignature::parse: positional arguments in order,
// then keywords; sizes may be given as varargs (x.reshape(2, 3)) when the
// int list is the only positional parameter; a method binds its tensor to
// the parameter named "input"; NumPy's names stand for dim, keepdim, input
// and other (axis=, keepdims=, x=, x2=) as in PyTorch. Errors are PyTorch's TypeError texts:
//   "sum() got an unexpected keyword argument 'dims'"
//   "sum() got multiple values for argument 'dim'"
//   "sum(): argument 'keepdim' (position 2) must be bool, not int"
//   "sum(): argument 'keepdim' must be bool, not int"          (a keyword)
//   "reshape() takes 1 positional argument but 2 were given"
//   "softmax() missing 1 required positional arguments: \"dim\""
// (sic: PyTorch writes "arguments" for one missing argument too). A
// function of several signatures tries each; when none fits and exactly
// one takes that many arguments, its error is raised, else PyTorch's
//   "max() received an invalid combination of arguments - got (Tensor, str), but
//    expected one of:\n * (Tensor input)\n * (Tensor input, Tensor other)\n ..."
// without the per-signature "didn't match because ..." lines PyTorch adds.
// PyTorch's named-dim overloads (Dimname dim) are left out, so where they
// would make a second plausible signature PyTorch lists all and this
// binder names the one error.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "builtins.h"
#include "ops.h"

namespace tc::lang {

struct Param {
  enum class Type { Tensor, Operand, Number, Int, Float, Bool, IntList, TensorList, DType, Str, Object };
  std::string name;
  Type type = Type::Object;
  int list_size = 0;        // int[2]: also one int
  bool allow_none = false;  // "?" or a default of None
  bool optional = false;    // has a default
  bool keyword_only = false;
  Value default_value;
  std::string type_name() const;  // PyTorch's: "Tensor", "tuple of ints", "torch.dtype", ...
};

struct Signature {
  std::string name;  // "sum"
  std::vector<Param> params;
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
