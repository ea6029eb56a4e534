// See Note [Releasing a graph]: dropping the last handle on an autograd graph
// frees all of it, however long the chain, without nesting a destructor
// per op (a chain of ~5,300 ops overflowed the wasm stack, a million the
// native one), and no node holds itself.
#include <functional>

#include "autograd/node.h"
#include "support.h"

using namespace tct;

namespace {

// A million natively. In wasm the test module may grow to 2 GB
// (tests/CMakeLists.txt), and under AddressSanitizer a million takes 2 GB
// and 40 s: a fifth of that chain is still ~40 times the length that
// overflowed the wasm stack.
#if defined(__EMSCRIPTEN__) || defined(__SANITIZE_ADDRESS__)
constexpr int kLongChain = 200000;
#else
constexpr int kLongChain = 1000000;
#endif

using Step = std::function<Tensor(const Tensor&)>;

// x, then step applied n times, each result the next step's input: only the
// last tensor is held, the rest only by the graph.
Tensor chain(const Tensor& x, int n, const Step& step) {
  Tensor y = x;
  for (int i = 0; i < n; ++i) y = step(y);
  return y;
}

Tensor leaf(const Shape& shape) {
  Tensor x = Tensor::ones(shape);
  x.set_requires_grad(true);
  return x;
}

void same_memory(const tc::MemoryStats& before) {
  const tc::MemoryStats after = tc::memory_stats();
  CHECK(after.storages == before.storages);
  CHECK(after.bytes == before.bytes);
}

}  // namespace

// Dropping y, the end of a chain from x, frees the chain and nothing else.
void frees_chain(const Tensor& x, int length, const Step& step) {
  const tc::MemoryStats before = tc::memory_stats();
  Tensor y = chain(x, length, step);
  CHECK(x.impl_ptr().use_count() > 1);  // the chain holds x
  y = Tensor();
  same_memory(before);
  CHECK(x.impl_ptr().use_count() == 1);
}

TEST_CASE("a chain of a million muls (a fifth in wasm and under ASan) is freed when its last tensor is dropped",
          "[release]") {
  frees_chain(leaf({2}), kLongChain, [](const Tensor& y) { return tc::mul(y, 1.0); });
}

TEST_CASE("a long chain is freed whatever its nodes hold", "[release]") {
  const Tensor x = leaf({2});
  const std::vector<std::pair<const char*, Step>> steps = {
      {"add (saves nothing)", [](const Tensor& y) { return tc::add(y, 1.0); }},
      {"view (no storage of its own)", [](const Tensor& y) { return tc::view(y, {2}); }},
      {"exp (saves its result)", [](const Tensor& y) { return tc::unary(tc::UnaryOp::Exp, y); }},
      {"matmul (saves both inputs)", [](const Tensor& y) { return tc::matmul(y, Tensor::ones({2, 2})); }},
  };
  for (const auto& [name, step] : steps) {
    INFO(name);
    frees_chain(x, kLongChain / 10, step);
  }
}

TEST_CASE("a long chain held in the middle: dropping the end frees only what is past the middle",
          "[release]") {
  const Tensor x = leaf({2});
  const tc::MemoryStats before = tc::memory_stats();
  Tensor middle = chain(x, kLongChain / 10, [](const Tensor& y) { return tc::mul(y, 1.0); });
  const tc::MemoryStats at_middle = tc::memory_stats();
  Tensor end = chain(middle, kLongChain / 10, [](const Tensor& y) { return tc::mul(y, 1.0); });
  end = Tensor();
  same_memory(at_middle);
  CHECK(middle.values<float>() == std::vector<float>{1, 1});
  middle = Tensor();
  same_memory(before);
}

TEST_CASE("a long chain is freed after a backward pass with or without retain_graph", "[release]") {
  const Tensor x = leaf({2});
  for (const bool retain : {false, true}) {
    INFO("retain_graph " << retain);
    const tc::MemoryStats before = tc::memory_stats();
    {
      Tensor y = chain(x, kLongChain / 10, [](const Tensor& y) { return tc::mul(y, 1.0); });
      tc::backward(tc::sum(y), Tensor(), retain);
    }
    CHECK(x.grad().values<float>() == std::vector<float>{1, 1});
    x.impl().grad.reset();
    same_memory(before);
  }
}

