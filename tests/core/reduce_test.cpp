// sum and sum_to (Note [sum_to], PyTorch's at::sum_to in aten/src/ATen/ExpandUtils.h).
#include "engine/simd.h"
#include "ops/reduction.h"
#include "support.h"

using namespace tct;
using tc::ErrorKind;

TEST_CASE("sum: everything, over dims, keepdim", "[reduce]") {
  const Tensor x = tc::view(Tensor::arange(0, 24), {2, 3, 4});
  CHECK(tc::sum(x).sizes() == Shape{});
  CHECK(tc::sum(x).item() == 276.0f);
  CHECK(values(tc::sum(x, {0}, false)) ==
        std::vector<float>{12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34});
  CHECK(tc::sum(x, {1}, true).sizes() == Shape{2, 1, 4});
  CHECK(values(tc::sum(x, {-1}, false)) == std::vector<float>{6, 22, 38, 54, 70, 86});
  CHECK(values(tc::sum(x, {0, 2}, false)) == std::vector<float>{60, 92, 124});
  CHECK(tc::sum(x, {0, 2}, true).sizes() == Shape{1, 3, 1});
  // PyTorch: an empty dim list reduces every dim.
  CHECK(tc::sum(x, {}, true).sizes() == Shape{1, 1, 1});
}

TEST_CASE("sum: zero-size and 0-D", "[reduce]") {
  CHECK(tc::sum(Tensor::zeros({0})).item() == 0.0f);
  CHECK(values(tc::sum(Tensor::ones({2, 0}), {1}, false)) == std::vector<float>{0, 0});
  CHECK(tc::sum(Tensor::ones({2, 0}), {0}, false).sizes() == Shape{0});
  CHECK(tc::sum(Tensor::scalar(4)).item() == 4.0f);
  CHECK(tc::sum(Tensor::scalar(4), {0}, true).sizes() == Shape{});
}

TEST_CASE("sum: PyTorch's errors", "[reduce]") {
  const Tensor x = Tensor::ones({2, 3});
  refuses([&] { tc::sum(x, {0, -2}, false); }, ErrorKind::Index,
          "dim 0 appears multiple times in the list of dims");
  refuses([&] { tc::sum(x, {2}, false); }, ErrorKind::Index,
          "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST_CASE("sum over a repeated (stride-0) dim is exact and does not loop it", "[reduce]") {
  // A float accumulator stalls at 2^24 = 16777216; PyTorch gives 1e8.
  const Tensor big = tc::expand(Tensor::ones({1}), {10000, 10000});
  CHECK(tc::sum(big).item() == 100000000.0f);
  // 10^10 elements: only possible because the repeated dims are not looped.
  const Tensor huge = tc::expand(Tensor::from_data({0.5f}, {1}), {100000, 100000});
  CHECK(tc::sum(huge).item() == 5e9f);
  // Only reduced dims collapse; a kept repeated dim keeps its copies.
  const Tensor e = tc::expand(Tensor::from_data({1, 2}, {2, 1}), {2, 3});
  CHECK(values(tc::sum(e, {1}, false)) == std::vector<float>{3, 6});
  CHECK(values(tc::sum(e, {0}, false)) == std::vector<float>{3, 3, 3});
  // Up to 2^24 elements the repeated dim is looped, in PyTorch's order (Note
  // [Summing a repeated dim]); past that it is not.
  const auto repeated_dims = [](const Tensor& x) {
    tc::TraceScope scope;
    tc::sum(x, {1}, false);
    const auto& events = scope.events();
    REQUIRE(!events.empty());
    const auto* op = std::get_if<tc::OpTrace>(&events.back());
    REQUIRE(op != nullptr);
    return op->repeated_dims;
  };
  CHECK(repeated_dims(e).empty());
  const Tensor wide = tc::expand(Tensor::from_data({1, 2}, {2, 1}), {2, int64_t{1} << 24});
  CHECK(repeated_dims(wide) == std::vector<int64_t>{1});
  CHECK(values(tc::sum(wide, {1}, false)) == std::vector<float>{16777216.0f, 33554432.0f});
}

TEST_CASE("sum of long contiguous rows stays accurate", "[reduce]") {
  // 2^25 ones: one float accumulator would give 2^24.
  const int64_t n = int64_t{1} << 25;
  CHECK(tc::sum(Tensor::ones({n})).item() == static_cast<float>(n));
  // Strided: every other element of 2^25 + 2^25.
  const Tensor every_other = tc::narrow(tc::view(Tensor::ones({n}), {n / 2, 2}), 1, 0, 1);
  CHECK(tc::sum(every_other).item() == static_cast<float>(n / 2));
}

TEST_CASE("sum: random shapes, dims and layouts against the naive reference",
          "[reduce][property]") {
  Random rng(31);
  for (int trial = 0; trial < 3000; ++trial) {
    const Shape shape = rng.shape(4, 5);
    const int64_t nd = static_cast<int64_t>(shape.size());
    naive::Dense a{shape, rng.values(naive::count(shape))};
    std::vector<bool> summed(static_cast<size_t>(nd), false);
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < nd; ++d)
      if (rng.coin()) {
        summed[static_cast<size_t>(d)] = true;
        dims.push_back(rng.coin() ? d : d - nd);
      }
    if (dims.empty()) summed.assign(summed.size(), true);
    const bool keepdim = rng.coin();
    INFO(naive::show(shape) << " dims " << naive::show(dims) << " keepdim " << keepdim);
    naive::Dense want = naive::sum_keepdim(a, summed);
    if (!keepdim) {
      Shape out;
      for (int64_t d = 0; d < nd; ++d)
        if (!summed[static_cast<size_t>(d)]) out.push_back(shape[static_cast<size_t>(d)]);
      want.shape = out;
    }
    const Tensor got = tc::sum(strided_copy(a, rng), dims, keepdim);
    CHECK(got.sizes() == want.shape);
    CHECK(naive::first_difference(values(got), want.v, false) < 0);
  }
}

