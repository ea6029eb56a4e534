// The bandwidth probe of bench/ (bench/contestants/probe.js), inside the
// package's own module so that it meets the same memory, allocator and
// instruction set as the ops it is compared with: reads a tensor's floats
// once and writes `write_elements` floats once into a fresh buffer
// (f32_stream, probe.h). Internal: not part of the public API.
#include "probe.h"

#include "error.h"
#include "export.h"
#include "handles.h"

namespace tcjs {
namespace {

double stream_probe(Handle src, double write_elements) {
  const tc::Tensor& in = get(src);
  TC_ASSERT(in.is_contiguous() && in.offset() == 0, "the probe reads a contiguous tensor");
  const tc::Tensor out = tc::Tensor::empty({static_cast<int64_t>(write_elements)});
  return f32_stream(in.numel(), in.f32(), out.numel(), out.f32());
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(double, stream_probe, (tcjs::Handle src, double write_elements), (src, write_elements))