TEST_CASE("a wide graph (one tensor used by many nodes) is freed", "[release]") {
  const Tensor x = leaf({2});
  const tc::MemoryStats before = tc::memory_stats();
  {
    std::vector<Tensor> uses;
    for (int i = 0; i < kLongChain / 10; ++i) uses.push_back(tc::mul(x, 2.0));
    const Tensor total = tc::sum(tc::stack(uses));
    uses.clear();
    CHECK(total.item() == 4.0 * (kLongChain / 10));
  }
  same_memory(before);
  CHECK(x.impl_ptr().use_count() == 1);
}

TEST_CASE("a node that saves its own result does not hold itself", "[release]") {
  const Tensor x = leaf({2, 3});
  // Ops whose backward reads their result, as derivatives.yaml saves it.
  const std::vector<std::pair<const char*, Step>> ops = {
      {"exp", [](const Tensor& t) { return tc::unary(tc::UnaryOp::Exp, t); }},
      {"sqrt", [](const Tensor& t) { return tc::unary(tc::UnaryOp::Sqrt, t); }},
      {"relu", [](const Tensor& t) { return tc::unary(tc::UnaryOp::Relu, t); }},
      {"sigmoid", [](const Tensor& t) { return tc::unary(tc::UnaryOp::Sigmoid, t); }},
      {"tanh", [](const Tensor& t) { return tc::unary(tc::UnaryOp::Tanh, t); }},
      {"pow", [](const Tensor& t) { return tc::pow(t, 2.0); }},
      {"softmax", [](const Tensor& t) { return tc::softmax(t, 1); }},
      {"log_softmax", [](const Tensor& t) { return tc::log_softmax(t, 1); }},
      {"prod", [](const Tensor& t) { return tc::prod(t, std::nullopt, false); }},
      {"max", [](const Tensor& t) { return tc::max(t); }},
      {"amax", [](const Tensor& t) { return tc::amax(t, {1}, false); }},
      {"std", [](const Tensor& t) { return tc::std(t, {1}, 1, false); }},
      {"logsumexp", [](const Tensor& t) { return tc::logsumexp(t, {1}, false); }},
  };
  for (const auto& [name, op] : ops) {
    INFO(name);
    const tc::MemoryStats before = tc::memory_stats();
    {
      const Tensor out = op(x);
      REQUIRE(out.impl().grad_fn != nullptr);
      CHECK(out.impl_ptr().use_count() == 1);
    }
    same_memory(before);
  }
}

TEST_CASE("attach_grad keeps a saved result without its node: no cycle even if not detached",
          "[release]") {
  const Tensor x = leaf({3});
  const tc::MemoryStats before = tc::memory_stats();
  {
    Tensor out = tc::detach(tc::mul(x, 2.0));
    tc::attach_grad(
        out, "double", {x},
        [](const tc::BackwardArgs& args) { return std::vector<Tensor>{tc::mul(args.grad, 2.0)}; },
        {out});
    CHECK(out.impl_ptr().use_count() == 1);
    tc::backward(tc::sum(out));
    CHECK(x.grad().values<float>() == std::vector<float>{2, 2, 2});
    x.impl().grad.reset();
  }
  same_memory(before);
}

TEST_CASE("a backward formula's captures are released with its node", "[release]") {
  const Tensor x = leaf({2});
  const tc::MemoryStats before = tc::memory_stats();
  {
    Tensor y = x;
    for (int i = 0; i < kLongChain / 10; ++i) {
      Tensor out = tc::detach(tc::add(y, 1.0));
      const Tensor held = y;  // the formula holds its input, as a capture
      tc::attach_grad(out, "captured", {y}, [held](const tc::BackwardArgs& args) {
        return std::vector<Tensor>{tc::mul(args.grad, held.defined() ? 1.0 : 0.0)};
      });
      y = out;
    }
  }
  same_memory(before);
  CHECK(x.impl_ptr().use_count() == 1);
}
