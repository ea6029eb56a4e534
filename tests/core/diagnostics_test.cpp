// See Note [Broadcast diagnostics]: the opt-in backcompat warning, the broadcast
// policy (process-wide and scoped), the outer-product detector, and where
// the warnings go (the handler and the trace).
#include "diagnostics.h"
#include "support.h"

using namespace tct;
using tc::BroadcastPolicy;

namespace {

// Collects warnings for the test's lifetime and restores the defaults after.
struct Collect {
  std::vector<tc::WarningEvent> seen;
  Collect() {
    tc::set_warning_handler([this](const tc::WarningEvent& w) { seen.push_back(w); });
  }
  ~Collect() {
    tc::set_warning_handler(nullptr);
    tc::set_broadcast_policy(BroadcastPolicy::Allow);
    tc::set_backcompat_warning(false);
  }
  std::vector<std::string> kinds() const {
    std::vector<std::string> k;
    for (const auto& w : seen) k.push_back(w.kind);
    return k;
  }
};

}  // namespace

TEST_CASE("the heuristics", "[diagnostics]") {
  CHECK(tc::is_outer_product({3}, {3, 1}));
  CHECK(tc::is_outer_product({2, 1}, {1, 3}));
  CHECK_FALSE(tc::is_outer_product({2, 3}, {3}));
  CHECK_FALSE(tc::is_outer_product({5, 3, 4, 1}, {3, 1, 1}));
  CHECK(tc::is_backcompat_case({4, 1}, {4}));
  CHECK_FALSE(tc::is_backcompat_case({4}, {4}));          // same shape
  CHECK_FALSE(tc::is_backcompat_case({2, 3}, {3}));       // different counts
  CHECK_FALSE(tc::is_backcompat_case({2, 3}, {3, 2}));    // not broadcastable
  CHECK(tc::is_rank_promotion({{2, 3}, {3}}, {false, false}));
  CHECK_FALSE(tc::is_rank_promotion({{2, 3}, {}}, {false, false}));  // 0-D is exempt
  CHECK_FALSE(tc::is_rank_promotion({{2, 3}, {1}}, {false, true}));  // a number is exempt
}

TEST_CASE("policy 'allow' (the default) says nothing", "[diagnostics]") {
  Collect c;
  CHECK(tc::broadcast_policy() == BroadcastPolicy::Allow);
  tc::add(Tensor::ones({3}), Tensor::ones({3, 1}));
  tc::add(Tensor::ones({2, 3}), Tensor::ones({3}));
  CHECK(c.seen.empty());
}

TEST_CASE("policy 'warn': rank promotion and the outer product", "[diagnostics]") {
  Collect c;
  tc::set_broadcast_policy(BroadcastPolicy::Warn);
  const Tensor out = tc::add(Tensor::ones({3}), Tensor::ones({3, 1}));
  CHECK(out.sizes() == Shape{3, 3});
  CHECK(c.kinds() == std::vector<std::string>{"rank-promotion", "outer-product"});
  CHECK(c.seen[1].message ==
        "add: [3] and [3, 1] are each expanded along a dimension where the other is not, giving "
        "[3, 3] (an outer product). If you meant an elementwise op, make the shapes match, e.g. "
        "with unsqueeze(-1) or squeeze(-1).");
  CHECK(c.seen[0].message ==
        "add: operands of shapes [3] and [3, 1] have different numbers of dimensions; the "
        "shorter ones get leading 1s implicitly. Make them explicit with unsqueeze(0) or view().");
  CHECK(c.seen[1].shapes == std::vector<Shape>{{3}, {3, 1}});
  c.seen.clear();
  tc::mul(Tensor::ones({2, 3}), 2.0);  // a number is no rank promotion
  tc::mul(Tensor::ones({2, 3}), Tensor::scalar(2));
  CHECK(c.seen.empty());
}

TEST_CASE("policy 'raise' refuses before anything is allocated", "[diagnostics]") {
  Collect c;
  tc::set_broadcast_policy(BroadcastPolicy::Raise);
  refuses([] { tc::add(Tensor::ones({2, 1}), Tensor::ones({1, 3})); }, tc::ErrorKind::Policy,
          "broadcast policy 'raise': add: [2, 1] and [1, 3] are each expanded along a dimension "
          "where the other is not, giving [2, 3] (an outer product). If you meant an elementwise "
          "op, make the shapes match, e.g. with unsqueeze(-1) or squeeze(-1).");
  CHECK(tc::add(Tensor::ones({2, 3}), Tensor::ones({1, 3})).sizes() == Shape{2, 3});
}

TEST_CASE("a policy for a scope, restored after it, even on an error", "[diagnostics]") {
  Collect c;
  {
    tc::PolicyScope scope(BroadcastPolicy::Raise);
    CHECK(tc::broadcast_policy() == BroadcastPolicy::Raise);
    {
      tc::PolicyScope inner(BroadcastPolicy::Warn);
      tc::add(Tensor::ones({3}), Tensor::ones({2, 3}));
    }
    CHECK(tc::broadcast_policy() == BroadcastPolicy::Raise);
    CHECK_THROWS_AS(tc::add(Tensor::ones({3}), Tensor::ones({2, 3})), tc::Error);
  }
  CHECK(tc::broadcast_policy() == BroadcastPolicy::Allow);
  CHECK(c.kinds() == std::vector<std::string>{"rank-promotion"});
}

TEST_CASE("backward is exempt from the policy and the warnings", "[diagnostics][autograd]") {
  Collect c;
  Tensor x = Tensor::ones({4, 1});
  x.set_requires_grad(true);
  const Tensor loss = tc::sum(tc::add(x, Tensor::ones({4})));
  tc::set_broadcast_policy(BroadcastPolicy::Raise);
  tc::set_backcompat_warning(true);
  tc::backward(loss);
  CHECK(values(x.grad()) == std::vector<float>{4, 4, 4, 4});
  CHECK(c.seen.empty());
}

TEST_CASE("warnings are recorded in the trace too", "[diagnostics][trace]") {
  Collect c;
  tc::set_backcompat_warning(true);
  tc::TraceScope scope;
  tc::add(Tensor::ones({4, 1}), Tensor::ones({4}));
  int warnings = 0;
  for (const auto& e : scope.events())
    if (const auto* w = std::get_if<tc::WarningEvent>(&e)) {
      ++warnings;
      CHECK(w->kind == "backcompat");
    }
  CHECK(warnings == 1);
  CHECK(c.seen.size() == 1);
}
