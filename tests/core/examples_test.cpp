// Every worked example of docs/examples.md (PyTorch's "Broadcasting
// semantics" note, docs/source/notes/broadcasting.rst, and an add with its
// backward through PyTorch's source), as current PyTorch answers it. Where
// the note is loose or out of date PyTorch wins: (0,) has one dim of size
// 0; a failed in-place broadcast says "output with shape ..."; the
// backcompat warning is opt-in.
#include "diagnostics.h"
#include "support.h"

using namespace tct;
using tc::ErrorKind;

namespace {

struct BroadcastCase {
  const char* source;
  Shape x, y;
  Shape result;         // when it broadcasts
  const char* error;    // else PyTorch's message
};

const BroadcastCase kBroadcastCases[] = {
    {"note: same shapes", {5, 7, 3}, {5, 7, 3}, {5, 7, 3}, nullptr},
    {"note: (0,) and (2,2)", {0}, {2, 2}, {},
     "The size of tensor a (0) must match the size of tensor b (2) at non-singleton dimension 1"},
    {"note: ones((0,)) + ones(5,7,3)", {0}, {5, 7, 3}, {},
     "The size of tensor a (0) must match the size of tensor b (3) at non-singleton dimension 2"},
    {"note: trailing dims line up", {5, 3, 4, 1}, {3, 1, 1}, {5, 3, 4, 1}, nullptr},
    {"note: 2 != 3", {5, 2, 4, 1}, {3, 1, 1}, {},
     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1"},
    {"note: (x+y).size()", {5, 1, 4, 1}, {3, 1, 1}, {5, 3, 4, 1}, nullptr},
    {"note: lining up is not needed", {1}, {3, 1, 7}, {3, 1, 7}, nullptr},
    {"note: y gets leading dims", {5, 2, 4, 1}, {1, 1}, {5, 2, 4, 1}, nullptr},
    {"add: A [2,3] + B [3]", {2, 3}, {3}, {2, 3}, nullptr},
    {"add: A [2,3] + B [1,3]", {2, 3}, {1, 3}, {2, 3}, nullptr},
    {"add: A [2,3] + B [2,4]", {2, 3}, {2, 4}, {},
     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"},
    {"note: backcompat, ones(4,1) + ones(4)", {4, 1}, {4}, {4, 4}, nullptr},
    {"PyTorch: (0,) with (1,)", {0}, {1}, {0}, nullptr},
    {"PyTorch: 0-D broadcasts with anything", {}, {2, 3}, {2, 3}, nullptr},
};

}  // namespace

TEST_CASE("worked examples: broadcast shapes, and the op itself", "[examples]") {
  for (const BroadcastCase& c : kBroadcastCases) {
    SECTION(c.source) {
      if (c.error) {
        refuses([&] { tc::infer_size(c.x, c.y); }, ErrorKind::Shape, c.error);
        refuses([&] { tc::add(Tensor::ones(c.x), Tensor::ones(c.y)); }, ErrorKind::Shape,
                c.error);
      } else {
        CHECK(tc::infer_size(c.x, c.y) == c.result);
        const Tensor z = tc::add(Tensor::ones(c.x), Tensor::ones(c.y));
        CHECK(z.sizes() == c.result);
        CHECK(values(z) == std::vector<float>(static_cast<size_t>(tc::numel(c.result)), 2.0f));
      }
    }
  }
}

TEST_CASE("add through PyTorch's source: [[1,2,3],[4,5,6]] + [1,2,3]", "[examples]") {
  const Tensor a = Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor b = Tensor::from_data({1, 2, 3}, {3});
  const Tensor c = tc::add(a, b);
  CHECK(c.sizes() == Shape{2, 3});
  CHECK(values(c) == std::vector<float>{2, 4, 6, 5, 7, 9});
}

TEST_CASE("add is self + alpha * other (ufunc add)", "[examples]") {
  const Tensor a = Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor b = Tensor::from_data({1, 2, 3}, {3});
  CHECK(values(tc::add(a, b, 2.0)) == std::vector<float>{3, 6, 9, 6, 9, 12});
  CHECK(values(tc::sub(a, b, 2.0)) == std::vector<float>{-1, -2, -3, 2, 1, 0});
}

TEST_CASE("in-place semantics: ops keep the shape of the tensor written to", "[examples]") {
  SECTION("x (5,3,4,1).add_(y (3,1,1)) works") {
    Tensor x = Tensor::ones({5, 3, 4, 1});
    const Tensor y = Tensor::from_data({1, 2, 3}, {3, 1, 1});
    tc::binary_(tc::BinaryOp::Add, x, y);
    CHECK(x.sizes() == Shape{5, 3, 4, 1});
    // x[i, j, k, 0] = 1 + y[j]
    const std::vector<float> got = values(x);
    for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == 2.0f + static_cast<float>((i / 4) % 3));
  }
  SECTION("x (1,3,1).add_(y (3,1,7)) is refused with PyTorch's current text, x unchanged") {
    Tensor x = Tensor::from_data({1, 2, 3}, {1, 3, 1});
    const Tensor y = Tensor::ones({3, 1, 7});
    refuses([&] { tc::binary_(tc::BinaryOp::Add, x, y); }, ErrorKind::Shape,
            "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
    CHECK(x.sizes() == Shape{1, 3, 1});
    CHECK(values(x) == std::vector<float>{1, 2, 3});
  }
  SECTION("the note's older text is what expand still says") {
    const Tensor y = Tensor::ones({3, 1, 7});
    refuses([&] { tc::expand(y, {1, 3, 1}); }, ErrorKind::Shape,
            "The expanded size of the tensor (1) must match the existing size (7) at "
            "non-singleton dimension 2.  Target sizes: [1, 3, 1].  Tensor sizes: [3, 1, 7]");
  }
}

TEST_CASE("backward through PyTorch's source: A=[1,2,3], B=[1]: (A+B).sum().backward()", "[examples]") {
  Tensor a = Tensor::from_data({1, 2, 3}, {3});
  Tensor b = Tensor::from_data({1}, {1});
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  tc::backward(tc::sum(tc::add(a, b)));
  CHECK(a.grad().sizes() == Shape{3});
  CHECK(values(a.grad()) == std::vector<float>{1, 1, 1});
  CHECK(b.grad().sizes() == Shape{1});
  CHECK(values(b.grad()) == std::vector<float>{3});
  // B's gradient is sum_to([1, 1, 1], [1]), i.e. [1, 1, 1].sum([0], keepdim=True).
  CHECK(values(tc::sum_to(Tensor::ones({3}), {1})) == std::vector<float>{3});
  CHECK(values(tc::sum(Tensor::ones({3}), {0}, true)) == std::vector<float>{3});
}

TEST_CASE("backwards compatibility: the backcompat warning, opt-in", "[examples]") {
  std::vector<tc::WarningEvent> seen;
  tc::set_warning_handler([&](const tc::WarningEvent& w) { seen.push_back(w); });
  SECTION("off by default: silent") {
    CHECK(tc::add(Tensor::ones({4, 1}), Tensor::ones({4})).sizes() == Shape{4, 4});
    CHECK(seen.empty());
  }
  SECTION("on: torch.add(torch.ones(4,1), torch.ones(4)) warns and gives [4, 4]") {
    tc::set_backcompat_warning(true);
    const Tensor z = tc::add(Tensor::ones({4, 1}), Tensor::ones({4}));
    tc::set_backcompat_warning(false);
    CHECK(z.sizes() == Shape{4, 4});
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].kind == "backcompat");
    CHECK(seen[0].message ==
          "self and other do not have the same shape, but are broadcastable, and have the same "
          "number of elements.\nChanging behavior in a backwards incompatible manner to "
          "broadcasting rather than viewing as 1-dimensional.");
  }
  tc::set_warning_handler(nullptr);
}
