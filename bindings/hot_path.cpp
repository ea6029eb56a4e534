// The calls made once per op: run an elementwise op by its index in the op
// table (src/op_table.h), and release a handle.
#include "export.h"
#include "handles.h"
#include "ops_by_index.h"

namespace tcjs {
namespace {

// Two operands (a tensor handle, or 0 and a number), one handle back.
// In-place ops hand back the handle written to.
Handle op2(int index, Handle ha, double na, Handle hb, double nb, double alpha) {
  tc::Tensor out = run_op(index, ha, na, hb, nb, 0, 0, alpha);
  return op_at(index).inplace ? ha : put(std::move(out));
}

Handle op1(int index, Handle h) { return put(run_op(index, h, 0, 0, 0, 0, 0, 1)); }

Handle op3(int index, Handle hc, Handle ha, double na, Handle hb, double nb) {
  return put(run_op(index, hc, 0, ha, na, hb, nb, 1));
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, op2, (int index, tcjs::Handle ha, double na, tcjs::Handle hb, double nb, double alpha),
          (index, ha, na, hb, nb, alpha))
TC_EXPORT(tcjs::Handle, op1, (int index, tcjs::Handle h), (index, h))
TC_EXPORT(tcjs::Handle, op3, (int index, tcjs::Handle hc, tcjs::Handle ha, double na, tcjs::Handle hb, double nb),
          (index, hc, ha, na, hb, nb))
TC_EXPORT(void, release, (tcjs::Handle h), (h))
