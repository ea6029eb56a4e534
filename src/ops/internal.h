// Helpers shared by the op families in src/ops/ (not part of the API).
#pragma once
#include <string>

#include "engine/elementwise.h"
#include "engine/functors.h"
#include "engine/kernels.h"
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

// Runs a binary float op over a plan (operand 0 out, 1 a, 2 b) with the
// kernel for its inner stride pattern, chosen once for all rows. An
// in-place op passes its output as `a`.
template <class Op>
KernelChoice run_binary(const Elementwise& e, const float* a, const float* b, const Op& op) {
  const Pattern pattern = inner_pattern(e.plan);
  float* out = e.out.f32();
  using Off = std::array<int64_t, 3>;
  switch (pattern) {
    case Pattern::Contiguous:
      if (const int r = repeated_row(e.plan)) {
        const int x = 3 - r;
        const float* px = x == 1 ? a : b;
        const float* pr = r == 1 ? a : b;
        for_each_plane<3>(e.plan, [&](int64_t n0, int64_t n1, const Off& o, const Off&, const Off& s1) {
          int64_t j = 0;
          const float* row = pr + o[r];
          auto one = [&](int64_t k) {
            kernels::f32_vbinary(n0, out + o[0] + k * s1[0], a + o[1] + k * s1[1], b + o[2] + k * s1[2], op);
          };
          for (; j + 2 <= n1; j += 2) {
            float* o0 = out + o[0] + j * s1[0];
            float* o1 = o0 + s1[0];
            const float* x0 = px + o[x] + j * s1[x];
            const float* x1 = x0 + s1[x];
            // Each row's own streams are kept apart by where the output was
            // placed; a pair adds three more relations to keep clear.
            if (!clear_of_4k_aliasing(o1, x0) || !clear_of_4k_aliasing(o0, x1) || !clear_of_4k_aliasing(o1, row)) {
              one(j);
              one(j + 1);
            } else if (r == 1) {
              kernels::f32_vbinary_2rows<true>(n0, o0, o1, x0, x1, row, op);
            } else {
              kernels::f32_vbinary_2rows<false>(n0, o0, o1, x0, x1, row, op);
            }
          }
          if (j < n1) one(j);
        });
        return {"f32", Op::name, pattern, true, Op::kVector, 2};
      }
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off&) {
        kernels::f32_vbinary(n, out + o[0], a + o[1], b + o[2], op);
      });
      break;
    case Pattern::ScalarB:
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off&) {
        kernels::f32_vbinaryc(n, out + o[0], a + o[1], b[o[2]], op);
      });
      break;
    case Pattern::ScalarA:
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off&) {
        kernels::f32_vrbinaryc(n, out + o[0], a[o[1]], b + o[2], op);
      });
      break;
    case Pattern::Strided:
      if (const int t = transposed_operand(e.plan)) {
        const int x = 3 - t;
        const float* px = x == 1 ? a : b;
        const float* pt = t == 1 ? a : b;
        for_each_plane<3>(e.plan, [&](int64_t n0, int64_t n1, const Off& o, const Off& s0, const Off& s1) {
          kernels::f32_vbinary_t(n0, n1, out + o[0], s1[0], px + o[x], s1[x], pt + o[t], s0[t], x == 1, op);
        });
        return {"f32", Op::name, Pattern::Transposed, true, Op::kVector};
      }
      for_each_row<3>(e.plan, [&](int64_t n, const Off& o, const Off& s) {
        kernels::f32_binary_strided(n, out + o[0], s[0], a + o[1], s[1], b + o[2], s[2], op);
      });
      break;
    case Pattern::Transposed:
      TC_ASSERT(false, "inner_pattern never says Transposed");
  }
  return {"f32", Op::name, pattern, true, Op::kVector};
}

// The same for a BinaryOp chosen at run time (src/ops/binary.cpp).
KernelChoice run_binary(BinaryOp op, const Elementwise& e, const float* a, const float* b,
                        float alpha);

}  // namespace tc
