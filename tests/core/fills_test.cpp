// fill_, zero_, masked_fill, masked_fill_, retain_grad() and retains_grad
// (Note [Fills] in src/ops/fill.cpp): the programs of fills_cases.inc with
// what PyTorch 1.13 printed and raised for them (written by
// tests/js/fixtures/fills/make_fixture.py), then what tensorcast refuses
// on purpose where PyTorch does something else (docs/limits.md).
#include <catch.hpp>
#include <string>

#include "lang/program.h"
#include "ops.h"
#include "support.h"

namespace {

using tc::lang::ProgramResult;
using tc::lang::run_program;
using tct::refuses_containing;
using tct::values;

const tct::ProgramCase kFillCases[] = {
#include "fills_cases.inc"
};

// The program's error, or "" when it ran to the end.
std::string error_of(const std::string& code) {
  const ProgramResult r = run_program(code);
  return r.error ? r.error->python_type + ": " + r.error->message : "";
}

}  // namespace

TEST_CASE("fills: fill_, zero_, masked_fill and retain_grad print and raise what PyTorch does", "[fills]") {
  for (const tct::ProgramCase& c : kFillCases) tct::check_program_case(c);
}

TEST_CASE("fills: masks other than bool and uint8 are refused, not read by their first byte", "[fills]") {
  // PyTorch 1.13 fills nothing for a float mask of 1.0 (it reads one byte
  // of each element); tensorcast says so and leaves the tensor as it was.
  const std::string code =
      "import torch\nx = torch.arange(3.0)\nprint(x)\ntry_it = x.masked_fill_(torch.tensor([1.0, 0.0, 1.0]), -1)\n";
  const ProgramResult r = run_program(code);
  REQUIRE(r.error.has_value());
  CHECK(r.error->python_type == "RuntimeError");
  CHECK(r.error->message.rfind("masked_fill_ only supports boolean masks, but got mask with dtype torch.float32", 0) == 0);
  CHECK(r.error->message.find("mask.bool()") != std::string::npos);
  tc::Tensor x = tc::Tensor::arange(0, 3);
  refuses_containing([&] { tc::masked_fill_(x, tc::Tensor::from_values<int64_t>({1, 0, 1}, {3}), 5); },
                     tc::ErrorKind::Type, "but got mask with dtype torch.int64");
  CHECK(values(x) == std::vector<float>{0, 1, 2});
}

TEST_CASE("fills: in-place fills that tensorcast cannot record are refused before any write", "[fills]") {
  // A view of a non-leaf (PyTorch gives the base a CopySlices node).
  CHECK(error_of("import torch\nx = torch.ones(3, requires_grad=True)\nz = x * 2\nz[1:].zero_()").find(
            "zero_: tensorcast does not record an in-place op on a view of a tensor that requires grad") !=
        std::string::npos);
  // A non-leaf an op has used already (PyTorch keeps the old history for it).
  CHECK(error_of("import torch\nx = torch.ones(3, requires_grad=True)\ny = x * 2\nz = y + 1\ny.fill_(0)").find(
            "fill_: tensorcast does not record an in-place op on a tensor that requires grad once another op "
            "has used it") != std::string::npos);
  // Nothing was written.
  const ProgramResult used = run_program("import torch\nx = torch.ones(3, requires_grad=True)\ny = x * 2\nz = y + 1\ny.fill_(0)");
  REQUIRE(used.error.has_value());
  REQUIRE(used.globals.count("y") == 1);
  CHECK(values(used.globals.at("y").tensor()) == std::vector<float>{2, 2, 2});
  // Once the op that used it is gone, the fill is recorded.
  CHECK(tct::printed_text(run_program("import torch\nx = torch.ones(3, requires_grad=True)\ny = x * 2\nz = y + 1\nz = 0\n"
                            "y.fill_(0)\nprint(y)")) == "tensor([0., 0., 0.], grad_fn=<FillBackward2>)\n");
  // masked_fill_ into an expanded tensor (PyTorch 1.13 warns that it is deprecated).
  tc::Tensor x = tc::Tensor::zeros({3});
  tc::Tensor e = tc::expand(x, {2, 3});
  refuses_containing([&] { tc::masked_fill_(e, tc::Tensor::from_bools({1, 0, 1, 0, 0, 0}, {2, 3}), 1); },
                     tc::ErrorKind::Shape, "more than one element of the written-to tensor");
  CHECK(values(x) == std::vector<float>{0, 0, 0});
}

TEST_CASE("fills: the core's fills bump the storage's version, so a tensor saved for backward is caught", "[fills]") {
  tc::Tensor x = tc::Tensor::from_data({1, 2}, {2});
  x.set_requires_grad(true);
  tc::Tensor y = tc::mul(x, x);  // saves x
  {
    tc::NoGradGuard no_grad;
    tc::fill_(x, 3);
  }
  refuses_containing([&] { tc::backward(tc::sum(y)); }, tc::ErrorKind::Autograd,
                     "one of the variables needed for gradient computation has been modified by an inplace operation");
  CHECK(values(x) == std::vector<float>{3, 3});
}
