// tc.run: a program run by the core's interpreter (Note [Programs] in
// src/lang/program.h), handed to the facade as one JSON text in the shape
// of bindings/ts/program-types.ts, with two differences the facade resolves
// (bindings/ts/program.ts): a statement's output is a list of pieces
// ({"text"} or {"tensor": handle}, formatted there by format.ts), and a
// call names its events by [firstEvent, endEvent) instead of copying them.
// Beside the statements, "globals" holds every name bound at the end, with
// a handle for each tensor in it (one handle per tensor, however many names
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
#include "lang/program.h"
#include "scratch.h"
#include "trace_json.h"

namespace tcjs {
namespace {

using tc::lang::Value;
using tc::lang::ValueInfo;

int64_t i64(uint64_t n) { return static_cast<int64_t>(n); }

// ValueInfo as program-types.ts's ValueInfo: tensor fields null otherwise.
void write_info(JsonWriter& json, const ValueInfo& info) {
  const bool tensor = info.type == "Tensor";
  json.begin_object();
  json.key("type").value(info.type);
  json.key("repr").value(info.repr);
  if (tensor) {
    json.key("id").value(i64(info.id));
    json.key("storage").value(i64(info.storage));
    json.key("shape").value(info.shape);
    json.key("strides").value(info.strides);
    json.key("offset").value(info.offset);
    json.key("dtype").value(tc::dtype_name(info.dtype));
  } else {
    for (const char* key : {"id", "storage", "shape", "strides", "offset", "dtype"}) json.key(key).null();
  }
  json.key("requiresGrad").value(tensor && info.requires_grad);
  json.key("gradFn");
  if (tensor && !info.grad_fn.empty()) json.value(info.grad_fn);
  else json.null();
  json.key("isLeaf").value(tensor ? info.is_leaf : false);
  json.key("items").begin_array();
  for (const ValueInfo& item : info.items) write_info(json, item);
  json.end_array();
  json.end_object();
}

void write_infos(JsonWriter& json, const std::map<std::string, ValueInfo>& infos) {
  json.begin_object();
  for (const auto& [name, info] : infos) {
    json.key(name.c_str());
    write_info(json, info);
  }
  json.end_object();
}

void write_span(JsonWriter& json, int line, int column, int end_line, int end_column) {
  json.key("line").value(static_cast<int64_t>(line));
  json.key("column").value(static_cast<int64_t>(column));
  json.key("endLine").value(static_cast<int64_t>(end_line));
  json.key("endColumn").value(static_cast<int64_t>(end_column));
}

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

void write_statement(JsonWriter& json, const tc::lang::StatementResult& s) {
  json.begin_object();
  write_span(json, s.line, s.column, s.end_line, s.end_column);
  json.key("source").value(s.source);
  json.key("names");
  write_infos(json, s.names);
  json.key("calls").begin_array();
  for (const tc::lang::CallRecord& c : s.calls) {
    json.begin_object();
    json.key("op").value(c.op);
    write_span(json, c.line, c.column, c.end_line, c.end_column);
    json.key("inputs").begin_array();
    for (uint64_t id : c.inputs) json.value(i64(id));
    json.end_array();
    json.key("outputs").begin_array();
    for (uint64_t id : c.outputs) json.value(i64(id));
    json.end_array();
    json.key("view").value(c.view);
    json.key("failed").value(c.failed);
    json.key("outputInfo").begin_array();
    for (const tc::lang::ValueInfo& info : c.output_info) write_info(json, info);
    json.end_array();
    json.key("firstEvent").value(static_cast<int64_t>(c.first_event));
    json.key("endEvent").value(static_cast<int64_t>(c.end_event));
    json.end_object();
  }
  json.end_array();
  json.key("traces");
  write_events(json, s.events);
  // Tensors printed get a handle each, released by the facade once it has
  // written their repr.
  json.key("output").begin_array();
  for (const tc::lang::OutputPiece& piece : s.output) {
    json.begin_object();
    if (piece.tensor.defined()) json.key("tensor").value(static_cast<int64_t>(put(piece.tensor)));
    else json.key("text").value(piece.text);
    json.end_object();
  }
  json.end_array();
  json.key("grads");
  write_infos(json, s.grads);
  json.end_object();
}

// The source is in the scratch buffer as UTF-8 (as parseShape's text: an
// Embind string argument would be copied once more and freed late).
std::string run_program(double byte_count, double max_statements, double max_elements,
                        double max_work, double max_memory) {
  const size_t n = static_cast<size_t>(to_int(byte_count));
  const std::string source(read_bytes(n), n);
  tc::lang::ProgramLimits limits;
  limits.max_statements = to_int(max_statements);
  limits.max_elements = to_int(max_elements);
  limits.max_work = to_int(max_work);
  limits.max_memory = to_int(max_memory);
  const tc::lang::ProgramResult result = tc::lang::run_program(source, limits);

  JsonWriter json;
  json.begin_object();
  json.key("statements").begin_array();
  for (const tc::lang::StatementResult& s : result.statements) write_statement(json, s);
  json.end_array();
  json.key("error");
  if (result.error) {
    const tc::lang::ProgramError& e = *result.error;
    json.begin_object();
    write_span(json, e.line, e.column, e.end_line, e.end_column);
    json.key("message").value(e.message);
    json.key("kind").value(e.kind);
    json.key("pythonType").value(e.python_type);
    json.end_object();
  } else {
    json.null();
  }
  json.key("work").value(static_cast<int64_t>(result.work));
  json.key("globals").begin_object();
  GlobalWriter globals(json);
  for (const auto& [name, value] : result.globals) {
    json.key(name.c_str());
    globals.write(value);
  }
  json.end_object();
  json.end_object();
  return json.text();
}

}  // namespace
}  // namespace tcjs

EMSCRIPTEN_BINDINGS(tensorcast_program) {
  using namespace emscripten;
  function("runProgram", TC_GUARD(tcjs::run_program));
}
