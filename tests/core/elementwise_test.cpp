// The elementwise engine against the naive reference (tests/reference/
// naive.h): random broadcastable shapes, every operand in a random layout
// (contiguous, permuted with gaps and an offset, expanded, a plain number),
// every op. A fixed seed per test, thousands of cases.
#include <limits>

#include "support.h"

using namespace tct;
using naive::Dense;

namespace {

// An operand whose shape broadcasts to `result`: some leading dims dropped,
// some sizes 1.
Shape operand_shape(Random& rng, const Shape& result) {
  Shape s = result;
  s.erase(s.begin(), s.begin() + rng.integer(0, static_cast<int64_t>(s.size())));
  for (int64_t& d : s)
    if (rng.integer(0, 2) == 0) d = 1;
  return s;
}

struct Operand {
  tc::Operand operand = 0.0;
  Dense model;
};

// A tensor in a random layout, or now and then an expanded view of a
// smaller one (stride 0), or a plain number.
Operand make_operand(Random& rng, const Shape& shape, bool allow_number) {
  if (allow_number && rng.integer(0, 7) == 0) {
    const float v = rng.value();
    return {static_cast<double>(v), Dense{{}, {v}}};
  }
  Dense model{shape, rng.values(naive::count(shape))};
  if (rng.integer(0, 4) == 0 && !shape.empty()) {
    Shape stored = shape;
    for (int64_t& d : stored)
      if (rng.coin()) d = 1;
    Dense small{stored, rng.values(naive::count(stored))};
    return {tc::expand(strided_copy(small, rng), shape), *naive::expand(small, shape)};
  }
  return {strided_copy(model, rng), model};
}

// Values with the awkward ones mixed in: NaN, +-inf, -0.
void sprinkle(Random& rng, Dense& d) {
  const float special[] = {std::numeric_limits<float>::quiet_NaN(),
                           std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(), -0.0f};
  for (float& v : d.v)
    if (rng.integer(0, 9) == 0) v = special[rng.integer(0, 3)];
}

void check_same(const Tensor& got, const Dense& want, bool exact) {
  REQUIRE(got.sizes() == want.shape);
  const std::vector<float> v = values(got);
  const int64_t bad = naive::first_difference(v, want.v, exact);
  INFO("first difference at element " << bad);
  CHECK(bad < 0);
}

}  // namespace

TEST_CASE("binary ops (with alpha) against the naive reference", "[engine][property]") {
  Random rng(11);
  const float alphas[] = {1.0f, 2.0f, -1.0f, 0.5f, 0.0f};
  for (int trial = 0; trial < 4000; ++trial) {
    const Shape result = rng.shape(4, 5);
    Operand a = make_operand(rng, operand_shape(rng, result), true);
    Operand b = make_operand(rng, operand_shape(rng, result), true);
    const auto op = static_cast<tc::BinaryOp>(rng.integer(0, 6));
    const float alpha = op == tc::BinaryOp::Add || op == tc::BinaryOp::Sub ? alphas[rng.integer(0, 4)] : 1.0f;
    INFO(tc::op_name(op) << " " << naive::show(a.model.shape) << " " << naive::show(b.model.shape)
                         << " alpha " << alpha);
    const auto shape = naive::broadcast({a.model.shape, b.model.shape}, nullptr);
    REQUIRE(shape.has_value());
    const Dense want = naive::elementwise(*shape, {&a.model, &b.model}, [&](const std::vector<float>& x) {
      return naive::binary(op, x[0], x[1], alpha);
    });
    check_same(tc::binary(op, a.operand, b.operand, alpha), want, naive::binary_exact(op));
  }
}

TEST_CASE("NaN, infinities and -0 go through every binary op as in PyTorch", "[engine][property]") {
  Random rng(12);
  for (int trial = 0; trial < 1500; ++trial) {
    const Shape shape = {rng.integer(1, 21)};
    Dense a{shape, rng.values(shape[0])}, b{shape, rng.values(shape[0])};
    sprinkle(rng, a);
    sprinkle(rng, b);
    const auto op = static_cast<tc::BinaryOp>(rng.integer(0, 6));
    INFO(tc::op_name(op) << " n=" << shape[0]);
    const Dense want = naive::elementwise(shape, {&a, &b}, [&](const std::vector<float>& x) {
      return naive::binary(op, x[0], x[1], 1.0f);
    });
    check_same(tc::binary(op, strided_copy(a, rng), strided_copy(b, rng)), want, naive::binary_exact(op));
  }
}

TEST_CASE("comparisons give bool, against the naive reference", "[engine][property]") {
  Random rng(13);
  for (int trial = 0; trial < 2000; ++trial) {
    const Shape result = rng.shape(4, 5);
    Operand a = make_operand(rng, operand_shape(rng, result), true);
    Operand b = make_operand(rng, operand_shape(rng, result), true);
    sprinkle(rng, a.model);  // the model only: a no longer matches, so refresh it
    a = {Tensor::from_data(a.model.v, a.model.shape), a.model};
    const auto op = static_cast<tc::CompareOp>(rng.integer(0, 5));
    INFO(tc::op_name(op) << " " << naive::show(a.model.shape) << " " << naive::show(b.model.shape));
    const auto shape = naive::broadcast({a.model.shape, b.model.shape}, nullptr);
    const Dense want = naive::elementwise(*shape, {&a.model, &b.model}, [&](const std::vector<float>& x) {
      return naive::compare(op, x[0], x[1]);
    });
    const Tensor got = tc::compare(op, a.operand, b.operand);
    CHECK(got.dtype() == tc::DType::Bool);
    check_same(got, want, true);
  }
}

