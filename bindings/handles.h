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

// An operand that is a plain number crosses as (handle, double); the
// handle says its kind (Note [Type promotion]): kNumber, an int when the
// double is a safe integer (not -0), else a float, as the package reads a
// JavaScript number; kBoolNumber, a boolean (0 or 1); kInt64Number, an
// int64 whose bits are in scratch slot `double` (a BigInt beyond 2^53).
// Written into the package by bindings/gen/contracts.cpp (limits.ts).
constexpr Handle kNumber = 0;
constexpr Handle kBoolNumber = 0xFFFFFFFF;
constexpr Handle kInt64Number = 0xFFFFFFFE;

Handle put(tc::Tensor tensor);
// Raises InternalError for a handle that is not live (the facade checks
// disposal first, so reaching it here is a bug, not a user error).
const tc::Tensor& get(Handle handle);
void release(Handle handle);

}  // namespace tcjs
