// Reductions over dims beside sum (src/ops/reduce_dims.cpp, softmax.cpp).
// A list of dims arrives in the scratch buffer (0 dims: every dim); one
// optional dim as has_dim plus a double the facade checked to be an
// integer. max(dim) and min(dim) return the values' handle and leave the
// indices' handle at scratch[0].
#include <optional>

#include "export.h"
#include "handles.h"
#include "ops.h"
#include "scratch.h"

namespace tcjs {
namespace {

std::vector<int64_t> scratch_dims(int ndims) { return read_ints(0, static_cast<size_t>(ndims)); }
std::optional<int64_t> optional_dim(int has_dim, double dim) {
  return has_dim ? std::optional<int64_t>(to_int(dim)) : std::nullopt;
}

Handle mean_all(Handle h) { return put(tc::mean(get(h))); }
Handle mean_dims(Handle h, int ndims, bool keepdim) {
  return put(tc::mean(get(h), scratch_dims(ndims), keepdim));
}
Handle amax(Handle h, int ndims, bool keepdim) {
  return put(tc::amax(get(h), scratch_dims(ndims), keepdim));
}
Handle amin(Handle h, int ndims, bool keepdim) {
  return put(tc::amin(get(h), scratch_dims(ndims), keepdim));
}
Handle values_indices(const tc::ValuesIndices& r) {
  const Handle values = put(r.values);
  write_number(0, static_cast<double>(put(r.indices)));
  return values;
}
Handle max_dim(Handle h, double dim, bool keepdim) {
  return values_indices(tc::max(get(h), to_int(dim), keepdim));
}
Handle min_dim(Handle h, double dim, bool keepdim) {
  return values_indices(tc::min(get(h), to_int(dim), keepdim));
}
Handle max_all(Handle h) { return put(tc::max(get(h))); }
Handle min_all(Handle h) { return put(tc::min(get(h))); }
Handle argmax(Handle h, int has_dim, double dim, bool keepdim) {
  return put(tc::argmax(get(h), optional_dim(has_dim, dim), keepdim));
}
Handle argmin(Handle h, int has_dim, double dim, bool keepdim) {
  return put(tc::argmin(get(h), optional_dim(has_dim, dim), keepdim));
}
Handle prod(Handle h, int has_dim, double dim, bool keepdim) {
  return put(tc::prod(get(h), optional_dim(has_dim, dim), keepdim));
}
Handle var(Handle h, int ndims, double correction, bool keepdim) {
  return put(tc::var(get(h), scratch_dims(ndims), to_int(correction), keepdim));
}
Handle std_(Handle h, int ndims, double correction, bool keepdim) {
  return put(tc::std(get(h), scratch_dims(ndims), to_int(correction), keepdim));
}
Handle logsumexp(Handle h, int ndims, bool keepdim) {
  return put(tc::logsumexp(get(h), scratch_dims(ndims), keepdim));
}
Handle softmax(Handle h, double dim) { return put(tc::softmax(get(h), to_int(dim))); }
Handle log_softmax(Handle h, double dim) { return put(tc::log_softmax(get(h), to_int(dim))); }
Handle all(Handle h, int has_dim, double dim, bool keepdim) {
  return put(tc::all(get(h), optional_dim(has_dim, dim), keepdim));
}
Handle any(Handle h, int has_dim, double dim, bool keepdim) {
  return put(tc::any(get(h), optional_dim(has_dim, dim), keepdim));
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, mean_all, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, mean_dims, (tcjs::Handle h, int ndims, int keepdim), (h, ndims, keepdim != 0))
TC_EXPORT(tcjs::Handle, amax, (tcjs::Handle h, int ndims, int keepdim), (h, ndims, keepdim != 0))
TC_EXPORT(tcjs::Handle, amin, (tcjs::Handle h, int ndims, int keepdim), (h, ndims, keepdim != 0))
TC_EXPORT(tcjs::Handle, max_dim, (tcjs::Handle h, double dim, int keepdim), (h, dim, keepdim != 0))
TC_EXPORT(tcjs::Handle, min_dim, (tcjs::Handle h, double dim, int keepdim), (h, dim, keepdim != 0))
TC_EXPORT(tcjs::Handle, max_all, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, min_all, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, argmax, (tcjs::Handle h, int has_dim, double dim, int keepdim), (h, has_dim, dim, keepdim != 0))
TC_EXPORT(tcjs::Handle, argmin, (tcjs::Handle h, int has_dim, double dim, int keepdim), (h, has_dim, dim, keepdim != 0))
TC_EXPORT(tcjs::Handle, prod, (tcjs::Handle h, int has_dim, double dim, int keepdim), (h, has_dim, dim, keepdim != 0))
TC_EXPORT(tcjs::Handle, var, (tcjs::Handle h, int ndims, double correction, int keepdim), (h, ndims, correction, keepdim != 0))
TC_EXPORT(tcjs::Handle, std_, (tcjs::Handle h, int ndims, double correction, int keepdim), (h, ndims, correction, keepdim != 0))
TC_EXPORT(tcjs::Handle, logsumexp, (tcjs::Handle h, int ndims, int keepdim), (h, ndims, keepdim != 0))
TC_EXPORT(tcjs::Handle, softmax, (tcjs::Handle h, double dim), (h, dim))
TC_EXPORT(tcjs::Handle, log_softmax, (tcjs::Handle h, double dim), (h, dim))
TC_EXPORT(tcjs::Handle, all, (tcjs::Handle h, int has_dim, double dim, int keepdim), (h, has_dim, dim, keepdim != 0))
TC_EXPORT(tcjs::Handle, any, (tcjs::Handle h, int has_dim, double dim, int keepdim), (h, has_dim, dim, keepdim != 0))
