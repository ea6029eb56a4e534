// The work budget and the live-memory limit of programs (Note [Work
// budget] in src/work.h, Note [Live memory limit] in src/storage.h, Note
// [Program limits] and Note [Program memory advice] in src/lang/run.cpp):
// every op that loops is charged before it writes, a refusal leaves
// everything as it was, the budget and the memory cap count over the
// whole program, and the hostile reproductions stop at once.
#include <catch.hpp>
#include <chrono>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "lang/library.h"
#include "lang/program.h"
#include "ops.h"
#include "storage.h"
#include "work.h"

namespace {

using tc::WorkKind;
using tc::WorkScope;
using tc::lang::ProgramError;
using tc::lang::ProgramLimits;
using tc::lang::ProgramResult;
using tc::lang::run_program;

ProgramResult run(const std::string& code, const ProgramLimits& limits = {}) {
  return run_program(code, limits);
}

std::string error_text(const ProgramResult& r) {
  return r.error ? r.error->kind + ": " + r.error->message : std::string("(no error)");
}

// Whether `call` throws a tc::Error of kind Limit.
bool refused_by_budget(const std::function<void()>& call) {
  try {
    call();
  } catch (const tc::Error& e) {
    return e.kind() == tc::ErrorKind::Limit;
  }
  return false;
}

std::vector<float> values_of(const ProgramResult& r, const std::string& name) {
  const auto it = r.globals.find(name);
  REQUIRE(it != r.globals.end());
  REQUIRE(it->second.is_tensor());
  return it->second.tensor().to_vector();
}

}  // namespace

TEST_CASE("work: a charge past the budget is refused with its count, units and what is left", "[work]") {
  WorkScope scope(1000);
  tc::charge_work(WorkKind::Elements, 600);
  CHECK(scope.used() == 600);
  try {
    tc::charge_work(WorkKind::MultiplyAdds, 1099511627776.0, 0.25);
    FAIL("not refused");
  } catch (const tc::Error& e) {
    CHECK(e.kind() == tc::ErrorKind::Limit);
    CHECK(std::string(e.what()) ==
          "this line would compute 1.1e12 multiply-adds (2.7e11 work units); the limit is 1000 "
          "work units per program, 400 of them left");
  }
  CHECK(scope.used() == 600);  // a refused charge spends nothing
  tc::charge_work(WorkKind::Elements, 400);
  CHECK(scope.used() == 1000);
  CHECK(refused_by_budget([] { tc::charge_work(WorkKind::Gathers, 1); }));
  CHECK_FALSE(refused_by_budget([] { tc::charge_work(WorkKind::Elements, 0); }));
}

TEST_CASE("work: scopes nest, PaidWork pauses them, and outside any scope nothing is refused", "[work]") {
  CHECK_FALSE(tc::work_budgeted());
  CHECK_FALSE(refused_by_budget([] { tc::charge_work(WorkKind::MultiplyAdds, 1e30); }));
  WorkScope outer(1e6);
  {
    WorkScope inner(10);
    CHECK(refused_by_budget([] { tc::charge_work(WorkKind::Elements, 11); }));
    {
      tc::PaidWork paid;
      CHECK_FALSE(tc::work_budgeted());
      CHECK_FALSE(refused_by_budget([] { tc::charge_work(WorkKind::Elements, 1e9); }));
    }
    CHECK(tc::work_budgeted());
    CHECK(inner.used() == 0);
  }
  tc::charge_work(WorkKind::Elements, 11);
  CHECK(outer.used() == 11);
}

