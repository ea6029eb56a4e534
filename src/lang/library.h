// The table of functions a program calls (src/lang/builtins.h): one entry
// per PyTorch name, with PyTorch's signatures (Note [Signatures]) and the
// namespaces it is reached from, so that torch.sum(x, 1) and x.sum(1) are
// one entry (a method binds its tensor to "input"). The entries are
// written by family in src/lang/lib_*.cpp and gathered by library().
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "for_size.h"
#include "lang/builtins.h"
#include "lang/signature.h"
#include "ops.h"
#include "promotion.h"

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

// Note [Op registry]: each entry of the library is the one declaration of
// a function, as an entry of PyTorch's native_functions.yaml is: its
// PyTorch signatures (overloads in PyTorch's order, each with what it
// returns), the namespaces it is reached from, and what the package and
// the docs need to know of it: its family, how its result's dtype
// follows, whether it has a backward, its JavaScript name and a one-line
// doc. From the entries: the interpreter's calls (builtins.cpp), the
// package's generic call (bindings/bind_call.cpp, which binds a
// JavaScript call's arguments with the same binder, so both raise
// PyTorch's TypeErrors), the package's tc.f and Tensor methods with their
// TypeScript signatures (bindings/gen/contracts.cpp writes
// bindings/ts/generated/registry.ts), tc.ops and docs/api.md. The
// elementwise ops of the op table (Note [The op table]) are entries too;
// the package calls them through its own exports, the hot path.
enum class Family {
  Elementwise, Reduction, View, Join, Matmul, Indexing, Factory, Conversion, Autograd, Attribute, Python,
};
const char* family_name(Family family);  // "elementwise", "reduction", ...

// What the package makes of an entry.
enum class JsForm {
  Generated,    // tc.<js> and/or Tensor#<js> call it through bind_call.cpp
  OpTable,      // the op table's own export (the elementwise hot path)
  HandWritten,  // a member of the package's own form: `js` names it
  None,         // not in the package: `js` says why
};

struct Entry {
  std::string name;  // "sum", "floor_divide", "print"
  unsigned where;
  std::vector<Signature> signatures;  // empty for a RawImpl
  Impl impl = nullptr;
  RawImpl raw = nullptr;
  std::string doc;  // one line
  Family family = Family::Python;
  // How its result's dtype follows from its inputs' (src/promotion.h);
  // none for a factory (dtype= or the default) or a Python value.
  std::optional<DTypeRule> dtype_rule;
  bool backward = false;  // its result has a grad_fn when an input requires grad
  JsForm js_form = JsForm::None;
  std::string js;  // Generated/OpTable: its name ("logSoftmax"); HandWritten: the member; None: why not
  bool classified = false;  // in() was called; else its family's defaults (library())

  // Builders for the tables: entry(...).says("..."), .hand_written("shape").
  Entry&& says(std::string text) && { doc = std::move(text); return std::move(*this); }
  Entry&& in(Family f, std::optional<DTypeRule> rule, bool grad) && {
    family = f;
    dtype_rule = rule;
    backward = grad;
    classified = true;
    return std::move(*this);
  }
  Entry&& hand_written(std::string member) && {
    js_form = JsForm::HandWritten;
    js = std::move(member);
    return std::move(*this);
  }
  Entry&& op_table(std::string op) && {
    js_form = JsForm::OpTable;
    js = std::move(op);
    return std::move(*this);
  }
  Entry&& not_in_package(std::string why) && {
    js_form = JsForm::None;
    js = std::move(why);
    return std::move(*this);
  }
};

// PyTorch's name in JavaScript's casing: "log_softmax" -> "logSoftmax",
// "add_" -> "add_".
std::string js_name(const std::string& name);

// Entry{name, where, {"sum(Tensor input, ...)"}, impl}, a generated member
// of the package when reached from torch or a tensor (JsForm::Generated,
// its name in JavaScript's casing).
Entry entry(const char* name, unsigned where, std::vector<const char*> signatures, Impl impl);
// entry() for one of the functions that share their signatures (var and
// std, clamp and its alias clip), each signature written from its "(":
// shared_entry("clip", where, {"(Tensor input, ...)"}, impl).
Entry shared_entry(const char* name, unsigned where, const std::vector<const char*>& signatures, Impl impl);
Entry raw_entry(const char* name, unsigned where, RawImpl impl);

// Note [Tables built once]: each family appends its entries, once, when
// library() is first asked for. At -O3 every string, signature list and
// std::function of the hundreds of entries was inlined into these six
// functions (160 kB of the package's code, bench/notes.md), so they are
// compiled for size (Note [Compiled for size], for_size.h); the functions
// they register are not (each is a function of its own).
TC_BUILT_ONCE void add_factories(std::vector<Entry>& table);  // lib_factories.cpp
TC_BUILT_ONCE void add_math(std::vector<Entry>& table);       // lib_math.cpp: elementwise, reductions
TC_BUILT_ONCE void add_bitwise(std::vector<Entry>& table);    // lib_bitwise.cpp: bitwise_*, logical_*
TC_BUILT_ONCE void add_shapes(std::vector<Entry>& table);     // lib_shapes.cpp: views, joins, matmul
TC_BUILT_ONCE void add_tensor(std::vector<Entry>& table);     // lib_tensor.cpp: methods of a tensor's own
TC_BUILT_ONCE void add_python(std::vector<Entry>& table);     // lib_python.cpp: print, len, int, ...

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
// range(stop) or range(start, stop[, step]) as Python checks its
// arguments: its numbers are start + i * step for i in [0, count).
struct RangeBounds {
  int64_t start = 0, step = 1, count = 0;
  // i < count: the number is within int64, though i * step may not be
  int64_t at(int64_t i) const { return static_cast<int64_t>(__int128{start} + __int128{i} * step); }
};
RangeBounds range_bounds(const Arguments& args);
// A tuple of ints of kind Size (torch.Size) or Tuple.
Value int_tuple(const std::vector<int64_t>& values, Sequence::Kind kind);

}  // namespace tc::lang
