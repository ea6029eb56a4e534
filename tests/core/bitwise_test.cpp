// The bitwise and logical ops (src/ops/bitwise.cpp) and the operators
// & | ^ ~ &= |= ^= in programs, against PyTorch 1.13 and Python
// (tests/js/fixtures/bitwise/make_fixture.py writes bitwise_cases.inc).
#include <catch.hpp>
#include <string>

#include "lang/program.h"
#include "ops.h"
#include "support.h"
#include "trace.h"

using tc::lang::ProgramResult;
using tc::lang::run_program;

namespace {

const tct::ProgramCase kBitwiseCases[] = {
#include "bitwise_cases.inc"
};

// The ops the statement on `line` ran, as its call records name them.
std::vector<std::string> calls_on(const ProgramResult& r, int line) {
  std::vector<std::string> ops;
  for (const tc::lang::StatementResult& s : r.statements)
    for (const tc::lang::CallRecord& c : s.calls)
      if (c.line == line) ops.push_back(c.op);
  return ops;
}

}  // namespace

TEST_CASE("bitwise and logical ops: values, dtypes, printed text and errors as PyTorch 1.13 and Python give them",
          "[bitwise][program]") {
  for (const tct::ProgramCase& c : kBitwiseCases) tct::check_program_case(c);
}

TEST_CASE("bitwise operators record the core op each ran, as PyTorch's Tensor.__and__ ... dispatch",
          "[bitwise][program]") {
  const ProgramResult r = run_program(
      "import torch\n"
      "x = torch.tensor([1, 2, 3])\n"
      "a = x & 1\n"
      "b = 6 | x\n"
      "c = x ^ x\n"
      "d = ~x\n"
      "x &= 5\n"
      "x |= x\n"
      "x ^= 1\n"
      "e = torch.logical_not(x) | (x > 1)\n");
  REQUIRE_FALSE(r.error.has_value());
  CHECK(calls_on(r, 3) == std::vector<std::string>{"bitwise_and"});
  CHECK(calls_on(r, 4) == std::vector<std::string>{"bitwise_or"});
  CHECK(calls_on(r, 5) == std::vector<std::string>{"bitwise_xor"});
  CHECK(calls_on(r, 6) == std::vector<std::string>{"bitwise_not"});
  CHECK(calls_on(r, 7) == std::vector<std::string>{"bitwise_and_"});
  CHECK(calls_on(r, 8) == std::vector<std::string>{"bitwise_or_"});
  CHECK(calls_on(r, 9) == std::vector<std::string>{"bitwise_xor_"});
  CHECK(calls_on(r, 10) == std::vector<std::string>{"torch.logical_not", "gt", "bitwise_or"});
}

TEST_CASE("bitwise ops: traces name the op and its every-dtype kernel", "[bitwise][trace]") {
  const tc::Tensor a = tc::Tensor::from_values<int64_t>({12, 10, -3}, {3});
  tc::TraceScope scope;
  const tc::Tensor out = tc::bitwise(tc::BitwiseOp::And, a, 6);
  const tc::Tensor l = tc::logical(tc::LogicalOp::Xor, a, a);
  const tc::Tensor n = tc::logical_not(a);
  std::vector<tc::OpTrace> ops;
  for (const tc::TraceEvent& e : scope.events())
    if (const auto* op = std::get_if<tc::OpTrace>(&e)) ops.push_back(*op);
  REQUIRE(ops.size() == 3);
  CHECK(ops[0].op == "bitwise_and");
  CHECK(ops[0].kernel == "i64_vbitwise_andc__autovec");
  CHECK(ops[1].op == "logical_xor");
  CHECK(ops[1].kernel == "b8_logical_xor__autovec");
  CHECK(ops[2].op == "logical_not");
  CHECK(ops[2].kernel == "b8_vlogical_not__autovec");
  // every op's trace says how its dtype was decided (the package's trace
  // schema refuses an empty dtype)
  CHECK(ops[0].promotion.result_dtype == "int64");
  CHECK(ops[1].promotion.compute_dtype == "int64");
  CHECK(ops[2].promotion.result_dtype == "bool");
  tc::Tensor self = tc::Tensor::from_values<int64_t>({1, 0}, {2});
  tc::logical_not_(self);
  tc::bitwise_not_(self);
  const auto& last = std::get<tc::OpTrace>(scope.events().back());
  CHECK(last.op == "bitwise_not_");
  CHECK(last.promotion.result_dtype == "int64");
  CHECK(self.values<int64_t>() == std::vector<int64_t>{-1, -2});
  CHECK(out.values<int64_t>() == std::vector<int64_t>{4, 2, 4});
  CHECK(l.dtype() == tc::DType::Bool);
  CHECK(n.values<bool>() == std::vector<bool>{false, false, false});
}

TEST_CASE("bitwise ops in place: a refused call leaves self as it was", "[bitwise][inplace]") {
  tc::Tensor b = tc::Tensor::from_bools({1, 0}, {2});
  const tc::Tensor ints = tc::Tensor::from_values<int64_t>({1, 2}, {2});
  CHECK_THROWS_WITH(tc::bitwise_(tc::BitwiseOp::Or, b, ints),
                    "result type Long can't be cast to the desired output type Bool");
  CHECK(b.values<bool>() == std::vector<bool>{true, false});
  tc::Tensor wide = tc::Tensor::from_values<int64_t>({1, 2}, {2});
  CHECK_THROWS_WITH(tc::bitwise_(tc::BitwiseOp::Xor, wide, tc::Tensor::from_values<int64_t>({1, 2, 3, 4}, {2, 2})),
                    "output with shape [2] doesn't match the broadcast shape [2, 2]");
  CHECK(wide.values<int64_t>() == std::vector<int64_t>{1, 2});
  // an expanded self: one memory cell for several elements
  tc::Tensor row = tc::expand(tc::Tensor::from_values<int64_t>({3}, {1}), {4});
  CHECK_THROWS(tc::bitwise_not_(row));
  CHECK(row.values<int64_t>() == std::vector<int64_t>{3, 3, 3, 3});
}

TEST_CASE("logical ops in place on a tensor that requires grad: refused as every in-place op is (README, Choices)",
          "[bitwise][inplace]") {
  // PyTorch runs logical_and_ unrecorded on a leaf that requires grad;
  // tensorcast records no in-place op for autograd and says so.
  const ProgramResult r = run_program(
      "import torch\nw = torch.tensor([1.0, 0.0], requires_grad=True)\ny = w * 2\ny.logical_not_()\n");
  REQUIRE(r.error.has_value());
  CHECK(r.error->message ==
        "logical_not_: tensorcast does not record in-place ops for autograd; use the out-of-place logical_not on "
        "tensors that require grad");
  CHECK(r.error->line == 4);
}

TEST_CASE("shifts (<< >>) stay outside the subset, refused with what the subset has", "[bitwise][parser]") {
  for (const char* code : {"x = 1 << 2", "x = 1\nx >>= 1", "y = (a & b) >> c"}) {
    INFO(code);
    const ProgramResult r = run_program(code);
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == "unsupported");
    CHECK(r.error->message.find("is not supported: tensorcast's programs have + - * / // % ** @ & | ^ ~ and the "
                                "comparisons == != < <= > >=") != std::string::npos);
  }
}