TEST_CASE("work: the counts each kind of op is charged", "[work]") {
  using namespace tc;
  const Tensor a = Tensor::ones({64, 32}), b = Tensor::ones({32, 16});
  auto cost = [](const std::function<void()>& op) {
    WorkScope scope(1e12);
    op();
    return scope.used();
  };
  const double row = work_cost::kRow;  // a contiguous op is one row
  const double n = 64 * 32;
  CHECK(cost([&] { add(a, a); }) == 3 * n + row);                // read a, a, write out
  CHECK(cost([&] { unary(UnaryOp::Neg, a); }) == 2 * n + row);
  // a costly function: what it took per value, in its dtype (function_cost)
  CHECK(cost([&] { unary(UnaryOp::Exp, a); }) == n * 16 + row);
  CHECK(cost([&] { unary(UnaryOp::Tanh, a); }) == n * 56 + row);
  // (a number operand is a 0-D tensor converted to the op's dtype: a row more)
  CHECK(cost([&] { pow(a, 2.5); }) == Approx(n * 32 + 2 * row).margin(8));
  CHECK(cost([&] { pow(a, 2.0); }) == Approx(3 * n + 2 * row).margin(8));  // a ** 2 multiplies
  // a float64 or int64 element is 8 bytes: two units
  const Tensor a64 = to(a, DType::Float64);
  CHECK(cost([&] { add(a64, a64); }) == 3 * 2 * n + row);
  CHECK(cost([&] { unary(UnaryOp::Tanh, a64); }) == n * 64 + row);
  // matmul: the multiply-adds and each result written
  CHECK(cost([&] { matmul(a, b); }) == 64 * 16 * 32 * work_cost::kMultiplyAdd + 64 * 16);
  const Tensor v = Tensor::ones({32});
  CHECK(cost([&] { matmul(a, v); }) == 64 * 32 * work_cost::kVectorMultiplyAdd + 64);
  const Tensor ai = to(a, DType::Int64), bi = to(b, DType::Int64);
  CHECK(cost([&] { matmul(ai, bi); }) == 64 * 16 * 32 * work_cost::kScalarMultiplyAdd + 64 * 16 * 2);
  // integer floor division also reads its divisor once for a zero (check_integer_divisor)
  CHECK(cost([&] { floor_divide(ai, ai); }) == n * 24 + row + 2 * n * work_cost::kCountedElement);
  // a batch broadcast through stride 0 is counted in full: 2^20 products
  const Tensor many = expand(Tensor::ones({1, 4, 4}), {1 << 20, 4, 4}), four = Tensor::ones({4, 4});
  CHECK(cost([&] { matmul(many, four); }) ==
        (1 << 20) * 64 * work_cost::kMultiplyAdd + (1 << 20) * 16);
  CHECK(cost([&] { Tensor::zeros({1000}); }) == 1000);
  CHECK(cost([&] { Tensor::zeros({1000}, DType::Int64); }) == 2000);
  CHECK(cost([&] { Tensor::arange(0, 1000); }) == 1000 * work_cost::kConvertedElement);
  CHECK(cost([&] { rand({1000}, DType::Float32); }) == 1000 * work_cost::kRandomValue);
  CHECK(cost([&] { randn({1000}, DType::Float32); }) == 1000 * work_cost::kNormalValue);
  CHECK(cost([&] { cat({a, a}, 0); }) == 2 * 2 * n);            // charged once, up front
  CHECK(cost([&] { clone(a); }) == 2 * n + row);
  // See Note [Elementwise work]: a copy of a transpose reads a cache line per
  // element, and runs 64 rows
  const Tensor big = Tensor::ones({64, 64});
  CHECK(cost([&] { contiguous(transpose(big, 0, 1)); }) ==
        (1 + work_cost::kMaxElement) * 4096 + 64 * row);
  CHECK(cost([&] { add(big, transpose(big, 0, 1)); }) == (1 + 1 + 4) * 4096 + 64 * row);  // the tiled kernel
  const Tensor rows_of_two = narrow(Tensor::ones({512, 4}), 1, 0, 2);
  CHECK(cost([&] { contiguous(rows_of_two); }) == 2 * 1024 + 512 * row);
  const Tensor every_8th = slice(Tensor::ones({4, 64}), 1, 0, 64, 8);
  CHECK(cost([&] { contiguous(every_8th); }) == (1 + 8) * 32 + row);  // 32 bytes a step, one row
  const Tensor idx = Tensor::from_values<int64_t>({0, 1, 0}, {3}), five = Tensor::ones({5});
  CHECK(cost([&] { gather(five, 0, idx); }) ==
        3 * work_cost::kGathered + 2 * 3 * work_cost::kCountedElement);  // and idx read
  CHECK(cost([&] { index(five, {TensorIndex::of_tensor(idx)}); }) ==
        3 * work_cost::kGathered + 2 * 3 * work_cost::kCountedElement);  // five[idx]
  const Tensor mask = Tensor::from_bools({1, 0, 1, 1, 0}, {5});
  CHECK(cost([&] { index(five, {TensorIndex::of_tensor(mask)}); }) ==
        3 * work_cost::kGathered + 2 * 5 * work_cost::kCountedElement    // mask read, 3 positions
        + 2 * 3 * element_cost(8) + 2 * 3 * work_cost::kCountedElement);  // made, then read
}

// --- every op of the program library

