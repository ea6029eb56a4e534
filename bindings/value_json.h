// A program's values as JSON, for the facade (bindings/ts/value-wire.ts
// reads them): the globals program.get(name) returns (bind_program.cpp)
// and what a call of the generic entry point returns (bind_call.cpp).
#pragma once
#include <cstdint>
#include <map>
#include <string>

#include "handles.h"
#include "json_writer.h"
#include "lang/value.h"

namespace tcjs {

// A float exactly as JavaScript's Number() reads it back (17 significant
// digits round-trip a double); Python's spellings of the non-finite ones.
std::string float_text(double x);

// One value as {"t": kind, ...}. Ints as text (int64 beyond 2^53 stays
// exact: the facade makes a BigInt of it), a dtype by its name
// ("float32"), tensors as a handle shared by every place the same tensor
// is met. A string, tuple or list is written once, the first time it is
// met, and {"t": "ref", "r": k} after that (k counts the strings and
// sequences written, in the order they were begun): b = a, [s] * 16 and a
// thousand names of one list cost their size once, so the JSON is bounded
// by what the program's values hold (Note [Bounded values] in
// src/lang/value.h), not by how often they are shared. A named tuple
// (max(dim)'s) also lists its fields.
class ValueWriter {
 public:
  explicit ValueWriter(JsonWriter& json) : json_(json) {}

  void write(const tc::lang::Value& value);

 private:
  void kind(const char* t) { json_.key("t").value(t); }
  void item(const std::monostate&, const tc::lang::Value&);
  void item(bool b, const tc::lang::Value&);
  void item(int64_t i, const tc::lang::Value&);
  void item(double d, const tc::lang::Value&);
  void item(const std::shared_ptr<const tc::lang::Str>& s, const tc::lang::Value&);
  void item(const tc::Tensor& t, const tc::lang::Value&);
  void item(const std::shared_ptr<const tc::lang::Sequence>& s, const tc::lang::Value&);
  void item(tc::DType d, const tc::lang::Value&);
  // A module, a function, a slice: their repr.
  template <class T>
  void item(const T&, const tc::lang::Value& value);
  // True (having written the reference) when `p` was written before;
  // else numbers it.
  bool written(const void* p);

  JsonWriter& json_;
  std::map<uint64_t, Handle> handles_;
  std::map<const void*, int64_t> shared_;
};

}  // namespace tcjs
