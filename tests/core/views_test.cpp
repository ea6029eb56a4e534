// Views (Note [expand]): sizes, strides and offsets as PyTorch computes them,
// storage shared (never a copy), PyTorch's error texts, and random chains
// of views on strided tensors against the naive reference.
#include <algorithm>
#include <numeric>

#include "support.h"

using namespace tct;
using tc::ErrorKind;
using tc::Strides;

namespace {

struct Geo {
  Shape sizes;
  Strides strides;
  int64_t offset;
};

void check_geometry(const Tensor& t, const Geo& want) {
  CHECK(t.sizes() == want.sizes);
  CHECK(t.strides() == want.strides);
  CHECK(t.offset() == want.offset);
}

Tensor arange(const Shape& shape) {
  return tc::view(Tensor::arange(0, static_cast<double>(tc::numel(shape))), shape);
}

}  // namespace

TEST_CASE("factories: contiguous strides, 0-D and size 0", "[views]") {
  check_geometry(Tensor::zeros({5, 3, 4, 1}), {{5, 3, 4, 1}, {12, 4, 1, 1}, 0});
  check_geometry(Tensor::scalar(7), {{}, {}, 0});
  CHECK(Tensor::scalar(7).item() == 7.0f);
  check_geometry(Tensor::zeros({0}), {{0}, {1}, 0});
  check_geometry(Tensor::zeros({2, 0, 3}), {{2, 0, 3}, {3, 3, 1}, 0});
  CHECK(values(Tensor::arange(0, 3)) == std::vector<float>{0, 1, 2});
  CHECK(values(Tensor::arange(1, 2, 0.25)) == std::vector<float>{1, 1.25f, 1.5f, 1.75f});
  CHECK(Tensor::arange(0, 0).sizes() == Shape{0});
}

TEST_CASE("expand: stride 0 on expanded and new dims, storage shared", "[views][expand]") {
  const Tensor x = Tensor::from_data({1, 2, 3}, {3, 1});
  const Tensor e = tc::expand(x, {2, 3, 4});
  check_geometry(e, {{2, 3, 4}, {0, 1, 0}, 0});
  CHECK(e.shares_storage(x));
  CHECK(values(e) == std::vector<float>{1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                        1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3});
  SECTION("-1 keeps a size") { check_geometry(tc::expand(x, {-1, 4}), {{3, 4}, {1, 0}, 0}); }
  SECTION("a new leading dim of size 1 keeps a real stride, as in PyTorch") {
    check_geometry(tc::expand(x, {1, 3, 1}), {{1, 3, 1}, {3, 1, 1}, 0});
  }
  SECTION("0-D to anything: every stride 0, size-1 dims too (PyTorch's inferExpandGeometry)") {
    check_geometry(tc::expand(Tensor::scalar(5), {2, 2}), {{2, 2}, {0, 0}, 0});
    check_geometry(tc::expand(Tensor::scalar(5), {1, 1}), {{1, 1}, {0, 0}, 0});
    check_geometry(tc::expand(Tensor::scalar(5), {1}), {{1}, {0}, 0});
    check_geometry(tc::expand(Tensor::scalar(5), {3, 1, 0}), {{3, 1, 0}, {0, 0, 0}, 0});
    check_geometry(tc::expand(Tensor::scalar(5), {}), {{}, {}, 0});
  }
  SECTION("new leading dims of size 1 before a kept size-1 dim") {
    check_geometry(tc::expand(Tensor::ones({1}), {1, 1, 1}), {{1, 1, 1}, {1, 1, 1}, 0});
    check_geometry(tc::expand(Tensor::ones({3}), {1, 1, 3}), {{1, 1, 3}, {3, 3, 1}, 0});
  }
  SECTION("size 1 to 0") { check_geometry(tc::expand(x, {3, 0}), {{3, 0}, {1, 0}, 0}); }
  SECTION("expand_as and broadcast_to are expand") {
    check_geometry(tc::expand_as(x, Tensor::zeros({2, 3, 4})), {{2, 3, 4}, {0, 1, 0}, 0});
    check_geometry(tc::broadcast_to(x, {2, -1, 4}), {{2, 3, 4}, {0, 1, 0}, 0});
  }
}

