// Helpers shared by the op families in src/ops/ (not part of the API).
#pragma once
#include <string>

#include "engine/dispatch.h"
#include "engine/elementwise.h"
#include "engine/functors.h"
#include "engine/kernels.h"
#include "engine/loop.h"
#include "error.h"
#include "ops.h"

namespace tc {

// A float32 tensor with the same values (bool operands of arithmetic).
Tensor as_float(const Tensor& t);

// Copies src (broadcast to dst's shape) into dst, elementwise; dst may be
// any strided view. Used by narrow's backward and by contiguous/reshape.
void copy_into(const Tensor& dst, const Tensor& src);

// run_binary (engine/dispatch.h) for a BinaryOp chosen at run time
// (src/ops/binary.cpp).
KernelChoice run_binary(BinaryOp op, const Elementwise& e, const float* a, const float* b,
                        float alpha);

// run_compare (engine/dispatch.h) for a CompareOp chosen at run time, into
// bool (T = uint8_t) or float32 (T = float) (src/ops/compare.cpp).
template <class T>
KernelChoice run_compare(CompareOp op, const Elementwise& e, T* out, const float* a,
                         const float* b);

}  // namespace tc