namespace {

// Names that run as views, metadata or Python values: no loop over
// elements, nothing to charge. Everything else in the library loops.
struct LibraryCase {
  const char* name;
  unsigned where;
  const char* call;  // assigned to r after kSetup
  bool loops;
  bool writes_y = false;  // an in-place op on y: y must stay zeros
};

// x, m, m3, v, i, b: views of one element (nothing to charge); y a real
// tensor of 65536 zeros for in-place ops; l a loss over 65536 elements;
// c 65536 bools.
const char* const kSetup =
    "import torch\n"
    "import torch.nn.functional as F\n"
    "x = torch.ones(1).expand(65536)\n"
    "m = torch.ones(1, 1).expand(256, 256)\n"
    "m3 = torch.ones(1, 1, 1).expand(4, 128, 128)\n"
    "v = torch.ones(1).expand(256)\n"
    "i = torch.zeros(1, dtype=torch.long).expand(65536)\n"
    "b = torch.ones(1, dtype=torch.bool).expand(65536)\n"
    "y = torch.zeros(65536)\n"
    "w = torch.ones(65536, requires_grad=True)\n"
    "l = (w * 2).sum()\n"
    "c = y == 0\n";
constexpr int kSetupLines = 12;

using tc::lang::kBuiltin;
using tc::lang::kFunctional;
using tc::lang::kMethod;
using tc::lang::kTorch;
constexpr unsigned kBoth = kTorch | kMethod;

const std::vector<LibraryCase>& library_cases() {
  static const std::vector<LibraryCase> cases = [] {
    std::vector<LibraryCase> c = {
        // factories
        {"tensor", kTorch, "torch.tensor([1.5] * 65536)", true},
        {"zeros", kTorch, "torch.zeros(65536)", true},
        {"ones", kTorch, "torch.ones(65536)", true},
        {"empty", kTorch, "torch.empty(65536)", true},
        {"full", kTorch, "torch.full((65536,), 2.0)", true},
        {"arange", kTorch, "torch.arange(65536)", true},
        {"linspace", kTorch, "torch.linspace(0, 1, 65536)", true},
        {"eye", kTorch, "torch.eye(256)", true},
        {"zeros_like", kTorch, "torch.zeros_like(x)", true},
        {"ones_like", kTorch, "torch.ones_like(x)", true},
        {"empty_like", kTorch, "torch.empty_like(x)", true},
        {"full_like", kTorch, "torch.full_like(x, 2.0)", true},
        {"rand", kTorch, "torch.rand(65536)", true},
        {"randn", kTorch, "torch.randn(65536)", true},
        {"randint", kTorch, "torch.randint(0, 9, (65536,))", true},
        {"manual_seed", kTorch, "torch.manual_seed(0)", false},
        // elementwise, outside the op table
        {"equal", kBoth, "torch.equal(x, x)", true},
        {"allclose", kBoth, "torch.allclose(x, x)", true},
        {"clamp", kBoth, "torch.clamp(x, 0, 1)", true},
        {"clip", kBoth, "x.clip(0, 1)", true},
        {"clamp_min", kBoth, "torch.clamp_min(x, 0)", true},
        {"clamp_max", kBoth, "x.clamp_max(torch.zeros(1))", true},
        {"round", kBoth, "torch.round(x, decimals=2)", true},
        {"where", kTorch, "torch.where(b, x, 0.0)", true},
        {"where", kMethod, "x.where(b, x)", true},
        {"relu", kFunctional, "F.relu(x)", true},
        {"sigmoid", kFunctional, "F.sigmoid(x)", true},
        {"tanh", kFunctional, "F.tanh(x)", true},
        // bitwise and logical ops (src/lang/lib_bitwise.cpp)
        {"bitwise_and", kTorch, "torch.bitwise_and(i, i)", true},
        {"bitwise_and", kMethod, "b.bitwise_and(True)", true},
        {"bitwise_and_", kMethod, "c.bitwise_and_(b)", true},
        {"bitwise_or", kTorch, "torch.bitwise_or(3, i)", true},
        {"bitwise_or", kMethod, "i.bitwise_or(i)", true},
        {"bitwise_or_", kMethod, "c.bitwise_or_(False)", true},
        {"bitwise_xor", kTorch, "torch.bitwise_xor(b, b)", true},
        {"bitwise_xor", kMethod, "i.bitwise_xor(1)", true},
        {"bitwise_xor_", kMethod, "c.bitwise_xor_(b)", true},
        {"bitwise_not", kBoth, "torch.bitwise_not(i)", true},
        {"bitwise_not_", kMethod, "c.bitwise_not_()", true},
        {"logical_and", kBoth, "torch.logical_and(x, i)", true},
        {"logical_and_", kMethod, "y.logical_and_(x)", true, true},
        {"logical_or", kBoth, "x.logical_or(b)", true},
        {"logical_or_", kMethod, "y.logical_or_(b)", true, true},
        {"logical_xor", kBoth, "torch.logical_xor(x, x)", true},
        {"logical_xor_", kMethod, "y.logical_xor_(x)", true, true},
        {"logical_not", kBoth, "torch.logical_not(x)", true},
        {"logical_not_", kMethod, "y.logical_not_()", true, true},
        // Python's builtins; what print writes is charged as described
        // characters (WorkKind::Described), when its line ends
        {"print", kBuiltin, "print(x)", false},
        {"type", kBuiltin, "type(x)", false},
        {"len", kBuiltin, "len(x)", false},
        {"int", kBuiltin, "int(x[0])", false},
        {"float", kBuiltin, "float(x[0])", false},
        {"bool", kBuiltin, "bool(x[0])", false},
        {"abs", kBuiltin, "abs(x)", true},
        {"round", kBuiltin, "round(x)", true},
        {"tuple", kBuiltin, "tuple(m)", true},  // 256 items (WorkKind::Items)
        {"list", kBuiltin, "list(m)", true},
        {"range", kBuiltin, "range(65536)", true},  // its items, made at once
        {"max", kBuiltin, "max(x)", true},        // a comparison per element
        {"enumerate", kBuiltin, "enumerate(m)", true},  // its items, made at once
        {"zip", kBuiltin, "zip(m, m)", true},
        {"min", kBuiltin, "min(x)", true},
        {"sum", kBuiltin, "sum(x)", true},   // its items, made at once, and an add each
        {"any", kBuiltin, "any(x)", true},   // its items, made at once
        {"all", kBuiltin, "all(x)", true},
        {"str", kBuiltin, "str(x)", false},  // a bounded repr
        // views and joins
        {"reshape", kBoth, "x.reshape(256, 256)", false},
        {"view", kMethod, "x.view(256, 256)", false},
        {"expand", kMethod, "x.expand(2, 65536)", false},
        {"expand_as", kMethod, "v.expand_as(m)", false},
        {"broadcast_to", kBoth, "torch.broadcast_to(v, (256, 256))", false},
        {"broadcast_shapes", kTorch, "torch.broadcast_shapes((256, 1), (256,))", false},
        {"broadcast_tensors", kTorch, "torch.broadcast_tensors(v, m)", false},
        {"permute", kBoth, "m.permute(1, 0)", false},
        {"transpose", kBoth, "m.transpose(0, 1)", false},
        {"swapdims", kBoth, "m.swapdims(0, 1)", false},
        {"swapaxes", kBoth, "m.swapaxes(0, 1)", false},
        {"unsqueeze", kBoth, "x.unsqueeze(0)", false},
        {"squeeze", kBoth, "x.unsqueeze(0).squeeze()", false},
        {"flatten", kBoth, "m.flatten()", false},
        {"unflatten", kTorch, "torch.unflatten(x, 0, (256, 256))", false},
        {"unflatten", kMethod, "x.unflatten(0, (256, 256))", false},
        {"movedim", kBoth, "m.movedim(0, 1)", false},
        {"moveaxis", kBoth, "m.moveaxis(0, 1)", false},
        {"narrow", kBoth, "x.narrow(0, 0, 10)", false},
        {"select", kBoth, "m.select(0, 1)", false},
        {"t", kBoth, "m.t()", false},
        {"contiguous", kMethod, "x.contiguous()", true},
        {"clone", kBoth, "x.clone()", true},
        {"detach", kBoth, "x.detach()", false},
        {"gather", kBoth, "torch.gather(x, 0, i)", true},
        {"stack", kTorch, "torch.stack([x, x])", true},
        {"cat", kTorch, "torch.cat([x, x])", true},
        {"concat", kTorch, "torch.concat([x, x])", true},
        {"concatenate", kTorch, "torch.concatenate([x, x])", true},
        {"matmul", kBoth, "torch.matmul(m, m)", true},
        {"mm", kBoth, "torch.mm(m, m)", true},
        {"bmm", kBoth, "torch.bmm(m3, m3)", true},
        {"mv", kBoth, "torch.mv(m, v)", true},
        {"dot", kBoth, "torch.dot(x, x)", true},
        {"outer", kBoth, "torch.outer(v, v)", true},
        {"ger", kBoth, "v.ger(v)", true},
        {"linear", kFunctional, "F.linear(m, m)", true},
        // a tensor's own methods
        {"size", kMethod, "x.size()", false},
        {"stride", kMethod, "x.stride()", false},
        {"dim", kMethod, "x.dim()", false},
        {"ndimension", kMethod, "x.ndimension()", false},
        {"numel", kBoth, "x.numel()", false},
        {"nelement", kMethod, "x.nelement()", false},
        {"storage_offset", kMethod, "x.storage_offset()", false},
        {"is_contiguous", kMethod, "x.is_contiguous()", false},
        {"element_size", kMethod, "x.element_size()", false},
        {"is_floating_point", kBoth, "x.is_floating_point()", false},
        {"is_tensor", kTorch, "torch.is_tensor(x)", false},
        {"item", kMethod, "x[0].item()", false},
        {"tolist", kMethod, "x.tolist()", true},
        {"to", kMethod, "x.to(torch.float64)", true},
        {"float", kMethod, "i.float()", true},
        {"double", kMethod, "x.double()", true},
        {"long", kMethod, "x.long()", true},
        {"int", kMethod, "x.int()", true},
        {"bool", kMethod, "x.bool()", true},
        {"byte", kMethod, "x.byte()", true},
        {"type", kMethod, "x.type(torch.float64)", true},
        {"get_default_dtype", kTorch, "torch.get_default_dtype()", false},
        {"no_grad", kTorch, "torch.no_grad()", false},
        {"enable_grad", kTorch, "torch.enable_grad()", false},
        {"set_grad_enabled", kTorch, "torch.set_grad_enabled(True)", false},
        {"is_grad_enabled", kTorch, "torch.is_grad_enabled()", false},
        {"type_as", kMethod, "x.type_as(i)", true},
        {"Size", kTorch, "torch.Size([2, 3])", false},
        {"result_type", kTorch, "torch.result_type(x, i)", false},
        {"backward", kMethod, "l.backward()", true},
        {"cpu", kMethod, "x.cpu()", false},
        {"requires_grad_", kMethod, "y.requires_grad_()", false},
        {"retain_grad", kMethod, "l.retain_grad()", false},
        {"fill_", kBoth, "y.fill_(1)", true, true},
        {"zero_", kBoth, "y.zero_()", true, true},
        {"masked_fill", kBoth, "y.masked_fill(c, 1.0)", true},
        {"masked_fill_", kMethod, "y.masked_fill_(c, 1.0)", true, true},
        // the unary ops and clamp in place (Note [Unary ops in place])
        {"neg_", kBoth, "y.neg_()", true, true},
        {"abs_", kBoth, "y.abs_()", true, true},
        {"exp_", kBoth, "y.exp_()", true, true},
        {"log_", kBoth, "y.log_()", true, true},
        {"sqrt_", kBoth, "y.sqrt_()", true, true},
        {"relu_", kBoth, "y.relu_()", true, true},
        {"sigmoid_", kBoth, "y.sigmoid_()", true, true},
        {"tanh_", kBoth, "y.tanh_()", true, true},
        {"sin_", kBoth, "y.sin_()", true, true},
        {"cos_", kBoth, "y.cos_()", true, true},
        {"sign_", kMethod, "y.sign_()", true, true},
        {"floor_", kBoth, "y.floor_()", true, true},
        {"ceil_", kBoth, "y.ceil_()", true, true},
        {"log1p_", kBoth, "y.log1p_()", true, true},
        {"expm1_", kBoth, "y.expm1_()", true, true},
        {"square_", kBoth, "y.square_()", true, true},
        {"rsqrt_", kBoth, "y.rsqrt_()", true, true},
        {"reciprocal_", kBoth, "y.reciprocal_()", true, true},
        {"round_", kBoth, "y.round_(decimals=1)", true, true},
        {"clamp_", kBoth, "torch.clamp_(y, 0, 1)", true, true},
        {"clip_", kBoth, "y.clip_(max=0.5)", true, true},
        {"clamp_min_", kBoth, "y.clamp_min_(0)", true, true},
        {"clamp_max_", kBoth, "y.clamp_max_(torch.zeros(1))", true, true},
    };
    // The op table's elementwise ops, their in-place forms and aliases
    // (src/lang/lib_math.cpp registers them by PyTorch's name).
    for (const char* n : {"add", "sub", "mul", "div", "pow", "maximum", "minimum", "floor_divide",
                          "remainder", "eq", "ne", "lt", "le", "gt", "ge", "subtract", "multiply",
                          "divide", "true_divide", "greater", "greater_equal", "less", "less_equal",
                          "not_equal"})
      c.push_back({n, kBoth, nullptr, true});
    for (const char* n : {"add_", "sub_", "mul_", "div_", "pow_", "floor_divide_", "remainder_",
                          "eq_", "ne_", "lt_", "le_", "gt_", "ge_"})
      c.push_back({n, kMethod, nullptr, true, true});
    for (const char* n : {"neg", "abs", "exp", "log", "sqrt", "relu", "sigmoid", "tanh", "sin", "cos",
                          "sign", "floor", "ceil", "log1p", "expm1", "square", "rsqrt",
                          "reciprocal", "negative", "absolute"})
      c.push_back({n, kBoth, nullptr, true});
    return c;
  }();
  return cases;
}

// The reductions, softmax and the cumulative ops (src/ops/reduce*.cpp,
// softmax.cpp, cumulative.cpp) charge their own work (Note [Work
// budget]); tested below on their own, over y's 65536 distinct numbers:
// over x or m, an expansion, they read one number (Note [Reductions
// through strides]).
const std::vector<LibraryCase>& reduction_cases() {
  static const std::vector<LibraryCase> cases = {
      {"sum", kBoth, "y.sum()", true},
      {"nansum", kBoth, "y.nansum()", true},
      {"mean", kBoth, "y.mean()", true},
      {"amax", kBoth, "y.view(256, 256).amax(1)", true},
      {"amin", kBoth, "y.view(256, 256).amin(1)", true},
      {"max", kBoth, "y.view(256, 256).max(1)", true},
      {"min", kBoth, "y.view(256, 256).min(1)", true},
      {"argmax", kBoth, "y.argmax()", true},
      {"argmin", kBoth, "y.argmin()", true},
      {"prod", kBoth, "y.prod()", true},
      {"var", kBoth, "y.var()", true},
      {"std", kBoth, "y.std()", true},
      {"logsumexp", kBoth, "y.logsumexp(0)", true},
      {"softmax", kBoth, "y.softmax(0)", true},
      {"log_softmax", kBoth, "y.log_softmax(0)", true},
      {"softmax", kFunctional, "F.softmax(y, 0)", true},
      {"log_softmax", kFunctional, "F.log_softmax(y, 0)", true},
      {"cumsum", kBoth, "y.cumsum(0)", true},
      {"cumprod", kBoth, "y.cumprod(0)", true},
      {"cumsum_", kMethod, "y.cumsum_(0)", true, true},
      {"cumprod_", kMethod, "y.cumprod_(0)", true, true},
      {"all", kBoth, "c.all()", true},
      {"any", kBoth, "c.any()", true},
  };
  return cases;
}

std::string call_of(const LibraryCase& c) {
  if (c.call) return c.call;
  const std::string n = c.name;
  if (c.writes_y) return "y." + n + "(x)";
  const bool unary = std::set<std::string>{"neg", "abs", "exp", "log", "sqrt", "relu", "sigmoid",
                                           "tanh", "sin", "cos", "sign", "floor", "ceil", "log1p",
                                           "expm1", "square", "rsqrt", "reciprocal", "negative",
                                           "absolute"}
                         .count(n) > 0;
  return unary ? "torch." + n + "(x)" : "torch." + n + "(x, x)";
}

// What a case's op may spend beyond kSetup's work and still run: a few
// small tuples (a shape, 2,000 units an item) cost less; every op that
// loops over 65536 elements, and a tuple of m's 256 rows, more.
constexpr int64_t kSlack = 32768;

// Whether a refusal is of the description of a line's results, charged
// when the line ends (Note [Bounded output] in src/lang/repr.h), rather
// than of an op.
bool refused_description(const ProgramResult& r) {
  return r.error && r.error->message.find("characters of its results") != std::string::npos;
}

// Runs kSetup plus `r = <call>` with a budget of what kSetup spends and
// kSlack units more: every op that loops over the 65536 elements is
// refused, on its own line, and an in-place one leaves y as it was; any
// other runs, and at most the description of its results, charged after
// it, is refused.
void check_case(const LibraryCase& c, double setup_work) {
  const std::string call = call_of(c);
  INFO(c.name << ": " << call);
  ProgramLimits limits;
  limits.max_work = static_cast<int64_t>(std::ceil(setup_work)) + kSlack;
  const ProgramResult r = run(std::string(kSetup) + "r = " + call + "\n", limits);
  INFO(error_text(r));
  if (!c.loops) {
    CHECK((!r.error.has_value() || refused_description(r)));
    return;
  }
  REQUIRE(r.error.has_value());
  CHECK(r.error->kind == "limit");
  CHECK(r.error->line == kSetupLines + 1);
  CHECK_FALSE(refused_description(r));
  if (c.writes_y) CHECK(values_of(r, "y") == std::vector<float>(65536, 0.0f));
}

double setup_work() {
  const ProgramResult setup = run(kSetup);
  INFO(error_text(setup));
  REQUIRE_FALSE(setup.error.has_value());
  return setup.work;
}

}  // namespace

