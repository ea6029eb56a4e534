// Helpers shared by the op families in src/ops/ (not part of the API).
#pragma once
#include <string>

#include "engine/elementwise.h"
#include "engine/loop.h"
#include "engine/simd.h"
#include "error.h"
#include "ops.h"

namespace tc {

// A float32 tensor with the same values (bool operands of arithmetic).
Tensor as_float(const Tensor& t);

// Copies src (broadcast to dst's shape) into dst, elementwise; dst may be
// any strided view. Used by narrow's backward and by contiguous/reshape.
void copy_into(const Tensor& dst, const Tensor& src);

// "f32_vadd__wasmsimd_u8": XNNPACK-style names of the kernel a pattern runs.
inline std::string kernel_name(const std::string& pattern, const char* op, bool vector) {
  const std::string isa = vector ? TC_ISA : "scalar";
  const std::string unroll = vector ? "_u8" : "_u1";
  if (pattern == "contiguous") return "f32_v" + std::string(op) + "__" + isa + unroll;
  if (pattern == "scalar-b") return "f32_v" + std::string(op) + "c__" + isa + unroll;
  if (pattern == "scalar-a") return "f32_vr" + std::string(op) + "c__" + isa + unroll;
  return "f32_" + std::string(op) + "__scalar_strided";
}

}  // namespace tc