TEST_CASE("expand: PyTorch's errors, word for word", "[views][expand]") {
  const Tensor y = Tensor::ones({3, 1, 7});
  refuses([&] { tc::expand(y, {1, 3, 1}); }, ErrorKind::Shape,
          "The expanded size of the tensor (1) must match the existing size (7) at non-singleton "
          "dimension 2.  Target sizes: [1, 3, 1].  Tensor sizes: [3, 1, 7]");
  refuses([&] { tc::expand(y, {7}); }, ErrorKind::Shape,
          "expand(torch.FloatTensor{[3, 1, 7]}, size=[7]): the number of sizes provided (1) must "
          "be greater or equal to the number of dimensions in the tensor (3)");
  refuses([&] { tc::expand(y, {-1, 3, 1, 7}); }, ErrorKind::Shape,
          "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
          "dimension 0");
  refuses([&] { tc::expand(y, {3, -2, 7}); }, ErrorKind::Value,
          "Trying to create tensor with negative dimension -2: [3, -2, 7]");
}

TEST_CASE("permute and transpose swap sizes and strides", "[views]") {
  const Tensor x = arange({2, 3, 4});
  check_geometry(tc::permute(x, {2, 0, 1}), {{4, 2, 3}, {1, 12, 4}, 0});
  check_geometry(tc::permute(x, {-1, 0, 1}), {{4, 2, 3}, {1, 12, 4}, 0});
  check_geometry(tc::transpose(x, 0, 2), {{4, 3, 2}, {1, 4, 12}, 0});
  check_geometry(tc::transpose(x, -1, -2), {{2, 4, 3}, {12, 1, 4}, 0});
  CHECK(values(tc::transpose(arange({2, 3}), 0, 1)) == std::vector<float>{0, 3, 1, 4, 2, 5});
  CHECK_FALSE(tc::transpose(x, 0, 1).is_contiguous());
  refuses([&] { tc::permute(x, {0, 1}); }, ErrorKind::Shape,
          "permute(sparse_coo): number of dimensions in the tensor input does not match the "
          "length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to "
          "len(dims) = 2");
  refuses([&] { tc::permute(x, {0, 1, 1}); }, ErrorKind::Shape,
          "permute(): duplicate dims are not allowed.");
  refuses([&] { tc::transpose(x, 0, 3); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  check_geometry(tc::transpose(Tensor::scalar(1), 0, -1), {{}, {}, 0});
}

TEST_CASE("unsqueeze and squeeze", "[views]") {
  const Tensor x = arange({2, 3});
  check_geometry(tc::unsqueeze(x, 0), {{1, 2, 3}, {6, 3, 1}, 0});
  check_geometry(tc::unsqueeze(x, 1), {{2, 1, 3}, {3, 3, 1}, 0});
  check_geometry(tc::unsqueeze(x, 2), {{2, 3, 1}, {3, 1, 1}, 0});
  check_geometry(tc::unsqueeze(x, -1), {{2, 3, 1}, {3, 1, 1}, 0});
  check_geometry(tc::unsqueeze(Tensor::scalar(1), 0), {{1}, {1}, 0});
  refuses([&] { tc::unsqueeze(x, 3); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  const Tensor y = Tensor::zeros({1, 3, 1, 2});
  check_geometry(tc::squeeze(y), {{3, 2}, {2, 1}, 0});
  check_geometry(tc::squeeze(y, 2), {{1, 3, 2}, {6, 2, 1}, 0});
  check_geometry(tc::squeeze(y, 1), {{1, 3, 1, 2}, {6, 2, 2, 1}, 0});  // size 3: no-op
  check_geometry(tc::squeeze(Tensor::scalar(1), 0), {{}, {}, 0});
  refuses([&] { tc::squeeze(y, -5); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-4, 3], but got -5)");
}

TEST_CASE("narrow moves the offset and keeps the strides", "[views]") {
  const Tensor x = arange({3, 4});
  const Tensor n = tc::narrow(x, 1, 1, 2);
  check_geometry(n, {{3, 2}, {4, 1}, 1});
  CHECK(values(n) == std::vector<float>{1, 2, 5, 6, 9, 10});
  check_geometry(tc::narrow(x, 0, -1, 1), {{1, 4}, {4, 1}, 8});
  // Empty: the offset still moves to start, as PyTorch's does (one past
  // the last element at most).
  check_geometry(tc::narrow(x, 0, 3, 0), {{0, 4}, {4, 1}, 12});
  check_geometry(tc::narrow(x, 1, -1, 0), {{3, 0}, {4, 1}, 3});
  // PyTorch 1.13's texts: start wraps as a dim would (IndexError), one
  // check for the length (RuntimeError).
  refuses([&] { tc::narrow(x, 1, 3, 2); }, ErrorKind::Shape,
          "start (3) + length (2) exceeds dimension size (4).");
  refuses([&] { tc::narrow(x, 1, 5, 0); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-4, 3], but got 5)");
  refuses([&] { tc::narrow(x, 1, -5, 1); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-4, 3], but got -5)");
  refuses([&] { tc::narrow(x, 1, 1, -1); }, ErrorKind::Shape,
          "start (1) + length (-1) exceeds dimension size (4).");
  refuses([&] { tc::narrow(Tensor::scalar(1), 0, 0, 1); }, ErrorKind::Shape,
          "narrow() cannot be applied to a 0-dim tensor.");
}

TEST_CASE("view: a view when the strides allow, else PyTorch's error", "[views]") {
  const Tensor x = arange({2, 3, 4});
  check_geometry(tc::view(x, {6, 4}), {{6, 4}, {4, 1}, 0});
  check_geometry(tc::view(x, {-1}), {{24}, {1}, 0});
  check_geometry(tc::view(x, {2, -1, 2}), {{2, 6, 2}, {12, 2, 1}, 0});
  // Dims that stay contiguous among themselves can still merge.
  const Tensor p = tc::permute(x, {1, 2, 0});  // [3, 4, 2] strides [4, 1, 12]
  check_geometry(tc::view(p, {12, 2}), {{12, 2}, {1, 12}, 0});
  refuses([&] { tc::view(p, {24}); }, ErrorKind::Shape,
          "view size is not compatible with input tensor's size and stride (at least one "
          "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  refuses([&] { tc::view(x, {5, 5}); }, ErrorKind::Shape,
          "shape '[5, 5]' is invalid for input of size 24");
  refuses([&] { tc::view(x, {-1, -1}); }, ErrorKind::Shape, "only one dimension can be inferred");
  refuses([&] { tc::view(x, {-2, 12}); }, ErrorKind::Shape, "invalid shape dimension -2");
  refuses([&] { tc::view(Tensor::zeros({0, 3}), {-1, 0}); }, ErrorKind::Shape,
          "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified "
          "dimension size -1 can be any value and is ambiguous");
  // An expanded tensor views where its stride-0 dims stay whole.
  const Tensor e = tc::expand(Tensor::ones({3, 1}), {3, 4});
  check_geometry(tc::view(e, {3, 2, 2}), {{3, 2, 2}, {1, 0, 0}, 0});
  // 0-D and one element
  check_geometry(tc::view(Tensor::scalar(2), {1, 1}), {{1, 1}, {1, 1}, 0});
  check_geometry(tc::view(Tensor::ones({1, 1}), {}), {{}, {}, 0});
}

TEST_CASE("reshape: a view when possible, else a contiguous copy", "[views]") {
  const Tensor x = arange({2, 3, 4});
  CHECK(tc::reshape(x, {4, 6}).shares_storage(x));
  const Tensor t = tc::transpose(x, 0, 2);
  const Tensor r = tc::reshape(t, {24});
  CHECK_FALSE(r.shares_storage(t));
  CHECK(r.is_contiguous());
  CHECK(values(r) == values(t));
}

TEST_CASE("contiguous: itself when already, else a copy in logical order", "[views]") {
  const Tensor x = arange({2, 3});
  CHECK(tc::contiguous(x).impl_ptr() == x.impl_ptr());
  const Tensor t = tc::transpose(x, 0, 1);
  const Tensor c = tc::contiguous(t);
  check_geometry(c, {{3, 2}, {2, 1}, 0});
  CHECK(values(c) == std::vector<float>{0, 3, 1, 4, 2, 5});
  // An expanded view materialises every repeated element.
  const Tensor e = tc::contiguous(tc::expand(Tensor::from_data({1, 2}, {2, 1}), {2, 3}));
  CHECK(values(e) == std::vector<float>{1, 1, 1, 2, 2, 2});
  CHECK(e.strides() == Strides{3, 1});
}

TEST_CASE("is_contiguous ignores size-1 strides; empty is contiguous", "[views]") {
  CHECK(Tensor::zeros({2, 3}).with_geometry(tc::Geometry::make({2, 1, 3}, {3, 99, 1}, 0))
            .is_contiguous());
  CHECK(tc::transpose(Tensor::zeros({0, 3}), 0, 1).is_contiguous());
  CHECK_FALSE(tc::expand(Tensor::zeros({1}), {2}).is_contiguous());
}

TEST_CASE("views: random chains on strided tensors against the naive reference",
          "[views][property]") {
  Random rng(7);
  for (int trial = 0; trial < 3000; ++trial) {
    naive::Dense want{rng.shape(4, 3), {}};
    for (int64_t i = 0; i < naive::count(want.shape); ++i) want.v.push_back(static_cast<float>(i));
    Tensor t = strided_copy(want, rng);
    for (int step = 0; step < 4; ++step) {
      const int64_t nd = t.ndim();
      const int kind = static_cast<int>(rng.integer(0, 6));
      std::optional<naive::Dense> next;
      std::string what;
      try {
        if (kind == 0) {
          Shape target = want.shape;
          if (rng.coin()) target.insert(target.begin(), rng.integer(1, 3));
          for (int64_t& s : target)
            if (s == 1) s = rng.integer(0, 3);
            else if (rng.coin()) s = -1;
          what = "expand " + naive::show(target);
          next = naive::expand(want, target);
          t = tc::expand(t, target);
        } else if (kind == 1) {
          std::vector<int64_t> dims(static_cast<size_t>(nd));
          std::iota(dims.begin(), dims.end(), 0);
          std::shuffle(dims.begin(), dims.end(), rng.engine());
          what = "permute";
          next = naive::permute(want, dims);
          t = tc::permute(t, dims);
        } else if (kind == 2 && nd > 0) {
          const int64_t d = rng.integer(0, nd - 1);
          const int64_t size = want.shape[static_cast<size_t>(d)];
          const int64_t start = rng.integer(0, size);
          const int64_t length = rng.integer(0, size - start);
          what = "narrow";
          next = naive::narrow(want, d, start, length);
          t = tc::narrow(t, d, start, length);
        } else if (kind == 3) {
          Shape target = want.shape;
          std::reverse(target.begin(), target.end());
          what = "reshape " + naive::show(target);
          next = naive::reshape(want, target);
          t = tc::reshape(t, target);
        } else if (kind == 4) {
          const int64_t d = rng.integer(-nd - 1, nd);
          what = "unsqueeze";
          next = naive::unsqueeze(want, d);
          t = tc::unsqueeze(t, d);
        } else if (kind == 5) {
          what = "squeeze";
          next = naive::squeeze(want);
          t = tc::squeeze(t);
        } else {
          what = "contiguous";
          next = want;
          t = tc::contiguous(t);
        }
      } catch (const tc::Error& e) {
        INFO(what << " on " << naive::show(want.shape) << ": " << e.what());
        CHECK_FALSE(next.has_value());
        break;
      }
      INFO(what << " on " << naive::show(want.shape));
      REQUIRE(next.has_value());
      want = *next;
      CHECK(t.sizes() == want.shape);
      CHECK(values(t) == want.v);
    }
  }
}
