// matmul (Note [matmul], src/ops/matmul.cpp) and its GEMM (Note [GEMM],
// src/engine/gemm.h): the micro-kernel at and around every tile edge, the
// routes of at::matmul with PyTorch's shapes, texts and grad_fn names, every
// dtype against the naive reference, and the trace.
#include <cmath>
#include <variant>

#include "autograd/node.h"
#include "engine/gemm.h"
#include "op_table.h"
#include "trace_schema.h"
#include "naive_matmul.h"
#include "support.h"

using namespace tct;
using tc::DType;
using tc::ErrorKind;
namespace gemm = tc::gemm;

namespace {

// A row-major m x n matrix of small values that differ everywhere.
std::vector<float> filled(int64_t rows, int64_t cols, int seed) {
  std::vector<float> v(static_cast<size_t>(rows * cols));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = static_cast<float>(static_cast<int64_t>((i * 7 + static_cast<size_t>(seed) * 13) % 17) - 8) * 0.25f;
  return v;
}

// C = A·B in double, A and B read through strides.
std::vector<double> reference(int64_t m, int64_t n, int64_t k, gemm::Strided<float> a,
                              gemm::Strided<float> b) {
  std::vector<double> c(static_cast<size_t>(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t p = 0; p < k; ++p)
        c[static_cast<size_t>(i * n + j)] += double(a.at(i, p)) * double(b.at(p, j));
  return c;
}

// Values of a quarter times integers under 2^24: every product and sum is
// exact in float32 until k gets large; compared with a tolerance anyway.
void check_close(const std::vector<float>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i);
    CHECK(std::fabs(double(got[i]) - want[i]) <= 1e-4 * std::max(1.0, std::fabs(want[i])));
  }
}

Tensor f32(const std::vector<float>& v, const Shape& s) { return Tensor::from_data(v, s); }

Tensor iota(const Shape& s, int seed = 0) {
  const int64_t n = tc::numel(s);
  return f32(filled(1, n, seed), s);
}

std::string grad_fn_of(const Tensor& t) { return t.impl().grad_fn ? t.impl().grad_fn->grad_fn : ""; }

const tc::OpTrace& last_op(const tc::TraceScope& scope) {
  const tc::OpTrace* found = nullptr;
  for (const tc::TraceEvent& e : scope.events())
    if (const auto* op = std::get_if<tc::OpTrace>(&e)) found = op;
  REQUIRE(found != nullptr);
  return *found;
}

}  // namespace

TEST_CASE("f32_gemm_4x8: every corner of a tile, overwriting and accumulating", "[matmul]") {
  for (int64_t kc : {0, 1, 3, 8}) {
    const std::vector<float> a = filled(gemm::kMR, kc, 1), b = filled(kc, gemm::kNR, 2);
    std::vector<float> pa(static_cast<size_t>(gemm::kMR * kc)), pb(static_cast<size_t>(kc * gemm::kNR));
    gemm::f32_pack_a(gemm::kMR, kc, {a.data(), kc, 1}, pa.data());
    gemm::f32_pack_b(kc, gemm::kNR, {b.data(), gemm::kNR, 1}, pb.data());
    const std::vector<double> full = reference(gemm::kMR, gemm::kNR, kc, {a.data(), kc, 1},
                                               {b.data(), gemm::kNR, 1});
    for (int64_t mr = 1; mr <= gemm::kMR; ++mr)
      for (int64_t nr = 1; nr <= gemm::kNR; ++nr)
        for (bool accumulate : {false, true}) {
          const int64_t c_rs = gemm::kNR + 3;  // C wider than the tile: its edge must stay
          std::vector<float> c(static_cast<size_t>(gemm::kMR * c_rs), 100.0f);
          gemm::f32_gemm_4x8(kc, pa.data(), pb.data(), c.data(), c_rs, mr, nr, accumulate);
          INFO("kc " << kc << " mr " << mr << " nr " << nr << " accumulate " << accumulate);
          for (int64_t i = 0; i < gemm::kMR; ++i)
            for (int64_t j = 0; j < c_rs; ++j) {
              const bool inside = i < mr && j < nr;
              const double want = inside ? full[static_cast<size_t>(i * gemm::kNR + j)] +
                                               (accumulate ? 100.0 : 0.0)
                                         : 100.0;
              CHECK(c[static_cast<size_t>(i * c_rs + j)] == Approx(want));
            }
        }
  }
}

