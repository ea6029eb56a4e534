// Reductions over dims beside sum (src/ops/reduce_dims.cpp, softmax.cpp):
// values, dtypes and shapes as PyTorch gives them (its docs' examples and
// hand-computed cases), 0-D and zero-size inputs, every error text,
// random shapes against the naive reference, gradients against finite
// differences, and the traces.
#include <cmath>
#include <limits>

#include "autograd/node.h"
#include "engine/simd.h"
#include "support.h"
#include "trace_schema.h"
#include "work.h"

using namespace tct;
using tc::DType;
using tc::ErrorKind;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

Tensor f32(const std::vector<float>& v, const Shape& s) { return Tensor::from_data(v, s); }
Tensor i64(const std::vector<int64_t>& v, const Shape& s) {
  return Tensor::from_values<int64_t>(v, s);
}
std::vector<int64_t> ints(const Tensor& t) { return t.values<int64_t>(); }

bool close(const std::vector<float>& got, const std::vector<float>& want) {
  return naive::first_difference(got, want, false) < 0;
}

std::string grad_fn_of(const Tensor& t) {
  const auto& node = t.impl().grad_fn;
  return node ? node->grad_fn : "";
}

// Central differences on float64 inputs (accurate to ~1e-8), for
// loss = sum(f(x) * w) with weights that differ everywhere.
void check_gradient(const std::function<Tensor(const Tensor&)>& f, const Tensor& x0) {
  Tensor x = tc::to(x0, DType::Float64);
  x = tc::clone(x);
  x.set_requires_grad(true);
  Shape out_shape;
  {
    tc::NoGradGuard no_grad;
    out_shape = f(x).sizes();
  }
  std::vector<double> wv(static_cast<size_t>(tc::numel(out_shape)));
  for (size_t i = 0; i < wv.size(); ++i) wv[i] = 0.5 + 0.25 * static_cast<double>(i % 5);
  const Tensor w = Tensor::from_values<double>(wv, out_shape);
  tc::backward(tc::sum(tc::mul(f(x), w)));
  REQUIRE(x.grad().defined());
  const std::vector<double> got = x.grad().values<double>();
  auto loss = [&] {
    tc::NoGradGuard no_grad;
    return tc::sum(tc::mul(f(x), w)).item();
  };
  const double h = 1e-6;
  for (int64_t i = 0; i < x.numel(); ++i) {
    double* cell = x.data<double>() + i;
    const double saved = *cell;
    *cell = saved + h;
    const double up = loss();
    *cell = saved - h;
    const double down = loss();
    *cell = saved;
    const double numeric = (up - down) / (2 * h);
    INFO("element " << i << " of " << naive::show(x.sizes()));
    CHECK(std::fabs(got[static_cast<size_t>(i)] - numeric) <= 1e-5 * std::max(1.0, std::fabs(numeric)));
  }
}

const tc::OpTrace& last_op(const tc::TraceScope& scope) {
  const auto* op = std::get_if<tc::OpTrace>(&scope.events().back());
  REQUIRE(op != nullptr);
  return *op;
}

}  // namespace

// --- PyTorch's examples and hand-computed values

TEST_CASE("mean: everything, over dims, keepdim, float64", "[reductions]") {
  const Tensor x = f32({1, 2, 3, 4}, {2, 2});
  CHECK(tc::mean(x).sizes() == Shape{});
  CHECK(tc::mean(x).item() == 2.5);
  CHECK(values(tc::mean(x, {0}, false)) == std::vector<float>{2, 3});
  CHECK(values(tc::mean(x, {-1}, true)) == std::vector<float>{1.5f, 3.5f});
  CHECK(tc::mean(x, {-1}, true).sizes() == Shape{2, 1});
  CHECK(tc::mean(x, {0, 1}, false).item() == 2.5);
  const Tensor d = tc::to(x, DType::Float64);
  CHECK(tc::mean(d, {1}, false).dtype() == DType::Float64);
  CHECK(tc::mean(d, {1}, false).values<double>() == std::vector<double>{1.5, 3.5});
}

TEST_CASE("amax, amin: several dims, ties, NaN, every dtype", "[reductions]") {
  const Tensor x = f32({1, 5, 5, 7, 2, 7}, {2, 3});
  CHECK(values(tc::amax(x, {1}, false)) == std::vector<float>{5, 7});
  CHECK(values(tc::amin(x, {0}, false)) == std::vector<float>{1, 2, 5});
  CHECK(tc::amax(x, {0, 1}, false).item() == 7.0);
  CHECK(tc::amax(x, {}, true).sizes() == Shape{1, 1});  // dim=[]: every dim
  CHECK(std::isnan(tc::amax(f32({1, kNaN, 3}, {3}), {0}, false).item()));
  CHECK(std::isnan(tc::amin(f32({kNaN, 1, 3}, {3}), {0}, false).item()));
  CHECK(tc::amax(i64({3, -9, 4}, {3}), {0}, false).dtype() == DType::Int64);
  CHECK(ints(tc::amin(i64({3, -9, 4}, {3}), {0}, false)) == std::vector<int64_t>{-9});
  const Tensor b = Tensor::from_bools({0, 1, 0, 0}, {2, 2});
  CHECK(tc::amax(b, {1}, false).values<bool>() == std::vector<bool>{true, false});
}

TEST_CASE("max(dim), min(dim): values and the first index; NaN wins", "[reductions]") {
  const Tensor x = f32({1, 5, 5, 7, 2, 7}, {2, 3});
  const tc::ValuesIndices m = tc::max(x, 1, false);
  CHECK(values(m.values) == std::vector<float>{5, 7});
  CHECK(m.indices.dtype() == DType::Int64);
  CHECK(ints(m.indices) == std::vector<int64_t>{1, 0});
  const tc::ValuesIndices n = tc::min(x, 0, true);
  CHECK(n.values.sizes() == Shape{1, 3});
  CHECK(values(n.values) == std::vector<float>{1, 2, 5});
  CHECK(ints(n.indices) == std::vector<int64_t>{0, 1, 0});
  const tc::ValuesIndices withnan = tc::max(f32({1, kNaN, 9, kNaN}, {4}), 0, false);
  CHECK(std::isnan(withnan.values.item()));
  CHECK(ints(withnan.indices) == std::vector<int64_t>{1});
  CHECK(ints(tc::min(f32({3, 1, 1}, {3}), -1, false).indices) == std::vector<int64_t>{1});
}

TEST_CASE("max(), min(): 0-D over everything", "[reductions]") {
  const Tensor x = f32({1, 5, -5, 7, 2, 7}, {2, 3});
  CHECK(tc::max(x).sizes() == Shape{});
  CHECK(tc::max(x).item() == 7.0);
  CHECK(tc::min(x).item() == -5.0);
  CHECK(std::isnan(tc::min(f32({1, kNaN}, {2})).item()));
  CHECK(tc::max(i64({4, 2}, {2})).dtype() == DType::Int64);
}

