// JavaScript holds tensors as small integers into this table, not as Embind
// class handles: an op then crosses into wasm with plain numbers and returns
// one, with no JS wrapper object or C++ heap copy built by Embind per call.
// Each JS Tensor owns exactly one handle and releases it once (dispose(),
// tidy() or the FinalizationRegistry), so the table never frees a slot twice.
#pragma once
#include <cstdint>

#include "tensor.h"

namespace tcjs {

using Handle = uint32_t;  // 0 is never a tensor: it marks "a number" in an operand

Handle put(tc::Tensor tensor);
// Raises InternalError for a handle that is not live (the facade checks
// disposal first, so reaching it here is a bug, not a user error).
const tc::Tensor& get(Handle handle);
void release(Handle handle);

}  // namespace tcjs
