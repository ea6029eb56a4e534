// Autograd (Note [Autograd], Note [Gradient reduction]): every op's
// gradient against central finite differences, with broadcasting on every
// input, so that each gradient must be summed back (sum_to) the right way.
#include <cmath>
#include <functional>
#include <limits>

#include "autograd/node.h"
#include "support.h"

using namespace tct;
using tc::BinaryOp;
using tc::ErrorKind;
using tc::UnaryOp;

namespace {

using Fn = std::function<Tensor(const std::vector<Tensor>&)>;

// loss = sum(f(inputs) * w) with weights that differ everywhere, so that a
// gradient summed over the wrong dims gives wrong numbers even when its
// shape happens to be right.
double loss_value(const Fn& f, const std::vector<Tensor>& inputs, const Tensor& w) {
  tc::NoGradGuard no_grad;
  const std::vector<float> out = values(tc::mul(f(inputs), w));
  double s = 0;
  for (float v : out) s += v;
  return s;
}

// Compares x.grad of every input with (loss(x + h) - loss(x - h)) / 2h.
void check_gradients(const Fn& f, std::vector<Tensor> inputs, Random& rng) {
  for (Tensor& t : inputs) t.set_requires_grad(true);
  Shape out_shape;
  {
    tc::NoGradGuard no_grad;
    out_shape = f(inputs).sizes();
  }
  std::vector<float> wv(static_cast<size_t>(tc::numel(out_shape)));
  for (float& v : wv) v = 0.5f + static_cast<float>(rng.integer(0, 20)) / 20.0f;
  const Tensor w = Tensor::from_data(wv, out_shape);
  tc::backward(tc::sum(tc::mul(f(inputs), w)));
  const float h = 1e-2f;
  for (size_t k = 0; k < inputs.size(); ++k) {
    Tensor& x = inputs[k];
    REQUIRE(x.grad().defined());
    REQUIRE(x.grad().sizes() == x.sizes());
    const std::vector<float> got = values(x.grad());
    for (int64_t i = 0; i < x.numel(); ++i) {
      float* cell = x.f32() + i;  // inputs are contiguous here
      const float saved = *cell;
      *cell = saved + h;
      const double up = loss_value(f, inputs, w);
      *cell = saved - h;
      const double down = loss_value(f, inputs, w);
      *cell = saved;
      const double numeric = (up - down) / (2.0 * h);
      INFO("input " << k << " of shape " << naive::show(x.sizes()) << ", element " << i);
      CHECK(std::fabs(got[static_cast<size_t>(i)] - numeric) <= 2e-2 * std::max(1.0, std::fabs(numeric)));
    }
  }
}

// Values away from the kinks and poles of the ops under test.
Tensor smooth(Random& rng, const Shape& shape, bool positive) {
  std::vector<float> v(static_cast<size_t>(tc::numel(shape)));
  for (float& x : v) {
    x = 0.5f + static_cast<float>(rng.integer(0, 30)) / 20.0f;  // 0.5 .. 2
    if (!positive && rng.coin()) x = -x;
  }
  return Tensor::from_data(v, shape);
}

// Two shapes that broadcast, each stretched somewhere.
std::pair<Shape, Shape> broadcast_pair(Random& rng) {
  const Shape result = {rng.integer(1, 3), rng.integer(1, 3), rng.integer(2, 3)};
  Shape a = result, b = result;
  a.erase(a.begin(), a.begin() + rng.integer(0, 2));
  for (int64_t& d : a)
    if (rng.coin()) d = 1;
  for (int64_t& d : b)
    if (rng.coin()) d = 1;
  return {a, b};
}

}  // namespace

TEST_CASE("gradients of binary ops with broadcasting, against finite differences",
          "[autograd][property]") {
  Random rng(41);
  for (int trial = 0; trial < 140; ++trial) {
    const auto op = static_cast<BinaryOp>(trial % 7);
    const auto [sa, sb] = broadcast_pair(rng);
    const bool positive = op == BinaryOp::Pow || op == BinaryOp::Div;
    Tensor a = smooth(rng, sa, positive), b = smooth(rng, sb, positive);
    if (op == BinaryOp::Maximum || op == BinaryOp::Minimum) {
      // No ties within h of each other: at a tie the gradient of max is a
      // convention, not a limit.
      b = tc::add(b, 0.025);
    }
    const double alpha = op == BinaryOp::Add || op == BinaryOp::Sub ? -1.5 : 1.0;
    INFO(tc::op_name(op) << " " << naive::show(sa) << " " << naive::show(sb));
    check_gradients([op, alpha](const std::vector<Tensor>& x) { return tc::binary(op, x[0], x[1], alpha); },
                    {a, b}, rng);
  }
}