TEST_CASE("work: every op of the program library that loops is refused by the budget before it runs", "[work]") {
  const double setup = setup_work();
  // the views cost nothing, y and w one pass each, w * 2 and y == 0 three
  // (the number is an operand of the loop), l's sum one; and the lines'
  // descriptions
  CHECK(setup < 9 * 65536 + 5e6);
  std::set<std::pair<std::string, unsigned>> listed;
  for (const auto* cases : {&library_cases(), &reduction_cases()})
    for (const LibraryCase& c : *cases) listed.insert({c.name, c.where});
  // Every entry of the library is classified here: a new one fails this
  // until it is (and, if it loops, until it charges).
  for (const tc::lang::Entry& e : tc::lang::library()) {
    INFO("library entry " << e.name << " (where " << e.where << ") has no case in work_test.cpp");
    CHECK(listed.count({e.name, e.where}) == 1);
  }
  for (const LibraryCase& c : library_cases()) check_case(c, setup);
}

TEST_CASE("work: the reductions are refused by the budget before they run", "[work][reductions]") {
  // Their charges are the reductions' own (src/ops/reduce*.cpp, softmax.cpp).
  const double setup = setup_work();
  for (const LibraryCase& c : reduction_cases()) check_case(c, setup);
}

TEST_CASE("work: operators, indexing and augmented assignment are charged too", "[work]") {
  const double setup = setup_work();
  for (const char* call : {"x + x", "-x", "x @ x", "m @ m", "x[i]", "x[b]", "x * 2.5", "x ** x", "x > 0"})
    check_case({"(operator)", 0, call, true}, setup);
  check_case({"(view)", 0, "x[:10]", false}, setup);
  check_case({"(view)", 0, "m[None, 3, ...]", false}, setup);
  // y += x and friends write into y: refused before the first write
  ProgramLimits limits;
  limits.max_work = static_cast<int64_t>(std::ceil(setup)) + kSlack;
  for (const char* line : {"y += x", "y *= 2.5", "y -= x * 0"}) {
    INFO(line);
    const ProgramResult r = run(std::string(kSetup) + line + "\n", limits);
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == "limit");
    CHECK_FALSE(refused_description(r));
    CHECK(values_of(r, "y") == std::vector<float>(65536, 0.0f));
  }
}

