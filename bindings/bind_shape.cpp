// The shape views and joins (src/ops/views.cpp, src/ops/cat.cpp). Sizes,
// dims and lists of tensor handles arrive in the scratch buffer; single
// dims as doubles the facade has checked to be integers.
#include "handles.h"
#include "export.h"
#include "ops.h"
#include "scratch.h"

namespace tcjs {
namespace {

Handle flatten(Handle h, double start, double end) {
  return put(tc::flatten(get(h), to_int(start), to_int(end)));
}
Handle unflatten(Handle h, double dim, int ndim) {
  return put(tc::unflatten(get(h), to_int(dim), read_ints(0, static_cast<size_t>(ndim))));
}
Handle t(Handle h) { return put(tc::t(get(h))); }
Handle mT(Handle h) { return put(tc::mT(get(h))); }
// scratch: the source dims, then the destination dims.
Handle movedim(Handle h, int nsource, int ndestination) {
  const size_t ns = static_cast<size_t>(nsource), nd = static_cast<size_t>(ndestination);
  return put(tc::movedim(get(h), read_ints(0, ns), read_ints(ns, nd)));
}

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

TC_EXPORT(tcjs::Handle, flatten, (tcjs::Handle h, double start, double end), (h, start, end))
TC_EXPORT(tcjs::Handle, unflatten, (tcjs::Handle h, double dim, int ndim), (h, dim, ndim))
TC_EXPORT(tcjs::Handle, t, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, mT, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, movedim, (tcjs::Handle h, int nsource, int ndestination), (h, nsource, ndestination))
TC_EXPORT(tcjs::Handle, cat, (int count, double dim), (count, dim))
TC_EXPORT(tcjs::Handle, stack, (int count, double dim), (count, dim))