TEST_CASE("gradients of unary ops, where and views", "[autograd][property]") {
  Random rng(42);
  for (int trial = 0; trial < 60; ++trial) {
    const auto op = static_cast<UnaryOp>(trial % 6);
    const bool positive = op == UnaryOp::Log || op == UnaryOp::Sqrt;
    INFO(tc::op_name(op));
    check_gradients([op](const std::vector<Tensor>& x) { return tc::unary(op, x[0]); },
                    {smooth(rng, {2, 3}, positive)}, rng);
  }
  const Tensor cond = tc::Tensor::from_bools({1, 0, 1}, {3});
  check_gradients([&](const std::vector<Tensor>& x) { return tc::where(cond, x[0], x[1]); },
                  {smooth(rng, {2, 1}, false), smooth(rng, {3}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::expand(x[0], {2, 3, 4}); },
                  {smooth(rng, {3, 1}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::permute(x[0], {2, 0, 1}); },
                  {smooth(rng, {2, 3, 4}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::transpose(x[0], 0, 1); },
                  {smooth(rng, {2, 3}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::narrow(x[0], 1, 1, 2); },
                  {smooth(rng, {2, 4}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::reshape(tc::transpose(x[0], 0, 1), {6}); },
                  {smooth(rng, {2, 3}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::squeeze(tc::unsqueeze(x[0], 1)); },
                  {smooth(rng, {2, 3}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::sum(x[0], {0, 2}, true); },
                  {smooth(rng, {2, 3, 2}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::sum_to(x[0], {3, 1}); },
                  {smooth(rng, {2, 3, 2}, false)}, rng);
  check_gradients([](const std::vector<Tensor>& x) { return tc::contiguous(tc::transpose(x[0], 0, 1)); },
                  {smooth(rng, {2, 3}, false)}, rng);
}

TEST_CASE("a wrong reduction would have the right shape: (4,1) + (4)", "[autograd]") {
  // out[i][j] = x[i] + y[j]. x.grad[i] = sum_j w[i][j], y.grad[j] = sum_i
  // w[i][j]: both have 4 numbers, so summing over the wrong dim still
  // gives the right shapes. Only the numbers tell.
  Tensor x = Tensor::zeros({4, 1});
  Tensor y = Tensor::zeros({4});
  x.set_requires_grad(true);
  y.set_requires_grad(true);
  const Tensor w = tc::view(Tensor::arange(0, 16), {4, 4});
  tc::backward(tc::sum(tc::mul(tc::add(x, y), w)));
  CHECK(x.grad().sizes() == Shape{4, 1});
  CHECK(values(x.grad()) == std::vector<float>{6, 22, 38, 54});
  CHECK(y.grad().sizes() == Shape{4});
  CHECK(values(y.grad()) == std::vector<float>{24, 28, 32, 36});
}

TEST_CASE("a size-1 dim kept by expand: the gradient is summed, not sliced", "[autograd]") {
  Tensor b = Tensor::zeros({1, 3});
  b.set_requires_grad(true);
  const Tensor w = tc::view(Tensor::arange(1, 7), {2, 3});
  tc::backward(tc::sum(tc::mul(tc::expand(b, {2, 3}), w)));
  CHECK(b.grad().sizes() == Shape{1, 3});
  CHECK(values(b.grad()) == std::vector<float>{5, 7, 9});
}

TEST_CASE("gradients accumulate: a tensor used twice, and backward run twice", "[autograd]") {
  Tensor a = Tensor::from_data({1, 2, 3}, {3});
  a.set_requires_grad(true);
  tc::backward(tc::sum(tc::add(tc::mul(a, a), a)));  // d/da (a^2 + a) = 2a + 1
  CHECK(values(a.grad()) == std::vector<float>{3, 5, 7});
  tc::backward(tc::sum(a));
  CHECK(values(a.grad()) == std::vector<float>{4, 6, 8});
  a.zero_grad();
  CHECK_FALSE(a.grad().defined());
}

TEST_CASE("backward with an explicit gradient of the output's shape", "[autograd]") {
  Tensor a = Tensor::from_data({1, 2}, {2, 1});
  a.set_requires_grad(true);
  const Tensor out = tc::mul(a, Tensor::ones({3}));  // [2, 3]
  tc::backward(out, Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 3}));
  CHECK(values(a.grad()) == std::vector<float>{6, 15});
  refuses([&] { tc::backward(out, Tensor::ones({3, 2})); }, ErrorKind::Autograd,
          "Mismatch in shape: grad_output[0] has a shape of torch.Size([3, 2]) and output[0] "
          "has a shape of torch.Size([2, 3]).");
}

TEST_CASE("detach and no_grad stop the graph", "[autograd]") {
  Tensor a = Tensor::from_data({1, 2}, {2});
  a.set_requires_grad(true);
  const Tensor d = tc::detach(a);
  CHECK_FALSE(d.requires_grad());
  CHECK(d.shares_storage(a));
  {
    tc::NoGradGuard no_grad;
    CHECK_FALSE(tc::grad_enabled());
    CHECK_FALSE(tc::mul(a, 2.0).requires_grad());
  }
  CHECK(tc::grad_enabled());
  const Tensor y = tc::add(tc::mul(a, 2.0), tc::mul(d, 100.0));
  tc::backward(tc::sum(y));
  CHECK(values(a.grad()) == std::vector<float>{2, 2});
}

TEST_CASE("autograd errors: PyTorch's texts", "[autograd]") {
  Tensor a = Tensor::ones({2});
  refuses([&] { tc::backward(tc::sum(a)); }, ErrorKind::Autograd,
          "element 0 of tensors does not require grad and does not have a grad_fn");
  a.set_requires_grad(true);
  refuses([&] { tc::backward(tc::mul(a, 2.0)); }, ErrorKind::Autograd,
          "grad can be implicitly created only for scalar outputs");
  Tensor y = tc::mul(a, 2.0);
  refuses([&] { y.set_requires_grad(false); }, ErrorKind::Autograd,
          "you can only change requires_grad flags of leaf variables.");
  Tensor c = tc::compare(tc::CompareOp::Gt, Tensor::ones({2}), 0.0);
  refuses([&] { c.set_requires_grad(true); }, ErrorKind::Autograd,
          "only Tensors of floating point and complex dtype can require gradients");
  CHECK_FALSE(a.grad().defined());
}

TEST_CASE("the gradient of a leaf is a tensor of its own", "[autograd]") {
  Tensor a = Tensor::ones({3});
  a.set_requires_grad(true);
  const Tensor g = Tensor::from_data({1, 2, 3}, {3});
  tc::backward(a, g);
  CHECK(values(a.grad()) == std::vector<float>{1, 2, 3});
  CHECK_FALSE(a.grad().shares_storage(g));
}

TEST_CASE("a second backward: fine where nothing was saved, else PyTorch's error",
          "[autograd]") {
  Tensor a = Tensor::from_data({1, 2}, {2});
  a.set_requires_grad(true);
  SECTION("add saves nothing: run it again") {
    const Tensor loss = tc::sum(tc::add(a, 1.0));
    tc::backward(loss);
    tc::backward(loss);
    CHECK(values(a.grad()) == std::vector<float>{2, 2});
  }
  SECTION("mul saved its inputs: freed after the first pass") {
    const Tensor loss = tc::sum(tc::mul(a, a));
    tc::backward(loss);
    refuses([&] { tc::backward(loss); }, ErrorKind::Autograd,
            "Trying to backward through the graph a second time (or directly access saved "
            "tensors after they have already been freed). Saved intermediate values of the graph "
            "are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if "
            "you need to backward through the graph a second time or if you need to access saved "
            "tensors after calling backward.");
    CHECK(values(a.grad()) == std::vector<float>{2, 4});
  }
  SECTION("retain_graph keeps them") {
    const Tensor loss = tc::sum(tc::mul(a, a));
    tc::backward(loss, Tensor(), true);
    tc::backward(loss);
    CHECK(values(a.grad()) == std::vector<float>{4, 8});
  }
  SECTION("a failed pass leaves .grad as it was") {
    Tensor b = Tensor::from_data({3, 4}, {2});
    const Tensor loss = tc::add(tc::sum(tc::mul(a, b)), tc::sum(a));
    tc::binary_(BinaryOp::Add, b, 1.0);
    CHECK_THROWS_AS(tc::backward(loss), tc::Error);
    CHECK_FALSE(a.grad().defined());
  }
}

TEST_CASE("add's inputs may change in place before backward: it saved none", "[autograd]") {
  Tensor a = Tensor::from_data({1, 2}, {2});
  a.set_requires_grad(true);
  Tensor b = Tensor::from_data({3, 4}, {2});
  const Tensor loss = tc::sum(tc::add(a, b));
  tc::binary_(BinaryOp::Mul, b, 10.0);
  tc::backward(loss);
  CHECK(values(a.grad()) == std::vector<float>{1, 1});
}

TEST_CASE("maximum's gradient: ties split, NaN gives both the gradient", "[autograd]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Tensor a = Tensor::from_data({1, 5, 2, nan}, {4});
  Tensor b = Tensor::from_data({3, 4, 2, 1}, {4});
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  tc::backward(tc::sum(tc::maximum(a, b)));
  CHECK(values(a.grad()) == std::vector<float>{0, 1, 0.5f, 1});
  CHECK(values(b.grad()) == std::vector<float>{1, 0, 0.5f, 1});
}

TEST_CASE("two leaves handed the same gradient get tensors of their own", "[autograd]") {
  Tensor a = Tensor::ones({3});
  Tensor b = Tensor::ones({3});
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  tc::backward(tc::add(a, b), Tensor::from_data({1, 2, 3}, {3}));  // add passes g to both
  CHECK_FALSE(a.grad().shares_storage(b.grad()));
  Tensor ga = a.grad();
  tc::binary_(BinaryOp::Mul, ga, 10.0);
  CHECK(values(b.grad()) == std::vector<float>{1, 2, 3});
  // A gradient nothing else holds is kept as it is, and is what .grad shows.
  Tensor c = Tensor::ones({2, 3});
  c.set_requires_grad(true);
  tc::backward(tc::sum(tc::mul(c, Tensor::full({2, 3}, 2.0f))));
  CHECK(values(c.grad()) == std::vector<float>(6, 2.0f));
  CHECK(c.grad().is_contiguous());
}

// grad_fn=<...> prints PyTorch's name for the node's class, which numbers
// the overloads of one op apart.
TEST_CASE("each node carries PyTorch's grad_fn name, overloads numbered", "[autograd]") {
  Tensor x = Tensor::from_data({1, 2, 3}, {1, 3});
  x.set_requires_grad(true);
  auto name = [](const Tensor& t) { return t.impl().grad_fn->grad_fn; };
  CHECK(name(tc::add(x, 1.0)) == "AddBackward0");
  CHECK(name(tc::maximum(x, x)) == "MaximumBackward0");
  CHECK(name(tc::unary(UnaryOp::Relu, x)) == "ReluBackward0");
  CHECK(name(tc::pow(x, 2.0)) == "PowBackward0");
  CHECK(name(tc::pow(x, x)) == "PowBackward1");
  CHECK(name(tc::pow(2.0, x)) == "PowBackward2");
  CHECK(name(tc::sum(x)) == "SumBackward0");
  CHECK(name(tc::sum(x, {1}, false)) == "SumBackward1");
  CHECK(name(tc::squeeze(x)) == "SqueezeBackward0");
  CHECK(name(tc::squeeze(x, 0)) == "SqueezeBackward1");
  CHECK(name(tc::narrow(x, 1, 0, 2)) == "SliceBackward0");
  CHECK(name(tc::expand(x, {2, 3})) == "ExpandBackward0");
  // The trace keeps the op's own name.
  CHECK(tc::sum(x, {1}, false).impl().grad_fn->op == "sum");
}

// --- matmul (src/ops/matmul.cpp, Note [matmul backward])
TEST_CASE("gradients of matmul on every route, broadcast batch dims summed back, against finite "
          "differences", "[autograd][matmul]") {
  Random rng(77);
  const std::vector<std::pair<Shape, Shape>> pairs = {
      {{3}, {3}},                      // dot
      {{2, 3}, {3}},                   // mv
      {{3}, {3, 4}},                   // 1-D @ 2-D: a 1 prepended, removed after
      {{2, 3}, {3, 4}},                // mm
      {{2, 2, 3}, {3, 4}},             // folded mm: b's gradient summed over a's batch
      {{2, 2, 3}, {3}},                // folded mv
      {{3}, {2, 3, 2}},                // 1-D @ N-D: a's gradient summed over b's batch
      {{2, 3}, {2, 3, 4}},             // 2-D @ N-D
      {{2, 1, 2, 3}, {3, 3, 2}},       // bmm, both sides broadcast: [2, 3, 2, 2]
      {{1, 2, 3}, {2, 3, 1}},
  };
  for (const auto& [sa, sb] : pairs) {
    INFO("a " << naive::show(sa) << " b " << naive::show(sb));
    check_gradients([](const std::vector<Tensor>& x) { return tc::matmul(x[0], x[1]); },
                    {smooth(rng, sa, false), smooth(rng, sb, false)}, rng);
  }
}