TEST_CASE("work: an in-place op whose result is converted is refused before it writes", "[work]") {
  // int32 y += int64 x converts y to int64, adds, then converts the sum
  // into y: every pass is charged before the first writes y, the last
  // (the conversion into y) before the loop runs.
  const std::string setup =
      "import torch\n"
      "y = torch.arange(4096, dtype=torch.int32)\n"
      "x = torch.ones(4096, dtype=torch.long)\n";
  const ProgramResult s = run(setup);
  REQUIRE_FALSE(s.error.has_value());
  const ProgramResult whole = run(setup + "y += x\n");
  REQUIRE_FALSE(whole.error.has_value());
  // y (int32) is converted to int64 first (a row, 1 + 2 units an element),
  // the loop writes int32 from two int64s (a row, 1 + 2 + 2), the
  // conversion into y reads int64 and writes int32 (1 + 2); then the
  // line's results are described (y's repr among them, also written at a
  // unit a character)
  const double n = 4096, row = tc::work_cost::kRow;
  const double described =
      static_cast<double>(whole.described - s.described) * tc::work_cost::kDescribedChar +
      static_cast<double>(whole.statements.back().names.at("y").repr.size());
  const double op = whole.work - s.work - described, conversion = 3 * n, loop = 5 * n + row;
  CHECK(op == 3 * n + row + loop + conversion);
  for (const double short_by : {1.0, conversion + 1, op}) {
    ProgramLimits limits;
    limits.max_work = static_cast<int64_t>(whole.work - described - short_by);
    const ProgramResult r = run(setup + "y += x\n", limits);
    INFO("short by " << short_by << ": " << error_text(r));
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == "limit");
    CHECK(r.error->line == 4);
    CHECK_FALSE(refused_description(r));
    const std::vector<float> y = values_of(r, "y");
    for (int k = 0; k < 4096; ++k) REQUIRE(y[static_cast<size_t>(k)] == static_cast<float>(k));
  }
  CHECK(values_of(whole, "y")[7] == 8);
}

