// The library a program calls: torch.*, torch.nn.functional.*, Tensor
// methods and attributes, print (Note [Programs] in src/lang/program.h).
// The interpreter (src/lang/run.cpp) evaluates the syntax: names,
// literals, operators, x[...], assignments; everything reached through a
// dot or a call is here, in one table of functions with PyTorch's argument
// names and defaults (src/lang/builtins.cpp).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "value.h"

namespace tc::lang {

struct Arguments {
  std::vector<Value> positional;
  std::vector<std::pair<std::string, Value>> keywords;  // in the order written
};

class OutputBudget;

// Where print() writes; the interpreter hands one per statement, with the
// program's output budget (Note [Bounded output] in src/lang/repr.h).
struct CallContext {
  std::string* output = nullptr;
  OutputBudget* budget = nullptr;
};

// What a program's `import` statements may name, and the module each
// gives: "torch", "torch.nn", "torch.nn.functional". Others are refused by
// the interpreter as unsupported.
bool is_known_module(const std::string& path);

// Names every program starts with (Python's builtins it may call): print,
// len, ... as Callables.
bool builtin_global(const std::string& name, Value* out);

// object.name: a module's member (torch.float32, torch.arange, F.relu), a
// tensor's attribute (.shape, .T, .mT, .grad, .dtype, .requires_grad,
// .grad_fn, .is_leaf, .ndim) or method (bound as a Callable), a named
// tuple's field (.values, .indices), a dtype's (.is_floating_point).
// Raises Python's AttributeError text:
//   "module 'torch' has no attribute 'foo'",
//   "'Tensor' object has no attribute 'foo'".
Value get_attribute(const Value& object, const std::string& name);

// object.name = value: only tensor.requires_grad (a leaf) and tensor.grad
// = None; anything else raises.
void set_attribute(const Value& object, const std::string& name, const Value& value);

// Calls fn. Errors are tc::Error with PyTorch's (or Python's) text: a
// missing or unknown argument as Python's TypeError words it
// ("sum() got an unexpected keyword argument 'dims'").
Value call(const Callable& fn, const Arguments& args, CallContext& context);

// What the CallRecord names a call: "torch.arange", "Tensor.reshape".
std::string call_name(const Callable& fn);

}  // namespace tc::lang
