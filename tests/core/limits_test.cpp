// The limits of docs/limits.md, each met the way a user meets it: a
// tc::Error that says which limit, nothing left allocated, operands
// unchanged, and the core still working after. Runs natively, in wasm and
// under ASan + UBSan (scripts/sanitize.sh).
#include <cmath>

#include "parse_shape.h"
#include "support.h"
#include "trace.h"

using namespace tct;
using tc::ErrorKind;

namespace {

// What the wasm bindings do: the module may grow to this, no further.
struct MemoryLimit {
  int64_t previous = tc::memory_limit();
  explicit MemoryLimit(int64_t bytes) { tc::set_memory_limit(bytes); }
  ~MemoryLimit() { tc::set_memory_limit(previous); }
};

Shape dims(size_t n, int64_t size = 1) { return Shape(n, size); }

}  // namespace

TEST_CASE("a result larger than the memory limit", "[limits]") {
  const int64_t limit = int64_t{256} << 20;
  MemoryLimit guard(limit);
  const Tensor a = Tensor::ones({100000, 1});
  const Tensor b = Tensor::ones({1, 100000});
  const std::string message =
      "out of memory: a tensor of shape [100000, 100000] of 10000000000 elements needs "
      "10000000000 x 4 bytes, more than the 268435456 bytes tensorcast may allocate";
  refuses([&] { tc::add(a, b); }, ErrorKind::Memory, message);
  refuses([&] { tc::where(tc::compare(tc::CompareOp::Gt, Tensor::ones({1, 1}), 0.0), a, b); },
          ErrorKind::Memory, message);
  refuses([&] { tc::contiguous(tc::expand(Tensor::ones({1}), {100000, 100000})); },
          ErrorKind::Memory, message);
  refuses_containing([&] { Tensor::zeros({limit / 4 + 1}); }, ErrorKind::Memory, "out of memory");
  Tensor x = Tensor::ones({100000, 1});
  refuses([&] { tc::binary_(tc::BinaryOp::Add, x, b); }, ErrorKind::Shape,
          "output with shape [100000, 1] doesn't match the broadcast shape [100000, 100000]");
  CHECK(tc::sum(x).item() == 100000.0f);
  // The core keeps working after every refusal, up to the limit itself.
  CHECK(Tensor::zeros({int64_t{16} << 20}).numel() == (int64_t{16} << 20));
  CHECK(tc::add(Tensor::ones({5, 1, 4, 1}), Tensor::ones({3, 1, 1})).sizes() == Shape{5, 3, 4, 1});
}

TEST_CASE("more dimensions than kMaxDims", "[limits]") {
  const std::string message = "tensorcast supports at most 16 dimensions, got 17";
  refuses([] { Tensor::zeros(dims(tc::kMaxDims + 1)); }, ErrorKind::Value, message);
  refuses([] { tc::broadcast_shapes({{2}, dims(tc::kMaxDims + 1)}); }, ErrorKind::Value, message);
  const Tensor full = Tensor::ones(dims(tc::kMaxDims));
  refuses([&] { tc::unsqueeze(full, 0); }, ErrorKind::Value, message);
  refuses([&] { tc::expand(full, dims(tc::kMaxDims + 1)); }, ErrorKind::Value, message);
  refuses([&] { tc::view(full, dims(tc::kMaxDims + 1)); }, ErrorKind::Value, message);
  refuses([&] { tc::reshape(full, dims(tc::kMaxDims + 1)); }, ErrorKind::Value, message);
  CHECK(tc::add(full, full).ndim() == tc::kMaxDims);
  CHECK(tc::sum(full, {0, 15}, false).ndim() == tc::kMaxDims - 2);
}

TEST_CASE("sizes whose product overflows int64", "[limits]") {
  const int64_t big = int64_t{1} << 32;
  const std::string message = "numel: integer multiplication overflow for sizes [4294967296, 4294967296]";
  refuses([&] { Tensor::zeros({big, big}); }, ErrorKind::Value, message);
  refuses([&] { tc::broadcast_shapes({{big, big}}); }, ErrorKind::Value, message);
  refuses([&] { tc::expand(Tensor::ones({1}), {big, big}); }, ErrorKind::Value, message);
  refuses([&] { tc::view(Tensor::ones({4}), {big, big, -1}); }, ErrorKind::Shape,
          "shape '[4294967296, 4294967296, -1]' is invalid for input of size 4");
  // Each input fits, the broadcast result does not.
  const Tensor tall = tc::expand(Tensor::ones({1, 1}), {int64_t{1} << 62, 1});
  refuses([&] { tc::add(tall, Tensor::ones({1, 4})); }, ErrorKind::Value,
          "numel: integer multiplication overflow for sizes [4611686018427387904, 4]");
  CHECK_FALSE(tc::trace_broadcast({{int64_t{1} << 62, 1}, {1, 4}}).result.has_value());
}

TEST_CASE("bad input to the factories changes nothing", "[limits]") {
  refuses([] { Tensor::zeros({2, -3}); }, ErrorKind::Value,
          "Trying to create tensor with negative dimension -3: [2, -3]");
  refuses([] { Tensor::from_data({1, 2, 3}, {2, 2}); }, ErrorKind::Value,
          "shape [2, 2] needs 4 values, but 3 were given");
  refuses([] { Tensor::from_data({1, 2, 3}, {}); }, ErrorKind::Value,
          "shape [] needs 1 value, but 3 were given");
  refuses([] { Tensor::arange(0, 1, 0); }, ErrorKind::Value, "step must be nonzero");
  refuses([] { Tensor::arange(0, 5, std::nan("")); }, ErrorKind::Value, "step must be nonzero");
  refuses([] { Tensor::arange(std::nan(""), 5, 0); }, ErrorKind::Value, "step must be nonzero");
  refuses([] { Tensor::arange(std::nan(""), 5, 1); }, ErrorKind::Value, "unsupported range: nan -> 5");
  refuses([] { Tensor::arange(1, 0, 1); }, ErrorKind::Value,
          "upper bound and larger bound inconsistent with step sign");
  refuses([] { Tensor::arange(0, 1e300, 1); }, ErrorKind::Value, "arange: too many elements (1e+300)");
}

#if UINTPTR_MAX == 0xFFFFFFFFu
TEST_CASE("wasm32: a request of 4 GB or more never wraps to a small buffer", "[limits]") {
  // The default limit (1 TiB) is above what 32-bit sizes can count: the
  // most is 2^32 - 1 less the padding Storage::allocate adds (31 bytes of
  // rounding and alignment, 4096 of Note [4K aliasing]).
  refuses([] { Tensor::zeros({int64_t{1} << 30}); }, ErrorKind::Memory,
          "out of memory: a tensor of shape [1073741824] of 1073741824 elements needs "
          "1073741824 x 4 bytes, more than the 4294963168 bytes tensorcast may allocate");
}
#endif
