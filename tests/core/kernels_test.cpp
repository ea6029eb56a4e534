// The inner kernels against a scalar loop, XNNPACK style: for every length
// around the tile (below, equal to, above and multiples of the 4-lane
// vector and of the unroll by 8, and of the sum's 16 partial sums and its
// block), each kernel and stride pattern, with misaligned pointers.
#include <memory>
#include "engine/elementwise.h"
#include "engine/kernels.h"

#include "engine/functors.h"
#include "engine/simd.h"
#include "engine/ukernels.h"
#include "support.h"

using namespace tct;
namespace k = tc::kernels;
namespace fn = tc::fn;

// A bool buffer (C++ bool, one byte each) for the bool kernels.
class Bools {
 public:
  explicit Bools(int64_t n) : n_(n), p_(new bool[static_cast<size_t>(n)]()) {}
  bool* data() { return p_.get(); }
  const bool* data() const { return p_.get(); }
  bool& operator[](int64_t i) { return p_[static_cast<size_t>(i)]; }
  bool operator==(const Bools& o) const {
    if (n_ != o.n_) return false;
    for (int64_t i = 0; i < n_; ++i)
      if (p_[static_cast<size_t>(i)] != o.p_[static_cast<size_t>(i)]) return false;
    return true;
  }

 private:
  int64_t n_;
  std::unique_ptr<bool[]> p_;
};

namespace {

const int64_t kLengths[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 100,
                            4095, 4096, 4097, 12293};

std::vector<float> data(Random& rng, int64_t n) {
  // One extra element in front, so that a + 1 is not 16-byte aligned.
  return rng.values(n + 1);
}

template <class Op>
void binary_patterns(const Op& op, Random& rng) {
  for (int64_t n : kLengths) {
    INFO(Op::name << " n=" << n);
    const std::vector<float> a = data(rng, n), b = data(rng, n);
    const float c = rng.value() + 0.25f;  // never 0: div
    std::vector<float> out(n + 1), want(n + 1);
    k::f32_vbinary(n, out.data() + 1, a.data() + 1, b.data() + 1, op);
    for (int64_t i = 0; i < n; ++i) want[i + 1] = op(a[i + 1], b[i + 1]);
    CHECK(naive::first_difference(out, want, true) < 0);
    k::f32_vbinaryc(n, out.data() + 1, a.data() + 1, c, op);
    for (int64_t i = 0; i < n; ++i) want[i + 1] = op(a[i + 1], c);
    CHECK(naive::first_difference(out, want, true) < 0);
    k::f32_vrbinaryc(n, out.data() + 1, c, b.data() + 1, op);
    for (int64_t i = 0; i < n; ++i) want[i + 1] = op(c, b[i + 1]);
    CHECK(naive::first_difference(out, want, true) < 0);
    // Two rows against one repeated row, as either operand; the rows and
    // the outputs are misaligned and apart.
    const std::vector<float> x = data(rng, 2 * n + 3);
    for (bool repeated_first : {true, false}) {
      std::vector<float> two(2 * n + 3, -1.0f), two_want(2 * n + 3, -1.0f);
      float* out0 = two.data() + 1;
      float* out1 = two.data() + n + 2;
      const float* x0 = x.data() + 1;
      const float* x1 = x.data() + n + 3;
      if (repeated_first)
        k::f32_vbinary_2rows<true>(n, out0, out1, x0, x1, b.data() + 1, op);
      else
        k::f32_vbinary_2rows<false>(n, out0, out1, x0, x1, b.data() + 1, op);
      for (int64_t i = 0; i < n; ++i) {
        const float r = b[i + 1];
        two_want[1 + i] = repeated_first ? op(r, x0[i]) : op(x0[i], r);
        two_want[n + 2 + i] = repeated_first ? op(r, x1[i]) : op(x1[i], r);
      }
      INFO("two rows, repeated row first: " << repeated_first);
      CHECK(naive::first_difference(two, two_want, true) < 0);
    }
    // Strided: out every 2nd cell, a repeated (stride 0), b every 3rd.
    if (n <= 100) {
      const std::vector<float> wide = data(rng, 3 * n);
      std::vector<float> sout(2 * n + 1, -1.0f), swant(2 * n + 1, -1.0f);
      k::f32_binary_strided(n, sout.data(), 2, a.data() + 1, 0, wide.data(), 3, op);
      for (int64_t i = 0; i < n; ++i) swant[2 * i] = op(a[1], wide[3 * i]);
      CHECK(naive::first_difference(sout, swant, true) < 0);
    }
  }
}

template <class Op>
void unary_patterns(const Op& op, Random& rng) {
  for (int64_t n : kLengths) {
    INFO(Op::name << " n=" << n);
    const std::vector<float> a = data(rng, n);
    std::vector<float> out(n + 1), want(n + 1);
    k::f32_vunary(n, out.data() + 1, a.data() + 1, op);
    for (int64_t i = 0; i < n; ++i) want[i + 1] = op(a[i + 1]);
    CHECK(naive::first_difference(out, want, true) < 0);
  }
}

}  // namespace

