// The unary ops and clamp in place (exp_, relu_, clamp_, clamp_min_,
// clip_, round_, F.relu(inplace=True) ...; Note [Unary ops in place] in
// src/ops/fill.cpp): the programs of unary_inplace_cases.inc with what
// PyTorch 1.13 printed and raised for them (written by
// tests/js/fixtures/unary_inplace/make_fixture.py), then what tensorcast
// refuses on purpose, and that every refusal leaves the tensor as it was.
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

const tct::ProgramCase kInplaceCases[] = {
#include "unary_inplace_cases.inc"
};

std::string error_of(const std::string& code) {
  const ProgramResult r = run_program(code);
  return r.error ? r.error->python_type + ": " + r.error->message : "";
}

}  // namespace

TEST_CASE("unary in place: values, dtypes, refusals, grad_fn names and gradients are PyTorch's", "[unary_inplace]") {
  for (const tct::ProgramCase& c : kInplaceCases) tct::check_program_case(c);
}

TEST_CASE("unary in place: a refused call leaves the tensor as it was", "[unary_inplace]") {
  tc::Tensor i = tc::Tensor::from_values<int64_t>({-2, 0, 3}, {3});
  refuses_containing([&] { tc::unary_(tc::UnaryOp::Exp, i); }, tc::ErrorKind::Type,
                     "result type Float can't be cast to the desired output type Long");
  refuses_containing([&] { tc::clamp_(i, tc::Operand(0.5), std::nullopt); }, tc::ErrorKind::Type,
                     "desired output type long int");
  CHECK(i.values<int64_t>() == std::vector<int64_t>{-2, 0, 3});
  tc::Tensor b = tc::Tensor::from_values<bool>({true, false}, {2});
  refuses_containing([&] { tc::unary_(tc::UnaryOp::Abs, b); }, tc::ErrorKind::Type, "\"abs_cpu\" not implemented for 'Bool'");
  refuses_containing([&] { tc::unary_(tc::UnaryOp::Square, b); }, tc::ErrorKind::Type, "Found dtype Bool but expected Long");
  CHECK(b.values<bool>() == std::vector<bool>{true, false});
  tc::Tensor leaf = tc::Tensor::from_values<float>({-1, 2}, {2});
  leaf.set_requires_grad(true);
  refuses_containing([&] { tc::unary_(tc::UnaryOp::Relu, leaf); }, tc::ErrorKind::Autograd,
                     "a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(values(leaf) == std::vector<float>{-1, 2});
  // a bound that does not broadcast to self's shape
  tc::Tensor f = tc::Tensor::from_values<float>({-1, 0.5f, 2}, {3});
  refuses_containing([&] { tc::clamp_(f, tc::Operand(tc::Tensor::zeros({2, 3}, tc::DType::Float32)), std::nullopt); },
                     tc::ErrorKind::Shape, "output with shape [3] doesn't match the broadcast shape [2, 3]");
  CHECK(values(f) == std::vector<float>{-1, 0.5f, 2});
}

TEST_CASE("unary in place: a later write into a result a node saved makes backward refuse", "[unary_inplace]") {
  // PyTorch: "... [torch.FloatTensor [3]], which is output 0 of ExpBackward0,
  // is at version 2; expected version 1 instead. Hint: ..."; tensorcast's
  // version check names the tensor and the versions.
  const std::string e = error_of(
      "import torch\nx = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)\ny = x * 3\ny.exp_().neg_()\n"
      "y.sum().backward()");
  CHECK(e.rfind("RuntimeError: one of the variables needed for gradient computation has been modified by an "
                "inplace operation: [torch.FloatTensor [3]] is at version 2; expected version 1 instead.", 0) == 0);
}

TEST_CASE("unary in place: what tensorcast cannot record is refused before any write", "[unary_inplace]") {
  // A view of a non-leaf (PyTorch gives the base a CopySlices node).
  const std::string view = error_of(
      "import torch\nx = torch.ones(3, requires_grad=True)\nz = x * 2\nz[1:].relu_()");
  CHECK(view.find("relu_: tensorcast does not record an in-place op on a view of a tensor that requires grad") !=
        std::string::npos);
  // A tensor another op has used (PyTorch keeps the old history for it).
  const std::string used = error_of(
      "import torch\nx = torch.ones(3, requires_grad=True)\nz = x * 2\nw = z * z\nz.clamp_(0)");
  CHECK(used.find("clamp_: tensorcast does not record an in-place op on a tensor that requires grad once another "
                  "op has used it") != std::string::npos);
  tc::Tensor x = tc::Tensor::ones({3}, tc::DType::Float32);
  x.set_requires_grad(true);
  tc::Tensor z = tc::mul(x, 2.0);
  const tc::Tensor w = tc::mul(z, z);
  refuses_containing([&] { tc::unary_(tc::UnaryOp::Exp, z); }, tc::ErrorKind::Autograd, "once another op has used it");
  CHECK(values(z) == std::vector<float>{2, 2, 2});
}