TEST_CASE("argmax, argmin: with and without a dim, ties, NaN", "[reductions]") {
  const Tensor x = f32({1, 5, 5, 7, 2, 7}, {2, 3});
  CHECK(ints(tc::argmax(x, std::nullopt, false)) == std::vector<int64_t>{3});
  CHECK(tc::argmax(x, std::nullopt, false).sizes() == Shape{});
  CHECK(tc::argmax(x, std::nullopt, true).sizes() == Shape{1, 1});
  CHECK(ints(tc::argmax(x, 1, false)) == std::vector<int64_t>{1, 0});
  CHECK(ints(tc::argmin(x, 0, true)) == std::vector<int64_t>{0, 1, 0});
  CHECK(tc::argmin(x, 0, true).sizes() == Shape{1, 3});
  CHECK(ints(tc::argmax(f32({1, kNaN, kNaN}, {3}), std::nullopt, false)) == std::vector<int64_t>{1});
  CHECK(ints(tc::argmin(i64({4, 1, 1}, {3}), 0, false)) == std::vector<int64_t>{1});
}

TEST_CASE("prod: values, dtypes, empty and one-element", "[reductions]") {
  const Tensor x = f32({1, 2, 3, 4}, {2, 2});
  CHECK(tc::prod(x, std::nullopt, false).item() == 24.0);
  CHECK(values(tc::prod(x, 1, false)) == std::vector<float>{2, 12});
  CHECK(tc::prod(x, 0, true).sizes() == Shape{1, 2});
  const Tensor p = tc::prod(Tensor::from_values<int32_t>({2, 3, 4}, {3}), std::nullopt, false);
  CHECK(p.dtype() == DType::Int64);
  CHECK(ints(p) == std::vector<int64_t>{24});
  CHECK(tc::prod(Tensor::from_bools({1, 1}, {2}), std::nullopt, false).dtype() == DType::Int64);
  CHECK(tc::prod(Tensor::zeros({0}), std::nullopt, false).item() == 1.0);
  CHECK(values(tc::prod(Tensor::zeros({2, 0}), 1, false)) == std::vector<float>{1, 1});
}

TEST_CASE("var, std: correction, several dims, float64", "[reductions]") {
  const Tensor x = f32({1, 2, 3, 4}, {4});
  CHECK(tc::var(x, {}, 1, false).item() == Approx(5.0 / 3.0));
  CHECK(tc::var(x, {}, 0, false).item() == 1.25);
  CHECK(tc::std(x, {}, 0, false).item() == Approx(std::sqrt(1.25)));
  const Tensor y = f32({1, 3, 2, 6}, {2, 2});
  CHECK(values(tc::var(y, {1}, 1, false)) == std::vector<float>{2, 8});
  CHECK(values(tc::var(y, {0}, 1, true)) == std::vector<float>{0.5f, 4.5f});
  CHECK(tc::var(y, {0, 1}, 1, false).item() == Approx(14.0 / 3.0));
  // One element with correction 1: 0 / 0.
  CHECK(std::isnan(tc::var(f32({3}, {1}), {}, 1, false).item()));
  CHECK(tc::var(tc::to(y, DType::Float64), {1}, 0, false).values<double>() == std::vector<double>{1, 4});
}

TEST_CASE("logsumexp: stable for large values, -inf rows, ints", "[reductions]") {
  CHECK(tc::logsumexp(f32({0, 0}, {2}), {0}, false).item() == Approx(std::log(2.0)));
  CHECK(tc::logsumexp(f32({1000, 1000}, {2}), {0}, false).item() == Approx(1000 + std::log(2.0)));
  CHECK(tc::logsumexp(f32({-kInf, -kInf}, {2}), {0}, false).item() == -kInf);
  CHECK(tc::logsumexp(f32({kInf, 1}, {2}), {0}, false).item() == kInf);
  const Tensor x = f32({0, 1, 2, 3}, {2, 2});
  CHECK(close(values(tc::logsumexp(x, {1}, true)),
              {static_cast<float>(std::log(1 + std::exp(1.0))),
               static_cast<float>(std::log(std::exp(2.0) + std::exp(3.0)))}));
  CHECK(tc::logsumexp(x, {1}, true).sizes() == Shape{2, 1});
  const Tensor li = tc::logsumexp(i64({0, 0}, {2}), {0}, false);
  CHECK(li.dtype() == DType::Float32);
  CHECK(li.item() == Approx(std::log(2.0)));
}

TEST_CASE("softmax, log_softmax: rows that sum to 1, any dim, extreme values", "[reductions]") {
  CHECK(close(values(tc::softmax(f32({0, std::log(3.0f)}, {2}), 0)), {0.25f, 0.75f}));
  CHECK(close(values(tc::softmax(Tensor::ones({2, 4}), 1)), std::vector<float>(8, 0.25f)));
  const Tensor x = f32({1, 2, 3, 4, 5, 6}, {2, 3});
  const std::vector<float> s0 = values(tc::softmax(x, 0));
  const float e3 = static_cast<float>(1 / (1 + std::exp(3.0)));
  CHECK(close(s0, {e3, e3, e3, 1 - e3, 1 - e3, 1 - e3}));
  CHECK(close(values(tc::log_softmax(f32({0, 0}, {2}), 0)),
              {-std::log(2.0f), -std::log(2.0f)}));
  // Large logits do not overflow; -inf gets 0 (log: -inf).
  CHECK(close(values(tc::softmax(f32({1000, 1000, -kInf}, {3}), 0)), {0.5f, 0.5f, 0}));
  CHECK(values(tc::log_softmax(f32({0, -kInf}, {2}), 0))[1] == -kInf);
  // NaN anywhere in a row: the row is NaN.
  for (float v : values(tc::softmax(f32({1, kNaN, 2}, {3}), 0))) CHECK(std::isnan(v));
  // ... wherever the NaN falls in a long row (each of the four running maxima).
  for (int64_t at : {0, 5, 18, 37, 99}) {
    std::vector<float> row(100, 1.0f);
    row[static_cast<size_t>(at)] = kNaN;
    for (float v : values(tc::softmax(f32(row, {100}), 0))) CHECK(std::isnan(v));
  }
  // The result is contiguous whatever the input.
  const Tensor t = tc::transpose(x, 0, 1);
  CHECK(tc::softmax(t, 1).is_contiguous());
  CHECK(close(values(tc::softmax(t, 1)), values(tc::contiguous(tc::transpose(tc::softmax(x, 0), 0, 1)))));
}

