// The shape ops (src/ops/views.cpp: flatten, unflatten, t, mT, movedim;
// src/ops/cat.cpp: cat, stack) against PyTorch's TensorShape.cpp: shapes,
// strides, storage shared or not, error texts, dtypes, grad_fn names,
// gradients by finite differences and random inputs against the naive
// reference. Then the fixes an independent check against PyTorch 1.13
// asked for: in-place on an empty expanded view, overlap reported before
// shapes, torch.broadcast_shapes' text, signed zeros in maximum, minimum
// and relu.
#include <cmath>
#include <functional>
#include <limits>

#include "autograd/node.h"
#include "support.h"

using namespace tct;
using tc::BinaryOp;
using tc::DType;
using tc::ErrorKind;
using tc::Strides;
using tc::UnaryOp;

namespace {

Tensor iota(const Shape& shape) {
  return tc::view(Tensor::arange(0, static_cast<double>(tc::numel(shape))), shape);
}

std::string grad_fn(const Tensor& t) {
  return t.impl().grad_fn ? t.impl().grad_fn->grad_fn : std::string("(none)");
}

Tensor requiring_grad(const Shape& shape) {
  Tensor x = tc::add(iota(shape), 1.0);
  x.set_requires_grad(true);
  return x;
}

// loss = sum(f(inputs) * w): every input's .grad against central
// differences of the loss, in double for the sum.
void check_gradients(const std::function<Tensor(const std::vector<Tensor>&)>& f,
                     std::vector<Tensor> inputs) {
  for (Tensor& x : inputs) x.set_requires_grad(true);
  Shape out_shape;
  {
    tc::NoGradGuard no_grad;
    out_shape = f(inputs).sizes();
  }
  std::vector<float> wv(static_cast<size_t>(tc::numel(out_shape)));
  for (size_t i = 0; i < wv.size(); ++i) wv[i] = 0.5f + 0.25f * static_cast<float>(i % 7);
  const Tensor w = Tensor::from_data(wv, out_shape);
  tc::backward(tc::sum(tc::mul(f(inputs), w)));
  const auto loss = [&] {
    tc::NoGradGuard no_grad;
    double s = 0;
    for (float v : values(tc::mul(f(inputs), w))) s += v;
    return s;
  };
  const float h = 1e-2f;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const Tensor& x = inputs[k];
    REQUIRE(x.grad().defined());
    REQUIRE(x.grad().sizes() == x.sizes());
    const std::vector<float> got = values(x.grad());
    for (int64_t i = 0; i < x.numel(); ++i) {
      float* cell = x.f32() + i;  // contiguous inputs
      const float saved = *cell;
      *cell = saved + h;
      const double up = loss();
      *cell = saved - h;
      const double down = loss();
      *cell = saved;
      INFO("input " << k << ", element " << i);
      CHECK(std::fabs(got[static_cast<size_t>(i)] - (up - down) / (2.0 * h)) <= 1e-2);
    }
  }
}

}  // namespace

// --- flatten