TEST_CASE("binary kernels: every pattern, lengths around the tile", "[kernels]") {
  Random rng(61);
  binary_patterns(fn::Add{}, rng);
  binary_patterns(fn::AddAlpha{-2.5f}, rng);
  binary_patterns(fn::Sub{}, rng);
  binary_patterns(fn::SubAlpha{0.5f}, rng);
  binary_patterns(fn::Mul{}, rng);
  binary_patterns(fn::Div{}, rng);
  binary_patterns(fn::Pow{}, rng);
  binary_patterns(fn::Maximum{}, rng);
  binary_patterns(fn::Minimum{}, rng);
}

TEST_CASE("unary kernels: lengths around the tile", "[kernels]") {
  Random rng(62);
  unary_patterns(fn::Neg{}, rng);
  unary_patterns(fn::Abs{}, rng);
  unary_patterns(fn::Sqrt{}, rng);
  unary_patterns(fn::Relu{}, rng);
  unary_patterns(fn::Exp{}, rng);
  unary_patterns(fn::Log{}, rng);
  unary_patterns(fn::Copy{}, rng);
}

TEST_CASE("the 4-lane max/min propagate NaN like the scalar twins", "[kernels]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> a = {nan, 1, nan, -0.0f, 3, 2, 1, nan};
  const std::vector<float> b = {1, nan, nan, 0.0f, 2, 3, nan, 0};
  std::vector<float> mx(8), mn(8);
  k::f32_vbinary(8, mx.data(), a.data(), b.data(), fn::Maximum{});
  k::f32_vbinary(8, mn.data(), a.data(), b.data(), fn::Minimum{});
  for (int i = 0; i < 8; ++i) {
    INFO("lane " << i);
    CHECK(std::isnan(mx[i]) == (std::isnan(a[i]) || std::isnan(b[i])));
    CHECK(std::isnan(mn[i]) == (std::isnan(a[i]) || std::isnan(b[i])));
  }
  CHECK(mx[4] == 3);
  CHECK(mn[4] == 2);
  std::vector<float> r(8);
  k::f32_vunary(8, r.data(), a.data(), fn::Relu{});
  CHECK(std::isnan(r[0]));
  CHECK(r[1] == 1);
}

TEST_CASE("comparison and where kernels, contiguous and strided", "[kernels]") {
  Random rng(64);
  for (int64_t n : kLengths) {
    if (n > 100) continue;
    INFO("n=" << n);
    const std::vector<float> a = data(rng, 2 * n), b = data(rng, 2 * n);
    // Bool outputs are C++ bool (dtype.h); std::vector<bool> has no data().
    Bools out(2 * n + 1), want(2 * n + 1);
    k::x_compare(n, out.data(), 1, a.data(), 1, b.data(), 1, fn::Le{});
    for (int64_t i = 0; i < n; ++i) want[i] = a[i] <= b[i];
    CHECK(out == want);
    k::x_compare(n, out.data(), 2, a.data(), 2, b.data(), 0, fn::Gt{});
    for (int64_t i = 0; i < n; ++i) want[2 * i] = a[2 * i] > b[0];
    CHECK(out == want);
    Bools c(2 * n + 1);
    for (int64_t i = 0; i < 2 * n + 1; ++i) c[i] = rng.coin();
    std::vector<float> w(2 * n + 1), w_want(2 * n + 1);
    tc::kernels::x_where(n, w.data(), 1, c.data(), 1, a.data(), 1, b.data(), 1);
    for (int64_t i = 0; i < n; ++i) w_want[i] = c[i] ? a[i] : b[i];
    CHECK(w == w_want);
    tc::kernels::x_where(n, w.data(), 2, c.data(), 0, a.data(), 2, b.data(), 1);
    for (int64_t i = 0; i < n; ++i) w_want[2 * i] = c[0] ? a[2 * i] : b[i];
    CHECK(w == w_want);
  }
}

