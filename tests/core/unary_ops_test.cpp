// The unary ops and clamp against PyTorch (its factories are
// in factories_test.cpp): its documentation's examples, float64 references
// computed here with the C library, special values, dtypes, every
// refusal's text, grad_fn names and finite-difference gradients.
#include <cmath>
#include <limits>

#include "autograd/node.h"
#include "support.h"

using namespace tct;
using tc::DType;
using tc::ErrorKind;
using tc::Scalar;
using tc::UnaryOp;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNan = std::numeric_limits<float>::quiet_NaN();

Tensor f32(const std::vector<float>& v) { return Tensor::from_values<float>(v, {int64_t(v.size())}); }
Tensor f64(const std::vector<double>& v) { return Tensor::from_values<double>(v, {int64_t(v.size())}); }

// Equal as floats are printed by PyTorch's equal: bit for bit, except that
// any NaN matches a NaN and -0.0 must match -0.0.
template <class T>
bool same(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(double(want[i]))) {
      if (!std::isnan(double(got[i]))) return false;
    } else if (got[i] != want[i] || std::signbit(double(got[i])) != std::signbit(double(want[i]))) {
      return false;
    }
  }
  return true;
}

std::string grad_fn(const Tensor& t) { return t.impl().grad_fn ? t.impl().grad_fn->grad_fn : ""; }

// loss = sum(f(x) * w); x.grad against central differences, in float64.
void check_gradient(const std::function<Tensor(const Tensor&)>& f, std::vector<double> xs,
                    double tol = 1e-6) {
  Tensor x = f64(xs);
  x.set_requires_grad(true);
  std::vector<double> wv;
  for (size_t i = 0; i < xs.size(); ++i) wv.push_back(0.5 + 0.25 * double(i));
  const Tensor w = f64(wv);
  tc::backward(tc::sum(tc::mul(f(x), w)));
  const std::vector<double> got = x.grad().values<double>();
  const double h = 1e-6;
  for (size_t i = 0; i < xs.size(); ++i) {
    auto loss = [&](double xi) {
      tc::NoGradGuard no_grad;
      std::vector<double> moved = xs;
      moved[i] = xi;
      return tc::sum(tc::mul(f(f64(moved)), w)).values<double>()[0];
    };
    const double numeric = (loss(xs[i] + h) - loss(xs[i] - h)) / (2 * h);
    INFO("element " << i << " at " << xs[i]);
    CHECK(std::fabs(got[i] - numeric) <= tol * std::max(1.0, std::fabs(numeric)));
  }
}

struct FloatOp {
  UnaryOp op;
  const char* grad_fn;
  double (*reference)(double);
};
double sigmoid_ref(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double rsqrt_ref(double x) { return 1.0 / std::sqrt(x); }
double reciprocal_ref(double x) { return 1.0 / x; }
double tanh_ref(double x) { return std::tanh(x); }
double sin_ref(double x) { return std::sin(x); }
double cos_ref(double x) { return std::cos(x); }
double log1p_ref(double x) { return std::log1p(x); }
double expm1_ref(double x) { return std::expm1(x); }

const FloatOp kFloatOps[] = {
    {UnaryOp::Sigmoid, "SigmoidBackward0", sigmoid_ref}, {UnaryOp::Tanh, "TanhBackward0", tanh_ref},
    {UnaryOp::Sin, "SinBackward0", sin_ref},             {UnaryOp::Cos, "CosBackward0", cos_ref},
    {UnaryOp::Log1p, "Log1PBackward0", log1p_ref},       {UnaryOp::Expm1, "Expm1Backward0", expm1_ref},
    {UnaryOp::Rsqrt, "RsqrtBackward0", rsqrt_ref},
    {UnaryOp::Reciprocal, "ReciprocalBackward0", reciprocal_ref},
};

}  // namespace

