// The float32 GEMM of Note [GEMM] (gemm.h): packing, the 4 x 8
// micro-kernel, and the one-row / one-column loops.
#include "engine/gemm.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/parallel.h"
#include "engine/simd.h"
#include "engine/ukernels.h"
#include "error.h"

namespace tc::gemm {

namespace {

// sum_p a[p * sa] * b[p * sb], four lanes at a time where both are contiguous.
float f32_dot(int64_t k, const float* a, int64_t sa, const float* b, int64_t sb) {
  int64_t p = 0;
  float sum = 0.0f;
  if (sa == 1 && sb == 1) {
    simd::f32x4 s0 = simd::splat(0.0f), s1 = simd::splat(0.0f);
    for (; p + 8 <= k; p += 8) {
      s0 = simd::add(s0, simd::mul(simd::load(a + p), simd::load(b + p)));
      s1 = simd::add(s1, simd::mul(simd::load(a + p + 4), simd::load(b + p + 4)));
    }
    sum = simd::hsum(simd::add(s0, s1));
  }
  TC_SCALAR_LOOP
  for (; p < k; ++p) sum += a[p * sa] * b[p * sb];
  return sum;
}

// c[j] += x * b[j] for a contiguous row b.
void f32_vaxpy(int64_t n, float x, const float* b, float* c) {
  int64_t j = 0;
  const simd::f32x4 vx = simd::splat(x);
  for (; j + 8 <= n; j += 8) {
    simd::store(c + j, simd::add(simd::load(c + j), simd::mul(vx, simd::load(b + j))));
    simd::store(c + j + 4, simd::add(simd::load(c + j + 4), simd::mul(vx, simd::load(b + j + 4))));
  }
  TC_SCALAR_LOOP
  for (; j < n; ++j) c[j] += x * b[j];
}

// The packed slabs, kept between calls: a product allocates nothing after
// the first of its size. One pair per thread (Note [Parallel GEMM]).
std::vector<float>& buffer(int which) {
  thread_local std::vector<float> buffers[2];
  return buffers[which];
}

}  // namespace

const char* kernel_name(DType dtype, Route route) {
  static std::set<std::string> names;  // interned: traces keep the pointer
  const std::string p = ukernels::dtype_prefix(dtype);
  std::string name;
  switch (route) {
    case Route::Gemm: name = p + "_gemm_4x8__" TC_ISA; break;
    case Route::Dot: name = p + "_dot__" TC_ISA "_u8"; break;
    case Route::Axpy: name = p + "_vaxpy__" TC_ISA "_u8"; break;
    case Route::Generic: name = p + "_gemm__autovec"; break;
    case Route::Empty: name = p + "_gemm__empty"; break;
  }
  return names.insert(name).first->c_str();
}

void f32_pack_a(int64_t mc, int64_t kc, Strided<float> a, float* packed) {
  for (int64_t i0 = 0; i0 < mc; i0 += kMR, packed += kc * kMR) {
    const int64_t mr = std::min(kMR, mc - i0);
    if (mr == kMR && a.rs == 1) {
      // A transposed (a.t() @ b): four rows of a panel sit side by side.
      for (int64_t p = 0; p < kc; ++p) {
        const float* src = a.data + i0 + p * a.cs;
        for (int64_t ii = 0; ii < kMR; ++ii) packed[p * kMR + ii] = src[ii];
      }
      continue;
    }
    // Each row read along its length (contiguous when a.cs is 1).
    for (int64_t ii = 0; ii < mr; ++ii) {
      const float* src = a.data + (i0 + ii) * a.rs;
      for (int64_t p = 0; p < kc; ++p) packed[p * kMR + ii] = src[p * a.cs];
    }
    for (int64_t ii = mr; ii < kMR; ++ii)
      for (int64_t p = 0; p < kc; ++p) packed[p * kMR + ii] = 0.0f;
  }
}

void f32_pack_b(int64_t kc, int64_t nc, Strided<float> b, float* packed) {
  for (int64_t j0 = 0; j0 < nc; j0 += kNR, packed += kc * kNR) {
    const int64_t nr = std::min(kNR, nc - j0);
    if (nr == kNR && b.cs == 1) {
      for (int64_t p = 0; p < kc; ++p) {
        const float* src = b.data + p * b.rs + j0;
        simd::store(packed + p * kNR, simd::load(src));
        simd::store(packed + p * kNR + 4, simd::load(src + 4));
      }
      continue;
    }
    // Column by column (contiguous when B is transposed: b.rs is 1).
    for (int64_t jj = 0; jj < nr; ++jj) {
      const float* src = b.data + (j0 + jj) * b.cs;
      for (int64_t p = 0; p < kc; ++p) packed[p * kNR + jj] = src[p * b.rs];
    }
    for (int64_t jj = nr; jj < kNR; ++jj)
      for (int64_t p = 0; p < kc; ++p) packed[p * kNR + jj] = 0.0f;
  }
}

void f32_gemm_4x8(int64_t kc, const float* a, const float* b, float* c, int64_t c_rs, int64_t mr,
                  int64_t nr, bool accumulate) {
  using simd::f32x4;
  f32x4 c00 = simd::splat(0.0f), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00,
        c30 = c00, c31 = c00;
  for (int64_t p = 0; p < kc; ++p, a += kMR, b += kNR) {
    const f32x4 b0 = simd::load(b), b1 = simd::load(b + 4);
    f32x4 x = simd::splat(a[0]);
    c00 = simd::add(c00, simd::mul(x, b0));
    c01 = simd::add(c01, simd::mul(x, b1));
    x = simd::splat(a[1]);
    c10 = simd::add(c10, simd::mul(x, b0));
    c11 = simd::add(c11, simd::mul(x, b1));
    x = simd::splat(a[2]);
    c20 = simd::add(c20, simd::mul(x, b0));
    c21 = simd::add(c21, simd::mul(x, b1));
    x = simd::splat(a[3]);
    c30 = simd::add(c30, simd::mul(x, b0));
    c31 = simd::add(c31, simd::mul(x, b1));
  }
  const f32x4 tile[kMR][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}};
  if (nr == kNR) {
    for (int64_t r = 0; r < mr; ++r) {
      float* row = c + r * c_rs;
      f32x4 v0 = tile[r][0], v1 = tile[r][1];
      if (accumulate) {
        v0 = simd::add(simd::load(row), v0);
        v1 = simd::add(simd::load(row + 4), v1);
      }
      simd::store(row, v0);
      simd::store(row + 4, v1);
    }
    return;
  }
  // A tile at C's right edge: through a buffer, only the columns that exist.
  float part[kNR];
  for (int64_t r = 0; r < mr; ++r) {
    float* row = c + r * c_rs;
    simd::store(part, tile[r][0]);
    simd::store(part + 4, tile[r][1]);
    for (int64_t j = 0; j < nr; ++j) row[j] = accumulate ? row[j] + part[j] : part[j];
  }
}