TEST_CASE("transposed-input kernel: planes around the 4 x 4 tile, the strip and the block", "[kernels]") {
  Random rng(65);
  const int64_t sizes[] = {1, 3, 4, 5, 7, 8, 9, k::kTransposeBlock - 1, k::kTransposeBlock,
                           k::kTransposeBlock + 3, 2 * k::kTransposeBlock + 1};
  for (int64_t n0 : sizes)
    for (int64_t n1 : {int64_t{1}, int64_t{3}, int64_t{4}, int64_t{6}, int64_t{8}, int64_t{13},
                       int64_t{k::kTransposeStrip - 1}, int64_t{k::kTransposeStrip},
                       int64_t{k::kTransposeStrip + 1}, int64_t{k::kTransposeStrip + 5},
                       int64_t{2 * k::kTransposeStrip}, k::kTransposeBlock + 5}) {
      // out and x: n1 columns of n0, with a gap; t: n0 rows of n1, with a gap.
      const int64_t so1 = n0 + 2, sx1 = n0 + 1, st0 = n1 + 3;
      const std::vector<float> x = data(rng, n1 * sx1), t = data(rng, n0 * st0);
      for (bool x_first : {true, false}) {
        INFO("n0=" << n0 << " n1=" << n1 << " x_first=" << x_first);
        std::vector<float> out(n1 * so1, -1.0f), want(n1 * so1, -1.0f);
        const fn::SubAlpha op{0.5f};  // not symmetric: the operand order shows
        k::f32_vbinary_t(n0, n1, out.data(), so1, x.data(), sx1, t.data(), st0, x_first, op);
        for (int64_t j = 0; j < n1; ++j)
          for (int64_t i = 0; i < n0; ++i) {
            const float xv = x[j * sx1 + i], tv = t[i * st0 + j];
            want[j * so1 + i] = x_first ? op(xv, tv) : op(tv, xv);
          }
        CHECK(naive::first_difference(out, want, true) < 0);
      }
    }
}

TEST_CASE("a broadcast row is run two rows at a time, either operand, odd row counts too", "[kernels][trace]") {
  for (int64_t rows : {1, 2, 3, 5})
    for (bool row_first : {true, false}) {
      const Tensor m = tc::view(Tensor::arange(0, rows * 9), {rows, 9});
      const Tensor r = Tensor::arange(100, 109);
      tc::TraceScope scope;
      const Tensor out = row_first ? tc::sub(r, m) : tc::sub(m, r);
      const auto* op = std::get_if<tc::OpTrace>(&scope.events().back());
      REQUIRE(op != nullptr);
      INFO("rows=" << rows << " row_first=" << row_first);
      CHECK(op->plan.inner_pattern == "contiguous");
      CHECK(op->kernel == std::string("f32_vsub__") + TC_ISA + (rows >= 2 ? "_2x8" : "_u8"));
      CHECK(op->kernel_rows == (rows >= 2 ? 2 : 1));
      const naive::Dense dm = dense(m), dr = dense(r);
      const naive::Dense want = naive::elementwise({rows, 9}, {&dm, &dr}, [&](const std::vector<float>& v) {
        return row_first ? v[1] - v[0] : v[0] - v[1];
      });
      CHECK(values(out) == want.v);
    }
}

TEST_CASE("a transposed operand is run by the tiled kernel, both ways round", "[kernels][trace]") {
  const Tensor base = tc::view(Tensor::arange(0, 48), {6, 8});
  const Tensor at = tc::transpose(base, 0, 1);  // [8, 6], strides [1, 8]
  const Tensor b = tc::view(Tensor::arange(100, 148), {8, 6});
  for (bool a_first : {true, false}) {
    tc::TraceScope scope;
    const Tensor out = a_first ? tc::sub(at, b) : tc::sub(b, at);
    const auto* op = std::get_if<tc::OpTrace>(&scope.events().back());
    REQUIRE(op != nullptr);
    CHECK(op->plan.inner_pattern == "transposed");
    CHECK(op->kernel == std::string("f32_vsub_t__") + TC_ISA + "_4x4");
    const naive::Dense da = dense(at), db = dense(b);
    const naive::Dense want = naive::elementwise({8, 6}, {&da, &db}, [&](const std::vector<float>& v) {
      return a_first ? v[0] - v[1] : v[1] - v[0];
    });
    CHECK(values(out) == want.v);
  }
}

