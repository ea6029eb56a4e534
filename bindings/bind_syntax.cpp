// The core's grammars, asked by the package without running anything
// (Note [Syntax schema]): a view chain and a shape as a person types them,
// read by src/syntax and written as JSON from their describe()s. The text
// arrives as UTF-8 bytes in the scratch buffer (as parseShape's and a
// program's); the answer is a string, hence Embind (bindings/export.h).
// Neither ever raises for the text: a problem is part of the answer.
#include <emscripten/bind.h>

// The describe()s first: schema_json.h calls them by qualified name.
#include "syntax/syntax_schema.h"

#include "js_error.h"
#include "json_writer.h"
#include "schema_json.h"
#include "scratch.h"

namespace tcjs {
namespace {

std::string text_in_scratch(double byte_count) {
  const size_t n = static_cast<size_t>(to_int(byte_count));
  return std::string(read_bytes(n), n);
}

template <class T>
std::string json_of(const T& value) {
  JsonWriter json;
  NoCustom none;
  SchemaJson<NoCustom>(json, none).write_object(value);
  return json.text();
}

std::string read_view_chain(double byte_count) {
  return json_of(tc::syntax::parse_view_chain(text_in_scratch(byte_count)));
}

std::string read_shape(double byte_count) {
  return json_of(tc::syntax::read_shape(text_in_scratch(byte_count)));
}

}  // namespace
}  // namespace tcjs

EMSCRIPTEN_BINDINGS(tensorcast_syntax) {
  using namespace emscripten;
  function("readViewChain", TC_GUARD(tcjs::read_view_chain));
  function("readShapeText", TC_GUARD(tcjs::read_shape));
}