TEST_CASE("float unary ops: float32 within an ulp or two of float64, float64 exact formulas",
          "[unary-ops]") {
  std::vector<float> xs;
  for (int i = -400; i <= 400; ++i) xs.push_back(float(i) * 0.0371f);
  for (const FloatOp& f : kFloatOps) {
    const bool positive = f.op == UnaryOp::Rsqrt;
    const bool above_minus_one = f.op == UnaryOp::Log1p;
    std::vector<float> in;
    for (float x : xs)
      if ((!positive || x > 0) && (!above_minus_one || x > -1)) in.push_back(x);
    const Tensor out = tc::unary(f.op, f32(in));
    REQUIRE(out.dtype() == DType::Float32);
    const std::vector<float> got = out.to_vector();
    for (size_t i = 0; i < in.size(); ++i) {
      const double want = f.reference(double(in[i]));
      INFO(tc::op_name(f.op) << "(" << in[i] << ") = " << got[i] << ", float64 " << want);
      if (std::isinf(want)) CHECK(double(got[i]) == want);
      else CHECK(std::fabs(double(got[i]) - want) <= 2.5e-7 * std::max(1.0, std::fabs(want)));
    }
    // float64 in, float64 out: the formula in double, exactly.
    std::vector<double> d(in.begin(), in.end());
    const std::vector<double> got64 = tc::unary(f.op, f64(d)).values<double>();
    for (size_t i = 0; i < d.size(); ++i) CHECK(got64[i] == f.reference(d[i]));
  }
}

TEST_CASE("sigmoid, rsqrt and reciprocal are PyTorch's float32 formulas bit for bit",
          "[unary-ops]") {
  const std::vector<float> in{-3.5f, -0.25f, 0.1f, 1.0f, 7.0f, 20.0f};
  std::vector<float> sig, rs, rec;
  for (float x : in) {
    sig.push_back(1.0f / (1.0f + std::exp(-x)));  // sigmoid_kernel, in float
    rec.push_back(1.0f / x);
    rs.push_back(x > 0 ? 1.0f / std::sqrt(x) : kNan);
  }
  CHECK(same(tc::unary(UnaryOp::Sigmoid, f32(in)).to_vector(), sig));
  CHECK(same(tc::unary(UnaryOp::Reciprocal, f32(in)).to_vector(), rec));
  CHECK(same(tc::unary(UnaryOp::Rsqrt, f32(in)).to_vector(), rs));
}

TEST_CASE("special values: NaN, infinities, signed zeros, large", "[unary-ops]") {
  const Tensor s = f32({kNan, kInf, -kInf, 0.0f, -0.0f, 100.0f, -100.0f});
  CHECK(same(tc::unary(UnaryOp::Sigmoid, s).to_vector(),
             {kNan, 1.0f, 0.0f, 0.5f, 0.5f, 1.0f, 1.0f / (1.0f + std::exp(100.0f))}));
  CHECK(same(tc::unary(UnaryOp::Tanh, s).to_vector(), {kNan, 1.0f, -1.0f, 0.0f, -0.0f, 1.0f, -1.0f}));
  CHECK(same(tc::unary(UnaryOp::Sin, f32({kNan, kInf, 0.0f, -0.0f})).to_vector(), {kNan, kNan, 0.0f, -0.0f}));
  CHECK(same(tc::unary(UnaryOp::Cos, f32({kNan, -kInf, -0.0f})).to_vector(), {kNan, kNan, 1.0f}));
  // sign_kernel: (0 < a) - (a < 0): 0 for NaN and +0.0 for -0.0.
  CHECK(same(tc::unary(UnaryOp::Sign, s).to_vector(), {0.0f, 1.0f, -1.0f, 0.0f, 0.0f, 1.0f, -1.0f}));
  CHECK(same(tc::unary(UnaryOp::Floor, s).to_vector(), {kNan, kInf, -kInf, 0.0f, -0.0f, 100.0f, -100.0f}));
  CHECK(same(tc::unary(UnaryOp::Ceil, f32({-0.5f, 0.5f, kNan})).to_vector(), {-0.0f, 1.0f, kNan}));
  CHECK(same(tc::unary(UnaryOp::Log1p, f32({-1.0f, -2.0f, kInf, -0.0f, 1e-10f})).to_vector(),
             {-kInf, kNan, kInf, -0.0f, float(std::log1p(1e-10))}));
  CHECK(same(tc::unary(UnaryOp::Expm1, f32({-kInf, kInf, -0.0f, 1e-10f, 100.0f})).to_vector(),
             {-1.0f, kInf, -0.0f, 1e-10f, kInf}));
  CHECK(same(tc::unary(UnaryOp::Rsqrt, f32({0.0f, -0.0f, -1.0f, kInf, 4.0f})).to_vector(),
             {kInf, -kInf, kNan, 0.0f, 0.5f}));
  CHECK(same(tc::unary(UnaryOp::Reciprocal, f32({0.0f, -0.0f, kInf, -kInf, 4.0f})).to_vector(),
             {kInf, -kInf, 0.0f, -0.0f, 0.25f}));
  CHECK(same(tc::unary(UnaryOp::Square, f32({kNan, -kInf, -3.0f, 1e20f})).to_vector(),
             {kNan, kInf, 9.0f, kInf}));
}