TEST_CASE("all, any: bool results, uint8 kept, NaN is true", "[reductions]") {
  const Tensor b = Tensor::from_bools({1, 1, 0, 1}, {2, 2});
  CHECK(tc::all(b, std::nullopt, false).values<bool>() == std::vector<bool>{false});
  CHECK(tc::all(b, 1, false).values<bool>() == std::vector<bool>{true, false});
  CHECK(tc::any(b, 0, true).values<bool>() == std::vector<bool>{true, true});
  CHECK(tc::any(b, 0, true).sizes() == Shape{1, 2});
  const Tensor u = Tensor::from_values<uint8_t>({0, 7}, {2});
  CHECK(tc::any(u, std::nullopt, false).dtype() == DType::UInt8);
  CHECK(tc::any(u, std::nullopt, false).values<uint8_t>() == std::vector<uint8_t>{1});
  CHECK(tc::all(u, 0, false).values<uint8_t>() == std::vector<uint8_t>{0});
  CHECK(tc::all(f32({kNaN, 2}, {2}), std::nullopt, false).dtype() == DType::Bool);
  CHECK(tc::all(f32({kNaN, 2}, {2}), std::nullopt, false).values<bool>() == std::vector<bool>{true});
  CHECK(tc::any(i64({0, 0}, {2}), std::nullopt, false).values<bool>() == std::vector<bool>{false});
}

// --- 0-D and zero-size

TEST_CASE("reductions of a 0-D tensor", "[reductions]") {
  const Tensor s = Tensor::scalar(4.0f);
  CHECK(tc::mean(s).item() == 4.0);
  CHECK(tc::mean(s, {0}, true).sizes() == Shape{});
  CHECK(tc::amax(s, {-1}, false).item() == 4.0);
  CHECK(tc::max(s, 0, false).values.item() == 4.0);
  CHECK(ints(tc::max(s, 0, false).indices) == std::vector<int64_t>{0});
  CHECK(tc::max(s).item() == 4.0);
  CHECK(ints(tc::argmax(s, 0, false)) == std::vector<int64_t>{0});
  CHECK(tc::prod(s, 0, false).item() == 4.0);
  CHECK(std::isnan(tc::var(s, {}, 1, false).item()));
  CHECK(tc::var(s, {}, 0, false).item() == 0.0);
  CHECK(tc::logsumexp(s, {0}, false).item() == 4.0);
  CHECK(tc::softmax(s, 0).item() == 1.0);
  CHECK(tc::log_softmax(s, -1).item() == 0.0);
  CHECK(tc::all(s, 0, false).sizes() == Shape{});
}

TEST_CASE("reductions of zero-size tensors and empty reductions", "[reductions]") {
  const Tensor e = Tensor::zeros({2, 0});
  CHECK(std::isnan(tc::mean(Tensor::zeros({0})).item()));
  const std::vector<float> m = values(tc::mean(e, {1}, false));
  CHECK((m.size() == 2 && std::isnan(m[0]) && std::isnan(m[1])));
  CHECK(tc::mean(e, {0}, false).sizes() == Shape{0});
  CHECK(tc::amax(e, {0}, false).sizes() == Shape{0});  // the reduced dim is not empty
  CHECK(tc::max(e, 0, true).values.sizes() == Shape{1, 0});
  CHECK(tc::max(e, 0, true).indices.sizes() == Shape{1, 0});
  CHECK(tc::argmax(e, 0, false).sizes() == Shape{0});
  CHECK(std::isnan(tc::var(e, {1}, 1, false).to_vector()[0]));
  CHECK(tc::std(e, {0}, 1, false).sizes() == Shape{0});
  CHECK(values(tc::logsumexp(e, {1}, false)) == std::vector<float>{-kInf, -kInf});
  CHECK(tc::softmax(e, 1).sizes() == Shape{2, 0});
  CHECK(tc::all(e, 1, false).values<bool>() == std::vector<bool>{true, true});
  CHECK(tc::any(e, std::nullopt, false).values<bool>() == std::vector<bool>{false});
  // softmax of an empty integer tensor returns before its dtype is refused.
  CHECK(tc::softmax(Tensor::zeros({0}, DType::Int64), 0).dtype() == DType::Int64);
}

// --- PyTorch's errors, word for word

