// explain.*: run something with a TraceScope open and hand back what the
// core recorded, as JSON (docs/traces.md).
#include <emscripten/bind.h>

#include "error.h"
#include "handles.h"
#include "js_error.h"
#include "json_writer.h"
#include "ops_by_index.h"
#include "ops.h"
#include "scratch.h"
#include "trace.h"
#include "trace_json.h"

namespace tcjs {
namespace {

std::string explain_broadcast(int count) {
  JsonWriter json;
  write_trace(json, tc::trace_broadcast(read_shapes(static_cast<size_t>(count))));
  return json.text();
}

// {"result": handle (0: none, or the in-place op's own tensor), "error",
// "events"}. A user error is reported, not thrown: its events
// (the failed broadcast) are what the playground shows. Internal errors
// still throw.
std::string explain_op(int index, Handle h0, double n0, Handle h1, double n1, Handle h2,
                       double n2, double alpha) {
  const tc::OpInfo& op = op_at(index);
  tc::TraceScope scope;
  Handle result = 0;
  std::optional<std::string> error;
  try {
    tc::Tensor out = run_op(index, h0, n0, h1, n1, h2, n2, alpha);
    if (!op.inplace) result = put(std::move(out));
  } catch (const tc::Error& e) {
    error = e.what();
  }
  JsonWriter json;
  json.begin_object();
  json.key("result").value(static_cast<int64_t>(result));
  json.key("error").value(error);
  json.key("events");
  write_events(json, scope.events());
  json.end_object();
  return json.text();
}

std::string explain_backward(Handle h, Handle gradient) {
  tc::TraceScope scope;
  tc::backward(get(h), gradient ? get(gradient) : tc::Tensor());
  JsonWriter json;
  write_events(json, scope.events());
  return json.text();
}

}  // namespace
}  // namespace tcjs

EMSCRIPTEN_BINDINGS(tensorcast_explain) {
  using namespace emscripten;
  function("explainBroadcast", TC_GUARD(tcjs::explain_broadcast));
  function("explainOp", TC_GUARD(tcjs::explain_op));
  function("explainBackward", TC_GUARD(tcjs::explain_backward));
  function("explainPromotion", TC_GUARD(tcjs::promotion_json));
}
