// Note [GEMM]: the matrix products under matmul (src/ops/matmul.cpp).
//
// C = A·B for one matrix pair, A m x k and B k x n read through any
// strides (a transposed view is packed as it is read: no copy first), C
// written row-major with row stride c_rs. float32 goes through GotoBLAS's
// blocking with XNNPACK-style names:
//
//   for each kc-deep slab of k:      pack B's slab into 8-column panels
//     for each mc-high block of A:   pack it into 4-row panels
//       for each 8-column panel, each 6-row panel: f32_gemm_4x8 micro-kernel
//
// The micro-kernel keeps a 4 x 8 tile of C in 8 four-lane registers and
// reads one packed row of A (4 numbers, each splatted) and one of B (two
// vectors) per step of k. A panel that runs past m or n is packed with
// zeros, so the kernel always computes a whole tile and stores only the
// mr x nr corner that exists. Slabs after the first add into C.
//
// A product with one row or one column (vector x matrix, matrix x vector,
// dot) is not worth packing: f32_dot runs a row of A against a column of
// B, f32_vaxpy adds a[p] times a row of B into C's row.
//
// Other dtypes (float64, int32, int64, uint8) run one plain i-p-j loop,
// left to the compiler's vectoriser (x_gemm); integers wrap as PyTorch's
// CPU kernels do.
#pragma once
#include <cstdint>

#include "dtype.h"
#include "engine/functors.h"

namespace tc::gemm {

constexpr int64_t kMR = 4;  // rows of the micro-kernel's tile
constexpr int64_t kNR = 8;  // columns: two 4-lane vectors
// Note [GEMM blocking]: a kc x 8 panel of B (8 KB) stays in L1 while the
// 4-row panels of A stream past it from L2 (128 x 256 floats, 128 KB); the
// packed B block (256 x 256 floats, 256 KB) fits L2 beside it. Measured in
// Node on this machine (bench/notes.md, "matmul"): 6 rows (12 accumulators)
// spill under V8 on x64, whose 16 xmm registers also hold B and the splat.
constexpr int64_t kKC = 256;  // depth of a packed slab
constexpr int64_t kMC = 128;  // rows of A packed at once (a multiple of kMR)
constexpr int64_t kNC = 256;  // columns of B packed at once (a multiple of kNR)

// A strided matrix: element (i, j) is data[i * rs + j * cs].
template <class T>
struct Strided {
  const T* data;
  int64_t rs, cs;
  const T& at(int64_t i, int64_t j) const { return data[i * rs + j * cs]; }
};

// Which loop computed a product (its name in traces: Note [Kernel names]).
enum class Route { Gemm, Dot, Axpy, Generic, Empty };
// "f32_gemm_4x8__wasmsimd", "f32_dot__wasmsimd_u8", "f32_vaxpy__wasmsimd_u8",
// "i64_gemm__autovec", "f32_gemm__empty" (nothing to compute: m, n or k is 0
// and C is only zeroed or left empty).
const char* kernel_name(DType dtype, Route route);

// --- float32

// C (m x n, row stride c_rs, column stride 1) = A·B. m, n, k >= 0.
Route f32_gemm(int64_t m, int64_t n, int64_t k, Strided<float> a, Strided<float> b, float* c,
               int64_t c_rs);

// The pieces, exposed for tests/core/matmul_test.cpp.
// Packs A[0:mc, 0:kc] into ceil(mc / 4) panels of kc x 4 (zero-padded rows).
void f32_pack_a(int64_t mc, int64_t kc, Strided<float> a, float* packed);
// Packs B[0:kc, 0:nc] into ceil(nc / 8) panels of kc x 8 (zero-padded columns).
void f32_pack_b(int64_t kc, int64_t nc, Strided<float> b, float* packed);
// One tile: C[0:mr, 0:nr] (+)= Apanel · Bpanel over kc steps; mr <= 4, nr <= 8.
// accumulate: add into C instead of overwriting it.
void f32_gemm_4x8(int64_t kc, const float* a_panel, const float* b_panel, float* c,
                  int64_t c_rs, int64_t mr, int64_t nr, bool accumulate);

// --- every other dtype

template <class T>
void x_gemm(int64_t m, int64_t n, int64_t k, Strided<T> a, Strided<T> b, T* c, int64_t c_rs) {
  for (int64_t i = 0; i < m; ++i) {
    T* row = c + i * c_rs;
    for (int64_t j = 0; j < n; ++j) row[j] = T(0);
    for (int64_t p = 0; p < k; ++p) {
      const T av = a.at(i, p);
      const T* brow = b.data + p * b.rs;
      if (b.cs == 1) {
        for (int64_t j = 0; j < n; ++j) row[j] = fn::wrap_add(row[j], fn::wrap_mul(av, brow[j]));
      } else {
        for (int64_t j = 0; j < n; ++j)
          row[j] = fn::wrap_add(row[j], fn::wrap_mul(av, brow[j * b.cs]));
      }
    }
  }
}

}  // namespace tc::gemm