TEST_CASE("reductions: PyTorch's errors", "[reductions]") {
  const Tensor x = Tensor::ones({2, 3});
  const Tensor e = Tensor::zeros({2, 0});
  const Tensor l = i64({1, 2}, {2});
  refuses([&] { tc::mean(l); }, ErrorKind::Type,
          "mean(): could not infer output dtype. Input dtype must be either a floating point or "
          "complex dtype. Got: Long");
  refuses([&] { tc::mean(Tensor::from_bools({1}, {1}), {0}, false); }, ErrorKind::Type,
          "mean(): could not infer output dtype. Input dtype must be either a floating point or "
          "complex dtype. Got: Bool");
  refuses([&] { tc::mean(x, {1, -1}, false); }, ErrorKind::Index,
          "dim 1 appears multiple times in the list of dims");
  refuses([&] { tc::amax(x, {2}, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([&] { tc::amax(e, {1}, false); }, ErrorKind::Index,
          "amax(): Expected reduction dim 1 to have non-zero size.");
  refuses([&] { tc::amin(e, {-1}, false); }, ErrorKind::Index,
          "amin(): Expected reduction dim -1 to have non-zero size.");
  refuses([&] { tc::amax(e, {}, false); }, ErrorKind::Shape,
          "amax(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
          "reduction dim with the 'dim' argument.");
  refuses([&] { tc::max(e, -1, false); }, ErrorKind::Index,
          "max(): Expected reduction dim 1 to have non-zero size.");
  refuses([&] { tc::min(e, 1, false); }, ErrorKind::Index,
          "min(): Expected reduction dim 1 to have non-zero size.");
  refuses([&] { tc::max(e); }, ErrorKind::Shape,
          "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
          "reduction dim with the 'dim' argument.");
  refuses([&] { tc::min(Tensor::zeros({0})); }, ErrorKind::Shape,
          "min(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
          "reduction dim with the 'dim' argument.");
  refuses([&] { tc::max(x, 2, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([&] { tc::argmax(e, -1, false); }, ErrorKind::Index,
          "argmax(): Expected reduction dim 1 to have non-zero size.");
  refuses([&] { tc::argmin(e, std::nullopt, false); }, ErrorKind::Index,
          "argmin(): Expected reduction dim to be specified for input.numel() == 0.");
  refuses([&] { tc::argmax(Tensor::from_bools({1}, {1}), std::nullopt, false); }, ErrorKind::Type,
          "\"argmax_cpu\" not implemented for 'Bool'");
  // the meta function's dim checks come before the dtype's dispatch (PyTorch 1.13)
  refuses([&] { tc::argmin(Tensor::from_bools({1}, {}), 1, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  refuses([&] { tc::argmax(Tensor::zeros({0}, DType::Bool), std::nullopt, false); }, ErrorKind::Index,
          "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
  // no kernel runs for a reduced dim of size 1 (zeros) or an empty input: a bool one is not refused
  CHECK(tc::argmax(Tensor::zeros({3, 1}, DType::Bool), 1, true).sizes() == Shape{3, 1});
  CHECK(tc::argmin(Tensor::zeros({0, 3}, DType::Bool), 1, false).sizes() == Shape{0});
  refuses([&] { tc::argmin(Tensor::zeros({1}, DType::Bool), std::nullopt, false); }, ErrorKind::Type,
          "\"argmin_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::argmin(Tensor::zeros({}, DType::Bool), 0, false); }, ErrorKind::Type,
          "\"argmin_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::prod(x, 2, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([&] { tc::var(l, {}, 1, false); }, ErrorKind::Type,
          "std and var only support floating point and complex dtypes");
  refuses([&] { tc::std(Tensor::from_bools({1}, {1}), {0}, 1, false); }, ErrorKind::Type,
          "std and var only support floating point and complex dtypes");
  refuses([&] { tc::var(x, {0, 0}, 1, false); }, ErrorKind::Index,
          "dim 0 appears multiple times in the list of dims");
  refuses([&] { tc::logsumexp(x, {-3}, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
  refuses([&] { tc::softmax(l, 0); }, ErrorKind::Type,
          "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  refuses([&] { tc::softmax(tc::view(l, {2, 1}), 0); }, ErrorKind::Type,
          "\"softmax_kernel_impl\" not implemented for 'Long'");
  refuses([&] { tc::log_softmax(Tensor::from_bools({1}, {1}), 0); }, ErrorKind::Type,
          "\"log_softmax_lastdim_kernel_impl\" not implemented for 'Bool'");
  refuses([&] { tc::softmax(x, 2); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([&] { tc::all(x, 2, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([&] { tc::mean(Tensor::scalar(1.0f), {1}, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

// --- against the naive reference

namespace {

// The product of a group in its row-major order, in float32, as PyTorch's
// loop over an unvectorised (strided or expanded) row multiplies.
double group_prod_f32(const std::vector<double>& g) {
  float p = 1;
  for (double v : g) p *= static_cast<float>(v);
  return p;
}

// Every reduction of x (holding a's values in any layout) over random
// dims, against the naive reference.
void check_against_naive(Random& rng, const naive::Dense& a, const Tensor& x) {
  const Shape& shape = a.shape;
  const int64_t nd = static_cast<int64_t>(shape.size());
  std::vector<bool> reduced(static_cast<size_t>(nd), false);
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < nd; ++d)
    if (rng.coin()) {
      reduced[static_cast<size_t>(d)] = true;
      dims.push_back(rng.coin() ? d : d - nd);
    }
  if (dims.empty()) reduced.assign(reduced.size(), true);
  const bool keepdim = rng.coin();
  INFO(naive::show(shape) << " strides " << naive::show(x.strides()) << " dims "
                          << naive::show(dims) << " keepdim " << keepdim);
  Shape out_shape;
  bool empty_reduced = false;
  for (int64_t d = 0; d < nd; ++d) {
    if (!reduced[static_cast<size_t>(d)]) out_shape.push_back(shape[static_cast<size_t>(d)]);
    else empty_reduced = empty_reduced || shape[static_cast<size_t>(d)] == 0;
  }
  auto want = [&](auto f) {
    naive::Dense w = naive::reduce_keepdim(a, reduced, f);
    if (!keepdim) w.shape = out_shape;
    return w;
  };
  auto check = [&](const Tensor& got, const naive::Dense& w, bool exact = false) {
    CHECK(got.sizes() == w.shape);
    INFO("got " << naive::show_values(values(got)) << " want " << naive::show_values(w.v));
    CHECK(naive::first_difference(values(got), w.v, exact) < 0);
  };
  auto as_floats = [](const Tensor& t) { return tc::to(t, DType::Float32); };
  check(tc::sum(x, dims, keepdim), want([](const std::vector<double>& g) {
          double s = 0;
          for (double v : g) s += v;
          return s;
        }));
  check(tc::mean(x, dims, keepdim), want(naive::group_mean));
  const int64_t correction = rng.integer(0, 2);
  check(tc::var(x, dims, correction, keepdim),
        want([&](const std::vector<double>& g) { return naive::group_var(g, correction); }));
  check(tc::std(x, dims, correction, keepdim), want([&](const std::vector<double>& g) {
          return std::sqrt(naive::group_var(g, correction));
        }));
  check(tc::logsumexp(x, dims, keepdim), want(naive::group_logsumexp));
  if (!empty_reduced) {
    check(tc::amax(x, dims, keepdim), want([](const std::vector<double>& g) {
            return g[static_cast<size_t>(naive::group_arg(g, true))];
          }), true);
    check(tc::amin(x, dims, keepdim), want([](const std::vector<double>& g) {
            return g[static_cast<size_t>(naive::group_arg(g, false))];
          }), true);
  }
  // Over everything: max(), argmax() (the first of ties, row-major), all, any, prod.
  const std::vector<bool> every(static_cast<size_t>(nd), true);
  auto whole = [&](auto f) { return naive::reduce_keepdim(a, every, f).v; };
  if (a.v.empty()) {
    CHECK(values(tc::prod(x, std::nullopt, false)) == std::vector<float>{1});
  } else {
    CHECK(values(tc::max(x)) == whole([](const std::vector<double>& g) {
            return g[static_cast<size_t>(naive::group_arg(g, true))];
          }));
    CHECK(values(as_floats(tc::argmax(x, std::nullopt, false))) ==
          whole([](const std::vector<double>& g) { return double(naive::group_arg(g, true)); }));
    CHECK(values(as_floats(tc::argmin(x, std::nullopt, false))) ==
          whole([](const std::vector<double>& g) { return double(naive::group_arg(g, false)); }));
    CHECK(values(tc::prod(x, std::nullopt, false)) == whole(group_prod_f32));
  }
  CHECK(values(as_floats(tc::all(x, std::nullopt, false))) ==
        whole([](const std::vector<double>& g) {
          bool all = true;
          for (double v : g) all = all && v != 0;
          return double(all);
        }));
  if (nd == 0) return;
  // One dim: prod, max/min with indices, argmax, all, any, softmax.
  const int64_t d = rng.integer(0, nd - 1);
  std::vector<bool> one(static_cast<size_t>(nd), false);
  one[static_cast<size_t>(d)] = true;
  Shape one_out = shape;
  if (keepdim) one_out[static_cast<size_t>(d)] = 1;
  else one_out.erase(one_out.begin() + d);
  auto want1 = [&](auto f) {
    naive::Dense w = naive::reduce_keepdim(a, one, f);
    w.shape = one_out;
    return w;
  };
  check(tc::prod(x, d, keepdim), want1(group_prod_f32), true);
  check(as_floats(tc::any(x, d, keepdim)), want1([](const std::vector<double>& g) {
          bool any = false;
          for (double v : g) any = any || v != 0;
          return double(any);
        }), true);
  if (shape[static_cast<size_t>(d)] > 0) {
    const tc::ValuesIndices m = tc::max(x, d, keepdim);
    const naive::Dense at = want1([](const std::vector<double>& g) {
      return static_cast<double>(naive::group_arg(g, true));
    });
    check(m.values, want1([](const std::vector<double>& g) {
            return g[static_cast<size_t>(naive::group_arg(g, true))];
          }), true);
    CHECK(tc::to(m.indices, DType::Float32).to_vector() == at.v);
    const tc::ValuesIndices n = tc::min(x, d, keepdim);
    const naive::Dense at_min = want1([](const std::vector<double>& g) {
      return static_cast<double>(naive::group_arg(g, false));
    });
    CHECK(tc::to(n.indices, DType::Float32).to_vector() == at_min.v);
    CHECK(tc::to(tc::argmin(x, d, keepdim), DType::Float32).to_vector() == at_min.v);
  }
  // softmax along d: exp(x) / sum(exp(x)) of each group, in place; log_softmax its log.
  const naive::Dense lse = naive::reduce_keepdim(a, one, naive::group_logsumexp);
  std::vector<float> sm(a.v.size()), lsm(a.v.size());
  naive::for_each_index(shape, [&](const naive::Index& idx, int64_t flat) {
    naive::Index o = idx;
    o[static_cast<size_t>(d)] = 0;
    const double shifted = a.v[static_cast<size_t>(flat)] - lse.at(o);
    sm[static_cast<size_t>(flat)] = static_cast<float>(std::exp(shifted));
    lsm[static_cast<size_t>(flat)] = static_cast<float>(shifted);
  });
  const int64_t wrapped = d - (rng.coin() ? nd : 0);
  const Tensor s = tc::softmax(x, wrapped);
  CHECK(s.is_contiguous());
  CHECK(naive::first_difference(values(s), sm, false) < 0);
  CHECK(naive::first_difference(values(tc::log_softmax(x, wrapped)), lsm, false) < 0);
}

}  // namespace

TEST_CASE("reductions: random shapes, dims and layouts against the naive reference",
          "[reductions][property]") {
  Random rng(131);
  for (int trial = 0; trial < 1500; ++trial) {
    const Shape shape = rng.shape(4, 4);
    const naive::Dense a{shape, rng.values(naive::count(shape))};
    check_against_naive(rng, a, strided_copy(a, rng));
  }
}

TEST_CASE("reductions: expanded layouts (stride 0, new dims, any base) against the naive reference",
          "[reductions][property]") {
  Random rng(132);
  for (int trial = 0; trial < 1500; ++trial) {
    // A base of size 1 wherever the expansion repeats, possibly fewer dims
    // (expand's new leading dims), in any strided layout of its own.
    const Shape shape = rng.shape(4, 4);
    const size_t lead = static_cast<size_t>(rng.integer(0, static_cast<int64_t>(shape.size())));
    Shape base_shape(shape.begin() + static_cast<std::ptrdiff_t>(lead), shape.end());
    for (int64_t& s : base_shape)
      if (rng.coin()) s = 1;
    const naive::Dense base{base_shape, rng.values(naive::count(base_shape))};
    const naive::Dense a = *naive::expand(base, shape);
    const Tensor x = tc::expand(strided_copy(base, rng), shape);
    check_against_naive(rng, a, x);
  }
}

// --- gradients

TEST_CASE("reductions: gradients against finite differences", "[reductions][autograd]") {
  // Distinct values (no ties), away from 0.
  const Tensor x = f32({0.5f, -1.25f, 2.0f, 1.5f, -0.75f, 3.0f, 1.1f, -2.2f, 0.9f, 1.7f, -0.3f, 2.6f},
                       {2, 3, 2});
  using T = const Tensor&;
  check_gradient([](T a) { return tc::mean(a); }, x);
  check_gradient([](T a) { return tc::mean(a, {0, 2}, false); }, x);
  check_gradient([](T a) { return tc::mean(a, {1}, true); }, x);
  check_gradient([](T a) { return tc::amax(a, {1}, false); }, x);
  check_gradient([](T a) { return tc::amin(a, {0, -1}, true); }, x);
  check_gradient([](T a) { return tc::max(a, 1, false).values; }, x);
  check_gradient([](T a) { return tc::min(a, 2, true).values; }, x);
  check_gradient([](T a) { return tc::max(a); }, x);
  check_gradient([](T a) { return tc::min(a); }, x);
  check_gradient([](T a) { return tc::prod(a, std::nullopt, false); }, x);
  check_gradient([](T a) { return tc::prod(a, 1, false); }, x);
  check_gradient([](T a) { return tc::prod(a, 0, true); }, x);
  check_gradient([](T a) { return tc::var(a, {1}, 1, false); }, x);
  check_gradient([](T a) { return tc::var(a, {}, 0, false); }, x);
  check_gradient([](T a) { return tc::std(a, {0, 2}, 1, true); }, x);
  check_gradient([](T a) { return tc::std(a, {}, 1, false); }, x);
  check_gradient([](T a) { return tc::logsumexp(a, {1}, false); }, x);
  check_gradient([](T a) { return tc::logsumexp(a, {0, 2}, true); }, x);
  check_gradient([](T a) { return tc::softmax(a, 1); }, x);
  check_gradient([](T a) { return tc::softmax(a, -1); }, x);
  check_gradient([](T a) { return tc::log_softmax(a, 0); }, x);
  check_gradient([](T a) { return tc::log_softmax(a, 2); }, x);
  // prod with zeros: one zero in a slice, and two in another.
  const Tensor z = f32({0, 2, 3, 0, 0, 4}, {2, 3});
  check_gradient([](T a) { return tc::prod(a, 1, false); }, z);
  check_gradient([](T a) { return tc::prod(a, 0, false); }, z);
  check_gradient([](T a) { return tc::prod(a, std::nullopt, false); }, f32({2, 0, 3}, {3}));
  check_gradient([](T a) { return tc::prod(a, std::nullopt, false); }, z);
}

TEST_CASE("reductions: grad_fn names as PyTorch prints them", "[reductions][autograd]") {
  Tensor x = Tensor::ones({2, 3});
  x.set_requires_grad(true);
  CHECK(grad_fn_of(tc::mean(x)) == "MeanBackward0");
  CHECK(grad_fn_of(tc::mean(x, {0}, false)) == "MeanBackward1");
  CHECK(grad_fn_of(tc::amax(x, {0}, false)) == "AmaxBackward0");
  CHECK(grad_fn_of(tc::amin(x, {0}, false)) == "AminBackward0");
  CHECK(grad_fn_of(tc::max(x, 0, false).values) == "MaxBackward0");
  CHECK(grad_fn_of(tc::max(x, 0, false).indices).empty());
  CHECK(grad_fn_of(tc::min(x, 0, false).values) == "MinBackward0");
  CHECK(grad_fn_of(tc::max(x)) == "MaxBackward1");
  CHECK(grad_fn_of(tc::min(x)) == "MinBackward1");
  CHECK(grad_fn_of(tc::prod(x, std::nullopt, false)) == "ProdBackward0");
  CHECK(grad_fn_of(tc::prod(x, 1, false)) == "ProdBackward1");
  CHECK(grad_fn_of(tc::var(x, {}, 1, false)) == "VarBackward0");
  CHECK(grad_fn_of(tc::std(x, {1}, 1, false)) == "StdBackward0");
  CHECK(grad_fn_of(tc::logsumexp(x, {1}, false)) == "LogsumexpBackward0");
  CHECK(grad_fn_of(tc::softmax(x, 1)) == "SoftmaxBackward0");
  CHECK(grad_fn_of(tc::log_softmax(x, 1)) == "LogSoftmaxBackward0");
  CHECK(grad_fn_of(tc::argmax(x, 1, false)).empty());
  CHECK(grad_fn_of(tc::all(x, 1, false)).empty());
  CHECK_FALSE(tc::argmax(x, 1, false).requires_grad());
}

TEST_CASE("reductions: gradients at ties, NaN and zeros as PyTorch's formulas", "[reductions][autograd]") {
  // amax: split evenly among the ties (scale_grad_by_count).
  Tensor a = f32({1, 3, 3, 2}, {4});
  a.set_requires_grad(true);
  tc::backward(tc::amax(a, {0}, false));
  CHECK(values(a.grad()) == std::vector<float>{0, 0.5f, 0.5f, 0});
  // max(dim): all of it to the returned index.
  Tensor b = f32({1, 3, 3, 2}, {4});
  b.set_requires_grad(true);
  tc::backward(tc::max(b, 0, false).values);
  CHECK(values(b.grad()) == std::vector<float>{0, 1, 0, 0});
  // max(): evenly_distribute_backward, among the NaNs when the max is NaN.
  Tensor c = f32({3, 1, 3}, {3});
  c.set_requires_grad(true);
  tc::backward(tc::max(c));
  CHECK(values(c.grad()) == std::vector<float>{0.5f, 0, 0.5f});
  Tensor n = f32({kNaN, 1, kNaN, 5}, {4});
  n.set_requires_grad(true);
  tc::backward(tc::max(n));
  CHECK(values(n.grad()) == std::vector<float>{0.5f, 0, 0.5f, 0});
  // amax of a row with NaN: NaN != NaN, no element matches, 1 / 0 * 0 is NaN.
  Tensor m = f32({kNaN, 1}, {2});
  m.set_requires_grad(true);
  tc::backward(tc::amax(m, {0}, false));
  for (float v : values(m.grad())) CHECK(std::isnan(v));
  // prod with one zero: the zero gets the product of the others, the rest 0.
  Tensor p = f32({2, 0, 3}, {3});
  p.set_requires_grad(true);
  tc::backward(tc::prod(p, std::nullopt, false));
  CHECK(values(p.grad()) == std::vector<float>{0, 6, 0});
  Tensor q = f32({0, 2, 0}, {3});
  q.set_requires_grad(true);
  tc::backward(tc::prod(q, std::nullopt, false));
  CHECK(values(q.grad()) == std::vector<float>{0, 0, 0});
  // std of a constant row: 0 where std is 0 (masked_fill_), not NaN.
  Tensor s = f32({2, 2}, {2});
  s.set_requires_grad(true);
  tc::backward(tc::std(s, {}, 1, false));
  CHECK(values(s.grad()) == std::vector<float>{0, 0});
}

// --- expanded inputs (Note [Reductions through strides])

namespace {

// The memory a wasm module may have, or less: a copy of an expansion
// would be refused.
struct MemoryLimit {
  int64_t previous = tc::memory_limit();
  explicit MemoryLimit(int64_t bytes) { tc::set_memory_limit(bytes); }
  ~MemoryLimit() { tc::set_memory_limit(previous); }
};

const int64_t kRows = int64_t{1} << 32;  // of 4 numbers: 2^34 elements

}  // namespace

TEST_CASE("reductions of a 2^34-element expansion read its 4 numbers, at once", "[reductions][limits]") {
  MemoryLimit limit(int64_t{64} << 20);
  const Tensor base = f32({0.5f, -1.5f, 2.0f, 3.25f}, {1, 4});
  const Tensor x = tc::expand(base, {kRows, 4});
  const tc::MemoryStats before = tc::memory_stats();
  // Idempotent: the base's own answers.
  CHECK(values(tc::amax(x, {}, false)) == values(tc::amax(base, {}, false)));
  CHECK(values(tc::amin(x, {0}, false)) == values(tc::amin(base, {0}, false)));
  CHECK(tc::max(x).item() == 3.25);
  CHECK(tc::min(x).item() == -1.5);
  const tc::ValuesIndices m = tc::max(x, 0, false);
  CHECK(values(m.values) == values(tc::max(base, 0, false).values));
  CHECK(ints(m.indices) == std::vector<int64_t>{0, 0, 0, 0});  // the first row holds the first
  CHECK(ints(tc::argmax(x, std::nullopt, false)) == std::vector<int64_t>{3});
  CHECK(ints(tc::argmin(x, std::nullopt, false)) == std::vector<int64_t>{1});
  CHECK(tc::all(x, std::nullopt, false).values<bool>() == std::vector<bool>{true});
  CHECK(tc::any(tc::expand(f32({0, 0, 0, 0}, {1, 4}), {kRows, 4}), 0, false).values<bool>() ==
        std::vector<bool>(4, false));
  // Scaled: var over the repeated dim is 0; over everything, the base's
  // squared deviations kRows times over, divided by 2^34 - 1.
  CHECK(values(tc::var(x, {0}, 1, false)) == std::vector<float>(4, 0));
  const double mean = (0.5 - 1.5 + 2.0 + 3.25) / 4;
  double squares = 0;
  for (double v : {0.5, -1.5, 2.0, 3.25}) squares += (v - mean) * (v - mean);
  CHECK(tc::var(x, {}, 1, false).item() ==
        static_cast<float>(squares * static_cast<double>(kRows) / (4.0 * static_cast<double>(kRows) - 1)));
  // logsumexp over the repeated dim: each column's number plus log(2^32).
  const std::vector<float> lse = values(tc::logsumexp(x, {0}, false));
  for (size_t i = 0; i < 4; ++i)
    CHECK(lse[i] == static_cast<float>(std::log(static_cast<float>(kRows))) + values(base)[i]);
  // prod: 0.5^(2^32) underflows to 0, (-1.5)^(2^32) and the others overflow.
  CHECK(values(tc::prod(x, 0, false)) == std::vector<float>{0, kInf, kInf, kInf});
  CHECK(values(tc::prod(tc::expand(f32({1}, {1}), {int64_t{1} << 34}), std::nullopt, false)) ==
        std::vector<float>{1});
  CHECK(values(tc::prod(tc::expand(f32({-1}, {1}), {(int64_t{1} << 34) + 1}), std::nullopt, false)) ==
        std::vector<float>{-1});
  // Integers raise to the power, wrapping: 3^(2^32) mod 2^64, computed here by squaring 32 times.
  uint64_t three = 3;
  for (int i = 0; i < 32; ++i) three *= three;
  const Tensor xi = tc::expand(i64({3, -2, 1, 7}, {1, 4}), {kRows, 4});
  CHECK(ints(tc::prod(xi, 0, false))[0] == static_cast<int64_t>(three));
  CHECK(ints(tc::prod(xi, 0, false))[1] == 0);  // 2^(2^32) wraps to 0
  CHECK(ints(tc::sum(xi)) == std::vector<int64_t>{9 * kRows});
  // No copy was attempted (the limit would have refused it), and what is
  // alive now is a few results of 4 numbers.
  CHECK(tc::memory_stats().bytes - before.bytes < 1024);
}

TEST_CASE("a float product over a repeated dim is the plain loop's, skipped from its fixed point",
          "[reductions]") {
  // See Note [A product over a repeated dim]: 0.9 stops shrinking among the
  // subnormals (PyTorch 1.13: 5.6e-45, not 0), long before 10^4 steps.
  float loop = 1;
  for (int i = 0; i < 10000; ++i) loop *= 0.9f;
  CHECK(loop != 0);
  for (int64_t n : {int64_t{10000}, int64_t{1} << 34})
    CHECK(tc::prod(tc::expand(f32({0.9f}, {1}), {n}), std::nullopt, false).item() == loop);
  // A sign that flips: -0.9 an odd number of times.
  float flip = 1;
  for (int i = 0; i < 10001; ++i) flip *= -0.9f;
  CHECK(tc::prod(tc::expand(f32({-0.9f}, {1}), {10001}), std::nullopt, false).item() == flip);
  CHECK(tc::prod(tc::expand(f32({-0.9f}, {1}), {(int64_t{1} << 34) + 1}), std::nullopt, false).item() == flip);
  // A repeated dim between others: each pass multiplies a whole row of the inner dim.
  const Tensor y = tc::expand(f32({1.5f, 0.5f, -1, 2}, {2, 1, 2}), {2, 3001, 2});
  std::vector<float> want(4, 1);
  for (int i = 0; i < 3001; ++i)
    for (int j = 0; j < 4; ++j) want[static_cast<size_t>(j)] *= std::vector<float>{1.5f, 0.5f, -1, 2}[static_cast<size_t>(j)];
  CHECK(values(tc::prod(y, 1, false)) == want);
  float alternating = 1;
  for (int i = 0; i < 3001; ++i) alternating = alternating * 1.5f * 0.5f;
  CHECK(tc::prod(tc::select(y, 0, 0), std::nullopt, false).item() == alternating);
}

TEST_CASE("reductions charge the elements they loop over and write", "[reductions][limits]") {
  const Tensor x = tc::expand(f32({0.5f, -1.5f, 2.0f, 3.25f}, {1, 4}), {kRows, 4});
  auto used = [](const std::function<void()>& f) {
    tc::WorkScope scope(1e18);
    f();
    return scope.used();
  };
  // One row of 4 read, one number written (sum's result is filled with
  // zeros first: one more).
  CHECK(used([&] { tc::amax(x, {}, false); }) == 5);
  CHECK(used([&] { tc::sum(x); }) == 1 + 5);
  // var of everything first takes self.mean() (Note [var of everything]).
  CHECK(used([&] { tc::var(x, {}, 1, false); }) == 5 + used([&] { tc::mean(x); }));
  // 4 rows of 1 read; values and indices written.
  CHECK(used([&] { tc::max(x, 0, false); }) == 4 + 8);
  // A kept dim that repeats: 4 numbers read once and one written, then
  // spread over 2^20 as a copy charges (read and written, one row).
  const Tensor t = tc::expand(f32({1, 2, 3, 4}, {1, 4}), {int64_t{1} << 20, 4});
  const double spread = 2 * (1 << 20) + tc::work_cost::kRow;
  CHECK(used([&] { tc::amax(t, {1}, false); }) == 5 + spread);
  // sum loops over every element up to 2^24 (Note [Summing a repeated
  // dim]): it fills its result (2^20), reads 2^22, writes 2^20.
  CHECK(used([&] { tc::sum(t, {1}, false); }) == (1 << 20) + (4 << 20) + (1 << 20));
  // Past that, a kept repeated dim: the result filled (2^23) and the row it
  // computes (1) first, 4 numbers read and one written, then spread.
  const Tensor wide = tc::expand(f32({1, 2, 3, 4}, {1, 4}), {int64_t{1} << 23, 4});
  const double wide_spread = 2 * (1 << 23) + tc::work_cost::kRow;
  CHECK(used([&] { tc::sum(wide, {1}, false); }) == (1 << 23) + 1 + 5 + wide_spread);
  // softmax: the 4 distinct numbers read and written, then spread over
  // [2^20, 4]: 2^22 read and written, in 2^20 rows of 4.
  CHECK(used([&] { tc::softmax(t, 1); }) == 8 + 2 * (4 << 20) + (1 << 20) * tc::work_cost::kRow);
  // A float product charges each pass past the first as it runs: few here.
  const double passes = used([] { tc::prod(tc::expand(f32({0.9f}, {1}), {int64_t{1} << 34}), std::nullopt, false); });
  CHECK(passes > 2);
  CHECK(passes < 10000);
  // Past the budget: refused before anything is written.
  tc::WorkScope tight(4);
  refuses_containing([&] { tc::amax(x, {}, false); }, ErrorKind::Limit,
                     "would read and write 5 elements (5 work units); the limit is 4 work units");
  refuses_containing([&] { tc::softmax(t, 1); }, ErrorKind::Limit,
                     "would read and write 8 elements (8 work units); the limit is 4 work units");
}

TEST_CASE("softmax of a 2^34-element expansion: its result is refused, naming its shape", "[reductions][limits]") {
  MemoryLimit limit(int64_t{256} << 20);
  const Tensor x = tc::expand(f32({0.5f, -1.5f, 2.0f, 3.25f}, {1, 4}), {kRows, 4});
  const std::string message =
      "out of memory: a tensor of shape [4294967296, 4] of 17179869184 elements needs "
      "17179869184 x 4 bytes, more than the 268435456 bytes tensorcast may allocate";
  refuses([&] { tc::softmax(x, 0); }, ErrorKind::Memory, message);
  refuses([&] { tc::log_softmax(x, 1); }, ErrorKind::Memory, message);
  // An expansion whose result fits: the distinct rows computed once, then spread.
  const Tensor y = tc::expand(f32({0.5f, -1.5f, 2.0f}, {1, 3}), {1000, 3});
  const std::vector<float> row = values(tc::softmax(f32({0.5f, -1.5f, 2.0f}, {3}), 0));
  const std::vector<float> got = values(tc::softmax(y, 1));
  for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == row[i % 3]);
  // Along the repeated dim every number of a row is the same: 1/1000 each.
  for (float v : values(tc::softmax(y, 0))) CHECK(v == 1.0f / 1000);
  for (float v : values(tc::log_softmax(y, 0))) CHECK(v == -std::log(1000.0f));
}

TEST_CASE("gradients through an expanded input are those through its copy", "[reductions][autograd]") {
  using T = const Tensor&;
  const std::vector<std::function<Tensor(T)>> fs = {
      [](T a) { return tc::sum(a, {0}, false); },
      [](T a) { return tc::mean(a, {0, 2}, true); },
      [](T a) { return tc::amax(a, {0}, false); },
      [](T a) { return tc::amin(a, {1, 2}, false); },
      [](T a) { return tc::max(a, 0, false).values; },
      [](T a) { return tc::min(a, 2, true).values; },
      [](T a) { return tc::max(a); },
      [](T a) { return tc::prod(a, 0, false); },
      [](T a) { return tc::prod(a, 2, false); },
      [](T a) { return tc::var(a, {0}, 1, false); },
      [](T a) { return tc::std(a, {}, 1, false); },
      [](T a) { return tc::logsumexp(a, {0, 1}, false); },
      [](T a) { return tc::softmax(a, 0); },
      [](T a) { return tc::log_softmax(a, 2); },
  };
  // [2, 1, 3] expanded to [2, 4, 3]: dim 1 repeats; distinct values, away from 0.
  const Tensor base = tc::to(f32({0.5f, -1.25f, 2.0f, 1.5f, -0.75f, 3.0f}, {2, 1, 3}), DType::Float64);
  for (size_t i = 0; i < fs.size(); ++i) {
    INFO("function " << i);
    auto grad_through = [&](bool copy) {
      Tensor x = tc::clone(base);
      x.set_requires_grad(true);
      const Tensor e = tc::expand(x, {2, 4, 3});
      const Tensor y = fs[i](copy ? tc::contiguous(e) : e);
      std::vector<double> w(static_cast<size_t>(y.numel()));
      for (size_t k = 0; k < w.size(); ++k) w[k] = 0.5 + 0.25 * static_cast<double>(k % 5);
      tc::backward(tc::sum(tc::mul(y, Tensor::from_values<double>(w, y.sizes()))));
      return x.grad().values<double>();
    };
    const std::vector<double> got = grad_through(false), want = grad_through(true);
    REQUIRE(got.size() == want.size());
    for (size_t k = 0; k < got.size(); ++k) CHECK(got[k] == Approx(want[k]).epsilon(1e-12));
  }
}

// --- traces

TEST_CASE("reductions record their dims, keepdim and kernel", "[reductions][trace]") {
  const Tensor x = Tensor::ones({2, 3, 4});
  {
    tc::TraceScope scope;
    tc::mean(x, {-1, 0}, true);
    const tc::OpTrace& t = last_op(scope);
    CHECK(t.op == "mean");
    CHECK(t.reduced_dims == std::vector<int64_t>{0, 2});
    CHECK(t.keepdim);
    CHECK(t.kernel.rfind("f32_", 0) == 0);
    tc::schema::check(t);
  }
  {
    tc::TraceScope scope;
    tc::amax(x, {1}, false);
    const tc::OpTrace& t = last_op(scope);
    CHECK(t.op == "amax");
    CHECK(t.reduced_dims == std::vector<int64_t>{1});
    CHECK_FALSE(t.keepdim);
    CHECK(t.kernel == "f32_ramax__scalar_u1");
    CHECK(t.plan.inner_pattern == "reduce-inner");
    CHECK(t.plan.shape == Shape{3, 8});
    CHECK(t.operands[0].shape == Shape{2, 4});
    CHECK(t.promotion.rule == "same");
    CHECK(scope.events().size() == 1);  // the row copy is the engine's own: not recorded
  }
  {
    tc::TraceScope scope;
    tc::argmax(x, std::nullopt, false);
    const tc::OpTrace& t = last_op(scope);
    CHECK(t.reduced_dims == std::vector<int64_t>{0, 1, 2});
    CHECK(t.promotion.rule == "index");
    CHECK(t.promotion.result_dtype == "int64");
    CHECK(t.kernel == "i64_rargmax__scalar_u1");
  }
  {
    tc::TraceScope scope;
    tc::prod(Tensor::from_values<int32_t>({1, 2}, {2}), std::nullopt, false);
    const tc::OpTrace& t = last_op(scope);
    CHECK(t.promotion.rule == "sum");
    CHECK(t.promotion.compute_dtype == "int64");
  }
  {
    tc::TraceScope scope;
    tc::softmax(x, -1);
    const tc::OpTrace& t = last_op(scope);
    CHECK(t.op == "softmax");
    CHECK(t.reduced_dims == std::vector<int64_t>{2});
    CHECK(t.kernel == std::string("f32_vsoftmax__") + TC_ISA + "_u16");
    CHECK(t.plan.inner_pattern == "contiguous");
    CHECK(scope.events().size() == 1);
    tc::softmax(x, 0);
    CHECK(last_op(scope).kernel == "f32_softmax__scalar_strided");
    CHECK(last_op(scope).plan.inner_pattern == "strided");
  }
  {
    tc::TraceScope scope;
    tc::logsumexp(x, {1}, false);
    CHECK(scope.events().size() == 1);  // its steps are the engine's own
    CHECK(last_op(scope).op == "logsumexp");
  }
  {
    tc::TraceScope scope;
    tc::sum(x, {1}, true);
    CHECK(last_op(scope).reduced_dims == std::vector<int64_t>{1});
    CHECK(last_op(scope).keepdim);
  }
}

TEST_CASE("softmax's 4-lane exp stays within a few ulp of libm's", "[reductions][kernels]") {
  // Every length around the 8-wide loop, values across exp's range.
  for (int64_t n : {1, 3, 4, 7, 8, 9, 17, 64, 1000}) {
    std::vector<float> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = -90.0f + 90.0f * static_cast<float>(i) / static_cast<float>(n);
    const std::vector<float> got = values(tc::softmax(f32(v, {n}), 0));
    double m = -1e30, s = 0;
    for (float x : v) m = std::max(m, static_cast<double>(x));
    for (float x : v) s += std::exp(static_cast<double>(x) - m);
    for (int64_t i = 0; i < n; ++i) {
      const double want = std::exp(static_cast<double>(v[static_cast<size_t>(i)]) - m) / s;
      INFO("n " << n << " i " << i);
      CHECK(std::fabs(got[static_cast<size_t>(i)] - want) <= 4e-7 * want + 1e-38);
    }
  }
}
