// The unary family beyond the op table: round(decimals),
// and the factories (linspace, eye, full_like, rand, randn, randint,
// manual_seed). Numbers cross as operands do (handles.h); shapes through
// the scratch buffer.
#include "export.h"
#include "handles.h"
#include "ops.h"
#include "ops_by_index.h"
#include "scratch.h"

namespace tcjs {
namespace {

tc::DType dtype_at(int code) {
  TC_ASSERT(code >= 0 && code < tc::kDTypeCount, "unknown dtype code ", code);
  return static_cast<tc::DType>(code);
}

Handle round_decimals(Handle h, double decimals) { return put(tc::round(get(h), to_int(decimals))); }

Handle linspace(double start, double end, double steps, int dtype) {
  return put(tc::linspace(start, end, to_int(steps), dtype_at(dtype)));
}

Handle eye(double n, double m, int dtype) { return put(tc::eye(to_int(n), to_int(m), dtype_at(dtype))); }

Handle full_like(Handle h, Handle kind, double value, int dtype) {
  return put(tc::full_like(get(h), operand(kind, value).number(), dtype_at(dtype)));
}

// The shape in scratch[0, ndim).
Handle rand(int ndim, int dtype) { return put(tc::rand(read_ints(0, size_t(ndim)), dtype_at(dtype))); }
Handle randn(int ndim, int dtype) { return put(tc::randn(read_ints(0, size_t(ndim)), dtype_at(dtype))); }
// low and high: int64 bits in scratch slots ndim and ndim + 1.
Handle randint(int ndim, int dtype) {
  const size_t n = size_t(ndim);
  return put(tc::randint(read_int64(n), read_int64(n + 1), read_ints(0, n), dtype_at(dtype)));
}

// The seed's 64 bits in scratch slot 0.
void manual_seed() { tc::manual_seed(static_cast<uint64_t>(read_int64(0))); }

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, round_decimals, (tcjs::Handle h, double decimals), (h, decimals))
TC_EXPORT(tcjs::Handle, linspace, (double start, double end, double steps, int dtype), (start, end, steps, dtype))
TC_EXPORT(tcjs::Handle, eye, (double n, double m, int dtype), (n, m, dtype))
TC_EXPORT(tcjs::Handle, full_like, (tcjs::Handle h, tcjs::Handle kind, double value, int dtype), (h, kind, value, dtype))
TC_EXPORT(tcjs::Handle, rand, (int ndim, int dtype), (ndim, dtype))
TC_EXPORT(tcjs::Handle, randn, (int ndim, int dtype), (ndim, dtype))
TC_EXPORT(tcjs::Handle, randint, (int ndim, int dtype), (ndim, dtype))
TC_EXPORT(void, manual_seed, (), ())
