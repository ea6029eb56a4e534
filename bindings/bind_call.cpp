// The package's generic call (Note [Op registry] in src/lang/library.h):
// tc.mean(x, 0) and x.mean(0, { keepdim: true }) call the library entry
// torch.mean / Tensor.mean with the same binder a program's call goes
// through (src/lang/signature.h), so that both bind alike and raise
// PyTorch's TypeErrors. The arguments arrive in the scratch buffer as
// tagged slots (bindings/ts/registry.ts writes them, Note [Call slots]);
// the result leaves as a tensor's handle or as one value in the JSON of
// bindings/value_json.h.
#include <emscripten/bind.h>

#include <string>

#include "error.h"
#include "export.h"
#include "handles.h"
#include "js_error.h"
#include "lang/builtins.h"
#include "lang/library.h"
#include "lang/value.h"
#include "call_slots.h"
#include "scratch.h"
#include "value_json.h"

namespace tcjs {
namespace {

using tc::lang::Value;

// The JavaScript error kind of Python's exception (Note [Error kinds] in
// src/trace_schema.h): an argument that does not fit is a 'type' error as
// the package's own checks say; "not supported by tensorcast" a 'limit'.
tc::ErrorKind kind_of(const std::string& python_type) {
  if (python_type == "TypeError" || python_type == "AttributeError") return tc::ErrorKind::Type;
  if (python_type == "IndexError") return tc::ErrorKind::Index;
  if (python_type == "NotImplementedError") return tc::ErrorKind::Limit;
  if (python_type == "MemoryError") return tc::ErrorKind::Memory;
  return tc::ErrorKind::Value;
}

// Calls entry `entry` of the library (its index in lang::library(), which
// the facade's REGISTRY lists in the same order, checked at load by
// libraryNames): as a method of the tensor `self` when method is 1, else
// as torch.<name>. A plain export of numbers (bindings/export.h): most
// entries return one tensor, handed back as its handle (> 0); any other
// result is written as bindings/value_json.h writes a value, kept here
// until the next call, and -(its length in bytes) is returned with its
// address in scratch slot 0. The facade owns the handles either way.
std::string g_result;

double call_entry(double entry, double method, double self, double slot_count) {
  const auto& library = tc::lang::library();
  const int64_t index = to_int(entry);
  TC_ASSERT(index >= 0 && index < static_cast<int64_t>(library.size()), "no library entry ", index);
  const tc::lang::Entry& e = library[static_cast<size_t>(index)];
  SlotReader slots(static_cast<size_t>(to_int(slot_count)));
  tc::lang::Arguments args;
  while (!slots.done()) {
    const int tag = slots.tag();
    if (tag == kKeyword) {
      std::string name = slots.text();
      args.keywords.emplace_back(std::move(name), slots.value(slots.tag(), 0));
    } else {
      args.positional.push_back(slots.value(tag, 0));
    }
  }
  tc::lang::Callable fn{(method != 0 ? "Tensor." : "torch.") + e.name, std::nullopt};
  if (method != 0) fn.self = get(static_cast<Handle>(to_int(self)));
  tc::lang::CallContext context;
  Value result;
  try {
    result = tc::lang::call(fn, args, context);
  } catch (const tc::lang::PythonError& e) {
    throw tc::Error(kind_of(e.type()), e.what());
  }
  if (result.is_tensor()) return static_cast<double>(put(result.tensor()));
  JsonWriter json;
  ValueWriter(json).write(result);
  g_result = json.text();
  write_number(0, static_cast<double>(reinterpret_cast<uintptr_t>(g_result.data())));
  return -static_cast<double>(g_result.size());
}

// x.grad = g with a program's checks and texts (lang::set_attribute:
// PyTorch's THPVariable_set_grad): g a tensor of x's dtype and size.
void set_grad(Handle h, Handle g) {
  try {
    tc::lang::set_attribute(Value(get(h)), "grad", Value(get(g)));
  } catch (const tc::lang::PythonError& e) {
    throw tc::Error(kind_of(e.type()), e.what());
  }
}

// The library's names in its order, comma-separated: the facade checks on
// its first call by number that its REGISTRY is this module's
// (Runtime.callEntry in bindings/ts/runtime.ts).
std::string library_names() {
  std::string out;
  for (const tc::lang::Entry& e : tc::lang::library()) out += (out.empty() ? "" : ",") + e.name;
  return out;
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(double, call_entry, (double entry, double method, double self, double slot_count),
          (entry, method, self, slot_count))
TC_EXPORT(void, set_grad, (tcjs::Handle h, tcjs::Handle g), (h, g))

EMSCRIPTEN_BINDINGS(tensorcast_call) {
  using namespace emscripten;
  function("libraryNames", TC_GUARD(tcjs::library_names));
}