TEST_CASE("PyTorch's documentation examples: round, sign, floor, ceil", "[unary-ops]") {
  CHECK(same(tc::unary(UnaryOp::Round, f32({4.7f, -2.3f, 9.1f, -7.7f})).to_vector(),
             {5.0f, -2.0f, 9.0f, -8.0f}));
  // Halves to even.
  CHECK(same(tc::unary(UnaryOp::Round, f32({-0.5f, 0.5f, 1.5f, 2.5f})).to_vector(),
             {-0.0f, 0.0f, 2.0f, 2.0f}));
  CHECK(same(tc::round(f32({0.1234567f}), 3).to_vector(), {std::nearbyint(0.1234567f * 1000.0f) / 1000.0f}));
  CHECK(same(tc::round(f32({1200.1234567f}), -3).to_vector(), {1000.0f}));
  CHECK(same(tc::round(f32({2.5f, 3.5f}), 0).to_vector(), {2.0f, 4.0f}));
  CHECK(same(tc::unary(UnaryOp::Sign, f32({0.7f, -1.2f, 0.0f, 2.3f})).to_vector(), {1.0f, -1.0f, 0.0f, 1.0f}));
  CHECK(same(tc::unary(UnaryOp::Floor, f32({-0.8166f, 1.5308f, -0.2530f, -0.2091f})).to_vector(),
             {-1.0f, 1.0f, -1.0f, -1.0f}));
  CHECK(same(tc::unary(UnaryOp::Ceil, f32({-0.6341f, -1.4208f, -1.0900f, 0.5826f})).to_vector(),
             {-0.0f, -1.0f, -1.0f, 1.0f}));
}

TEST_CASE("dtypes: float ops promote integers and bool to float32, the others keep them",
          "[unary-ops]") {
  const Tensor i64 = Tensor::from_values<int64_t>({-3, 0, 4}, {3});
  const Tensor i32 = Tensor::from_values<int32_t>({-3, 0, 4}, {3});
  const Tensor u8 = Tensor::from_values<uint8_t>({0, 7, 255}, {3});
  const Tensor b = Tensor::from_values<bool>({true, false}, {2});
  for (const FloatOp& f : kFloatOps) {
    CHECK(tc::unary(f.op, i64).dtype() == DType::Float32);
    CHECK(tc::unary(f.op, b).dtype() == DType::Float32);
    CHECK(tc::unary(f.op, f64({1.0})).dtype() == DType::Float64);
  }
  CHECK(same(tc::unary(UnaryOp::Reciprocal, i64).to_vector(), {-1.0f / 3.0f, kInf, 0.25f}));
  CHECK(same(tc::unary(UnaryOp::Sigmoid, b).to_vector(), {1.0f / (1.0f + std::exp(-1.0f)), 0.5f}));
  // sign keeps integers; uint8 is never negative; bool is the identity.
  CHECK(tc::unary(UnaryOp::Sign, i64).values<int64_t>() == std::vector<int64_t>{-1, 0, 1});
  CHECK(tc::unary(UnaryOp::Sign, i32).values<int32_t>() == std::vector<int32_t>{-1, 0, 1});
  CHECK(tc::unary(UnaryOp::Sign, u8).values<uint8_t>() == std::vector<uint8_t>{0, 1, 1});
  const Tensor sb = tc::unary(UnaryOp::Sign, b);
  CHECK(sb.dtype() == DType::Bool);
  CHECK(sb.values<bool>() == std::vector<bool>{true, false});
  // floor, ceil, round of integers: a copy of the same dtype.
  for (UnaryOp op : {UnaryOp::Floor, UnaryOp::Ceil, UnaryOp::Round}) {
    const Tensor r = tc::unary(op, i32);
    CHECK(r.dtype() == DType::Int32);
    CHECK(r.values<int32_t>() == std::vector<int32_t>{-3, 0, 4});
    CHECK(r.impl().storage != i32.impl().storage);
    CHECK(tc::unary(op, u8).values<uint8_t>() == std::vector<uint8_t>{0, 7, 255});
  }
  // square is pow(x, 2): integers stay (wrapping), bool becomes int64.
  CHECK(tc::unary(UnaryOp::Square, i64).values<int64_t>() == std::vector<int64_t>{9, 0, 16});
  CHECK(tc::unary(UnaryOp::Square, u8).values<uint8_t>() == std::vector<uint8_t>{0, 49, 1});
  const Tensor sqb = tc::unary(UnaryOp::Square, b);
  CHECK(sqb.dtype() == DType::Int64);
  CHECK(sqb.values<int64_t>() == std::vector<int64_t>{1, 0});
}

