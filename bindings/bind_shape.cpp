// The shape views and joins (src/ops/views.cpp, src/ops/cat.cpp). Sizes,
// dims and lists of tensor handles arrive in the scratch buffer; single
// dims as doubles the facade has checked to be integers.
#include "handles.h"
#include "export.h"
#include "ops.h"
#include "scratch.h"

namespace tcjs {
namespace {

Handle mT(Handle h) { return put(tc::mT(get(h))); }

// scratch: `count` tensor handles.
std::vector<tc::Tensor> scratch_tensors(int count) {
  std::vector<tc::Tensor> tensors;
  for (int64_t h : read_ints(0, static_cast<size_t>(count)))
    tensors.push_back(get(static_cast<Handle>(h)));
  return tensors;
}
Handle cat(int count, double dim) { return put(tc::cat(scratch_tensors(count), to_int(dim))); }
Handle stack(int count, double dim) { return put(tc::stack(scratch_tensors(count), to_int(dim))); }

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, mT, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, cat, (int count, double dim), (count, dim))
TC_EXPORT(tcjs::Handle, stack, (int count, double dim), (count, dim))