// See Note [Kernel names]: every name of ukernels.h against the scheme of
// docs/traces.md, spelled out here once, for the instruction set built.
namespace {

template <class Op>
void binary_names(const std::string& op) {
  using K = tc::ukernels::Binary<Op>;
  const std::string isa = Op::kVector ? TC_ISA : "scalar", tile = Op::kVector ? "8" : "1";
  INFO(op);
  CHECK(K::contiguous.name == "f32_v" + op + "__" + isa + "_u" + tile);
  CHECK(K::scalar_b.name == "f32_v" + op + "c__" + isa + "_u" + tile);
  CHECK(K::scalar_a.name == "f32_vr" + op + "c__" + isa + "_u" + tile);
  CHECK(K::repeated.name == "f32_v" + op + "__" + isa + "_2x" + tile);
  CHECK(K::transposed.name == "f32_v" + op + "_t__" + isa + (Op::kVector ? "_4x4" : "_u1"));
  CHECK(K::strided.name == "f32_" + op + "__scalar_strided");
}

template <class Op>
void unary_names(const std::string& op) {
  using K = tc::ukernels::Unary<Op>;
  INFO(op);
  CHECK(K::contiguous.name == "f32_v" + op + "__" + (Op::kVector ? TC_ISA "_u8" : "scalar_u1"));
  CHECK(K::strided.name == "f32_" + op + "__scalar_strided");
}

template <class Op>
void compare_names(const std::string& op) {
  using K = tc::ukernels::Compare<Op>;
  CHECK(K::contiguous.name == "b8_" + op + "__autovec");
  CHECK(K::strided.name == "b8_" + op + "__scalar_strided");
}

}  // namespace

TEST_CASE("kernel names follow the scheme of docs/traces.md", "[kernels][trace]") {
  binary_names<fn::Add>("add");
  binary_names<fn::AddAlpha>("add");
  binary_names<fn::Sub>("sub");
  binary_names<fn::SubAlpha>("sub");
  binary_names<fn::Mul>("mul");
  binary_names<fn::Div>("div");
  binary_names<fn::Pow>("pow");
  binary_names<fn::Maximum>("maximum");
  binary_names<fn::Minimum>("minimum");
  unary_names<fn::Neg>("neg");
  unary_names<fn::Abs>("abs");
  unary_names<fn::Exp>("exp");
  unary_names<fn::Log>("log");
  unary_names<fn::Sqrt>("sqrt");
  unary_names<fn::Relu>("relu");
  unary_names<fn::Copy>("copy");
  compare_names<fn::Eq>("eq");
  compare_names<fn::Ne>("ne");
  compare_names<fn::Lt>("lt");
  compare_names<fn::Le>("le");
  compare_names<fn::Gt>("gt");
  compare_names<fn::Ge>("ge");
  compare_names<fn::LogicalAnd>("logical_and");
  compare_names<fn::LogicalOr>("logical_or");
  compare_names<fn::LogicalXor>("logical_xor");
  binary_names<fn::TFloorDivide<float>>("floor_divide");
  binary_names<fn::TRemainder<float>>("remainder");
  using tc::DType;
  using tc::Pattern;
  using tc::ukernels::typed_kernel_name;
  CHECK(typed_kernel_name(DType::Float32, "where", Pattern::Contiguous, true) ==
        std::string("f32_vwhere__autovec"));
  CHECK(typed_kernel_name(DType::Bool, "where", Pattern::Strided, true) ==
        std::string("b8_where__scalar_strided"));
  CHECK(typed_kernel_name(DType::Int32, "add", Pattern::ScalarB, true) ==
        std::string("i32_vaddc__autovec"));
  CHECK(typed_kernel_name(DType::Int64, "remainder", Pattern::ScalarA, false) ==
        std::string("i64_vrremainderc__scalar_u1"));
  CHECK(typed_kernel_name(DType::UInt8, "mul", Pattern::Contiguous, true) ==
        std::string("u8_vmul__autovec"));
  CHECK(typed_kernel_name(DType::Float64, "div", Pattern::Contiguous, true) ==
        std::string("f64_vdiv__autovec"));
  // Interned: the same name is the same pointer.
  CHECK(typed_kernel_name(DType::Int32, "add", Pattern::ScalarB, true) ==
        typed_kernel_name(DType::Int32, "add", Pattern::ScalarB, true));
  namespace K = tc::ukernels;
  for (const char* f : {"f32", "f64"}) {
    const std::string tile = f == std::string("f32") ? "_4x8" : "_4x4";
    const bool f32 = f == std::string("f32");
    CHECK((f32 ? K::f32_rsum_cascade__autovec_4x8 : K::f64_rsum_cascade__autovec_4x4).name ==
          std::string(f) + "_rsum_cascade__autovec" + tile);
    CHECK((f32 ? K::f32_vsum_cascade__autovec_4x8 : K::f64_vsum_cascade__autovec_4x4).name ==
          std::string(f) + "_vsum_cascade__autovec" + tile);
    CHECK((f32 ? K::f32_rsum_cascade__scalar_strided : K::f64_rsum_cascade__scalar_strided).name ==
          std::string(f) + "_rsum_cascade__scalar_strided");
    CHECK((f32 ? K::f32_sum_cascade__scalar_strided : K::f64_sum_cascade__scalar_strided).name ==
          std::string(f) + "_sum_cascade__scalar_strided");
    CHECK((f32 ? K::f32_acc__scalar_strided : K::f64_acc__scalar_strided).name ==
          std::string(f) + "_acc__scalar_strided");
  }
}