Route f32_gemm(int64_t m, int64_t n, int64_t k, Strided<float> a, Strided<float> b, float* c,
               int64_t c_rs) {
  if (m == 0 || n == 0) return Route::Empty;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * c_rs, c + i * c_rs + n, 0.0f);
    return Route::Empty;
  }
  if (n == 1) {  // matrix x vector (and dot): a row of A against B's column
    for (int64_t i = 0; i < m; ++i) c[i * c_rs] = f32_dot(k, a.data + i * a.rs, a.cs, b.data, b.rs);
    return Route::Dot;
  }
  if (m == 1) {  // vector x matrix
    if (b.cs != 1) {  // B's columns are its contiguous lines: one dot each
      for (int64_t j = 0; j < n; ++j) c[j] = f32_dot(k, a.data, a.cs, b.data + j * b.cs, b.rs);
      return Route::Dot;
    }
    std::fill(c, c + n, 0.0f);
    for (int64_t p = 0; p < k; ++p) f32_vaxpy(n, a.at(0, p), b.data + p * b.rs, c);
    return Route::Axpy;
  }
  // The packed product of C's rows [i0, i1) and columns [j0, j1), with the
  // calling thread's own panels.
  const auto block = [&](int64_t i0, int64_t i1, int64_t j0, int64_t j1) {
    std::vector<float>& pa = buffer(0);
    std::vector<float>& pb = buffer(1);
    const int64_t nc_max = std::min(kNC, (j1 - j0 + kNR - 1) / kNR * kNR);
    const int64_t kc_max = std::min(kKC, k);
    pa.resize(static_cast<size_t>(kMC * kc_max));
    pb.resize(static_cast<size_t>(nc_max * kc_max));
    for (int64_t jc = j0; jc < j1; jc += kNC) {
      const int64_t nc = std::min(kNC, j1 - jc);
      for (int64_t pc = 0; pc < k; pc += kKC) {
        const int64_t kc = std::min(kKC, k - pc);
        f32_pack_b(kc, nc, {b.data + pc * b.rs + jc * b.cs, b.rs, b.cs}, pb.data());
        for (int64_t ic = i0; ic < i1; ic += kMC) {
          const int64_t mc = std::min(kMC, i1 - ic);
          f32_pack_a(mc, kc, {a.data + ic * a.rs + pc * a.cs, a.rs, a.cs}, pa.data());
          for (int64_t jr = 0; jr < nc; jr += kNR) {
            const float* bp = pb.data() + jr * kc;
            for (int64_t ir = 0; ir < mc; ir += kMR) {
              f32_gemm_4x8(kc, pa.data() + ir * kc, bp, c + (ic + ir) * c_rs + jc + jr, c_rs,
                           std::min(kMR, mc - ir), std::min(kNR, nc - jr), pc > 0);
            }
          }
        }
      }
    }
  };
  // Note [Parallel GEMM]: on the pool (Note [Threads], parallel.h) C is cut
  // into panels of whole kNC columns, each packing its own B as one thread
  // would (A is packed once per panel on one thread too), or, with fewer
  // panels than two a thread, into blocks of whole kMC rows, each packing
  // B again. Either way every element of C is the same sum of the same
  // products in the same order as on one thread.
  const double flops = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  const int64_t panels = (n + kNC - 1) / kNC;
  if (panels >= 2 * parallel::threads()) {
    parallel::parallel_for(panels, 1, flops, [&](int64_t p0, int64_t p1) {
      block(0, m, p0 * kNC, std::min(n, p1 * kNC));
    });
  } else {
    parallel::parallel_for(m, kMC, flops, [&](int64_t i0, int64_t i1) { block(i0, i1, 0, n); });
  }
  return Route::Gemm;
}

}  // namespace tc::gemm
