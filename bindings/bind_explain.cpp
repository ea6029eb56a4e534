// explain.*: run something with a TraceScope open and hand back what the
// core recorded, as JSON (docs/traces.md).
#include <emscripten/bind.h>

#include "error.h"
#include "explained.h"
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

// explained.h's JSON; an in-place op's result is 0 (the facade hands back
// the tensor it wrote to).
std::string explain_op(int index, Handle h0, double n0, Handle h1, double n1, Handle h2,
                       double n2, double alpha) {
  const tc::OpInfo& op = op_at(index);
  return explained([&]() -> Handle {
    tc::Tensor out = run_op(index, h0, n0, h1, n1, h2, n2, alpha);
    return op.inplace ? 0 : put(std::move(out));
  });
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