// In place, as XNNPACK tests its kernels: the output on an input's memory
// (an in-place op passes its output as `a`; out == b is allowed too where
// the kernel reads each element before writing it), against the scalar
// reference computed from a copy taken before.
namespace {

template <class Op>
void binary_in_place(const Op& op, Random& rng) {
  for (int64_t n : kLengths) {
    if (n > 100) continue;
    INFO(Op::name << " n=" << n);
    const std::vector<float> a0 = data(rng, n), b0 = data(rng, n);
    const float c = rng.value() + 0.25f;
    auto expect = [&](const std::vector<float>& got, auto f) {
      std::vector<float> want(n + 1);
      want[0] = got[0];
      for (int64_t i = 0; i < n; ++i) want[i + 1] = f(i + 1);
      CHECK(naive::first_difference(got, want, true) < 0);
    };
    std::vector<float> a = a0, b = b0;
    k::f32_vbinary(n, a.data() + 1, a.data() + 1, b.data() + 1, op);  // out == a
    expect(a, [&](int64_t i) { return op(a0[i], b0[i]); });
    a = a0;
    k::f32_vbinary(n, b.data() + 1, a.data() + 1, b.data() + 1, op);  // out == b
    expect(b, [&](int64_t i) { return op(a0[i], b0[i]); });
    a = a0;
    k::f32_vbinaryc(n, a.data() + 1, a.data() + 1, c, op);
    expect(a, [&](int64_t i) { return op(a0[i], c); });
    b = b0;
    k::f32_vrbinaryc(n, b.data() + 1, c, b.data() + 1, op);
    expect(b, [&](int64_t i) { return op(c, b0[i]); });
    a = a0, b = b0;
    k::f32_binary_strided(n, a.data() + 1, 1, a.data() + 1, 1, b.data() + 1, 1, op);
    expect(a, [&](int64_t i) { return op(a0[i], b0[i]); });
    a = a0;
    k::f32_binary_strided(n, b.data() + 1, 1, a.data() + 1, 1, b.data() + 1, 1, op);
    expect(b, [&](int64_t i) { return op(a0[i], b0[i]); });
    // Two rows written over themselves, against one repeated row, either order.
    for (bool repeated_first : {true, false}) {
      const std::vector<float> x0 = data(rng, 2 * n + 3);
      std::vector<float> x = x0;
      float* r0 = x.data() + 1;
      float* r1 = x.data() + n + 3;
      if (repeated_first)
        k::f32_vbinary_2rows<true>(n, r0, r1, r0, r1, b0.data() + 1, op);
      else
        k::f32_vbinary_2rows<false>(n, r0, r1, r0, r1, b0.data() + 1, op);
      std::vector<float> want = x0;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t start : {int64_t{1}, n + 3}) {
          const float xv = x0[start + i], rv = b0[i + 1];
          want[start + i] = repeated_first ? op(rv, xv) : op(xv, rv);
        }
      INFO("two rows, repeated row first: " << repeated_first);
      CHECK(naive::first_difference(x, want, true) < 0);
    }
  }
}