TEST_CASE("refusals, word for word", "[unary-ops]") {
  const Tensor b = Tensor::from_values<bool>({true}, {1});
  refuses([&] { tc::unary(UnaryOp::Floor, b); }, ErrorKind::Type, "\"floor_vml_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::unary(UnaryOp::Ceil, b); }, ErrorKind::Type, "\"ceil_vml_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::unary(UnaryOp::Round, b); }, ErrorKind::Type, "\"round_vml_cpu\" not implemented for 'Bool'");
  const Tensor i = Tensor::from_values<int64_t>({1}, {1});
  refuses([&] { tc::round(i, 2); }, ErrorKind::Type, "\"round_cpu\" not implemented for 'Long'");
  refuses([&] { tc::round(i, 0); }, ErrorKind::Type, "\"round_vml_cpu\" not implemented for 'Long'");
  refuses([&] { tc::round(b, 1); }, ErrorKind::Type, "\"round_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::unary(UnaryOp::Sigmoid, Tensor()); }, ErrorKind::Value,
          "an undefined tensor was passed as an operand");
}

TEST_CASE("zero-size, 0-D and strided operands", "[unary-ops]") {
  for (const FloatOp& f : kFloatOps) {
    const Tensor e = tc::unary(f.op, Tensor::zeros({0, 3}));
    CHECK(e.sizes() == Shape{0, 3});
    const Tensor s = tc::unary(f.op, Tensor::full({}, 0.5, DType::Float32));
    CHECK(s.ndim() == 0);
    CHECK(std::fabs(double(s.to_vector()[0]) - f.reference(0.5)) < 1e-6);
  }
  // A transposed view runs the strided loop: values as of a contiguous copy.
  const Tensor m = Tensor::from_data({-1.5f, 2.5f, 0.3f, -0.7f, 3.5f, 4.5f}, {2, 3});
  const Tensor t = tc::transpose(m, 0, 1);
  CHECK(tc::unary(UnaryOp::Round, t).to_vector() == tc::unary(UnaryOp::Round, tc::contiguous(t)).to_vector());
  CHECK(same(tc::unary(UnaryOp::Round, t).to_vector(), {-2.0f, -1.0f, 2.0f, 4.0f, 0.0f, 4.0f}));
}

TEST_CASE("random strided views against the naive reference", "[unary-ops]") {
  Random rng(1313);
  for (int trial = 0; trial < 200; ++trial) {
    const UnaryOp op = static_cast<UnaryOp>(6 + trial % 13);
    const Shape shape = rng.shape(3, 5);
    std::vector<float> v = rng.values(tc::numel(shape));
    for (float& x : v) x = x * 0.37f + (op == UnaryOp::Rsqrt || op == UnaryOp::Log1p ? 3.1f : 0.0f);
    Tensor t = Tensor::from_data(v, shape);
    if (t.ndim() >= 2) t = tc::transpose(t, 0, t.ndim() - 1);  // a strided operand
    const naive::Dense in = dense(t);
    const naive::Dense want = naive::elementwise(t.sizes(), {&in},
                                                 [op](const std::vector<float>& x) { return naive::unary(op, x[0]); });
    const std::vector<float> got = values(tc::unary(op, t));
    REQUIRE(got.size() == want.v.size());
    for (size_t i = 0; i < got.size(); ++i) {
      INFO(tc::op_name(op) << " at " << i << ": " << got[i] << " vs " << want.v[i]);
      if (std::isinf(want.v[i])) CHECK(got[i] == want.v[i]);  // 1 / 0
      else CHECK(std::fabs(got[i] - want.v[i]) <= 2.5e-7f * std::max(1.0f, std::fabs(want.v[i])));
    }
  }
}

