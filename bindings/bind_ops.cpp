// The ops, views and reductions. Sizes and dims arrive in the scratch buffer
// or as doubles the facade has checked to be integers.
#include <emscripten/bind.h>

#include "handles.h"
#include "js_error.h"
#include "op_table.h"
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
Handle transpose(Handle h, double d0, double d1) {
  return put(tc::transpose(get(h), to_int(d0), to_int(d1)));
}
Handle unsqueeze(Handle h, double dim) { return put(tc::unsqueeze(get(h), to_int(dim))); }
Handle squeeze_all(Handle h) { return put(tc::squeeze(get(h))); }
Handle squeeze_dim(Handle h, double dim) { return put(tc::squeeze(get(h), to_int(dim))); }
Handle narrow(Handle h, double dim, double start, double length) {
  return put(tc::narrow(get(h), to_int(dim), to_int(start), to_int(length)));
}
Handle view(Handle h, int ndim) { return put(tc::view(get(h), scratch_shape(ndim))); }
Handle reshape(Handle h, int ndim) { return put(tc::reshape(get(h), scratch_shape(ndim))); }
Handle contiguous(Handle h) { return put(tc::contiguous(get(h))); }
Handle clone(Handle h) { return put(tc::clone(get(h))); }
Handle detach(Handle h) { return put(tc::detach(get(h))); }
Handle sum_all(Handle h) { return put(tc::sum(get(h))); }
Handle sum_dims(Handle h, int ndims, bool keepdim) {
  return put(tc::sum(get(h), scratch_shape(ndims), keepdim));
}
Handle sum_to(Handle h, int ndim) { return put(tc::sum_to(get(h), scratch_shape(ndim))); }

// Packed shapes in, the broadcast shape out at scratch[0, ndim); returns ndim.
int broadcast_shapes(int count) {
  const tc::Shape result = tc::broadcast_shapes(read_shapes(static_cast<size_t>(count)));
  write_ints(0, result);
  return static_cast<int>(result.size());
}

int parse_shape(std::string text) {
  const tc::Shape shape = tc::parse_shape(text);
  tc::check_shape(shape);  // also keeps the result within the scratch buffer
  write_ints(0, shape);
  return static_cast<int>(shape.size());
}

}  // namespace
}  // namespace tcjs

EMSCRIPTEN_BINDINGS(tensorcast_ops) {
  using namespace emscripten;
  function("opTable", &tcjs::op_table_json);
  function("expand", TC_GUARD(tcjs::expand));
  function("broadcastTo", TC_GUARD(tcjs::broadcast_to));
  function("expandAs", TC_GUARD(tcjs::expand_as));
  function("permute", TC_GUARD(tcjs::permute));
  function("transpose", TC_GUARD(tcjs::transpose));
  function("unsqueeze", TC_GUARD(tcjs::unsqueeze));
  function("squeezeAll", TC_GUARD(tcjs::squeeze_all));
  function("squeezeDim", TC_GUARD(tcjs::squeeze_dim));
  function("narrow", TC_GUARD(tcjs::narrow));
  function("view", TC_GUARD(tcjs::view));
  function("reshape", TC_GUARD(tcjs::reshape));
  function("contiguous", TC_GUARD(tcjs::contiguous));
  function("clone", TC_GUARD(tcjs::clone));
  function("detach", TC_GUARD(tcjs::detach));
  function("sumAll", TC_GUARD(tcjs::sum_all));
  function("sumDims", TC_GUARD(tcjs::sum_dims));
  function("sumTo", TC_GUARD(tcjs::sum_to));
  function("broadcastShapes", TC_GUARD(tcjs::broadcast_shapes));
  function("parseShape", TC_GUARD(tcjs::parse_shape));
}