TEST_CASE("f32_gemm: m, n and k at and around the tile and block edges, plain and transposed",
          "[matmul]") {
  const int64_t MR = gemm::kMR, NR = gemm::kNR, KC = gemm::kKC, MC = gemm::kMC;
  const std::vector<int64_t> ms = {0, 1, 2, MR - 1, MR, MR + 1, 2 * MR + 1, MC - 1, MC, MC + 1};
  const std::vector<int64_t> ns = {0, 1, 2, NR - 1, NR, NR + 1, 2 * NR + 1};
  const std::vector<int64_t> ks = {0, 1, 2, 7, KC - 1, KC, KC + 1};
  for (int64_t m : ms)
    for (int64_t n : ns)
      for (int64_t k : ks)
        for (int layout = 0; layout < 4; ++layout) {
          // layout bit 0: A stored transposed (a.t() @ b); bit 1: B transposed.
          const bool at = layout & 1, bt = layout & 2;
          const std::vector<float> a = filled(m, k, 3), b = filled(k, n, 4);
          const gemm::Strided<float> sa = at ? gemm::Strided<float>{a.data(), 1, std::max<int64_t>(m, 1)}
                                             : gemm::Strided<float>{a.data(), k, 1};
          const gemm::Strided<float> sb = bt ? gemm::Strided<float>{b.data(), 1, std::max<int64_t>(k, 1)}
                                             : gemm::Strided<float>{b.data(), n, 1};
          std::vector<float> c(static_cast<size_t>(m * n), -5.0f);
          gemm::f32_gemm(m, n, k, sa, sb, c.data(), n);
          INFO("m " << m << " n " << n << " k " << k << " layout " << layout);
          check_close(c, reference(m, n, k, sa, sb));
        }
  // Across the column block (kNC) and with a C row stride wider than n.
  const int64_t m = 7, n = gemm::kNC + 9, k = 5, c_rs = n + 4;
  const std::vector<float> a = filled(m, k, 5), b = filled(k, n, 6);
  std::vector<float> c(static_cast<size_t>(m * c_rs), 9.0f);
  gemm::f32_gemm(m, n, k, {a.data(), k, 1}, {b.data(), n, 1}, c.data(), c_rs);
  const std::vector<double> want = reference(m, n, k, {a.data(), k, 1}, {b.data(), n, 1});
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < c_rs; ++j)
      CHECK(c[static_cast<size_t>(i * c_rs + j)] ==
            Approx(j < n ? want[static_cast<size_t>(i * n + j)] : 9.0));
}

TEST_CASE("matmul: PyTorch's documented shapes and hand-computed values", "[matmul]") {
  // torch.matmul's docstring examples.
  CHECK(tc::matmul(iota({3}), iota({3}, 1)).sizes() == Shape{});
  CHECK(tc::matmul(iota({3, 4}), iota({4}, 1)).sizes() == Shape{3});
  CHECK(tc::matmul(iota({10, 3, 4}), iota({4}, 1)).sizes() == Shape{10, 3});
  CHECK(tc::matmul(iota({10, 3, 4}), iota({10, 4, 5}, 1)).sizes() == Shape{10, 3, 5});
  CHECK(tc::matmul(iota({10, 3, 4}), iota({4, 5}, 1)).sizes() == Shape{10, 3, 5});
  CHECK(tc::matmul(iota({10, 1, 3, 4}), iota({5, 4, 2}, 1)).sizes() == Shape{10, 5, 3, 2});
  CHECK(tc::matmul(iota({4}), iota({10, 4, 5}, 1)).sizes() == Shape{10, 5});
  // By hand.
  CHECK(values(tc::matmul(f32({1, 2, 3, 4}, {2, 2}), f32({5, 6, 7, 8}, {2, 2}))) ==
        std::vector<float>{19, 22, 43, 50});
  CHECK(values(tc::matmul(f32({1, 2, 3}, {3}), f32({4, 5, 6}, {3}))) == std::vector<float>{32});
  CHECK(values(tc::matmul(f32({1, 2}, {2}), f32({1, 2, 3, 4, 5, 6}, {2, 3}))) ==
        std::vector<float>{9, 12, 15});
  CHECK(values(tc::matmul(f32({1, 2, 3, 4, 5, 6}, {2, 3}), f32({1, 0, -1}, {3}))) ==
        std::vector<float>{-2, -2});
  // Zero-size: an empty batch or m, and k = 0 (a sum of nothing: zeros).
  CHECK(tc::matmul(iota({0, 3}), iota({3, 2})).sizes() == Shape{0, 2});
  CHECK(values(tc::matmul(iota({2, 0}), iota({0, 3}))) == std::vector<float>(6, 0.0f));
  CHECK(values(tc::matmul(iota({0}), iota({0}))) == std::vector<float>{0});
  CHECK(tc::matmul(iota({0, 2, 3}), iota({5, 1, 3, 4})).sizes() == Shape{5, 0, 2, 4});
  CHECK(values(tc::matmul(iota({2, 3, 0}), iota({2, 0, 2}))) == std::vector<float>(12, 0.0f));
}

