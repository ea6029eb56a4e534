// The calls made once per op, exported directly from wasm instead of through
// Embind. With -sDYNAMIC_EXECUTION=0 Embind cannot generate a JS invoker per
// signature; its generic one copies the arguments into arrays and builds a
// closure on every call. Exports take only numbers, so a direct call is all
// they need. The errors still arrive as TensorcastError (js_error.h).
#include <emscripten/emscripten.h>

#include "handles.h"
#include "js_error.h"
#include "op_table.h"

namespace tcjs {
namespace {

// Two operands (a tensor handle, or 0 and a number), one handle back.
// In-place ops hand back the handle written to.
Handle op2(int index, Handle ha, double na, Handle hb, double nb, double alpha) {
  const OpInfo& op = op_info(index);
  tc::Tensor out = run_op(op, ha, na, hb, nb, 0, 0, alpha);
  return op.family == Family::Inplace ? ha : put(std::move(out));
}

Handle op1(int index, Handle h) { return put(run_op(op_info(index), h, 0, 0, 0, 0, 0, 1)); }

Handle op3(int index, Handle hc, Handle ha, double na, Handle hb, double nb) {
  return put(run_op(op_info(index), hc, 0, ha, na, hb, nb, 1));
}

}  // namespace
}  // namespace tcjs

extern "C" {

EMSCRIPTEN_KEEPALIVE tcjs::Handle tc_op2(int index, tcjs::Handle ha, double na, tcjs::Handle hb,
                                         double nb, double alpha) {
  return tcjs::Guarded<&tcjs::op2>::call(index, ha, na, hb, nb, alpha);
}

EMSCRIPTEN_KEEPALIVE tcjs::Handle tc_op1(int index, tcjs::Handle h) {
  return tcjs::Guarded<&tcjs::op1>::call(index, h);
}

EMSCRIPTEN_KEEPALIVE tcjs::Handle tc_op3(int index, tcjs::Handle hc, tcjs::Handle ha, double na,
                                         tcjs::Handle hb, double nb) {
  return tcjs::Guarded<&tcjs::op3>::call(index, hc, ha, na, hb, nb);
}

EMSCRIPTEN_KEEPALIVE void tc_release(tcjs::Handle h) { tcjs::Guarded<&tcjs::release>::call(h); }

}  // extern "C"
