// parallel_for and the engine's split loops (Note [Threads], Note [Splitting
// a plan], src/engine/parallel.h and loop.h). Every build runs these cases:
// on the threaded core (tests/threads/main.cpp starts a pool of three) the
// loops past Note [Thread threshold] are split, elsewhere they run as one
// chunk, and the results must be the same.
#include <atomic>
#include <memory>

#include "engine/parallel.h"
#include "support.h"

namespace par = tc::parallel;
using tc::Tensor;

namespace {

// Deterministic values with a fraction (so that a misplaced element shows)
// that sum exactly in float32 (multiples of 1/4 below 2^10).
std::vector<float> quarters(int64_t n, int seed) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>((i * 7 + seed) % 61 - 30) * 0.25f;
  return v;
}

}  // namespace

TEST_CASE("parallel_for covers each position once, in chunks on the alignment", "[parallel]") {
  const int64_t n = 1'000'003, align = 64;
  auto hits = std::make_unique<std::atomic<int>[]>(static_cast<size_t>(n));
  std::atomic<bool> misaligned{false};
  std::atomic<int> chunks{0};
  par::parallel_for(n, align, static_cast<double>(n), [&](int64_t begin, int64_t end) {
    ++chunks;
    if (begin % align != 0 || (end != n && end % align != 0)) misaligned = true;
    for (int64_t i = begin; i < end; ++i) hits[static_cast<size_t>(i)].fetch_add(1, std::memory_order_relaxed);
  });
  CHECK_FALSE(misaligned.load());
  // On a pool the loop is split (at least four chunks a thread), else it is one chunk.
  if (par::threads() > 1) CHECK(chunks.load() >= 4 * par::threads());
  else CHECK(chunks.load() == 1);
  int64_t wrong = 0;
  for (int64_t i = 0; i < n; ++i) wrong += hits[static_cast<size_t>(i)].load() != 1;
  CHECK(wrong == 0);
}

TEST_CASE("a parallel_for inside a chunk runs inline, and an error in a chunk reaches the caller by its type",
          "[parallel]") {
  const int64_t n = 1 << 18;
  std::atomic<int64_t> inner{0};
  par::parallel_for(n, 1, static_cast<double>(n), [&](int64_t begin, int64_t end) {
    par::parallel_for(end - begin, 1, static_cast<double>(n), [&](int64_t b, int64_t e) { inner += e - b; });
  });
  CHECK(inner.load() == n);
  bool caught = false;
  try {
    par::parallel_for(n, 1, static_cast<double>(n), [&](int64_t begin, int64_t end) {
      if (begin <= n / 2 && n / 2 < end) tc::fail(tc::ErrorKind::Value, "the chunk holding ", n / 2);
    });
  } catch (const tc::Error& e) {
    caught = true;
    CHECK(e.kind() == tc::ErrorKind::Value);
    CHECK(std::string(e.what()) == "the chunk holding 131072");
  }
  CHECK(caught);
}

TEST_CASE("ops past the thread threshold give the elements one thread gives", "[parallel]") {
  // 300 x 257 = 77,100 elements, past kMinParallelElements; an odd inner size.
  const int64_t rows = 300, cols = 257;
  const Tensor a = Tensor::from_data(quarters(rows * cols, 1), {rows, cols});
  const Tensor row = Tensor::from_data(quarters(cols, 2), {cols});
  const std::vector<float> av = a.to_vector(), rv = row.to_vector();

  SECTION("float32 add of a broadcast row") {
    const std::vector<float> got = tc::binary(tc::BinaryOp::Add, a, row).to_vector();
    int64_t wrong = 0;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) wrong += got[static_cast<size_t>(i * cols + j)] != av[static_cast<size_t>(i * cols + j)] + rv[static_cast<size_t>(j)];
    CHECK(wrong == 0);
  }
  SECTION("int32 mul of a transposed operand (the every-dtype loops, rows by pointer)") {
    const Tensor ai = tc::to(tc::binary(tc::BinaryOp::Mul, a, 4.0), tc::DType::Int32);
    const Tensor t = tc::contiguous(tc::transpose(ai, 0, 1));  // [cols, rows]
    const std::vector<int32_t> got = tc::binary(tc::BinaryOp::Mul, ai, tc::transpose(t, 0, 1)).values<int32_t>();
    int64_t wrong = 0;
    for (int64_t i = 0; i < rows * cols; ++i) {
      const auto x = static_cast<int32_t>(av[static_cast<size_t>(i)] * 4.0f);
      wrong += got[static_cast<size_t>(i)] != x * x;
    }
    CHECK(wrong == 0);
  }
  SECTION("sums over each dim, exact in float32") {
    const std::vector<float> by_row = tc::sum(a, {1}, false).to_vector();
    const std::vector<float> by_col = tc::sum(a, {0}, false).to_vector();
    std::vector<double> want_row(static_cast<size_t>(rows)), want_col(static_cast<size_t>(cols));
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) {
        want_row[static_cast<size_t>(i)] += av[static_cast<size_t>(i * cols + j)];
        want_col[static_cast<size_t>(j)] += av[static_cast<size_t>(i * cols + j)];
      }
    int64_t wrong = 0;
    for (int64_t i = 0; i < rows; ++i) wrong += by_row[static_cast<size_t>(i)] != want_row[static_cast<size_t>(i)];
    for (int64_t j = 0; j < cols; ++j) wrong += by_col[static_cast<size_t>(j)] != want_col[static_cast<size_t>(j)];
    CHECK(wrong == 0);
  }
  SECTION("matmul by output panels, exact in float32") {
    const Tensor b = Tensor::from_data(quarters(cols * 300, 3), {cols, 300});
    const std::vector<float> bv = b.to_vector();
    const std::vector<float> got = tc::matmul(a, b).to_vector();
    int64_t wrong = 0;
    for (int64_t i = 0; i < rows; i += 37)
      for (int64_t j = 0; j < 300; ++j) {
        double s = 0;
        for (int64_t k = 0; k < cols; ++k) s += static_cast<double>(av[static_cast<size_t>(i * cols + k)]) * bv[static_cast<size_t>(k * 300 + j)];
        wrong += got[static_cast<size_t>(i * 300 + j)] != s;
      }
    CHECK(wrong == 0);
  }
}