TEST_CASE("matmul: random shapes and layouts of every dtype against the naive reference", "[matmul]") {
  Random rng(1313);
  for (int trial = 0; trial < 300; ++trial) {
    // Batch dims that broadcast: each side drops leading dims and turns some into 1s.
    const int64_t nbatch = rng.integer(0, 3);
    Shape batch(static_cast<size_t>(nbatch));
    for (int64_t& d : batch) d = rng.integer(1, 3);
    const int64_t m = rng.integer(1, 9), n = rng.integer(1, 10), k = rng.integer(0, 9);
    auto side = [&](int64_t rows, int64_t cols, bool vector) {
      Shape s = batch;
      s.erase(s.begin(), s.begin() + rng.integer(0, nbatch));
      for (int64_t& d : s)
        if (rng.coin()) d = 1;
      if (vector) return Shape{rows == 1 ? cols : rows};
      s.insert(s.end(), {rows, cols});
      return s;
    };
    const bool a_vec = rng.integer(0, 4) == 0, b_vec = rng.integer(0, 4) == 0;
    const Shape sa = a_vec ? Shape{k} : side(m, k, false);
    const Shape sb = b_vec ? Shape{k} : side(k, n, false);
    naive::Dense da{sa, rng.values(tc::numel(sa))}, db{sb, rng.values(tc::numel(sb))};
    const std::optional<naive::Dense> want = naive::matmul(da, db);
    REQUIRE(want.has_value());
    INFO("a " << naive::show(sa) << " b " << naive::show(sb));
    const Tensor a = strided_copy(da, rng), b = strided_copy(db, rng);
    const Tensor got = tc::matmul(a, b);
    CHECK(got.sizes() == want->shape);
    check_close(values(got), std::vector<double>(want->v.begin(), want->v.end()));
    // The same values in each other dtype: integers exact, float64 close.
    for (DType dtype : {DType::Float64, DType::Int64, DType::Int32, DType::UInt8}) {
      const bool integral = dtype != DType::Float64;
      auto as = [&](const naive::Dense& d) {
        naive::Dense twice = d;
        for (float& v : twice.v) v = integral ? std::fabs(v * 2) : v;  // whole numbers >= 0
        return twice;
      };
      const naive::Dense ia = as(da), ib = as(db);
      const Tensor got_t = tc::matmul(tc::to(f32(ia.v, sa), dtype), tc::to(f32(ib.v, sb), dtype));
      CHECK(got_t.dtype() == dtype);
      const std::vector<double> got_v = got_t.values<double>();
      const naive::Dense w = *naive::matmul(ia, ib);
      for (size_t i = 0; i < w.v.size(); ++i) {
        double expect = w.v[i];
        if (dtype == DType::UInt8) expect = std::fmod(expect, 256.0);  // wraps as PyTorch's uint8
        CHECK(got_v[i] == Approx(expect));
      }
    }
  }
}

TEST_CASE("matmul: a broadcast operand is read through stride 0, never copied; a.t() @ b too",
          "[matmul]") {
  const tc::MemoryStats before = tc::memory_stats();
  const Tensor a = iota({10, 1, 3, 4}), b = iota({5, 4, 2}, 1);
  const tc::MemoryStats with_inputs = tc::memory_stats();
  const Tensor out = tc::matmul(a, b);
  const tc::MemoryStats after = tc::memory_stats();
  // One new storage, the result's: no expanded copy of a or b.
  CHECK(after.storages == with_inputs.storages + 1);
  CHECK(after.bytes - with_inputs.bytes == 10 * 5 * 3 * 2 * 4);
  CHECK(with_inputs.storages == before.storages + 2);
  const naive::Dense want = *naive::matmul(dense(a), dense(b));
  check_close(values(out), std::vector<double>(want.v.begin(), want.v.end()));
  const Tensor sq = iota({6, 5});
  const tc::MemoryStats s0 = tc::memory_stats();
  const Tensor t = tc::matmul(tc::transpose(sq, 0, 1), sq);
  CHECK(tc::memory_stats().storages == s0.storages + 1);
  const naive::Dense wt = *naive::matmul(*naive::transpose(dense(sq), 0, 1), dense(sq));
  check_close(values(t), std::vector<double>(wt.v.begin(), wt.v.end()));
}

