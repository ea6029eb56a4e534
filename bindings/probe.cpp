// The bandwidth probe of bench/ (issue 5), inside the package's own module
// so that it meets the same memory, allocator and instruction set as the
// ops it is compared with: reads a tensor's floats and writes `write_elements`
// floats into a fresh buffer (kernels::f32_stream). Internal: not part of
// the public API.
#include <algorithm>

#include "engine/kernels.h"
#include "error.h"
#include "export.h"
#include "handles.h"

namespace tcjs {
namespace {

void stream_probe(Handle src, double write_elements) {
  const tc::Tensor& in = get(src);
  TC_ASSERT(in.is_contiguous() && in.offset() == 0, "the probe reads a contiguous tensor");
  // A sum's output of a few floats would make the probe a loop of tiny
  // copies; a window of up to a page keeps it one stream (still in cache).
  const int64_t window = std::max(static_cast<int64_t>(write_elements), std::min<int64_t>(in.numel(), 1024));
  const tc::Tensor out = tc::Tensor::empty({window});
  tc::kernels::f32_stream(in.numel(), in.f32(), out.numel(), out.f32());
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(void, stream_probe, (tcjs::Handle src, double write_elements), (src, write_elements))
