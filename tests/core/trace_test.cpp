// Note [Traces]: what the engine did, as the playground will draw it. The
// worked examples here are the ones docs/traces.md shows.
#include "trace.h"

#include "engine/simd.h"

#include "support.h"

using namespace tct;
using tc::Strides;

namespace {

template <class T>
std::vector<const T*> events_of(const tc::TraceScope& scope) {
  std::vector<const T*> out;
  for (const auto& e : scope.events())
    if (const T* t = std::get_if<T>(&e)) out.push_back(t);
  return out;
}

using Sizes = std::vector<std::optional<int64_t>>;
using Roles = std::vector<std::string>;

}  // namespace

TEST_CASE("broadcast trace: the note's failing example (5,2,4,1) + (3,1,1)", "[trace]") {
  const tc::BroadcastTrace t = tc::trace_broadcast({{5, 2, 4, 1}, {3, 1, 1}});
  CHECK(t.padded == std::vector<Shape>{{5, 2, 4, 1}, {1, 3, 1, 1}});
  REQUIRE(t.dims.size() == 3);  // stops at the failing dim, as PyTorch does
  CHECK(t.dims[0].dim == 3);
  CHECK(t.dims[0].trailing == 1);
  CHECK(t.dims[0].sizes == Sizes{1, 1});
  CHECK(t.dims[0].roles == Roles{"same", "same"});
  CHECK(t.dims[0].rule == "equal");
  CHECK(t.dims[0].result == 1);
  CHECK(t.dims[1].sizes == Sizes{4, 1});
  CHECK(t.dims[1].roles == Roles{"same", "expanded"});
  CHECK(t.dims[1].rule == "one");
  CHECK(t.dims[1].result == 4);
  CHECK(t.dims[2].dim == 1);
  CHECK(t.dims[2].roles == Roles{"conflict", "conflict"});
  CHECK(t.dims[2].rule == "mismatch");
  CHECK_FALSE(t.dims[2].result.has_value());
  CHECK_FALSE(t.result.has_value());
  CHECK(t.error == std::string("The size of tensor a (2) must match the size of tensor b (3) at "
                               "non-singleton dimension 1"));
  CHECK(t.failed_dim == 1);
}

TEST_CASE("broadcast trace: the note's working example (5,3,4,1) + (3,1,1), rule per dim", "[trace]") {
  const tc::BroadcastTrace t = tc::trace_broadcast({{5, 3, 4, 1}, {3, 1, 1}});
  CHECK(t.result == Shape{5, 3, 4, 1});
  REQUIRE(t.dims.size() == 4);
  // 1st trailing: both 1; 2nd: y is 1; 3rd: equal; 4th: y has no such dim.
  CHECK(t.dims[0].rule == "equal");
  CHECK(t.dims[1].rule == "one");
  CHECK(t.dims[2].rule == "equal");
  CHECK(t.dims[3].rule == "missing");
  CHECK(t.dims[3].sizes == Sizes{5, std::nullopt});
  CHECK(t.dims[3].roles == Roles{"same", "missing"});
  CHECK_FALSE(t.failed_dim.has_value());
  CHECK(t.notes == std::vector<std::string>{"rank-promotion"});
}

TEST_CASE("broadcast trace: (0,) with (1,) and with (2,2)", "[trace]") {
  const tc::BroadcastTrace ok = tc::trace_broadcast({{0}, {1}});
  CHECK(ok.result == Shape{0});
  CHECK(ok.dims[0].roles == Roles{"same", "expanded"});
  const tc::BroadcastTrace bad = tc::trace_broadcast({{0}, {2, 2}});
  CHECK(bad.dims.size() == 1);
  CHECK(bad.dims[0].rule == "mismatch");
  CHECK(bad.failed_dim == 1);
}