TEST_CASE("sum_to: the worked examples of Note [sum_to]", "[reduce][sum_to]") {
  CHECK(values(tc::sum_to(Tensor::ones({2, 3}), {1, 3})) == std::vector<float>{2, 2, 2});
  CHECK(tc::sum_to(Tensor::ones({2, 3}), {1, 3}).sizes() == Shape{1, 3});
  CHECK(values(tc::sum_to(Tensor::ones({3}), {1})) == std::vector<float>{3});
  const Tensor g = tc::sum_to(Tensor::ones({5, 3, 4, 1}), {3, 1, 1});
  CHECK(g.sizes() == Shape{3, 1, 1});
  CHECK(values(g) == std::vector<float>{20, 20, 20});
  CHECK(tc::sum_to(Tensor::ones({2, 3}), {}).sizes() == Shape{});
  CHECK(tc::sum_to(Tensor::ones({2, 3}), {}).item() == 6.0f);
  // Nothing to reduce: the tensor itself.
  const Tensor x = Tensor::ones({2, 3});
  CHECK(tc::sum_to(x, {2, 3}).impl_ptr() == x.impl_ptr());
}

TEST_CASE("sum_to_plan: the worked examples of Note [sum_to], as a plan", "[reduce][sum_to]") {
  using Dims = std::vector<int64_t>;
  const tc::SumToPlan p = tc::sum_to_plan({5, 3, 4, 1}, {3, 1, 1});
  CHECK(p.target == Shape{3, 1, 1});
  CHECK(p.leading_dims == Dims{0});
  CHECK(p.ones_dims == Dims{2});  // dim 3 is 1 in both: nothing to sum
  CHECK(p.keepdim_shape == Shape{1, 3, 1, 1});
  CHECK(p.viewed);
  const tc::SumToPlan q = tc::sum_to_plan({2, 3}, {1, 3});
  CHECK(q.leading_dims.empty());
  CHECK(q.ones_dims == Dims{0});
  CHECK(q.keepdim_shape == Shape{1, 3});
  CHECK_FALSE(q.viewed);
  const tc::SumToPlan same = tc::sum_to_plan({2, 3}, {2, 3});
  CHECK((same.leading_dims.empty() && same.ones_dims.empty() && !same.viewed));
  const tc::SumToPlan all = tc::sum_to_plan({2, 3}, {});
  CHECK(all.leading_dims == Dims{0, 1});
  CHECK(all.keepdim_shape == Shape{1, 1});
  refuses([] { tc::sum_to_plan({2, 3}, {2}); }, ErrorKind::Shape,
          "size {[2]} is not expandable to size {[2, 3]}.");
}

TEST_CASE("sum_to: a shape the tensor cannot have been expanded from", "[reduce][sum_to]") {
  refuses([] { tc::sum_to(Tensor::ones({2, 3}), {2}); }, ErrorKind::Shape,
          "size {[2]} is not expandable to size {[2, 3]}.");
  refuses([] { tc::sum_to(Tensor::ones({3}), {1, 3, 1}); }, ErrorKind::Shape,
          "size {[1, 3, 1]} is not expandable to size {[3]}.");
}

