// tc.run: a program run by the core's interpreter (Note [Programs] in
// src/lang/program.h), handed to the facade as one JSON text written from
// its schema (Note [Program schema] in src/lang/program_schema.h): the
// RawProgram of bindings/ts/generated/program-types.ts, whose wire fields
// the facade resolves (bindings/ts/program.ts): a statement's output is a
// list of pieces ({"text"} or {"tensor": handle}, formatted there by
// format.ts), and a call names its events by [firstEvent, endEvent) instead
// of copying them. "globals" holds every name bound at the end, with a
// handle for each tensor in it (one handle per tensor, however many names
// it has): the facade owns those handles from then on.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "error.h"
#include "handles.h"
#include "js_error.h"
#include "json_writer.h"
// Before schema_json.h: its writer names schema::describe, and sees the
// overloads declared before it.
#include "lang/program_schema.h"
#include "scratch.h"
#include "schema_json.h"

namespace tcjs {
namespace {

using tc::lang::Value;
// A float exactly as JavaScript's Number() reads it back (17 significant
// digits round-trip a double); Python's spellings of the non-finite ones.
std::string float_text(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

// A global for program.get(name): {"t": kind, ...}. Ints as text (int64
// beyond 2^53 stays exact: the facade makes a BigInt of it), tensors as a
// handle shared by every name bound to the same tensor. A string, tuple or
// list is written once, the first time it is met, and {"t": "ref", "r": k}
// after that (k counts the strings and sequences written, in the order
// they were begun): b = a, [s] * 16 and a thousand names of one list cost
// their size once, so the JSON of the globals is bounded by what the
// program's values hold (Note [Bounded values] in src/lang/value.h), not
// by how often they are shared.
class GlobalWriter {
 public:
  explicit GlobalWriter(JsonWriter& json) : json_(json) {}

  void write(const Value& value) {
    json_.begin_object();
    std::visit([&](const auto& v) { item(v, value); }, value.v);
    json_.end_object();
  }

 private:
  void kind(const char* t) { json_.key("t").value(t); }
  void item(const std::monostate&, const Value&) { kind("none"); }
  void item(bool b, const Value&) {
    kind("bool");
    json_.key("v").value(b);
  }
  void item(int64_t i, const Value&) {
    kind("int");
    json_.key("v").value(std::to_string(i));
  }
  void item(double d, const Value&) {
    kind("float");
    json_.key("v").value(float_text(d));
  }
  // True (having written the reference) when `p` was written before;
  // else numbers it.
  bool written(const void* p) {
    auto [it, added] = shared_.try_emplace(p, static_cast<int64_t>(shared_.size()));
    if (added) return false;
    kind("ref");
    json_.key("r").value(it->second);
    return true;
  }
  void item(const std::shared_ptr<const tc::lang::Str>& s, const Value&) {
    if (written(s.get())) return;
    kind("str");
    json_.key("v").value(s->utf8);
  }
  void item(const tc::Tensor& t, const Value&) {
    kind("tensor");
    auto [it, added] = handles_.try_emplace(t.id(), 0);
    if (added) it->second = put(t);
    json_.key("h").value(static_cast<int64_t>(it->second));
  }
  void item(const std::shared_ptr<const tc::lang::Sequence>& s, const Value&) {
    if (written(s.get())) return;
    kind("sequence");
    json_.key("items").begin_array();
    for (const Value& v : s->items) write(v);
    json_.end_array();
  }
  // A dtype, a module, a function, a slice: their repr.
  template <class T>
  void item(const T&, const Value& value) {
    kind("other");
    json_.key("v").value(tc::lang::repr(value));
  }

  JsonWriter& json_;
  std::map<uint64_t, Handle> handles_;
  std::map<const void*, int64_t> shared_;
};

// The members the schema leaves to the binding (schema::Custom): a printed
// tensor gets a handle, released by the facade once it has written its
// repr; the globals share one GlobalWriter, so that a tensor or sequence
// met twice is written once.
class ProgramCustom {
 public:
  explicit ProgramCustom(JsonWriter& json) : globals_(json) {}
  void write(JsonWriter& json, const tc::lang::OutputPiece& piece) {
    json.begin_object();
    if (piece.tensor.defined()) json.key("tensor").value(static_cast<int64_t>(put(piece.tensor)));
    else json.key("text").value(piece.text);
    json.end_object();
  }
  void write(JsonWriter&, const Value& value) { globals_.write(value); }

 private:
  GlobalWriter globals_;
};

// The source is in the scratch buffer as UTF-8 (as parseShape's text: an
// Embind string argument would be copied once more and freed late).
// values_line: Note [Call values] (0: no statement's values).
std::string run_program(double byte_count, double max_statements, double max_elements,
                        double max_work, double max_memory, double values_line) {
  const size_t n = static_cast<size_t>(to_int(byte_count));
  const std::string source(read_bytes(n), n);
  tc::lang::ProgramLimits limits;
  limits.max_statements = to_int(max_statements);
  limits.max_elements = to_int(max_elements);
  limits.max_work = to_int(max_work);
  limits.max_memory = to_int(max_memory);
  const tc::lang::ProgramResult result =
      tc::lang::run_program(source, limits, static_cast<int>(to_int(values_line)));

  JsonWriter json;
  ProgramCustom custom(json);
  SchemaJson<ProgramCustom>(json, custom).write_object(result);
  return json.text();
}

}  // namespace
}  // namespace tcjs

EMSCRIPTEN_BINDINGS(tensorcast_program) {
  using namespace emscripten;
  function("runProgram", TC_GUARD(tcjs::run_program));
}