TEST_CASE("matmul: PyTorch's error texts, nothing allocated", "[matmul]") {
  refuses([] { tc::matmul(iota({}), iota({2, 2})); }, ErrorKind::Shape,
          "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
  refuses([] { tc::matmul(iota({3}), iota({})); }, ErrorKind::Shape,
          "both arguments to matmul need to be at least 1D, but they are 1D and 0D");
  refuses([] { tc::matmul(iota({2, 3}), iota({4, 5})); }, ErrorKind::Shape,
          "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  refuses([] { tc::matmul(iota({3}), iota({4, 5})); }, ErrorKind::Shape,
          "mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)");
  refuses([] { tc::matmul(iota({3}), iota({4})); }, ErrorKind::Shape,
          "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of "
          "elements, but got 3 and 4 elements respectively");
  refuses([] { tc::matmul(iota({2, 3}), iota({4})); }, ErrorKind::Shape,
          "size mismatch, got 2, 2x3,4");
  // Folded routes name the folded matrices, as PyTorch's mm and mv see them.
  refuses([] { tc::matmul(iota({3, 4, 2}), iota({3, 6})); }, ErrorKind::Shape,
          "mat1 and mat2 shapes cannot be multiplied (12x2 and 3x6)");
  refuses([] { tc::matmul(iota({3, 4, 2}), iota({3})); }, ErrorKind::Shape,
          "size mismatch, got 12, 12x2,3");
  refuses([] { tc::matmul(iota({6, 2}), iota({3, 3, 4})); }, ErrorKind::Shape,
          "mat1 and mat2 shapes cannot be multiplied (12x3 and 2x6)");
  refuses([] { tc::matmul(iota({2}), iota({3, 3, 4})); }, ErrorKind::Shape,
          "size mismatch, got 12, 12x3,2");
  // bmm: the batch dims broadcast first, then bmm's own check.
  refuses([] { tc::matmul(iota({2, 3, 4}), iota({3, 4, 5})); }, ErrorKind::Shape,
          "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
  refuses([] { tc::matmul(iota({5, 1, 4, 2}), iota({3, 3, 6})); }, ErrorKind::Shape,
          "Expected size for first two dimensions of batch2 tensor to be: [15, 2] but got: [15, 3].");
  // dtypes: no promotion (PyTorch 1.13's texts).
  const Tensor l = tc::to(iota({2, 2}), DType::Int64), f = iota({2, 2});
  refuses([&] { tc::matmul(l, f); }, ErrorKind::Type, "expected scalar type Long but found Float");
  refuses([&] { tc::matmul(f, l); }, ErrorKind::Type, "expected scalar type Float but found Long");
  refuses([&] { tc::matmul(tc::to(iota({3}), DType::Int64), iota({3})); }, ErrorKind::Type,
          "dot : expected both vectors to have same dtype, but found Long and Float");
  // dot checks the dtypes before the sizes (PyTorch 1.13: dot_check)
  refuses([&] { tc::matmul(iota({3}), tc::to(iota({2}), DType::UInt8)); }, ErrorKind::Type,
          "dot : expected both vectors to have same dtype, but found Float and Byte");
  // 2-D @ 3-D folds b.mT() into the mm's first operand: b's dtype is the one expected
  refuses([&] { tc::matmul(tc::to(iota({3, 1}), DType::Int32), iota({1, 1, 1})); }, ErrorKind::Type,
          "expected scalar type Float but found Int");
  refuses([&] { tc::matmul(tc::to(iota({1, 1}), DType::Int32), tc::to(iota({3, 1, 4}), DType::Bool)); },
          ErrorKind::Type, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  const Tensor bm = tc::to(iota({2, 2}), DType::Bool);
  refuses([&] { tc::matmul(bm, bm); }, ErrorKind::Type, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  refuses([&] { tc::matmul(bm, f); }, ErrorKind::Type, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  refuses([&] { tc::matmul(f, bm); }, ErrorKind::Type, "expected scalar type Float but found Bool");
  const Tensor bv = tc::to(iota({2}), DType::Bool);
  refuses([&] { tc::matmul(bv, bv); }, ErrorKind::Type, "\"dot\" not implemented for 'Bool'");
  refuses([&] { tc::matmul(bm, bv); }, ErrorKind::Type, "\"addmv_impl_cpu\" not implemented for 'Bool'");
  const Tensor b3 = tc::to(iota({2, 2, 2}), DType::Bool);
  refuses([&] { tc::matmul(b3, b3); }, ErrorKind::Type, "\"bmm\" not implemented for 'Bool'");
  // Through the op table, a number is PyTorch's argument parser's TypeError.
  const tc::OpInfo& op = *tc::find_op("matmul");
  refuses([&] { tc::run_op(op, {f, 2}); }, ErrorKind::Type,
          "matmul(): argument 'other' (position 2) must be Tensor, not int");
  refuses([&] { tc::run_op(op, {2.5, f}); }, ErrorKind::Type,
          "matmul(): argument 'input' (position 1) must be Tensor, not float");
  refuses([&] { tc::run_op(op, {f, true}); }, ErrorKind::Type,
          "matmul(): argument 'other' (position 2) must be Tensor, not bool");
}

TEST_CASE("matmul: integers wrap as PyTorch's CPU kernels do", "[matmul]") {
  const Tensor u = tc::Tensor::from_values<uint8_t>({200, 100}, {2});
  CHECK(tc::matmul(u, tc::Tensor::from_values<uint8_t>({2, 1}, {2})).values<int64_t>() ==
        std::vector<int64_t>{(400 + 100) % 256});
  const Tensor i = tc::Tensor::from_values<int32_t>({2147483647, 1}, {1, 2});
  CHECK(tc::matmul(i, tc::Tensor::from_values<int32_t>({2, 0}, {2, 1})).values<int64_t>() ==
        std::vector<int64_t>{-2});
}

TEST_CASE("matmul: grad_fn names of PyTorch's routes", "[matmul]") {
  auto leaf = [](const Shape& s) {
    Tensor t = iota(s);
    t.set_requires_grad(true);
    return t;
  };
  CHECK(grad_fn_of(tc::matmul(leaf({3}), leaf({3}))) == "DotBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({2, 3}), leaf({3}))) == "MvBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({3}), leaf({3, 4}))) == "SqueezeBackward1");
  CHECK(grad_fn_of(tc::matmul(leaf({2, 3}), leaf({3, 4}))) == "MmBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({5, 2, 3}), leaf({3, 4}))) == "UnsafeViewBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({5, 2, 3}), leaf({3}))) == "UnsafeViewBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({3}), leaf({5, 3, 4}))) == "UnsafeViewBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({2, 3}), leaf({5, 3, 4}))) == "CloneBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({1, 3}), leaf({5, 3, 4}))) == "TransposeBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({5, 2, 3}), leaf({5, 3, 4}))) == "UnsafeViewBackward0");
  CHECK(grad_fn_of(tc::matmul(leaf({10, 1, 3, 4}), leaf({5, 4, 2}))) == "UnsafeViewBackward0");
  // No grad mode, or integers: no node.
  {
    tc::NoGradGuard no_grad;
    CHECK(grad_fn_of(tc::matmul(leaf({2, 3}), leaf({3, 4}))).empty());
  }
}