TEST_CASE("grad_fn names and finite-difference gradients", "[unary-ops]") {
  Tensor x = f64({0.3, 1.7});
  x.set_requires_grad(true);
  for (const FloatOp& f : kFloatOps) CHECK(grad_fn(tc::unary(f.op, x)) == f.grad_fn);
  CHECK(grad_fn(tc::unary(UnaryOp::Sign, x)) == "SignBackward0");
  CHECK(grad_fn(tc::unary(UnaryOp::Floor, x)) == "FloorBackward0");
  CHECK(grad_fn(tc::unary(UnaryOp::Ceil, x)) == "CeilBackward0");
  CHECK(grad_fn(tc::unary(UnaryOp::Round, x)) == "RoundBackward0");
  CHECK(grad_fn(tc::round(x, 1)) == "RoundBackward1");
  CHECK(grad_fn(tc::unary(UnaryOp::Square, x)) == "PowBackward0");
  const std::vector<double> xs{-2.1, -0.4, 0.3, 1.1, 2.9};
  const std::vector<double> pos{0.2, 0.9, 1.7, 4.4};
  for (UnaryOp op : {UnaryOp::Sigmoid, UnaryOp::Tanh, UnaryOp::Sin, UnaryOp::Cos, UnaryOp::Expm1,
                     UnaryOp::Square, UnaryOp::Reciprocal})
    check_gradient([op](const Tensor& t) { return tc::unary(op, t); }, xs);
  for (UnaryOp op : {UnaryOp::Rsqrt, UnaryOp::Log1p})
    check_gradient([op](const Tensor& t) { return tc::unary(op, t); }, pos);
  // Piecewise constant: a zero gradient (away from the steps).
  for (UnaryOp op : {UnaryOp::Sign, UnaryOp::Floor, UnaryOp::Ceil, UnaryOp::Round})
    check_gradient([op](const Tensor& t) { return tc::unary(op, t); }, xs);
  check_gradient([](const Tensor& t) { return tc::round(t, 1); }, {-2.13, 0.31, 1.17});
}

// --- clamp

TEST_CASE("clamp with numbers: PyTorch's examples, NaN, min > max, dtypes", "[unary-ops]") {
  const Tensor a = f32({-1.7120f, 0.1734f, -0.0478f, -0.0922f});
  CHECK(same(tc::clamp(a, Scalar(-0.5), Scalar(0.5)).to_vector(), {-0.5f, 0.1734f, -0.0478f, -0.0922f}));
  const Tensor s = f32({kNan, -2.0f, 0.5f, 3.0f, -0.0f});
  CHECK(same(tc::clamp(s, Scalar(0.0), Scalar(1.0)).to_vector(), {kNan, 0.0f, 0.5f, 1.0f, -0.0f}));
  CHECK(same(tc::clamp(s, Scalar(0.0), std::nullopt).to_vector(), {kNan, 0.0f, 0.5f, 3.0f, -0.0f}));
  CHECK(same(tc::clamp(s, std::nullopt, Scalar(1.0)).to_vector(), {kNan, -2.0f, 0.5f, 1.0f, -0.0f}));
  // min > max: every element is max.
  CHECK(same(tc::clamp(s, Scalar(2.0), Scalar(1.0)).to_vector(), {kNan, 1.0f, 1.0f, 1.0f, 1.0f}));
  // A NaN bound with the other given: all NaN; alone: no effect.
  CHECK(same(tc::clamp(s, Scalar(kNan), Scalar(1.0)).to_vector(), {kNan, kNan, kNan, kNan, kNan}));
  CHECK(same(tc::clamp(s, Scalar(double(kNan)), std::nullopt).to_vector(), s.to_vector()));
  // Dtypes: a float self keeps its own; others promote with the bounds.
  const Tensor i = Tensor::from_values<int32_t>({-5, 2, 9}, {3});
  const Tensor ci = tc::clamp(i, Scalar(0), Scalar(4));
  CHECK(ci.dtype() == DType::Int32);
  CHECK(ci.values<int32_t>() == std::vector<int32_t>{0, 2, 4});
  const Tensor cf = tc::clamp(i, Scalar(0.5), std::nullopt);
  CHECK(cf.dtype() == DType::Float32);
  CHECK(same(cf.to_vector(), {0.5f, 2.0f, 9.0f}));
  CHECK(tc::clamp(f64({1.0}), Scalar(0.5), std::nullopt).dtype() == DType::Float64);
  const Tensor b = Tensor::from_values<bool>({true, false}, {2});
  CHECK(tc::clamp(b, Scalar(int64_t{0}), std::nullopt).dtype() == DType::Int64);
}

