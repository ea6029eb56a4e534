// See Note [Iteration plan]: the order of loop dims and their coalescing.
#include "engine/plan.h"

#include "support.h"

using namespace tct;
using tc::Strides;

TEST_CASE("iteration order: the natural order when strides do not tell", "[plan]") {
  CHECK(tc::iteration_order({2, 3, 4}, {{12, 4, 1}}, {true}) == std::vector<int64_t>{2, 1, 0});
  CHECK(tc::iteration_order({2, 3}, {{0, 0}}, {true}) == std::vector<int64_t>{1, 0});
  CHECK(tc::iteration_order({}, {{}}, {true}).empty());
}

TEST_CASE("iteration order follows memory: the smallest stride innermost", "[plan]") {
  // A transposed [3, 2]: dim 0 has stride 1.
  CHECK(tc::iteration_order({3, 2}, {{1, 3}}, {true}) == std::vector<int64_t>{0, 1});
  // A permuted [2, 3, 4] with strides [1, 8, 2].
  CHECK(tc::iteration_order({2, 3, 4}, {{1, 8, 2}}, {true}) == std::vector<int64_t>{0, 2, 1});
  // An operand that may not decide (a new output) is ignored.
  CHECK(tc::iteration_order({3, 2}, {{2, 1}, {1, 3}}, {false, true}) == std::vector<int64_t>{0, 1});
  // The first deciding operand wins.
  CHECK(tc::iteration_order({3, 2}, {{2, 1}, {1, 3}}, {true, true}) == std::vector<int64_t>{1, 0});
}

TEST_CASE("strides_for_order lays out a new output in that order", "[plan]") {
  CHECK(tc::strides_for_order({2, 3, 4}, {2, 1, 0}) == Strides{12, 4, 1});
  CHECK(tc::strides_for_order({3, 2}, {0, 1}) == Strides{1, 3});
  CHECK(tc::strides_for_order({2, 0, 3}, {2, 1, 0}) == tc::contiguous_strides({2, 0, 3}));
}

TEST_CASE("coalescing merges dims that are contiguous for every operand", "[plan]") {
  SECTION("contiguous: one loop") {
    const tc::LoopPlan p = tc::make_plan({2, 3, 4}, {{12, 4, 1}, {12, 4, 1}}, {0, 0}, {2, 1, 0});
    CHECK(p.shape == Shape{24});
    CHECK(p.strides == std::vector<Strides>{{1}, {1}});
    CHECK(p.groups() == std::vector<std::vector<int64_t>>{{2, 1, 0}});
  }
  SECTION("Note [Iteration plan]'s worked example") {
    const tc::LoopPlan p = tc::make_plan({5, 3, 4, 1}, {{12, 4, 1, 1}, {4, 0, 1, 1}, {0, 1, 0, 1}},
                                         {0, 0, 0}, {3, 2, 1, 0});
    CHECK(p.shape == Shape{4, 3, 5});
    CHECK(p.groups() == std::vector<std::vector<int64_t>>{{3, 2}, {1}, {0}});
    CHECK(p.strides == std::vector<Strides>{{1, 4, 12}, {1, 0, 4}, {0, 1, 0}});
  }
  SECTION("a broadcast row stays its own loop") {
    const tc::LoopPlan p = tc::make_plan({2, 3}, {{3, 1}, {0, 1}}, {0, 0}, {1, 0});
    CHECK(p.shape == Shape{3, 2});
    CHECK(p.strides == std::vector<Strides>{{1, 3}, {1, 0}});
  }
  SECTION("size-1 dims vanish into their neighbours") {
    const tc::LoopPlan p = tc::make_plan({1, 3, 1}, {{3, 1, 1}, {0, 1, 0}}, {0, 2}, {2, 1, 0});
    CHECK(p.shape == Shape{3});
    CHECK(p.strides == std::vector<Strides>{{1}, {1}});
    CHECK(p.offsets == std::vector<int64_t>{0, 2});
  }
  SECTION("0-D: no loops") {
    const tc::LoopPlan p = tc::make_plan({}, {{}, {}}, {0, 0}, {});
    CHECK(p.shape.empty());
  }
}