TEST_CASE("matmul: the trace says batch dims, their broadcast, k, promotion and the kernel", "[matmul]") {
  {
    tc::TraceScope scope;
    tc::matmul(iota({10, 1, 3, 4}), iota({5, 4, 2}));
    const tc::OpTrace& t = last_op(scope);
    REQUIRE(t.matmul.has_value());
    const tc::MatmulTrace& mt = *t.matmul;
    CHECK(t.op == "matmul");
    CHECK(mt.route == "bmm");
    CHECK(mt.a_batch == Shape{10, 1});
    CHECK(mt.b_batch == Shape{5});
    CHECK(mt.batch.result == Shape{10, 5});
    // From the right: a's 1 meets b's 5, then a's 10 meets nothing of b.
    CHECK(mt.batch.dims[0].rule == "one");
    CHECK(mt.batch.dims[0].roles == std::vector<std::string>{"expanded", "same"});
    CHECK(mt.batch.dims[1].rule == "missing");
    CHECK(mt.batch.dims[1].roles == std::vector<std::string>{"same", "missing"});
    CHECK(mt.a_contracted_dim == 3);
    CHECK(mt.b_contracted_dim == 1);
    CHECK((mt.m == 3 && mt.n == 2 && mt.k == 4));
    CHECK(mt.products == 50);
    CHECK(!mt.folded);
    CHECK(!mt.a_promoted);
    CHECK(mt.removed_dims.empty());
    CHECK(t.kernel == std::string("f32_gemm_4x8__") + TC_ISA);
    // a's expanded strides: stride 0 over b's batch dim, b's over a's.
    CHECK(t.operands[1].expanded_strides == tc::Strides{12, 0, 4, 1});
    CHECK(t.operands[2].expanded_strides == tc::Strides{0, 8, 2, 1});
    tc::schema::check(t);
  }
  {
    tc::TraceScope scope;
    tc::matmul(iota({3}), iota({3, 4}));
    const tc::MatmulTrace& mt = *last_op(scope).matmul;
    CHECK(mt.route == "mm");
    CHECK(mt.a_promoted);
    CHECK(!mt.b_promoted);
    CHECK(mt.removed_dims == std::vector<int64_t>{0});
    CHECK(mt.a_contracted_dim == 0);
    CHECK(mt.b_contracted_dim == 0);
    CHECK(last_op(scope).kernel == std::string("f32_vaxpy__") + TC_ISA + "_u8");
  }
  {
    tc::TraceScope scope;
    tc::matmul(iota({4, 3, 5}), iota({5}));
    const tc::MatmulTrace& mt = *last_op(scope).matmul;
    CHECK(mt.route == "folded-mv");
    CHECK(mt.b_promoted);
    CHECK(mt.removed_dims == std::vector<int64_t>{2});
    CHECK((mt.folded && mt.products == 1));
  }
  {
    tc::TraceScope scope;
    tc::matmul(iota({64, 12, 8}), iota({8, 8}));
    const tc::OpTrace& t = last_op(scope);
    CHECK(t.matmul->route == "folded-mm");
    CHECK(t.matmul->folded);
    CHECK(t.plan.shape.empty());
  }
  {
    tc::TraceScope scope;
    tc::matmul(tc::to(iota({2, 3}), DType::Int64), tc::to(iota({3, 2}), DType::Int64));
    CHECK(last_op(scope).kernel == std::string("i64_gemm__autovec"));
    CHECK(last_op(scope).matmul->route == "mm");
  }
  {
    tc::TraceScope scope;
    tc::matmul(iota({3}), iota({3}));
    CHECK(last_op(scope).matmul->route == "dot");
    tc::matmul(iota({2, 3}), iota({3}));
    CHECK(last_op(scope).matmul->route == "mv");
  }
}