template <class Op>
void unary_in_place(const Op& op, Random& rng) {
  for (int64_t n : kLengths) {
    if (n > 100) continue;
    INFO(Op::name << " n=" << n);
    const std::vector<float> a0 = data(rng, 2 * n);
    std::vector<float> a = a0, want = a0;
    k::f32_vunary(n, a.data() + 1, a.data() + 1, op);
    for (int64_t i = 1; i <= n; ++i) want[i] = op(a0[i]);
    CHECK(naive::first_difference(a, want, true) < 0);
    a = a0, want = a0;
    k::f32_unary_strided(n, a.data(), 2, a.data(), 2, op);
    for (int64_t i = 0; i < n; ++i) want[2 * i] = op(a0[2 * i]);
    CHECK(naive::first_difference(a, want, true) < 0);
  }
}

}  // namespace

TEST_CASE("binary kernels in place: out on a, out on b", "[kernels][inplace]") {
  Random rng(67);
  binary_in_place(fn::Add{}, rng);
  binary_in_place(fn::AddAlpha{-2.5f}, rng);
  binary_in_place(fn::Sub{}, rng);
  binary_in_place(fn::SubAlpha{0.5f}, rng);
  binary_in_place(fn::Mul{}, rng);
  binary_in_place(fn::Div{}, rng);
  binary_in_place(fn::Pow{}, rng);
  binary_in_place(fn::Maximum{}, rng);
  binary_in_place(fn::Minimum{}, rng);
}

TEST_CASE("unary kernels in place", "[kernels][inplace]") {
  Random rng(68);
  unary_in_place(fn::Neg{}, rng);
  unary_in_place(fn::Abs{}, rng);
  unary_in_place(fn::Sqrt{}, rng);
  unary_in_place(fn::Relu{}, rng);
  unary_in_place(fn::Exp{}, rng);
  unary_in_place(fn::Log{}, rng);
  unary_in_place(fn::Copy{}, rng);
}

TEST_CASE("transposed-input kernel in place: out on x", "[kernels][inplace]") {
  // (out on t is never asked for: t runs across out's order, a partial
  // overlap the engine refuses.)
  Random rng(69);
  for (int64_t n0 : {int64_t{3}, int64_t{4}, int64_t{9}, k::kTransposeBlock + 3})
    for (int64_t n1 : {int64_t{1}, int64_t{4}, int64_t{k::kTransposeStrip + 5}}) {
      const int64_t sx1 = n0 + 1, st0 = n1 + 3;
      const std::vector<float> x0 = data(rng, n1 * sx1), t = data(rng, n0 * st0);
      for (bool x_first : {true, false}) {
        INFO("n0=" << n0 << " n1=" << n1 << " x_first=" << x_first);
        const fn::SubAlpha op{0.5f};
        std::vector<float> x = x0, want = x0;
        k::f32_vbinary_t(n0, n1, x.data(), sx1, x.data(), sx1, t.data(), st0, x_first, op);
        for (int64_t j = 0; j < n1; ++j)
          for (int64_t i = 0; i < n0; ++i) {
            const float xv = x0[j * sx1 + i], tv = t[i * st0 + j];
            want[j * sx1 + i] = x_first ? op(xv, tv) : op(tv, xv);
          }
        CHECK(naive::first_difference(x, want, true) < 0);
      }
    }
}

TEST_CASE("where kernels in place", "[kernels][inplace]") {
  // Comparisons cannot run in place: they write bool, they read float.
  Random rng(70);
  for (int64_t n : kLengths) {
    if (n > 100) continue;
    INFO("n=" << n);
    const std::vector<float> a0 = data(rng, n), b0 = data(rng, n);
    Bools c(n + 1);
    for (int64_t i = 0; i < n + 1; ++i) c[i] = rng.coin();
    std::vector<float> a = a0, b = b0, want(n + 1);
    tc::kernels::x_where(n, a.data(), 1, c.data(), 1, a.data(), 1, b.data(), 1);
    for (int64_t i = 0; i < n; ++i) want[i] = c[i] ? a0[i] : b0[i];
    want[n] = a0[n];
    CHECK(a == want);
    a = a0;
    tc::kernels::x_where(n, b.data(), 1, c.data(), 1, a.data(), 1, b.data(), 1);
    want[n] = b0[n];
    CHECK(b == want);
  }
}