TEST_CASE("work: a backward refused part-way leaves every .grad as it was", "[work]") {
  using namespace tc;
  Tensor a = Tensor::ones({256});
  Tensor b = Tensor::ones({256});
  a.set_requires_grad(true);
  b.set_requires_grad(true);
  const Tensor loss = sum(mul(mul(a, b), 3.0));
  backward(loss, Tensor(), true);  // both leaves hold 3s now
  REQUIRE(a.grad().to_vector() == std::vector<float>(256, 3.0f));
  // The whole pass, second time round: its cost, then every budget short
  // of it by one unit or more (the last one fails in the second leaf's
  // accumulation, after the first leaf's sum is computed).
  double whole = 0;
  {
    WorkScope scope(1e12);
    backward(loss, Tensor(), true);
    whole = scope.used();
    // back to the 3s (the pass added into the .grad tensors in place)
    a.impl().grad = Tensor::full({256}, 3.0f).impl_ptr();
    b.impl().grad = Tensor::full({256}, 3.0f).impl_ptr();
  }
  REQUIRE(whole > 0);
  for (const double budget : {whole - 1, whole - 256 * 3, whole / 2, 1.0}) {
    INFO("budget " << budget << " of " << whole);
    {
      WorkScope scope(budget);
      CHECK(refused_by_budget([&] { backward(loss, Tensor(), true); }));
    }
    CHECK(a.grad().to_vector() == std::vector<float>(256, 3.0f));
    CHECK(b.grad().to_vector() == std::vector<float>(256, 3.0f));
  }
  {
    WorkScope scope(whole);
    backward(loss, Tensor(), true);
  }
  CHECK(a.grad().to_vector() == std::vector<float>(256, 6.0f));
  CHECK(b.grad().to_vector() == std::vector<float>(256, 6.0f));
}