TEST_CASE("sum_to: random targets against the naive reference", "[reduce][sum_to][property]") {
  Random rng(32);
  for (int trial = 0; trial < 3000; ++trial) {
    const Shape shape = rng.shape(4, 4);
    naive::Dense a{shape, rng.values(naive::count(shape))};
    // A target the shape is expandable from: drop leading dims, set some to 1.
    Shape target = shape;
    target.erase(target.begin(), target.begin() + rng.integer(0, static_cast<int64_t>(target.size())));
    for (int64_t& d : target)
      if (rng.coin()) d = 1;
    const size_t lead = shape.size() - target.size();
    std::vector<bool> summed(shape.size());
    for (size_t d = 0; d < shape.size(); ++d) summed[d] = d < lead || target[d - lead] == 1;
    naive::Dense want = naive::sum_keepdim(a, summed);
    want.shape = target;
    INFO(naive::show(shape) << " to " << naive::show(target));
    const Tensor got = tc::sum_to(strided_copy(a, rng), target);
    CHECK(got.sizes() == target);
    CHECK(naive::first_difference(values(got), want.v, false) < 0);
  }
}

TEST_CASE("sum's trace names the path of PyTorch's cascade_sum, for each stride pattern",
          "[reduce][trace]") {
  using Dims = std::vector<int64_t>;
  // [6, 9, 2] narrowed to [6, 9, 1]: strides [18, 2, 1], no dim of stride 1
  // left once the size-1 dim is dropped.
  const Tensor every_other = tc::narrow(Tensor::ones({6, 9, 2}), 2, 0, 1);
  struct Case {
    Tensor x;
    Dims dims;
    std::string kernel, pattern;
    Dims repeated;
  };
  // The paths of PyTorch's cascade_sum (Note [Cascade sum]); an expanded
  // input this small is looped over its repeated dim, as PyTorch does.
  const Case cases[] = {
      {Tensor::ones({6, 9}), {1}, "f32_rsum_cascade__autovec_4x8", "reduce-inner", {}},
      {Tensor::ones({6, 9}), {0}, "f32_vsum_cascade__autovec_4x8", "reduce-outer", {}},
      // nothing reduced: PyTorch's one loop dim goes the scalar way
      {Tensor::ones({6, 1}), {1}, "f32_rsum_cascade__scalar_strided", "strided", {}},
      // nothing reduced on two dims that do not coalesce: added as they are
      {tc::unsqueeze(tc::transpose(Tensor::ones({3, 4}), 0, 1), 1), {1}, "f32_acc__scalar_strided", "strided", {}},
      {every_other, {1}, "f32_rsum_cascade__scalar_strided", "strided", {}},
      {every_other, {0}, "f32_sum_cascade__scalar_strided", "strided", {}},
      {tc::expand(Tensor::ones({1, 9}), {6, 9}), {0}, "f32_vsum_cascade__autovec_4x8", "reduce-outer", {}},
  };
  for (const Case& c : cases) {
    INFO(naive::show(c.x.sizes()) << " strides " << naive::show(c.x.strides()) << " over "
                                  << naive::show(c.dims));
    tc::TraceScope scope;
    const Tensor got = tc::sum(c.x, c.dims, true);
    const auto* op = std::get_if<tc::OpTrace>(&scope.events().back());
    REQUIRE(op != nullptr);
    CHECK(op->kernel == c.kernel);
    CHECK(op->plan.inner_pattern == c.pattern);
    CHECK(op->repeated_dims == c.repeated);
    const int64_t summed = c.x.numel() / got.numel();
    CHECK(values(got) == std::vector<float>(static_cast<size_t>(got.numel()), summed));
  }
}

TEST_CASE("for_each_start_in walks a range of the row-major walk, as the whole walk does there",
          "[reduce]") {
  // The range walk is what splits lines between threads (softmax.cpp's
  // lines_f32); every range must see what the whole walk sees at its places.
  const Shape sizes{3, 4, 5};
  const tc::Strides strides{-7, 31, 2};  // any strides: only the arithmetic is checked
  std::vector<int64_t> whole;
  tc::for_each_start(sizes, strides, 100, [&](int64_t s) { whole.push_back(s); });
  REQUIRE(whole.size() == 60);
  CHECK(whole[59] == 100 + 2 * -7 + 3 * 31 + 4 * 2);
  for (int64_t begin = 0; begin <= 60; ++begin)
    for (int64_t end = begin; end <= 60; end += 7) {
      std::vector<int64_t> part;
      tc::for_each_start_in(sizes, strides, 100, begin, end, [&](int64_t s) { part.push_back(s); });
      CHECK(part == std::vector<int64_t>(whole.begin() + begin, whole.begin() + end));
    }
  std::vector<int64_t> none;
  tc::for_each_start(Shape{3, 0, 2}, tc::Strides{0, 2, 1}, 0,
                     [&](int64_t s) { none.push_back(s); });
  CHECK(none.empty());
  int visits = 0;
  tc::for_each_start(Shape{}, tc::Strides{}, 9, [&](int64_t s) { visits += s == 9; });
  CHECK(visits == 1);
}
