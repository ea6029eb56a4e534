// The ops, views and reductions. Sizes and dims arrive in the scratch buffer
// or as doubles the facade has checked to be integers.
#include "handles.h"
#include "export.h"
#include "ops_by_index.h"
#include "ops.h"
#include "parse_shape.h"
#include "scratch.h"

namespace tcjs {
namespace {

tc::Shape scratch_shape(int ndim) { return read_ints(0, static_cast<size_t>(ndim)); }

Handle expand(Handle h, int ndim) { return put(tc::expand(get(h), scratch_shape(ndim))); }
Handle broadcast_to(Handle h, int ndim) { return put(tc::broadcast_to(get(h), scratch_shape(ndim))); }
Handle expand_as(Handle h, Handle other) { return put(tc::expand_as(get(h), get(other))); }
Handle permute(Handle h, int ndim) { return put(tc::permute(get(h), scratch_shape(ndim))); }
Handle view(Handle h, int ndim) { return put(tc::view(get(h), scratch_shape(ndim))); }
Handle reshape(Handle h, int ndim) { return put(tc::reshape(get(h), scratch_shape(ndim))); }
Handle sum_to(Handle h, int ndim) { return put(tc::sum_to(get(h), scratch_shape(ndim))); }

// Packed shapes in, the broadcast shape out at scratch[0, ndim); returns ndim.
int broadcast_shapes(int count) {
  const tc::Shape result = tc::torch_broadcast_shapes(read_shapes(static_cast<size_t>(count)));
  write_ints(0, result);
  return static_cast<int>(result.size());
}

// The text arrives as UTF-8 bytes in the scratch buffer. Not a std::string
// through Embind: Embind frees its copy of the argument only when the call
// returns, so every refused text (the playground parses each key a student
// types) leaked its bytes.
int parse_shape(double byte_count) {
  const size_t n = static_cast<size_t>(to_int(byte_count));
  const tc::Shape shape = tc::parse_shape(std::string(read_bytes(n), n));
  tc::check_shape(shape);  // also keeps the result within the scratch buffer
  write_ints(0, shape);
  return static_cast<int>(shape.size());
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, expand, (tcjs::Handle h, int ndim), (h, ndim))
TC_EXPORT(tcjs::Handle, broadcast_to, (tcjs::Handle h, int ndim), (h, ndim))
TC_EXPORT(tcjs::Handle, expand_as, (tcjs::Handle h, tcjs::Handle other), (h, other))
TC_EXPORT(tcjs::Handle, permute, (tcjs::Handle h, int ndim), (h, ndim))
TC_EXPORT(tcjs::Handle, view, (tcjs::Handle h, int ndim), (h, ndim))
TC_EXPORT(tcjs::Handle, reshape, (tcjs::Handle h, int ndim), (h, ndim))
TC_EXPORT(tcjs::Handle, sum_to, (tcjs::Handle h, int ndim), (h, ndim))
TC_EXPORT(int, broadcast_shapes, (int count), (count))
TC_EXPORT(int, parse_shape, (double byte_count), (byte_count))
TC_EXPORT(double, op_table_digest, (), ())