TEST_CASE("broadcast trace: three operands stop at the first failing column", "[trace]") {
  // The regression input of tests/fuzz/regressions/broadcast/fold-ndim-steps.
  const tc::BroadcastTrace t = tc::trace_broadcast({{3}, {13}, {1, 2}});
  REQUIRE(t.dims.size() == 1);
  CHECK(t.dims[0].rule == "mismatch");
  CHECK(t.failed_dim == 1);
  CHECK(t.error == std::string("The size of tensor a (3) must match the size of tensor b (13) at "
                               "non-singleton dimension 0"));
}

TEST_CASE("broadcast trace: notes for the suspicious but legal", "[trace]") {
  CHECK(tc::trace_broadcast({{3}, {3, 1}}).notes ==
        std::vector<std::string>{"outer-product", "backcompat", "rank-promotion"});
  CHECK(tc::trace_broadcast({{3}, {2, 1}}).notes ==
        std::vector<std::string>{"outer-product", "rank-promotion"});
  CHECK(tc::trace_broadcast({{4, 1}, {4}}).notes ==
        std::vector<std::string>{"outer-product", "backcompat", "rank-promotion"});
  CHECK(tc::trace_broadcast({{2, 3}, {1, 3}}).notes.empty());
}

TEST_CASE("op trace: [5,1,4,1] + [3,1,1], Note [Iteration plan]", "[trace]") {
  tc::TraceScope scope;
  tc::add(Tensor::ones({5, 1, 4, 1}), Tensor::ones({3, 1, 1}));
  const auto ops = events_of<tc::OpTrace>(scope);
  REQUIRE(ops.size() == 1);
  const tc::OpTrace& t = *ops[0];
  CHECK(t.op == "add");
  CHECK_FALSE(t.inplace);
  CHECK(t.broadcast.result == Shape{5, 3, 4, 1});
  REQUIRE(t.operands.size() == 3);
  CHECK(t.operands[0].name == "out");
  CHECK(t.operands[0].strides == Strides{12, 4, 1, 1});
  CHECK(t.operands[1].name == "a");
  CHECK(t.operands[1].strides == Strides{4, 4, 1, 1});
  CHECK(t.operands[1].expanded_strides == Strides{4, 0, 1, 1});
  CHECK(t.operands[2].name == "b");
  CHECK(t.operands[2].strides == Strides{1, 1, 1});
  CHECK(t.operands[2].expanded_strides == Strides{0, 1, 0, 1});
  CHECK(t.plan.order == std::vector<int64_t>{3, 2, 1, 0});
  CHECK(t.plan.groups == std::vector<std::vector<int64_t>>{{3, 2}, {1}, {0}});
  CHECK(t.plan.shape == Shape{4, 3, 5});
  CHECK(t.plan.strides == std::vector<Strides>{{1, 4, 12}, {1, 0, 4}, {0, 1, 0}});
  CHECK(t.plan.inner_pattern == "scalar-b");
  CHECK(t.kernel == std::string("f32_vaddc__") + TC_ISA + "_u8");
  // A broadcast event comes first, as the op starts by computing the shape.
  CHECK(std::holds_alternative<tc::BroadcastTrace>(scope.events().front()));
}

TEST_CASE("op trace: kernels chosen by the inner stride pattern", "[trace]") {
  struct Case {
    Shape a, b;
    const char* pattern;
  };
  const Case cases[] = {
      {{2, 3}, {2, 3}, "contiguous"},  // coalesced to one row of 6
      {{2, 3}, {2, 1}, "scalar-b"},
      {{2, 1}, {2, 3}, "scalar-a"},
      {{3, 1}, {1, 3}, "scalar-a"},  // the outer product: a is one number per row
  };
  for (const Case& c : cases) {
    tc::TraceScope scope;
    tc::mul(Tensor::ones(c.a), Tensor::ones(c.b));
    const auto ops = events_of<tc::OpTrace>(scope);
    REQUIRE(ops.size() == 1);
    INFO(naive::show(c.a) << " * " << naive::show(c.b));
    CHECK(ops[0]->plan.inner_pattern == c.pattern);
  }
  tc::TraceScope scope;
  tc::mul(tc::transpose(Tensor::ones({3, 2}), 0, 1), Tensor::ones({2, 3}));
  CHECK(events_of<tc::OpTrace>(scope)[0]->plan.inner_pattern == "strided");
}

