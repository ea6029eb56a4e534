// The table of functions a program calls (src/lang/builtins.h): one entry
// per PyTorch name, with PyTorch's signatures (Note [Signatures]) and the
// namespaces it is reached from, so that torch.sum(x, 1) and x.sum(1) are
// one entry (a method binds its tensor to "input"). The entries are
// written by family in src/lang/lib_*.cpp and gathered by library().
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "lang/builtins.h"
#include "lang/signature.h"
#include "ops.h"

namespace tc::lang {

// Where an entry is reached from.
enum Where : unsigned {
  kTorch = 1,       // torch.name
  kMethod = 2,      // tensor.name(...)
  kFunctional = 4,  // torch.nn.functional.name
  kBuiltin = 8,     // Python's builtins: print, len, ...
};

using Impl = std::function<Value(const Bound& args, CallContext& context)>;
// For Python's *args functions (print, max of numbers): the arguments as
// written.
using RawImpl = Value (*)(const Arguments& args, CallContext& context);

struct Entry {
  std::string name;  // "sum", "floor_divide", "print"
  unsigned where;
  std::vector<Signature> signatures;  // empty for a RawImpl
  Impl impl = nullptr;
  RawImpl raw = nullptr;
};

// Entry{name, where, {"sum(Tensor input, ...)"}, impl}
Entry entry(const char* name, unsigned where, std::vector<const char*> signatures, Impl impl);
// entry() for one of the functions that share their signatures (var and
// std, clamp and its alias clip), each signature written from its "(":
// shared_entry("clip", where, {"(Tensor input, ...)"}, impl).
Entry shared_entry(const char* name, unsigned where, const std::vector<const char*>& signatures, Impl impl);
Entry raw_entry(const char* name, unsigned where, RawImpl impl);

// Each family appends its entries.
void add_factories(std::vector<Entry>& table);   // lib_factories.cpp
void add_math(std::vector<Entry>& table);        // lib_math.cpp: elementwise, reductions
void add_shapes(std::vector<Entry>& table);      // lib_shapes.cpp: views, joins, matmul
void add_tensor(std::vector<Entry>& table);      // lib_tensor.cpp: methods of a tensor's own
void add_python(std::vector<Entry>& table);      // lib_python.cpp: print, len, int, ...

// Every entry (for tests that call each one).
const std::vector<Entry>& library();

// The entry named `name` reached from `where`; nullptr if none.
const Entry* find_entry(const std::string& name, Where where);

// --- helpers the families share

// A tensor just made by a factory, with requires_grad set as asked
// (PyTorch's TensorOptions words when the dtype cannot require grad).
Tensor with_grad(Tensor t, bool requires_grad);
// Values a program makes one by one (tolist(), list(x), range(n)) count
// against its memory limit (Note [Program limits] in src/lang/run.cpp) as
// tensors do: a MemoryError past it.
void check_value_count(int64_t count, const char* what);
// Python's value of one element of a tensor: bool, int or float.
Value item_value(const Tensor& t);
// A tuple of ints of kind Size (torch.Size) or Tuple.
Value int_tuple(const std::vector<int64_t>& values, Sequence::Kind kind);

}  // namespace tc::lang
