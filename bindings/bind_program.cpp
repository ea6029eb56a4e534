// tc.run: a program run by the core's interpreter (Note [Programs] in
// src/lang/program.h), handed to the facade as one JSON text written from
// its schema (Note [Program schema] in src/lang/program_schema.h): the
// RawProgram of bindings/ts/generated/program-types.ts, whose wire fields
// the facade resolves (bindings/ts/program.ts): a call names its events by
// [firstEvent, endEvent) instead of copying them. "globals" holds every
// name bound at the end, with a handle for each tensor in it (one handle
// per tensor, however many names it has): the facade owns those handles
// from then on.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "call_slots.h"
#include "error.h"
#include "handles.h"
#include "js_error.h"
#include "json_writer.h"
// Before schema_json.h: its writer names schema::describe, and sees the
// overloads declared before it.
#include "lang/program_schema.h"
#include "scratch.h"
#include "schema_json.h"
#include "value_json.h"

namespace tcjs {
namespace {

using tc::lang::Value;

// The members the schema leaves to the binding (schema::Custom): the
// globals share one ValueWriter, so that a tensor or sequence met twice is
// written once.
class ProgramCustom {
 public:
  explicit ProgramCustom(JsonWriter& json) : globals_(json) {}
  void write(JsonWriter&, const Value& value) { globals_.write(value); }

 private:
  ValueWriter globals_;
};

// The program's inputs (Note [Program inputs and result] in
// src/lang/run.cpp) are the first `input_slots` slots, each a keyword
// (Note [Call slots]); the source follows them in the scratch buffer as
// UTF-8 (as parseShape's text: an Embind string argument would be copied
// once more and freed late).
tc::lang::ProgramInputs read_inputs(size_t input_slots) {
  tc::lang::ProgramInputs inputs;
  SlotReader slots(input_slots);
  while (!slots.done()) {
    TC_ASSERT(slots.tag() == kKeyword, "runProgram: an input that is not a keyword slot");
    std::string name = slots.text();
    inputs.emplace_back(std::move(name), slots.value(slots.tag(), 0));
  }
  return inputs;
}

// values_line, values_run: Note [Call values] (line 0: no statement's values).
std::string run_program(double input_slots, double byte_count, double max_statements,
                        double max_steps, double max_elements, double max_work, double max_memory,
                        double values_line, double values_run) {
  const size_t slots = static_cast<size_t>(to_int(input_slots));
  const tc::lang::ProgramInputs inputs = read_inputs(slots);
  const size_t n = static_cast<size_t>(to_int(byte_count));
  const std::string source(read_bytes_at(slots * 8, n), n);
  tc::lang::ProgramLimits limits;
  limits.max_statements = to_int(max_statements);
  limits.max_steps = to_int(max_steps);
  limits.max_elements = to_int(max_elements);
  limits.max_work = to_int(max_work);
  limits.max_memory = to_int(max_memory);
  const tc::lang::ProgramResult result =
      tc::lang::run_program(source, limits, static_cast<int>(to_int(values_line)),
                            static_cast<int>(to_int(values_run)), inputs);

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