TEST_CASE("where broadcasts three ways", "[engine][property]") {
  Random rng(14);
  for (int trial = 0; trial < 2000; ++trial) {
    const Shape result = rng.shape(4, 4);
    const Shape cs = operand_shape(rng, result);
    Dense c{cs, {}};
    for (int64_t i = 0; i < naive::count(cs); ++i) c.v.push_back(rng.coin() ? 1.0f : 0.0f);
    const Tensor cond = tc::Tensor::from_bools(std::vector<uint8_t>(c.v.begin(), c.v.end()), cs);
    Operand a = make_operand(rng, operand_shape(rng, result), true);
    Operand b = make_operand(rng, operand_shape(rng, result), true);
    INFO(naive::show(cs) << " " << naive::show(a.model.shape) << " " << naive::show(b.model.shape));
    const auto shape = naive::broadcast({cs, a.model.shape, b.model.shape}, nullptr);
    const Dense want = naive::elementwise(*shape, {&c, &a.model, &b.model}, [](const std::vector<float>& x) {
      return x[0] != 0 ? x[1] : x[2];
    });
    check_same(tc::where(cond, a.operand, b.operand), want, true);
  }
  tct::refuses([] { tc::where(Tensor::ones({2}), 1.0, 2.0); }, tc::ErrorKind::Type,
               "where expected condition to be a boolean tensor, but got a tensor with dtype Float");
}

TEST_CASE("unary ops on any layout", "[engine][property]") {
  Random rng(15);
  for (int trial = 0; trial < 2000; ++trial) {
    const Shape shape = rng.shape(4, 5);
    Dense a{shape, rng.values(naive::count(shape))};
    sprinkle(rng, a);
    const auto op = static_cast<tc::UnaryOp>(rng.integer(0, 5));
    INFO(tc::op_name(op) << " " << naive::show(shape));
    const Dense want = naive::elementwise(shape, {&a}, [&](const std::vector<float>& x) {
      return naive::unary(op, x[0]);
    });
    const bool exact = op != tc::UnaryOp::Exp && op != tc::UnaryOp::Log;
    check_same(tc::unary(op, strided_copy(a, rng)), want, exact);
  }
}

TEST_CASE("a bool operand of arithmetic is promoted to float32", "[engine]") {
  const Tensor c = tc::compare(tc::CompareOp::Gt, Tensor::from_data({1, -1, 2}, {3}), 0.0);
  const Tensor s = tc::add(c, 1.5);
  CHECK(s.dtype() == tc::DType::Float32);
  CHECK(values(s) == std::vector<float>{2.5f, 1.5f, 2.5f});
}

TEST_CASE("a new output follows its inputs' layout, as in PyTorch", "[engine]") {
  // Transposed inputs give a transposed (column-major) result.
  const Tensor a = tc::transpose(Tensor::zeros({3, 2}), 0, 1);
  const Tensor out = tc::add(a, a);
  CHECK(out.sizes() == Shape{2, 3});
  CHECK(out.strides() == tc::Strides{1, 2});
  // Contiguous inputs, or broadcasting, give row-major.
  CHECK(tc::add(Tensor::zeros({2, 3}), Tensor::zeros({3})).strides() == tc::Strides{3, 1});
}

TEST_CASE("size-0 results and 0-D results", "[engine]") {
  const Tensor z = tc::add(Tensor::zeros({0}), Tensor::ones({1}));
  CHECK(z.sizes() == Shape{0});
  CHECK(values(z).empty());
  CHECK(tc::mul(Tensor::zeros({2, 0, 3}), 2.0).sizes() == Shape{2, 0, 3});
  const Tensor s = tc::add(Tensor::scalar(2), Tensor::scalar(3));
  CHECK(s.sizes() == Shape{});
  CHECK(s.item() == 5.0f);
  CHECK(values(tc::add(Tensor::scalar(1), Tensor::from_data({1, 2}, {2}))) == std::vector<float>{2, 3});
}

TEST_CASE("where of two bool tensors is bool, as in PyTorch", "[engine]") {
  const Tensor c = Tensor::from_bools({1, 0, 1}, {3});
  const Tensor x = Tensor::from_bools({1, 1, 0}, {3});
  const Tensor y = Tensor::from_bools({0}, {1});
  const Tensor w = tc::where(c, x, y);
  CHECK(w.dtype() == tc::DType::Bool);
  CHECK(values(w) == std::vector<float>{1, 0, 0});
  // A number, or one float operand, makes the result float32.
  CHECK(tc::where(c, x, 0.0).dtype() == tc::DType::Float32);
  CHECK(tc::where(c, x, Tensor::zeros({3})).dtype() == tc::DType::Float32);
}