TEST_CASE("backward trace: the reduction of B's gradient in (A[3] + B[1]).sum()", "[trace][autograd]") {
  Tensor a = Tensor::from_data({1, 2, 3}, {3});
  Tensor b = Tensor::from_data({1}, {1});
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  const Tensor loss = tc::sum(tc::add(a, b));
  tc::TraceScope scope;
  tc::backward(loss);
  const auto steps = events_of<tc::ReduceGradTrace>(scope);
  CHECK(events_of<tc::OpTrace>(scope).empty());  // the engine's own arithmetic is not traced
  const tc::ReduceGradTrace* for_b = nullptr;
  for (const auto* s : steps)
    if (s->input_id == b.id()) for_b = s;
  REQUIRE(for_b != nullptr);
  CHECK(for_b->op == "add");
  CHECK(for_b->input_index == 1);
  CHECK(for_b->grad_shape == Shape{3});
  CHECK(for_b->target_shape == Shape{1});
  CHECK(for_b->leading_dims.empty());
  CHECK(for_b->ones_dims == std::vector<int64_t>{0});
  CHECK(for_b->keepdim_shape == Shape{1});
  CHECK(for_b->result_shape == Shape{1});
  CHECK_FALSE(for_b->viewed);
}

TEST_CASE("backward trace: leading dims summed away, then a view", "[trace][autograd]") {
  Tensor x = Tensor::ones({5, 3, 4, 1});
  Tensor y = Tensor::ones({3, 1, 1});
  y.set_requires_grad(true);
  const Tensor loss = tc::sum(tc::add(x, y));
  tc::TraceScope scope;
  tc::backward(loss);
  const auto steps = events_of<tc::ReduceGradTrace>(scope);
  const tc::ReduceGradTrace* for_y = nullptr;
  for (const auto* s : steps)
    if (s->input_id == y.id()) for_y = s;
  REQUIRE(for_y != nullptr);
  CHECK(for_y->grad_shape == Shape{5, 3, 4, 1});
  CHECK(for_y->leading_dims == std::vector<int64_t>{0});
  CHECK(for_y->ones_dims == std::vector<int64_t>{2});
  CHECK(for_y->keepdim_shape == Shape{1, 3, 1, 1});
  CHECK(for_y->result_shape == Shape{3, 1, 1});
  CHECK(for_y->viewed);
  CHECK(values(y.grad()) == std::vector<float>{20, 20, 20});
}

TEST_CASE("tracing is off unless a scope asks; scopes nest", "[trace]") {
  CHECK_FALSE(tc::tracing());
  tc::TraceScope outer;
  tc::add(Tensor::ones({2}), 1.0);
  const size_t outer_count = outer.events().size();
  {
    tc::TraceScope inner;
    tc::add(Tensor::ones({2}), 1.0);
    CHECK(inner.events().size() == outer_count);
  }
  CHECK(outer.events().size() == outer_count);
  {
    tc::TracePause pause;
    CHECK_FALSE(tc::tracing());
  }
  CHECK(tc::tracing());
}

TEST_CASE("a failing op records its broadcast, with the error", "[trace]") {
  tc::TraceScope scope;
  CHECK_THROWS_AS(tc::add(Tensor::ones({5, 2, 4, 1}), Tensor::ones({3, 1, 1})), tc::Error);
  const auto b = events_of<tc::BroadcastTrace>(scope);
  REQUIRE(b.size() == 1);
  CHECK(b[0]->failed_dim == 1);
  CHECK(events_of<tc::OpTrace>(scope).empty());
}