TEST_CASE("clamp refusals", "[unary-ops]") {
  const Tensor a = f32({1.0f});
  refuses([&] { tc::clamp(a, std::nullopt, std::nullopt); }, ErrorKind::Value,
          "torch.clamp: At least one of 'min' or 'max' must not be None");
  const Tensor b = Tensor::from_values<bool>({true}, {1});
  refuses([&] { tc::clamp(b, Scalar(true), Scalar(true)); }, ErrorKind::Type,
          "\"clamp_scalar_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::clamp(b, Scalar(true), std::nullopt); }, ErrorKind::Type,
          "\"clamp_min_scalar_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::clamp(b, std::nullopt, Scalar(false)); }, ErrorKind::Type,
          "\"clamp_max_scalar_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::clamp(b, tc::Operand(b), tc::Operand(b)); }, ErrorKind::Type,
          "\"clamp_cpu\" not implemented for 'Bool'");
  const Tensor u = Tensor::from_values<uint8_t>({1}, {1});
  // c10's check lets an int wrap into uint8 down to -255 (min -1 is 255).
  CHECK(tc::clamp(u, Scalar(-1), std::nullopt).values<uint8_t>() == std::vector<uint8_t>{255});
  refuses([&] { tc::clamp(u, Scalar(256), std::nullopt); }, ErrorKind::Value,
          "value cannot be converted to type uint8_t without overflow");
  refuses([&] { tc::clamp(f32({1, 2, 3}), tc::Operand(f32({0, 1})), std::nullopt); }, ErrorKind::Shape,
          "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0");
}

TEST_CASE("clamp with tensors: broadcasting, PyTorch's example, promotion, NaN", "[unary-ops]") {
  const Tensor a = f32({-1.7120f, 0.1734f, -0.0478f, -0.0922f});
  const Tensor lo = tc::linspace(-1, 1, 4, DType::Float32);
  const std::vector<float> l = lo.to_vector();
  CHECK(same(tc::clamp(a, tc::Operand(lo), std::nullopt).to_vector(), {-1.0f, 0.1734f, l[2], 1.0f}));
  // [3, 1] self, [4] min, 0-D max: a [3, 4] result.
  const Tensor x = Tensor::from_data({-2, 0.5, 5}, {3, 1});
  const Tensor mn = f32({-1, 0, 1, 2});
  const Tensor mx = Tensor::full({}, 1.5, DType::Float32);
  const Tensor r = tc::clamp(x, tc::Operand(mn), tc::Operand(mx));
  CHECK(r.sizes() == Shape{3, 4});
  CHECK(same(r.to_vector(), {-1, 0, 1, 1.5, 0.5, 0.5, 1, 1.5, 1.5, 1.5, 1.5, 1.5}));
  // min > max elementwise gives max.
  CHECK(same(tc::clamp(f32({0, 5}), tc::Operand(f32({3, 3})), tc::Operand(f32({1, 1}))).to_vector(), {1, 1}));
  // NaN: both bounds -> NaN where a bound is NaN; one bound -> maximum's NaN.
  CHECK(same(tc::clamp(f32({0.5f, 0.5f, kNan}), tc::Operand(f32({kNan, 0, 0})), tc::Operand(f32({1, kNan, 1}))).to_vector(),
             {kNan, kNan, kNan}));
  CHECK(same(tc::clamp(f32({0.5f, kNan}), tc::Operand(f32({kNan, 0})), std::nullopt).to_vector(), {kNan, kNan}));
  // Promotion over self and the bounds, as any elementwise op.
  const Tensor i = Tensor::from_values<int64_t>({-5, 2, 9}, {3});
  const Tensor p = tc::clamp(i, tc::Operand(f64({0.5})), std::nullopt);
  CHECK(p.dtype() == DType::Float64);
  const Tensor q = tc::clamp(i, tc::Operand(Tensor::from_values<int32_t>({0}, {1})), tc::Operand(Tensor::from_values<int32_t>({4}, {1})));
  CHECK(q.dtype() == DType::Int64);
  CHECK(q.values<int64_t>() == std::vector<int64_t>{0, 2, 4});
  const Tensor b = Tensor::from_values<bool>({true, false}, {2});
  CHECK(tc::clamp(b, tc::Operand(Tensor::from_values<bool>({false, true}, {2})), std::nullopt).values<bool>() ==
        std::vector<bool>{true, true});
  // Zero-size.
  CHECK(tc::clamp(Tensor::zeros({0}), tc::Operand(f32({1})), std::nullopt).sizes() == Shape{0});
}

