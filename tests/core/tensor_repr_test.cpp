// The one tensor formatter (src/tensor_repr.h, Note [Tensor repr]) against
// PyTorch 1.13's own text: the cases of tests/core/repr_cases.inc (written
// by tests/js/fixtures/repr/make_fixture.py from real PyTorch; the package's
// tests/js/repr.test.js reads the same cases), run as programs: what each
// print() wrote when it ran, what each statement recorded of the names it
// bound and of the gradients backward() left, and the repr of each tensor
// bound at the end (what the package's toString() writes). Then the bounds.
#include "tensor_repr.h"

#include <catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "lang/program.h"
#include "lang/repr.h"
#include "ops.h"

namespace {

using tc::lang::ProgramResult;

struct Recorded {
  int statement;     // -1: bound when the program ended
  const char* kind;  // "name", "grad" or "final"
  const char* name;
  const char* repr;
};

struct ReprCase {
  const char* code;
  const char* printed;
  std::vector<const char*> outputs;  // each statement's
  std::vector<Recorded> recorded;
};

const ReprCase kReprCases[] = {
#include "repr_cases.inc"
};

// What a name's record holds of a repr: all of it within its limit
// (kTensorInfoLimit characters for a tensor, kReprLimit for a tuple
// holding some), else its first that many characters and "..." (Note
// [Tensor repr], Note [Bounded output]).
std::string recorded_text(const std::string& pytorch) {
  const bool tensor = pytorch.rfind("tensor(", 0) == 0;
  const auto limit =
      static_cast<size_t>(tensor ? tc::lang::kTensorInfoLimit : tc::lang::kReprLimit);
  return pytorch.size() <= limit ? pytorch : pytorch.substr(0, limit) + "...";
}

}  // namespace

TEST_CASE(
    "print(), each name's record and the repr of each tensor are PyTorch's text, of the moment",
    "[repr]") {
  for (const ReprCase& c : kReprCases) {
    INFO(c.code);
    const ProgramResult r = tc::lang::run_program(c.code);
    REQUIRE_FALSE(r.error.has_value());
    REQUIRE(r.statements.size() == c.outputs.size());
    std::string printed;
    for (size_t i = 0; i < r.statements.size(); ++i) {
      INFO("statement " << i);
      CHECK(r.statements[i].output == c.outputs[i]);
      printed += r.statements[i].output;
    }
    CHECK(printed == c.printed);
    for (const Recorded& n : c.recorded) {
      INFO(n.kind << " " << n.name << " of statement " << n.statement);
      const std::string kind = n.kind;
      if (kind == "final") {
        const tc::lang::Value& v = r.globals.at(n.name);
        REQUIRE(v.is_tensor());
        CHECK(tc::tensor_repr(v.tensor()).text == n.repr);
        continue;
      }
      const auto& infos =
          kind == "grad" ? r.statements.at(n.statement).grads : r.statements.at(n.statement).names;
      REQUIRE(infos.count(n.name) == 1);
      CHECK(infos.at(n.name).repr == recorded_text(n.repr));
    }
  }
}

TEST_CASE("a tensor's repr reads only the elements it shows, and is cut past its limit", "[repr]") {
  // 10^10 elements, one in memory: PyTorch's summary, at once.
  const tc::Tensor ones = tc::Tensor::ones({1});
  const tc::TensorRepr wide = tc::tensor_repr(tc::expand(ones, {100000, 100000}));
  CHECK(wide.complete);
  CHECK(wide.text.rfind("tensor([[1., 1., 1.,  ..., 1., 1., 1.],", 0) == 0);

  // 16 dims of 7: PyTorch would write 6^16 elements. Cut at the limit,
  // having read about limit / 3 of them.
  const tc::Tensor deep = tc::expand(ones, tc::Shape(16, 7));
  const auto start = std::chrono::steady_clock::now();
  const tc::TensorRepr cut = tc::tensor_repr(deep);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  CHECK_FALSE(cut.complete);
  CHECK(cut.text.size() == static_cast<size_t>(tc::kMaxTensorRepr) + 3);
  CHECK(cut.text.rfind("tensor([[[[[[[[[[[[[[[[1., 1., 1.,  ..., 1., 1., 1.],", 0) == 0);
  CHECK(cut.text.substr(cut.text.size() - 3) == "...");
  CHECK(ms < 5000);  // bounded work: the whole would take hours

  // A text within the limit is whole; one character over is cut there.
  const tc::Tensor row = tc::Tensor::arange(0, 20);
  const std::string whole = tc::tensor_repr(row).text;
  const auto n = static_cast<int64_t>(whole.size());
  CHECK(tc::tensor_repr(row, n).text == whole);
  CHECK(tc::tensor_repr(row, n).complete);
  CHECK(tc::tensor_repr(row, n - 1).text == whole.substr(0, whole.size() - 1) + "...");
  CHECK_FALSE(tc::tensor_repr(row, n - 1).complete);
}

TEST_CASE("print() of a tensor past kMaxTensorRepr writes the cut text, counted in the output",
          "[repr]") {
  const ProgramResult r = tc::lang::run_program(
      "import torch\nx = torch.ones(1).expand(7, 7, 7, 7, 7, 7, 7, 7, 7, 7)\nprint(x)\n");
  REQUIRE_FALSE(r.error.has_value());
  const std::string& out = r.statements[2].output;
  CHECK(out.size() == static_cast<size_t>(tc::kMaxTensorRepr) + 4);  // "...", "\n"
  CHECK(r.described >= static_cast<int64_t>(out.size()));
  // The name's record is cut at kTensorInfoLimit.
  CHECK(r.statements[1].names.at("x").repr.size() ==
        static_cast<size_t>(tc::lang::kTensorInfoLimit) + 3);
}