// --- hostile reproductions

TEST_CASE("work: a matmul of torch.ones(1).expand(2**40) is refused at once", "[work]") {
  const auto t0 = std::chrono::steady_clock::now();
  const ProgramResult p = run("import torch\na = torch.ones(1).expand(2**40); c = a @ a");
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  REQUIRE(p.error.has_value());
  CHECK(p.error->kind == "limit");
  CHECK(p.error->python_type == "RuntimeError");
  CHECK(p.error->line == 2);
  CHECK(p.error->column == 38);  // a @ a
  CHECK(p.error->message ==
        "this line would compute 1.1e12 multiply-adds (1.1e12 work units); the limit is 5e8 work "
        "units per program, 5e8 of them left");
  WARN("refused in " << ms << " ms");
}

TEST_CASE("work: lines of a 4096 x 4096 matmul stop at the budget, counted over the whole program", "[work]") {
  // One such matmul is past the whole budget: the first is refused.
  std::string code = "import torch\na = torch.ones(4096, 4096)\n";
  for (int i = 0; i < 9998; ++i) code += "c = a @ a\n";
  const ProgramResult big = run(code);
  REQUIRE(big.error.has_value());
  CHECK(big.error->kind == "limit");
  CHECK(big.error->line == 3);
  CHECK(big.statements.size() == 3);
  // 512 x 512 ones fit many times; the budget runs out after as many as
  // it pays for, whichever line that is.
  std::string lines = "import torch\na = torch.ones(512, 512)\n";
  for (int i = 0; i < 1000; ++i) lines += "c = a @ a\n";
  const ProgramResult r = run(lines);
  REQUIRE(r.error.has_value());
  CHECK(r.error->kind == "limit");
  const double per_line = 512.0 * 512 * 512 * tc::work_cost::kMultiplyAdd + 512 * 512;
  const double setup = 512.0 * 512;
  const int paid = static_cast<int>((ProgramLimits{}.max_work - setup) / per_line);
  CHECK(r.error->line == 3 + paid);
  CHECK(paid >= 14);  // a 512 x 512 matmul is a fifteenth of the budget
  // every statement alone is cheap: it is the program that is stopped
  ProgramLimits one;
  one.max_work = static_cast<int64_t>(run("import torch\na = torch.ones(512, 512)\nc = a @ a\n").work);
  CHECK(one.max_work < setup + per_line + 1e6);  // the lines' descriptions: little
  CHECK_FALSE(run("import torch\na = torch.ones(512, 512)\nc = a @ a\n", one).error.has_value());
  CHECK(run("import torch\na = torch.ones(512, 512)\nc = a @ a\nc = a @ a\n", one).error->line == 4);
}

TEST_CASE("work: ordinary programs stay far inside the default budget", "[work]") {
  const ProgramLimits defaults;
  const ProgramResult add = run("import torch\na = torch.ones(4096, 4096)\nc = a + a\n");
  REQUIRE_FALSE(add.error.has_value());
  CHECK(add.work < 0.15 * defaults.max_work);  // 13%: ones, then a + a
  const ProgramResult mm = run("import torch\na = torch.rand(512, 512)\nc = a @ a\n");
  REQUIRE_FALSE(mm.error.has_value());
  CHECK(mm.work < 0.1 * defaults.max_work);
  const ProgramResult step = run(
      "import torch\n"
      "import torch.nn.functional as F\n"
      "torch.manual_seed(0)\n"
      "x = torch.randn(64, 32)\n"
      "w = torch.randn(32, 10, requires_grad=True)\n"
      "b = torch.zeros(10, requires_grad=True)\n"
      "logits = F.relu(x @ w + b)\n"
      "loss = (logits.softmax(1) - 0.1).pow(2).mean()\n"
      "loss.backward()\n");
  INFO(error_text(step));
  REQUIRE_FALSE(step.error.has_value());
  CHECK(step.work < 0.01 * defaults.max_work);  // its descriptions most of it
}

// --- the live-memory limit