TEST_CASE("flatten: a view when the strides allow, else a copy", "[shape-ops]") {
  const Tensor x = iota({2, 3, 4});
  const Tensor f = tc::flatten(x, 1);
  CHECK(f.sizes() == Shape{2, 12});
  CHECK(f.strides() == Strides{12, 1});
  CHECK(f.shares_storage(x));
  CHECK(tc::flatten(x).sizes() == Shape{24});
  CHECK(tc::flatten(x, 0, 1).sizes() == Shape{6, 4});
  CHECK(tc::flatten(x, -2, -1).sizes() == Shape{2, 12});
  CHECK(values(tc::flatten(x)) == values(x));
  SECTION("a narrowed tensor: dims 0..1 still form one run, all three do not") {
    const Tensor n = tc::narrow(x, 2, 0, 2);  // [2, 3, 2], strides [12, 4, 1]
    const Tensor v = tc::flatten(n, 0, 1);
    CHECK(v.sizes() == Shape{6, 2});
    CHECK(v.strides() == Strides{4, 1});
    CHECK(v.shares_storage(x));
    const Tensor c = tc::flatten(n);
    CHECK(c.sizes() == Shape{12});
    CHECK(c.strides() == Strides{1});
    CHECK_FALSE(c.shares_storage(x));
    CHECK(values(c) == std::vector<float>{0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21});
  }
  SECTION("a transposed matrix is copied") {
    const Tensor c = tc::flatten(tc::transpose(iota({2, 3}), 0, 1));
    CHECK(c.strides() == Strides{1});
    CHECK(values(c) == std::vector<float>{0, 3, 1, 4, 2, 5});
  }
  SECTION("start == end returns self itself; 1-D too") {
    CHECK(tc::flatten(x, 1, 1).impl_ptr() == x.impl_ptr());
    const Tensor row = iota({5});
    CHECK(tc::flatten(row).impl_ptr() == row.impl_ptr());
  }
  SECTION("0-D becomes [1]") {
    const Tensor s = tc::flatten(Tensor::scalar(7.0));
    CHECK(s.sizes() == Shape{1});
    CHECK(s.strides() == Strides{1});
    CHECK(s.item() == 7.0);
    CHECK(tc::flatten(Tensor::scalar(7.0), -1, 0).sizes() == Shape{1});
  }
  SECTION("zero-size: the merged size is multiplied, not inferred") {
    CHECK(tc::flatten(Tensor::zeros({0, 1, 3, 0}), 1, 2).sizes() == Shape{0, 3, 0});
    CHECK(tc::flatten(Tensor::zeros({2, 0, 3})).sizes() == Shape{0});
  }
  SECTION("refusals") {
    refuses([&] { tc::flatten(x, 2, 1); }, ErrorKind::Shape,
            "flatten() has invalid args: start_dim cannot come after end_dim");
    refuses([&] { tc::flatten(x, 3); }, ErrorKind::Index,
            "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
    refuses([&] { tc::flatten(x, 0, -4); }, ErrorKind::Index,
            "Dimension out of range (expected to be in range of [-3, 2], but got -4)");
    refuses([&] { tc::flatten(Tensor::scalar(1.0), 1); }, ErrorKind::Index,
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  }
}

TEST_CASE("flatten: grad_fn as PyTorch 1.13's reshape names it", "[shape-ops]") {
  const Tensor x = requiring_grad({2, 3});
  CHECK(grad_fn(tc::flatten(x)) == "ReshapeAliasBackward0");
  CHECK(grad_fn(tc::flatten(tc::transpose(x, 0, 1))) == "UnsafeViewBackward0");
  CHECK(grad_fn(tc::flatten(tc::transpose(x, 0, 1)).impl().grad_fn->inputs[0]) == "CloneBackward0");
  CHECK(grad_fn(tc::reshape(x, {3, 2})) == "ReshapeAliasBackward0");
  CHECK(grad_fn(tc::view(x, {3, 2})) == "ViewBackward0");
  check_gradients([](const std::vector<Tensor>& in) { return tc::flatten(in[0], 1); },
                  {tc::add(iota({2, 3, 2}), 0.5)});
  check_gradients([](const std::vector<Tensor>& in) { return tc::flatten(tc::transpose(in[0], 0, 2)); },
                  {tc::add(iota({2, 3, 2}), 0.5)});
}

// --- unflatten

TEST_CASE("unflatten: a view splitting one dim, one -1 inferred", "[shape-ops]") {
  const Tensor x = iota({2, 6});
  const Tensor u = tc::unflatten(x, 1, {3, -1});
  CHECK(u.sizes() == Shape{2, 3, 2});
  CHECK(u.strides() == Strides{6, 2, 1});
  CHECK(u.shares_storage(x));
  CHECK(values(u) == values(x));
  CHECK(tc::unflatten(x, -1, {2, 3}).sizes() == Shape{2, 2, 3});
  CHECK(tc::unflatten(x, 0, {1, 2}).sizes() == Shape{1, 2, 6});
  CHECK(tc::unflatten(x, 1, {6}).sizes() == Shape{2, 6});
  // A transposed tensor: the split dim keeps its stride (computeStride).
  const Tensor tt = tc::unflatten(tc::transpose(iota({2, 3}), 0, 1), 0, {1, 3});
  CHECK(tt.sizes() == Shape{1, 3, 2});
  CHECK(tt.strides() == Strides{3, 1, 3});
  CHECK(tc::unflatten(Tensor::zeros({2, 0}), 1, {0, 4}).sizes() == Shape{2, 0, 4});
  CHECK(tc::unflatten(Tensor::zeros({0}), 0, {-1, 5}).sizes() == Shape{0, 5});
  const Tensor g = requiring_grad({2, 6});
  CHECK(grad_fn(tc::unflatten(g, 1, {2, 3})) == "ViewBackward0");
  check_gradients([](const std::vector<Tensor>& in) { return tc::unflatten(in[0], 1, {3, 2}); },
                  {tc::add(iota({2, 6}), 0.5)});
}

TEST_CASE("unflatten: PyTorch's messages", "[shape-ops]") {
  refuses([] { tc::unflatten(iota({5}), 0, {2, 2}); }, ErrorKind::Shape,
          "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 0 (5) in the "
          "input tensor");
  refuses([] { tc::unflatten(iota({2, 6}), -1, {4, -1}); }, ErrorKind::Shape,
          "unflatten: Provided sizes [4, -1] don't multiply up to the size of dim 1 (6) in the "
          "input tensor");
  refuses([] { tc::unflatten(iota({4}), 0, {}); }, ErrorKind::Shape,
          "unflatten: sizes must be non-empty");
  refuses([] { tc::unflatten(iota({4}), 0, {-1, -1}); }, ErrorKind::Shape,
          "unflatten got an unexpected error:\nonly one dimension can be inferred");
  refuses([] { tc::unflatten(iota({4}), 0, {-2, -2}); }, ErrorKind::Shape,
          "invalid shape dimension -2");
  refuses([] { tc::unflatten(Tensor::zeros({2, 0}), 1, {0, -1}); }, ErrorKind::Shape,
          "cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified "
          "dimension size -1 can be any value and is ambiguous");
  refuses([] { tc::unflatten(Tensor::scalar(1.0), 0, {1}); }, ErrorKind::Index,
          "Dimension specified as 0 but tensor has no dimensions");
  refuses([] { tc::unflatten(Tensor::scalar(1.0), -1, {1}); }, ErrorKind::Index,
          "Dimension specified as 0 but tensor has no dimensions");
  refuses([] { tc::unflatten(iota({4}), 1, {2, 2}); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

// --- t and mT

TEST_CASE("t: matrices transposed, 0-D and 1-D as they are, TBackward0", "[shape-ops]") {
  const Tensor m = iota({2, 3});
  const Tensor mt = tc::t(m);
  CHECK(mt.sizes() == Shape{3, 2});
  CHECK(mt.strides() == Strides{1, 3});
  CHECK(mt.shares_storage(m));
  CHECK(values(mt) == std::vector<float>{0, 3, 1, 4, 2, 5});
  CHECK(tc::t(iota({3})).strides() == Strides{1});
  CHECK(tc::t(Tensor::scalar(2.0)).sizes() == Shape{});
  CHECK(tc::t(Tensor::zeros({0, 4})).sizes() == Shape{4, 0});
  refuses([] { tc::t(iota({2, 3, 4})); }, ErrorKind::Shape,
          "t() expects a tensor with <= 2 dimensions, but self is 3D");
  for (const Shape& s : {Shape{2, 3}, Shape{3}, Shape{}})
    CHECK(grad_fn(tc::t(requiring_grad(s))) == "TBackward0");
  check_gradients([](const std::vector<Tensor>& in) { return tc::t(in[0]); },
                  {tc::add(iota({2, 3}), 0.5)});
  check_gradients([](const std::vector<Tensor>& in) { return tc::t(in[0]); },
                  {tc::add(iota({3}), 0.5)});
}

TEST_CASE("mT: the last two dims swapped, TransposeBackward0", "[shape-ops]") {
  const Tensor x = iota({2, 3, 4});
  const Tensor y = tc::mT(x);
  CHECK(y.sizes() == Shape{2, 4, 3});
  CHECK(y.strides() == Strides{12, 1, 4});
  CHECK(y.shares_storage(x));
  CHECK(tc::mT(iota({2, 3})).strides() == Strides{1, 3});
  refuses([] { tc::mT(iota({3})); }, ErrorKind::Shape,
          "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
  // PyTorch 1.13 gives a 0-D tensor back as it is.
  const Tensor s = Tensor::scalar(1.0);
  CHECK(tc::mT(s).shares_storage(s));
  CHECK(tc::mT(s).sizes() == Shape{});
  CHECK(grad_fn(tc::mT(requiring_grad({2, 3}))) == "TransposeBackward0");
  check_gradients([](const std::vector<Tensor>& in) { return tc::mT(in[0]); },
                  {tc::add(iota({2, 2, 3}), 0.5)});
}

// --- movedim

TEST_CASE("movedim: PyTorch's doc examples, strides, PermuteBackward0", "[shape-ops]") {
  const Tensor x = iota({3, 2, 1});
  const Tensor a = tc::movedim(x, {1}, {0});
  CHECK(a.sizes() == Shape{2, 3, 1});
  CHECK(a.strides() == Strides{1, 2, 1});
  CHECK(a.shares_storage(x));
  const Tensor b = tc::movedim(x, {1, 2}, {0, 1});
  CHECK(b.sizes() == Shape{2, 1, 3});
  CHECK(b.strides() == Strides{1, 1, 2});
  const Tensor c = tc::movedim(iota({2, 3, 4}), {-1}, {0});
  CHECK(c.sizes() == Shape{4, 2, 3});
  CHECK(c.strides() == Strides{1, 12, 4});
  CHECK(tc::movedim(iota({2, 3, 4}), {}, {}).strides() == Strides{12, 4, 1});
  CHECK(grad_fn(tc::movedim(requiring_grad({2, 3}), {0}, {1})) == "PermuteBackward0");
  SECTION("0-D: an alias") {
    const Tensor s = Tensor::scalar(3.0);
    CHECK(tc::movedim(s, {0}, {-1}).sizes() == Shape{});
    CHECK(grad_fn(tc::movedim(requiring_grad({}), {0}, {0})) == "AliasBackward0");
  }
  check_gradients([](const std::vector<Tensor>& in) { return tc::movedim(in[0], {0, 2}, {2, 1}); },
                  {tc::add(iota({2, 3, 2}), 0.5)});
}

TEST_CASE("movedim: PyTorch's messages", "[shape-ops]") {
  const Tensor x = iota({2, 3, 4, 5});
  refuses([&] { tc::movedim(x, {1, 0}, {0}); }, ErrorKind::Shape,
          "movedim: Invalid source or destination dims: source ([1, 0] dims ) should contain the "
          "same number of dims as destination ([0] dims)");
  refuses([&] { tc::movedim(x, {0, 0}, {0, 1}); }, ErrorKind::Shape,
          "movedim: repeated dim in `source` ([0, 0])");
  refuses([&] { tc::movedim(x, {0, -4}, {0, 1}); }, ErrorKind::Shape,
          "movedim: repeated dim in `source` ([0, -4])");
  refuses([&] { tc::movedim(x, {0, 1}, {1, 1}); }, ErrorKind::Shape,
          "movedim: repeated dim in `destination` ([1, 1])");
  refuses([&] { tc::movedim(x, {4}, {0}); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-4, 3], but got 4)");
  refuses([&] { tc::movedim(x, {0}, {-5}); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-4, 3], but got -5)");
  refuses([] { tc::movedim(Tensor::scalar(1.0), {1}, {0}); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

TEST_CASE("movedim on random shapes against the naive reference", "[shape-ops][property]") {
  Random rng(61);
  for (int trial = 0; trial < 400; ++trial) {
    const Shape shape = rng.shape(5, 3);
    const naive::Dense d{shape, rng.values(naive::count(shape))};
    const int64_t n = static_cast<int64_t>(shape.size());
    const int64_t k = rng.integer(0, std::max<int64_t>(n, 1));
    std::vector<int64_t> src, dst;
    for (int64_t i = 0; i < k; ++i) {
      src.push_back(rng.integer(-std::max<int64_t>(n, 1), std::max<int64_t>(n, 1) - 1));
      dst.push_back(rng.integer(-std::max<int64_t>(n, 1), std::max<int64_t>(n, 1) - 1));
    }
    INFO(naive::show(shape) << " " << naive::show(src) << " -> " << naive::show(dst));
    const auto want = naive::movedim(d, src, dst);
    const Tensor x = strided_copy(d, rng);
    if (!want) {
      CHECK_THROWS_AS(tc::movedim(x, src, dst), tc::Error);
      continue;
    }
    const Tensor got = tc::movedim(x, src, dst);
    CHECK(got.sizes() == want->shape);
    CHECK(got.shares_storage(x));
    CHECK(values(got) == want->v);
  }
}

// --- cat

TEST_CASE("cat: PyTorch's doc example and the result's layout", "[shape-ops]") {
  const Tensor x = iota({2, 3});
  const Tensor r0 = tc::cat({x, x, x}, 0);
  CHECK(r0.sizes() == Shape{6, 3});
  CHECK(r0.strides() == Strides{3, 1});
  CHECK(values(r0) == std::vector<float>{0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5});
  const Tensor r1 = tc::cat({x, x, x}, 1);
  CHECK(r1.sizes() == Shape{2, 9});
  CHECK(values(r1) == std::vector<float>{0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5});
  CHECK(values(tc::cat({x, tc::transpose(iota({3, 2}), 0, 1)}, -1)) ==
        std::vector<float>{0, 1, 2, 0, 2, 4, 3, 4, 5, 1, 3, 5});
  CHECK_FALSE(tc::cat({x}, 0).shares_storage(x));  // always a new tensor
  CHECK(tc::cat({x}, 0).impl_ptr() != x.impl_ptr());
}

TEST_CASE("cat: zero-size inputs and the legacy skip of shape [0]", "[shape-ops]") {
  const Tensor x = iota({2, 3});
  const Tensor empty = Tensor::zeros({0});
  CHECK(values(tc::cat({empty, x, empty}, 1)) == values(x));
  CHECK(tc::cat({empty, x}, 1).sizes() == Shape{2, 3});
  CHECK(tc::cat({x, empty}, -1).sizes() == Shape{2, 3});
  // Only [0] inputs: the dim is never checked.
  CHECK(tc::cat({empty, empty}, 5).sizes() == Shape{0});
  // [0, 3] is not skipped: it is checked like any other, and adds nothing.
  CHECK(values(tc::cat({Tensor::zeros({0, 3}), x}, 0)) == values(x));
  CHECK(tc::cat({Tensor::zeros({2, 0}), Tensor::zeros({2, 0})}, 1).sizes() == Shape{2, 0});
  refuses([] { tc::cat({Tensor::zeros({0, 3}), Tensor::zeros({2, 4})}, 0); }, ErrorKind::Shape,
          "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 for "
          "tensor number 1 in the list.");
}

TEST_CASE("cat: PyTorch's messages, in its order", "[shape-ops]") {
  const Tensor x = iota({2, 3});
  refuses([] { tc::cat({}, 0); }, ErrorKind::Shape,
          "torch.cat(): expected a non-empty list of Tensors");
  refuses([] { tc::cat({Tensor::scalar(1.0)}, 0); }, ErrorKind::Shape,
          "zero-dimensional tensor (at position 0) cannot be concatenated");
  refuses([&] { tc::cat({x, Tensor::scalar(1.0)}, 7); }, ErrorKind::Shape,
          "zero-dimensional tensor (at position 1) cannot be concatenated");
  refuses([&] { tc::cat({x, iota({3, 3})}, 1); }, ErrorKind::Shape,
          "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for "
          "tensor number 1 in the list.");
  refuses([&] { tc::cat({x, x, iota({2, 4})}, 0); }, ErrorKind::Shape,
          "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 for "
          "tensor number 2 in the list.");
  refuses([&] { tc::cat({x, iota({3})}, 0); }, ErrorKind::Shape,
          "Tensors must have same number of dimensions: got 2 and 1");
  refuses([&] { tc::cat({x, x}, 2); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  // The dim is checked against the first input that is not skipped.
  refuses([&] { tc::cat({Tensor::zeros({0}), iota({3})}, 1); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

TEST_CASE("cat and stack promote across their inputs", "[shape-ops][dtypes]") {
  const Tensor i = Tensor::from_values<int64_t>({1, 2}, {2});
  const Tensor f = Tensor::from_data({0.5f}, {1});
  const Tensor b = Tensor::from_bools({1, 0}, {2});
  const Tensor d = Tensor::from_values<double>({0.25}, {1});
  CHECK(tc::cat({i, f}, 0).dtype() == DType::Float32);
  CHECK(values(tc::cat({i, f}, 0)) == std::vector<float>{1, 2, 0.5f});
  CHECK(tc::cat({b, i}, 0).dtype() == DType::Int64);
  CHECK(tc::cat({b, Tensor::from_values<int32_t>({7}, {1})}, 0).dtype() == DType::Int32);
  CHECK(tc::cat({f, d}, 0).dtype() == DType::Float64);
  CHECK(tc::cat({b, b}, 0).dtype() == DType::Bool);
  // A skipped [0] input still takes part in the promotion.
  CHECK(tc::cat({Tensor::zeros({0}), i}, 0).dtype() == DType::Float32);
  CHECK(tc::stack({i, b}, 0).dtype() == DType::Int64);
  CHECK(tc::stack({Tensor::scalar(int64_t{3}), Tensor::scalar(1.5)}, 0).dtype() == DType::Float64);
}

TEST_CASE("cat: CatBackward0, each input its slice of the gradient", "[shape-ops][autograd]") {
  Tensor a = requiring_grad({2, 3}), b = requiring_grad({2, 1});
  const Tensor out = tc::cat({a, b}, 1);
  CHECK(grad_fn(out) == "CatBackward0");
  tc::backward(tc::sum(tc::mul(out, iota({2, 4}))));
  CHECK(values(a.grad()) == std::vector<float>{0, 1, 2, 4, 5, 6});
  CHECK(values(b.grad()) == std::vector<float>{3, 7});
  SECTION("a skipped [0] input gets an empty gradient") {
    Tensor e = Tensor::zeros({0});
    e.set_requires_grad(true);
    Tensor c = requiring_grad({3});
    tc::backward(tc::sum(tc::cat({e, c}, 0)));
    CHECK(e.grad().sizes() == Shape{0});
    CHECK(values(c.grad()) == std::vector<float>{1, 1, 1});
  }
  SECTION("a float32 input of a float64 result gets a float32 gradient") {
    Tensor f = requiring_grad({2});
    Tensor dl = Tensor::from_values<double>({4.0}, {1});
    dl.set_requires_grad(true);
    tc::backward(tc::sum(tc::cat({f, dl}, 0)));
    CHECK(f.grad().dtype() == DType::Float32);
    CHECK(dl.grad().dtype() == DType::Float64);
  }
  check_gradients([](const std::vector<Tensor>& in) { return tc::cat({in[0], in[1], in[0]}, 0); },
                  {tc::add(iota({1, 3}), 0.5), tc::add(iota({2, 3}), 0.25)});
  check_gradients([](const std::vector<Tensor>& in) { return tc::cat({in[0], in[1]}, -1); },
                  {tc::add(iota({2, 2, 1}), 0.5), tc::add(iota({2, 2, 3}), 0.25)});
}

TEST_CASE("cat on random shapes against the naive reference", "[shape-ops][property]") {
  Random rng(62);
  for (int trial = 0; trial < 400; ++trial) {
    const Shape base = rng.shape(4, 3);
    const int64_t count = rng.integer(1, 4);
    const int64_t dim = rng.integer(-4, 3);
    std::vector<naive::Dense> dense;
    std::vector<Tensor> inputs;
    for (int64_t k = 0; k < count; ++k) {
      Shape s = base;
      const int64_t pick = rng.integer(0, 9);
      if (pick == 0) s = {0};                                  // the legacy skip
      else if (pick == 1 && !s.empty()) s.back() += 1;         // often a mismatch
      else if (!s.empty()) {
        auto w = naive::wrap(dim, static_cast<int64_t>(s.size()));
        if (w) s[*w] = rng.integer(0, 3);                      // the cat dim varies
      }
      dense.push_back({s, rng.values(naive::count(s))});
      inputs.push_back(strided_copy(dense.back(), rng));
    }
    INFO("dim " << dim << ", first " << naive::show(dense[0].shape) << ", count " << count);
    const auto want = naive::cat(dense, dim);
    if (!want) {
      CHECK_THROWS_AS(tc::cat(inputs, dim), tc::Error);
      continue;
    }
    const Tensor got = tc::cat(inputs, dim);
    CHECK(got.sizes() == want->shape);
    CHECK(got.is_contiguous());
    CHECK(values(got) == want->v);
  }
}

// --- stack

TEST_CASE("stack: a new dim, StackBackward0", "[shape-ops]") {
  const Tensor a = Tensor::from_data({1, 2}, {2}), b = Tensor::from_data({3, 4}, {2});
  CHECK(values(tc::stack({a, b}, 0)) == std::vector<float>{1, 2, 3, 4});
  const Tensor s1 = tc::stack({a, b}, 1);
  CHECK(s1.sizes() == Shape{2, 2});
  CHECK(s1.strides() == Strides{2, 1});
  CHECK(values(s1) == std::vector<float>{1, 3, 2, 4});
  CHECK(values(tc::stack({a, b}, -1)) == values(s1));
  CHECK(tc::stack({a}, -2).sizes() == Shape{1, 2});
  CHECK(tc::stack({Tensor::scalar(1.0), Tensor::scalar(2.0)}, 0).sizes() == Shape{2});
  CHECK(tc::stack({Tensor::zeros({0}), Tensor::zeros({0})}, 0).sizes() == Shape{2, 0});
  CHECK(tc::stack({Tensor::zeros({0}), Tensor::zeros({0})}, 1).sizes() == Shape{0, 2});
  const Tensor g = requiring_grad({2});
  CHECK(grad_fn(tc::stack({g, a}, 0)) == "StackBackward0");
  check_gradients([](const std::vector<Tensor>& in) { return tc::stack({in[0], in[1], in[0]}, 1); },
                  {tc::add(iota({2, 3}), 0.5), tc::add(iota({2, 3}), 0.25)});
  check_gradients([](const std::vector<Tensor>& in) { return tc::stack({in[0], in[1]}, 0); },
                  {Tensor::from_data({1.5f}, {}), Tensor::from_data({2.5f}, {})});
}

TEST_CASE("stack: PyTorch's messages", "[shape-ops]") {
  refuses([] { tc::stack({}, 0); }, ErrorKind::Shape, "stack expects a non-empty TensorList");
  refuses([] { tc::stack({iota({2}), iota({3})}, 0); }, ErrorKind::Shape,
          "stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1");
  refuses([] { tc::stack({iota({2}), iota({2}), iota({1, 2})}, 1); }, ErrorKind::Shape,
          "stack expects each tensor to be equal size, but got [2] at entry 0 and [1, 2] at "
          "entry 2");
  refuses([] { tc::stack({iota({2}), iota({2})}, 2); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  refuses([] { tc::stack({Tensor::scalar(1.0)}, 1); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
}

TEST_CASE("stack on random shapes against the naive reference", "[shape-ops][property]") {
  Random rng(63);
  for (int trial = 0; trial < 300; ++trial) {
    const Shape shape = rng.shape(3, 3);
    const int64_t count = rng.integer(1, 3);
    const int64_t dim = rng.integer(-4, 3);
    std::vector<naive::Dense> dense;
    std::vector<Tensor> inputs;
    for (int64_t k = 0; k < count; ++k) {
      dense.push_back({shape, rng.values(naive::count(shape))});
      inputs.push_back(strided_copy(dense.back(), rng));
    }
    INFO(naive::show(shape) << " x" << count << " at " << dim);
    const auto want = naive::stack(dense, dim);
    if (!want) {
      CHECK_THROWS_AS(tc::stack(inputs, dim), tc::Error);
      continue;
    }
    const Tensor got = tc::stack(inputs, dim);
    CHECK(got.sizes() == want->shape);
    CHECK(values(got) == want->v);
  }
}

// --- what an independent check against PyTorch 1.13 found

TEST_CASE("in place into an expanded view without elements is allowed", "[shape-ops][inplace]") {
  // ones(1,1).unsqueeze(2).expand(3,0,2).sub_(ones(1,2)): PyTorch counts an
  // empty tensor as non-overlapping (it is contiguous).
  Tensor e = tc::expand(tc::unsqueeze(Tensor::ones({1, 1}), 2), {3, 0, 2});
  CHECK(e.strides() == Strides{0, 0, 0});
  Tensor& r = tc::binary_(BinaryOp::Sub, e, Tensor::ones({1, 2}));
  CHECK(r.sizes() == Shape{3, 0, 2});
  CHECK_FALSE(e.geometry().has_internal_overlap());
  // With elements it is still refused.
  Tensor full = tc::expand(tc::unsqueeze(Tensor::ones({1, 1}), 2), {3, 1, 2});
  refuses([&] { tc::binary_(BinaryOp::Sub, full, Tensor::ones({1, 2})); }, ErrorKind::Shape,
          "unsupported operation: more than one element of the written-to tensor refers to a "
          "single memory location. Please clone() the tensor before performing the operation.");
}

TEST_CASE("in place: overlap is reported before the shapes, as TensorIterator does",
          "[shape-ops][inplace]") {
  Tensor e = tc::expand(Tensor::ones({1}), {3});
  refuses([&] { tc::binary_(BinaryOp::Add, e, Tensor::ones({4})); }, ErrorKind::Shape,
          "unsupported operation: more than one element of the written-to tensor refers to a "
          "single memory location. Please clone() the tensor before performing the operation.");
  refuses([&] { tc::binary_(BinaryOp::Add, e, Tensor::ones({2, 3})); }, ErrorKind::Shape,
          "unsupported operation: more than one element of the written-to tensor refers to a "
          "single memory location. Please clone() the tensor before performing the operation.");
  Tensor base = Tensor::arange(0, 6);
  Tensor head = tc::narrow(base, 0, 0, 4);
  refuses([&] { tc::binary_(BinaryOp::Mul, head, tc::narrow(base, 0, 1, 2)); }, ErrorKind::Shape,
          "unsupported operation: some elements of the input tensor and the written-to tensor "
          "refer to a single memory location. Please clone() the tensor before performing the "
          "operation.");
  CHECK(values(base) == std::vector<float>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("torch.broadcast_shapes' text first, then the dim", "[shape-ops]") {
  refuses([] { tc::torch_broadcast_shapes({{2, 3}, {4}}); }, ErrorKind::Shape,
          "Shape mismatch: objects cannot be broadcast to a single shape. The size of tensor a "
          "(3) must match the size of tensor b (4) at non-singleton dimension 1");
  refuses([] { tc::torch_broadcast_shapes({{3, 1}, {1, 4}, {5}}); }, ErrorKind::Shape,
          "Shape mismatch: objects cannot be broadcast to a single shape. The size of tensor a "
          "(4) must match the size of tensor b (5) at non-singleton dimension 1");
  CHECK(tc::torch_broadcast_shapes({{5, 1, 4, 1}, {3, 1, 1}}) == Shape{5, 3, 4, 1});
  CHECK(tc::torch_broadcast_shapes({}) == Shape{});
  // Other refusals keep their own text; ops keep infer_size's.
  refuses([] { tc::torch_broadcast_shapes({{-1}}); }, ErrorKind::Value,
          "Trying to create tensor with negative dimension -1: [-1]");
  refuses([] { tc::add(Tensor::ones({2, 3}), Tensor::ones({4})); }, ErrorKind::Shape,
          "The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
          "dimension 1");
}

namespace {

// See Note [maximum of signed zeros]: std::max / std::min keep the first
// operand on a tie. Lengths cover the 4-lane bodies and their tails.
template <class T>
void check_signed_zero_ties() {
  for (int64_t n : {1, 3, 4, 7, 8, 9, 16, 37}) {
    INFO("length " << n);
    const Tensor neg = Tensor::full({n}, -T(0), tc::dtype_of<T>());
    const Tensor pos = Tensor::full({n}, T(0), tc::dtype_of<T>());
    const auto signs = [](const Tensor& t) {
      std::vector<bool> s;
      for (T v : t.values<T>()) s.push_back(std::signbit(v));
      return s;
    };
    const std::vector<bool> all(static_cast<size_t>(n), true), none(static_cast<size_t>(n), false);
    CHECK(signs(tc::maximum(neg, pos)) == all);
    CHECK(signs(tc::maximum(pos, neg)) == none);
    CHECK(signs(tc::minimum(neg, pos)) == all);
    CHECK(signs(tc::minimum(pos, neg)) == none);
    // A 0-D operand (the scalar-broadcast kernels) and a strided one.
    const Tensor zero = Tensor::full({}, T(0), tc::dtype_of<T>());
    CHECK(signs(tc::maximum(neg, zero)) == all);
    CHECK(signs(tc::maximum(zero, neg)) == none);
    CHECK(signs(tc::minimum(zero, neg)) == none);
    const Tensor wide = Tensor::full({n, 2}, -T(0), tc::dtype_of<T>());
    CHECK(signs(tc::maximum(tc::narrow(wide, 1, 0, 1), tc::unsqueeze(pos, 1))) == all);
    CHECK(signs(tc::unary(UnaryOp::Relu, neg)) == all);
    // NaN still wins either way.
    const Tensor nan = Tensor::full({n}, std::numeric_limits<T>::quiet_NaN(), tc::dtype_of<T>());
    for (T v : tc::maximum(pos, nan).template values<T>()) CHECK(std::isnan(v));
    for (T v : tc::minimum(nan, neg).template values<T>()) CHECK(std::isnan(v));
    for (T v : tc::unary(UnaryOp::Relu, nan).template values<T>()) CHECK(std::isnan(v));
  }
}

}  // namespace

TEST_CASE("maximum, minimum and relu of signed zeros, as PyTorch's scalar kernels",
          "[shape-ops][elementwise]") {
  SECTION("float32") { check_signed_zero_ties<float>(); }
  SECTION("float64") { check_signed_zero_ties<double>(); }
}