TEST_CASE("matmul backward: the summed batch dims are the broadcast ones (reduce-grad steps)",
          "[matmul]") {
  Tensor a = iota({10, 1, 3, 4}), b = iota({5, 4, 2}, 1);
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  const Tensor loss = tc::sum(tc::matmul(a, b));
  std::vector<tc::ReduceGradTrace> steps;
  {
    tc::TraceScope scope;
    tc::backward(loss);
    for (const tc::TraceEvent& e : scope.events())
      if (const auto* s = std::get_if<tc::ReduceGradTrace>(&e))
        if (s->op == "matmul") steps.push_back(*s);
  }
  REQUIRE(steps.size() == 2);
  for (const tc::ReduceGradTrace& s : steps) {
    if (s.input_index == 0) {  // a [10, 1, 3, 4]: b's batch dim 5 summed, kept as 1
      CHECK(s.grad_shape == Shape{10, 5, 3, 4});
      CHECK(s.target_shape == Shape{10, 1, 3, 4});
      CHECK(s.leading_dims.empty());
      CHECK(s.ones_dims == std::vector<int64_t>{1});
    } else {  // b [5, 4, 2]: a's batch dim 10 summed away
      CHECK(s.grad_shape == Shape{10, 5, 4, 2});
      CHECK(s.target_shape == Shape{5, 4, 2});
      CHECK(s.leading_dims == std::vector<int64_t>{0});
      CHECK(s.ones_dims.empty());
    }
  }
  // d(sum(a @ b))/da[i, 0, r, p] = sum over the 5 b's of b[.., p, :].
  const naive::Dense db = dense(b);
  const std::vector<float> ga = values(a.grad());
  for (int64_t p = 0; p < 4; ++p) {
    double want = 0;
    for (int64_t j = 0; j < 5; ++j)
      for (int64_t c = 0; c < 2; ++c) want += db.at({j, p, c});
    CHECK(ga[static_cast<size_t>(p)] == Approx(want));
    CHECK(ga[static_cast<size_t>(4 * 3 * 9 + 4 * 2 + p)] == Approx(want));  // a[9, 0, 2, p]
  }
}
