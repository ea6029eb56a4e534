// cumsum, cumprod and their in-place forms (Note [Cumulative ops],
// src/ops/cumulative.cpp) against PyTorch 1.13: the cases of
// cumulative_cases.inc (written by tests/js/fixtures/cumulative/make_fixture.py
// from real PyTorch), values and gradients compared bit for bit.
#include <cmath>
#include <limits>

#include "autograd/node.h"
#include "support.h"

using namespace tct;
using tc::DType;
using tc::ErrorKind;

namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct CumCase {
  const char* op;  // cumsum, cumprod, cumsum_, cumprod_
  const char* dtype;
  std::vector<int64_t> shape;
  const char* layout;  // "t": the transpose of a contiguous tensor
  int64_t dim;
  const char* dtype_arg;  // "" when not given
  std::vector<double> input;
  const char* out_dtype;  // "" when PyTorch raised
  std::vector<double> out;
  std::vector<double> upstream;  // the gradient given to backward (empty: none)
  std::vector<double> grad;      // the input's .grad
  const char* error_type;        // IndexError or RuntimeError
  const char* error;
};

const CumCase kCases[] = {
#include "cumulative_cases.inc"
};

DType dtype_named(const char* name) { return *tc::dtype_from_name(name); }

Tensor make(const std::vector<double>& v, const Shape& shape, DType dtype) {
  return tc::to(Tensor::from_values<double>(v, shape), dtype);
}

// The case's input: its values, dtype and layout.
Tensor input_of(const CumCase& c) {
  const Tensor x = make(c.input, c.shape, dtype_named(c.dtype));
  if (std::string(c.layout) != "t") return x;
  return tc::transpose(tc::contiguous(tc::transpose(x, 0, 1)), 0, 1);
}

// Equal as PyTorch's numbers are: the same double, sign of zero and NaN included.
bool same_bits(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(got[i]) != std::isnan(want[i])) return false;
    if (std::isnan(want[i])) continue;
    if (got[i] != want[i] || std::signbit(got[i]) != std::signbit(want[i])) return false;
  }
  return true;
}

Tensor call(const CumCase& c, Tensor& x) {
  const std::string op = c.op;
  std::optional<DType> dtype;
  if (*c.dtype_arg) dtype = dtype_named(c.dtype_arg);
  if (op == "cumsum") return tc::cumsum(x, c.dim, dtype);
  if (op == "cumprod") return tc::cumprod(x, c.dim, dtype);
  if (op == "cumsum_") return tc::cumsum_(x, c.dim, dtype);
  return tc::cumprod_(x, c.dim, dtype);
}

}  // namespace

TEST_CASE("cumsum/cumprod: PyTorch's values, dtypes, errors and gradients, bit for bit",
          "[cumulative]") {
  for (const CumCase& c : kCases) {
    INFO(c.op << " of " << c.dtype << " shape " << c.shape.size() << "-D, dim " << c.dim
              << ", dtype=" << c.dtype_arg << " layout " << c.layout);
    Tensor x = input_of(c);
    if (*c.error) {
      const std::vector<double> before = x.values<double>();
      const Refusal r = refusal_of([&] { call(c, x); }, ErrorKind::Index);
      CHECK(r.message == c.error);
      CHECK(r.right_kind == (std::string(c.error_type) == "IndexError"));
      CHECK(same_bits(x.values<double>(), before));  // a refused in-place call writes nothing
      continue;
    }
    if (!c.upstream.empty()) x.set_requires_grad(true);
    const Tensor out = call(c, x);
    CHECK(tc::dtype_name(out.dtype()) == std::string(c.out_dtype));
    CHECK(out.sizes() == Shape(c.shape));
    CHECK(same_bits(out.values<double>(), c.out));
    if (std::string(c.op).back() == '_') {
      CHECK(out.impl_ptr() == x.impl_ptr());  // the tensor itself, its layout kept
      CHECK(out.strides() == input_of(c).strides());
    }
    if (c.upstream.empty()) continue;
    CHECK(out.impl().grad_fn->grad_fn ==
          (std::string(c.op) == "cumsum" ? "CumsumBackward0" : "CumprodBackward0"));
    tc::backward(out, make(c.upstream, c.shape, out.dtype()));
    REQUIRE(x.grad().defined());
    CHECK(x.grad().dtype() == x.dtype());
    CHECK(same_bits(x.grad().values<double>(), c.grad));
  }
}

TEST_CASE("cumsum/cumprod read an expanded input through its strides", "[cumulative]") {
  const Tensor row = Tensor::from_data({1.5f, -2, 4}, {1, 3});
  const Tensor e = tc::expand(row, {4, 3});
  CHECK(values(tc::cumsum(e, 0)) == values(tc::cumsum(tc::contiguous(e), 0)));
  CHECK(values(tc::cumprod(e, 1)) == values(tc::cumprod(tc::contiguous(e), 1)));
  CHECK(values(tc::cumsum(e, 0)) ==
        std::vector<float>{1.5f, -2, 4, 3, -4, 8, 4.5f, -6, 12, 6, -8, 16});
}

TEST_CASE("cumsum_/cumprod_: refused where they cannot write, self unchanged", "[cumulative]") {
  Tensor e = tc::expand(Tensor::from_data({1, 2}, {1, 2}), {3, 2});
  refuses([&] { tc::cumsum_(e, 0); }, ErrorKind::Shape,
          "unsupported operation: more than one element of the written-to tensor refers to a "
          "single memory location. Please clone() the tensor before performing the operation.");
  Tensor leaf = Tensor::ones({3});
  leaf.set_requires_grad(true);
  refuses([&] { tc::cumprod_(leaf, 0); }, ErrorKind::Autograd,
          "a leaf Variable that requires grad is being used in an in-place operation.");
  // tensorcast records no in-place op for autograd (Note [In-place rules]):
  // PyTorch would give this one a CumsumBackward0.
  Tensor y = tc::mul(leaf, 2);
  refuses([&] { tc::cumsum_(y, 0); }, ErrorKind::Autograd,
          "cumsum_: tensorcast does not record in-place ops for autograd; use the out-of-place "
          "cumsum on tensors that require grad");
  CHECK(values(y) == std::vector<float>{2, 2, 2});
}

TEST_CASE("cumsum/cumprod: an integer dtype= gives no gradient", "[cumulative]") {
  Tensor x = Tensor::from_data({1.5f, 2.5f}, {2});
  x.set_requires_grad(true);
  const Tensor out = tc::cumsum(x, 0, DType::Int64);
  CHECK(!out.requires_grad());
  CHECK(out.values<double>() == std::vector<double>{1, 3});
}

TEST_CASE("cumprod with another float dtype= has a gradient where its input holds a zero",
          "[cumulative]") {
  // PyTorch 1.13's backward raises here (its masked_scatter_ refuses a
  // float64 source for a float32 gradient); tensorcast gives the gradient
  // the float32 cumprod has (docs/program-library.md).
  for (const std::optional<DType> dtype : {std::optional<DType>(), std::optional<DType>(DType::Float64)}) {
    Tensor x = Tensor::from_data({2, 0, 3}, {3});
    x.set_requires_grad(true);
    tc::backward(tc::sum(tc::cumprod(x, 0, dtype)));
    CHECK(x.grad().dtype() == DType::Float32);
    CHECK(values(x.grad()) == std::vector<float>{1, 8, 0});
  }
}
