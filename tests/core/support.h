// What the Catch2 tests share: building tensors from the naive reference's
// dense arrays and back, and checking that a call is refused with an exact
// message while nothing changes.
#pragma once
#include <catch.hpp>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "error.h"
#include "lang/program.h"
#include "naive.h"
#include "ops.h"
#include "storage.h"
#include "trace.h"

namespace tct {

using tc::Shape;
using tc::Tensor;

inline std::vector<float> values(const Tensor& t) { return t.to_vector(); }

// A program and what PyTorch 1.13 printed and raised running it: the rows
// a fixture script writes into an .inc file.
struct ProgramCase {
  const char* code;
  const char* printed;
  const char* type;  // "" when it ran to the end
  const char* message;
  int line;
};

// What a program's print() calls wrote, in order.
inline std::string printed_text(const tc::lang::ProgramResult& r) {
  std::string out;
  for (const tc::lang::StatementResult& s : r.statements) out += s.output;
  return out;
}

// Runs c.code and checks what it printed, and that it raised c's error on
// c's line (or ran to the end when c.line is 0).
inline void check_program_case(const ProgramCase& c) {
  INFO(c.code);
  const tc::lang::ProgramResult r = tc::lang::run_program(c.code);
  CHECK(printed_text(r) == c.printed);
  if (c.line == 0) {
    if (r.error) INFO(r.error->message);
    CHECK_FALSE(r.error.has_value());
  } else {
    REQUIRE(r.error.has_value());
    CHECK(r.error->python_type == c.type);
    CHECK(r.error->message == c.message);
    CHECK(r.error->line == c.line);
  }
}

inline naive::Dense dense(const Tensor& t) { return {t.sizes(), t.to_vector()}; }

// What a call raised: tc::Error's message and kind, or "(no error)".
struct Refusal {
  std::string message = "(no error)";
  bool right_kind = false;
};
inline Refusal refusal_of(const std::function<void()>& call, tc::ErrorKind kind) {
  Refusal r;
  try {
    call();
  } catch (const tc::Error& e) {
    r.message = e.what();
    r.right_kind = e.kind() == kind;
  }
  return r;
}

// Refused with exactly `message` (PyTorch's text where it has one) and the
// live storages unchanged: a refusal allocates nothing that outlives it.
inline void refuses(const std::function<void()>& call, tc::ErrorKind kind,
                    const std::string& message) {
  const tc::MemoryStats before = tc::memory_stats();
  const Refusal r = refusal_of(call, kind);
  CHECK(r.message == message);
  CHECK(r.right_kind);
  const tc::MemoryStats after = tc::memory_stats();
  CHECK(after.storages == before.storages);
  CHECK(after.bytes == before.bytes);
}

// The same, for a message of which only a part is fixed (tensorcast's own
// texts that name sizes in bytes, say).
inline void refuses_containing(const std::function<void()>& call, tc::ErrorKind kind,
                               const std::string& part) {
  const Refusal r = refusal_of(call, kind);
  INFO("message: " << r.message);
  CHECK(r.message.find(part) != std::string::npos);
  CHECK(r.right_kind);
}

// Random data with a fixed seed per test (reproducible failures). Small
// integers and halves keep sums exact, so most comparisons can be exact.
class Random {
 public:
  explicit Random(uint32_t seed) : gen_(seed) {}
  int64_t integer(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(gen_);
  }
  bool coin() { return integer(0, 1) == 1; }
  float value() { return static_cast<float>(integer(-8, 8)) * 0.5f; }
  std::vector<float> values(int64_t n) {
    std::vector<float> v(static_cast<size_t>(n));
    for (float& x : v) x = value();
    return v;
  }
  Shape shape(int64_t max_ndim, int64_t max_size) {
    Shape s(static_cast<size_t>(integer(0, max_ndim)));
    for (int64_t& d : s) d = integer(0, max_size);
    return s;
  }
  std::mt19937& engine() { return gen_; }

 private:
  std::mt19937 gen_;
};

// A tensor holding `want`'s values in an arbitrary layout: contiguous, or
// the same values inside a larger buffer reached through a permutation of
// its dims, a storage offset and gaps (strides larger than dense), so that
// every op is exercised on non-contiguous input.
Tensor strided_copy(const naive::Dense& want, Random& rng);

}  // namespace tct