TEST_CASE("every op records its trace under its own name", "[unary-ops]") {
  const Tensor i = Tensor::from_values<int32_t>({-3, 4}, {2});
  for (UnaryOp op : {UnaryOp::Floor, UnaryOp::Square, UnaryOp::Sigmoid, UnaryOp::Sign}) {
    tc::TraceScope scope;
    tc::unary(op, i);
    REQUIRE(!scope.events().empty());
    const auto* t = std::get_if<tc::OpTrace>(&scope.events().back());
    REQUIRE(t != nullptr);
    CHECK(t->op == tc::op_name(op));
    if (op == UnaryOp::Floor) CHECK(t->kernel == "i32_vfloor__autovec");  // a copy of an integer
    if (op == UnaryOp::Sigmoid) CHECK(t->kernel == "f32_vsigmoid__scalar_u1");
    if (op == UnaryOp::Square) CHECK(t->operands.size() == 3);  // pow(x, 2): out, a, the number 2
  }
}

TEST_CASE("clamp's trace explains a three-shape broadcast", "[unary-ops]") {
  tc::TraceScope scope;
  const Tensor x = Tensor::zeros({3, 1});
  tc::clamp(x, tc::Operand(Tensor::zeros({4})), tc::Operand(Tensor::zeros({})));
  const auto& events = scope.events();
  REQUIRE(!events.empty());
  const auto* op = std::get_if<tc::OpTrace>(&events.back());
  REQUIRE(op != nullptr);
  CHECK(op->op == "clamp");
  CHECK(op->broadcast.inputs.size() == 3);
  CHECK(op->broadcast.result == std::optional<Shape>(Shape{3, 4}));
}

TEST_CASE("clamp's gradients: masks and grad_fn names", "[unary-ops]") {
  Tensor x = f64({-2.0, -1.0, 0.0, 1.0, 2.0});
  x.set_requires_grad(true);
  const Tensor y = tc::clamp(x, Scalar(-1.0), Scalar(1.0));
  CHECK(grad_fn(y) == "ClampBackward1");
  tc::backward(tc::sum(y));
  // Gradient flows where min <= x <= max, the ends included.
  CHECK(x.grad().values<double>() == std::vector<double>{0, 1, 1, 1, 0});
  Tensor a = f64({-2.0, 0.0, 3.0, 0.5});
  Tensor lo = f64({-1.0, 1.0, 0.0, 2.0});
  Tensor hi = f64({1.0, 2.0, 2.0, 1.0});
  for (Tensor* t : {&a, &lo, &hi}) t->set_requires_grad(true);
  const Tensor z = tc::clamp(a, tc::Operand(lo), tc::Operand(hi));
  CHECK(grad_fn(z) == "ClampBackward0");
  tc::backward(tc::sum(z));
  // a: inside [min, max]; min: a < min < max; max: a > max or max < min.
  CHECK(a.grad().values<double>() == std::vector<double>{0, 0, 0, 0});
  CHECK(lo.grad().values<double>() == std::vector<double>{1, 1, 0, 0});
  CHECK(hi.grad().values<double>() == std::vector<double>{0, 0, 1, 1});
  // Finite differences, a bound broadcast from [1].
  check_gradient([](const Tensor& t) { return tc::clamp(t, tc::Operand(f64({-0.5})), tc::Operand(f64({1.5}))); },
                 {-2.1, -0.4, 0.3, 1.1, 2.9});
  check_gradient([](const Tensor& t) { return tc::clamp(f64({-2.1, -0.4, 0.3, 1.1, 2.9}), tc::Operand(t), std::nullopt); },
                 {-1.5, 0.1, 0.2, 1.6, 2.0});
}