TEST_CASE("memory: 80 lines of torch.ones(2**24) stop at the program's memory cap", "[work][memory]") {
  const tc::MemoryStats before = tc::memory_stats();
  std::string code = "import torch\n";
  for (int i = 0; i < 80; ++i) code += "a" + std::to_string(i) + " = torch.ones(2**24)\n";
  {
    const ProgramResult r = run(code);
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == "memory");
    CHECK(r.error->python_type == "RuntimeError");
    CHECK(r.error->line == 10);  // eight tensors of 64 MiB fill the 512 MiB; the ninth is refused
    CHECK(r.error->message ==
          "out of memory: tried to allocate 64.00 MiB for a tensor of shape [16777216], past the "
          "512.00 MiB a program's tensors may hold at once (512.00 MiB already allocated). The "
          "program's names hold 512.00 MiB: a0 (64.00 MiB), a1 (64.00 MiB), a2 (64.00 MiB), a3 "
          "(64.00 MiB), a4 (64.00 MiB) and 3 more names (192.00 MiB). Free memory before this "
          "line: make smaller tensors, reuse a name (x = x * 2 frees the old x) or set names you "
          "no longer need to None; or raise the limit (maxMemory, 512.00 MiB now)");
    // the refused line allocated nothing: exactly the eight tensors are held
    CHECK(tc::memory_stats().bytes - before.bytes == 8 * (int64_t{64} << 20));
  }
  CHECK(tc::memory_stats().bytes == before.bytes);
  CHECK(tc::memory_stats().storages == before.storages);
  // the cap is the program's only: the core allocates freely again
  CHECK(tc::live_memory_limit().bytes == INT64_MAX);
}

TEST_CASE("memory: the cap counts what the program holds at once, not what it ever made", "[work][memory]") {
  ProgramLimits limits;
  limits.max_memory = 3 * 4096 * 4 + 1024;  // three tensors of 4096 floats (and 0-D numbers)
  std::string code = "import torch\n";
  for (int i = 0; i < 50; ++i) code += "a = torch.ones(4096) * " + std::to_string(i) + "\n";
  const ProgramResult reused = run(code, limits);  // a's old tensor goes each line: at most 3 held
  INFO(error_text(reused));
  CHECK_FALSE(reused.error.has_value());
  const ProgramResult kept = run(
      "import torch\na = torch.ones(4096)\nb = torch.ones(4096)\nc = a + b\nd = a + c\n", limits);
  REQUIRE(kept.error.has_value());
  CHECK(kept.error->line == 5);
  CHECK(kept.error->kind == "memory");
  // None frees a name's tensor
  const ProgramResult freed = run(
      "import torch\na = torch.ones(4096)\nb = torch.ones(4096)\nc = a + b\na = None\nd = b + c\n", limits);
  INFO(error_text(freed));
  CHECK_FALSE(freed.error.has_value());
  // what is live before the program is not the program's
  const tc::Tensor outside = tc::Tensor::zeros({1 << 16});
  CHECK_FALSE(run("import torch\na = torch.ones(4096)\nb = torch.ones(4096)\nc = a + b\n", limits)
                  .error.has_value());
}

TEST_CASE("memory: the advice names gradients, tensors in lists, and what has no name", "[work][memory]") {
  ProgramLimits limits;
  limits.max_memory = 1 << 20;  // 1 MiB
  const ProgramResult r = run(
      "import torch\n"
      "w = torch.ones(65536, requires_grad=True)\n"
      "(w * 1).sum().backward()\n"
      "pair = [torch.zeros(32768), torch.zeros(16384)]\n"
      "s = w[:8192] * torch.zeros(8192)\n"  // the zeros kept for backward, unnamed
      "z = torch.ones(3, 65536)\n",
      limits);
  REQUIRE(r.error.has_value());
  CHECK(r.error->line == 6);
  CHECK(r.error->message ==
        "out of memory: tried to allocate 768.00 KiB for a tensor of shape [3, 65536], past the "
        "1.00 MiB a program's tensors may hold at once (768.00 KiB already allocated). The "
        "program's names hold 736.00 KiB: w (256.00 KiB), w.grad (256.00 KiB), pair (192.00 KiB), "
        "s (32.00 KiB); 32.00 KiB more are in tensors without a name (kept for backward). Free memory "
        "before this line: make smaller tensors, reuse a name (x = x * 2 frees the old x) or set "
        "names you no longer need to None; or raise the limit (maxMemory, 1.00 MiB now)");
}

TEST_CASE("memory: a tensor past the per-tensor limit says how large one may be", "[work][memory]") {
  const ProgramResult r = run("import torch\nx = torch.ones(2**25)\n");
  REQUIRE(r.error.has_value());
  INFO(r.error->message);
  CHECK(r.error->kind == "memory");
  CHECK(r.error->message ==
        "out of memory: a tensor of shape [33554432] of 33554432 elements needs 33554432 x 4 "
        "bytes, more than the 67108864 bytes tensorcast may allocate. Each tensor of a program may "
        "hold at most 64.00 MiB (16777216 float32 elements, the maxElements limit): make smaller "
        "tensors, or compute in parts");
  // A list past tensorcast's item limit (Note [Bounded values]) is a
  // limit, and gets no tensor advice
  const ProgramResult list = run("a = [0] * 100000\n");
  REQUIRE(list.error.has_value());
  CHECK(list.error->kind == "limit");
  CHECK(list.error->message.find("Free memory") == std::string::npos);
  CHECK(list.error->message.find("Each tensor") == std::string::npos);
}
