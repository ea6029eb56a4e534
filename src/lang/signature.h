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
// Layout, Generator, MemoryFormat, Dimname (a dimension's name: a str or
// None, printed "name"), Dimname[] (a tuple or list of them, "tuple of
// names"; Dimname[1] also takes one), object; "?" also takes None. A
// parameter with a default is optional; those after "*" are keyword-only.
// A type ending in "!" marks a parameter PyTorch has and tensorcast leaves
// out (out=, layout=, pin_memory=, generator=, memory_format=, names=): it
// counts and is listed as PyTorch's does, so that the binder picks and
// names signatures as PyTorch does; its default (None, or
// pin_memory=False) is taken, any other value is a NotImplementedError.
// Each table writes every parameter of PyTorch's signature, in PyTorch's
// order, and every signature PyTorch's parser holds for that name, in the
// order it tries them (its deprecated ones last), so that the binder
// counts, picks and lists as PyTorch does:
// - the named-dim overloads (a Dimname or Dimname[] parameter not left
//   out) are listed and counted, and never run: tensorcast's tensors have
//   no names, so where one binds PyTorch raises "Name 'a' not found in
//   Tensor[None, None]." (or, for a None name, "Please look up dimensions
//   by name, got: name = None.") and so does the binder;
// - a signature written with PyTorch's own suffix "|deprecated" or
//   "|hidden" (torch/csrc/autograd/deprecated.yaml: torch.add(x, 2, y)) is
//   tried and counted but never listed nor named by an error, as
//   PyTorch's hidden signatures are; where one binds it runs, as in
//   PyTorch (without its deprecation warning): its impl reads the
//   parameters by name (add's alpha and other).
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
// several signatures (hidden ones included) tries each; when none fits,
// PyTorch's print_error: when exactly one listed signature takes that
// many arguments (positional and keyword, counting the left-out ones),
// its error is raised, else torch/csrc/utils/invalid_arguments.cpp's
// format_invalid_args lists the listed ones:
//   "max() received an invalid combination of arguments - got (Tensor, str), but
//    expected one of:\n * (Tensor input)\n * (Tensor input, Tensor other, *, Tensor out)\n ...\n"
// each followed, where it takes as many arguments as were given, by
// "      didn't match because some of the arguments have invalid types:
// (Tensor, !str!)" (or "... some of the keywords were incorrect: dims"),
// as PyTorch writes them when its output is not a terminal. Its words
// are PyTorch's to the letter, quirks included: "*" counts as an argument
// of a listed signature and "()" as one of none, a lone listed signature
// says "got (str), but expected (Tensor other)" or "got unrecognized
// keyword arguments: dims", and the keywords come in the order of
// PyTorch's std::unordered_map (Note [Keyword order]).
// Where PyTorch's function is Python code (torch.manual_seed,
// F.softmax, Tensor.backward, the grad-mode classes), its argument errors
// are CPython's: the signature of its own parameters ends in "|python"
// (or "|python <qualname>": a method, or a "Class.__init__", counts self
// as CPython does; "|python object" is a class without an __init__ of
// its own, which takes no arguments), and the others are those of the C
// function it calls (Tensor.unflatten's):
//   "manual_seed() missing 1 required positional argument: 'seed'"
//   "no_grad.__init__() takes 1 positional argument but 2 were given"
// What its body checks (int(seed), "enabled must be a bool") is its impl's.
// and a method whose signatures take nothing but the tensor is CPython's
// METH_NOARGS one: "_TensorBase.abs() takes no arguments (1 given)",
// "_TensorBase.abs() takes no keyword arguments" (a torch function of no
// parameters: "torch.is_grad_enabled() takes no arguments (1 given)").
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
    Layout, Generator, MemoryFormat, Name, Names, Object
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
  bool hidden = false;  // "|deprecated" or "|hidden": tried, never listed
  bool named = false;   // a named-dim overload: listed, never run
  bool python = false;  // "|python": a Python function's (CPython's) errors
  std::string qualname;  // "|python no_grad.__init__": CPython's name for it
  explicit Signature(const std::string& text);
  // Whether a call that binds it runs (it is not a named-dim overload).
  bool runs() const { return !named; }
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
