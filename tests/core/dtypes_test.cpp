// Dtypes against PyTorch (notes on the rules: src/dtype.h Note [Casts],
// src/promotion.h Note [Type promotion], src/engine/functors.h Note
// [Integer arithmetic]). The expectations here are written from PyTorch's
// own code, independently of src/: promoteTypes as a hand-copied table,
// result_type as TypeProperties.cpp's combine_categories re-typed, and
// integer arithmetic in __int128 reduced to the dtype's bits.
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include "autograd/node.h"
#include "dtype.h"
#include "engine/elementwise.h"
#include "engine/ukernels.h"
#include "promotion.h"
#include "scalar.h"
#include "support.h"

namespace {

using namespace tct;
using tc::BinaryOp;
using tc::Category;
using tc::CompareOp;
using tc::DType;
using tc::ErrorKind;
using tc::Operand;
using tc::Scalar;
using tc::UnaryOp;

constexpr DType b1 = DType::Bool, u1 = DType::UInt8, i4 = DType::Int32, i8 = DType::Int64,
                f4 = DType::Float32, f8 = DType::Float64;
const DType kDTypes[] = {b1, u1, i4, i8, f4, f8};
// Row and column in the tables below (their own order, not the enum's).
int ix(DType d) {
  switch (d) {
    case DType::Bool: return 0;
    case DType::UInt8: return 1;
    case DType::Int32: return 2;
    case DType::Int64: return 3;
    case DType::Float32: return 4;
    case DType::Float64: return 5;
  }
  return -1;
}
bool floating(DType d) { return d == f4 || d == f8; }

// c10's _promoteTypesLookup restricted to b1 u1 i4 i8 f4 f8, copied by hand
// (rows a, columns b). Not max(): the test would pass with a wrong order.
const DType kPromote[6][6] = {
    /*        b1  u1  i4  i8  f4  f8 */
    /* b1 */ {b1, u1, i4, i8, f4, f8},
    /* u1 */ {u1, u1, i4, i8, f4, f8},
    /* i4 */ {i4, i4, i4, i8, f4, f8},
    /* i8 */ {i8, i8, i8, i8, f4, f8},
    /* f4 */ {f4, f4, f4, f4, f4, f8},
    /* f8 */ {f8, f8, f8, f8, f8, f8},
};

// c10::canCast on these six, row from, column to.
const bool kCanCast[6][6] = {
    /*        b1     u1     i4     i8     f4     f8 */
    /* b1 */ {true, true, true, true, true, true},
    /* u1 */ {false, true, true, true, true, true},
    /* i4 */ {false, true, true, true, true, true},
    /* i8 */ {false, true, true, true, true, true},
    /* f4 */ {false, false, false, false, true, true},
    /* f8 */ {false, false, false, false, true, true},
};

const char* const kC10Name[6] = {"Bool", "Byte", "Int", "Long", "Float", "Double"};

// --- torch.result_type, re-typed from aten/src/ATen/native/TypeProperties.cpp
// (nullopt stands for ScalarType::Undefined; no complex types).
using Slot = std::optional<DType>;
Slot promote_skip_undefined(Slot a, Slot b) {
  if (!a) return b;
  if (!b) return a;
  return kPromote[ix(*a)][ix(*b)];
}
bool is_floating_type(Slot t) { return t && floating(*t); }
Slot combine_categories(Slot higher, Slot lower) {
  if (is_floating_type(higher)) return higher;
  if (higher == b1 || is_floating_type(lower)) return promote_skip_undefined(higher, lower);
  if (higher) return higher;
  return lower;
}

// An operand as result_type sees it. A number's dtype is the one PyTorch
// wraps it in (bool, int64, float64).
struct Kind {
  DType dtype;
  Category cat;
};
DType ref_result_type(const std::vector<Kind>& kinds) {
  Slot dim, zero, wrapped;
  for (const Kind& k : kinds) {
    DType current = k.dtype;
    // update_result_type_state: a wrapped float takes the default dtype.
    if (k.cat == Category::Number && floating(current)) current = f4;
    if (k.cat == Category::Dim) dim = promote_skip_undefined(dim, current);
    else if (k.cat == Category::Number) wrapped = promote_skip_undefined(wrapped, current);
    else zero = promote_skip_undefined(zero, current);
  }
  return *combine_categories(dim, combine_categories(zero, wrapped));
}

std::string describe(const Kind& k) {
  if (k.cat == Category::Number)
    return k.dtype == b1 ? "True" : k.dtype == i8 ? "3" : "2.5";
  return std::string(tc::dtype_name(k.dtype)) + (k.cat == Category::Dim ? " [2]" : " 0-D");
}

// Every dtype as a tensor with dims and as a 0-D tensor, and the three
// kinds of number.
std::vector<Kind> all_kinds() {
  std::vector<Kind> out;
  for (DType d : kDTypes) out.push_back({d, Category::Dim});
  for (DType d : kDTypes) out.push_back({d, Category::ZeroDim});
  for (DType d : {b1, i8, f8}) out.push_back({d, Category::Number});
  return out;
}

// A tensor of dtype d holding `v` (small exact values: no conversion question).
Tensor make(DType d, const std::vector<double>& v, const Shape& shape) {
  return tc::visit_dtype(d, [&](auto tag) {
    using T = decltype(tag);
    std::vector<T> data;
    for (double x : v) data.push_back(static_cast<T>(x));
    return Tensor::from_values<T>(data, shape);
  });
}

// Never zero, so that no ZeroDivisionError hides a dtype question.
Operand operand_of(const Kind& k, bool first) {
  if (k.cat == Category::Number) {
    if (k.dtype == b1) return Scalar(true);
    if (k.dtype == i8) return Scalar(int64_t{3});
    return Scalar(2.5);
  }
  if (k.cat == Category::ZeroDim) return make(k.dtype, {2}, {});
  return make(k.dtype, first ? std::vector<double>{5, 7} : std::vector<double>{2, 3}, {2});
}

const std::string kTwoBools =
    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
    "`logical_xor()` operator instead.";
const std::string kOneBool =
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
    "invert a mask, use the `~` or `logical_not()` operator instead.";
const std::string kNegativePower = "Integers to negative integer powers are not allowed.";

// What an op should give: a dtype, or a refusal.
struct Expect {
  std::optional<DType> dtype;
  std::string message;
  ErrorKind kind = ErrorKind::Type;
};
Expect refusal(const std::string& message, ErrorKind kind = ErrorKind::Type) {
  return {std::nullopt, message, kind};
}

// The out-of-place op, by PyTorch's rules (BinaryOps.h sub_check,
// BINARY_FLOAT_OP_CONFIG for div, the CPU dispatch macros that leave Bool
// out of div_floor, remainder and pow).
Expect expect_binary(BinaryOp op, const Kind& a, const Kind& b) {
  if (op == BinaryOp::Sub && a.dtype == b1 && b.dtype == b1) return refusal(kTwoBools);
  if (op == BinaryOp::Sub && (a.dtype == b1 || b.dtype == b1)) return refusal(kOneBool);
  const DType common = ref_result_type({a, b});
  if (op == BinaryOp::Div) return {floating(common) ? common : f4};
  if (common == b1) {
    if (op == BinaryOp::FloorDivide) return refusal("\"div_floor_cpu\" not implemented for 'Bool'");
    if (op == BinaryOp::Remainder) return refusal("\"remainder_cpu\" not implemented for 'Bool'");
    // pow_Tensor_Scalar_out (Pow.cpp) copies self for an exponent that
    // equals 1, but a bool Scalar equals no number (c10's Scalar::equal):
    // bool tensor ** True reaches the kernel and is refused, as
    // PyTorch 1.13 does.
    if (op == BinaryOp::Pow) return refusal("\"pow\" not implemented for 'Bool'");
  }
  return {common};
}

// The in-place op into self (Note [In-place dtypes]): TensorIterator's
// canCast check, except pow_ with a number exponent, whose meta builds a
// unary loop over self.to(common) with check_all_same_dtype
// (build_output_borrowing_argument_owning_unary_op): "Found dtype".
Expect expect_inplace(BinaryOp op, const Kind& self, const Kind& other) {
  if (op == BinaryOp::Sub && self.dtype == b1 && other.dtype == b1) return refusal(kTwoBools);
  if (op == BinaryOp::Sub && (self.dtype == b1 || other.dtype == b1)) return refusal(kOneBool);
  const Expect out = expect_binary(op, self, other);
  if (!out.dtype) return out;
  const DType r = *out.dtype;
  if (op == BinaryOp::Pow && other.cat == Category::Number && r != self.dtype)
    return refusal(std::string("Found dtype ") + kC10Name[ix(self.dtype)] + " but expected " +
                   kC10Name[ix(r)]);
  if (!kCanCast[ix(r)][ix(self.dtype)])
    return refusal(std::string("result type ") + kC10Name[ix(r)] +
                   " can't be cast to the desired output type " + kC10Name[ix(self.dtype)]);
  return {self.dtype};
}

// The values a tensor holds, as doubles (exact for the small values here).
std::vector<double> doubles(const Tensor& t) { return t.values<double>(); }

void check_outcome(const std::function<Tensor()>& call, const Expect& e) {
  if (e.dtype) {
    const Tensor r = call();
    CHECK(tc::dtype_name(r.dtype()) == std::string(tc::dtype_name(*e.dtype)));
  } else {
    refuses([&] { call(); }, e.kind, e.message);
  }
}

// --- integer and float references --------------------------------------

// v reduced to T's bits, two's complement (the low bits, as hardware keeps).
template <class T>
T wrap_to(__int128 v) {
  const unsigned __int128 u = static_cast<unsigned __int128>(v);
  const uint64_t low = static_cast<uint64_t>(u);
  T out;
  std::memcpy(&out, &low, sizeof(T));  // little-endian: the low bytes
  return out;
}

// Python's a // b on exact integers.
__int128 py_floordiv(__int128 a, __int128 b) {
  __int128 q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) q -= 1;
  return q;
}

// Python's float // and PyTorch's float %, for a and b multiples of 1/4
// (a / b is then a ratio of integers: exact floors, no rounding question).
template <class T>
std::pair<T, T> quarter_floordiv_mod(T a, T b) {
  const __int128 qa = static_cast<__int128>(a * 4), qb = static_cast<__int128>(b * 4);
  const __int128 q = py_floordiv(qa, qb);
  T div = static_cast<T>(static_cast<int64_t>(q));
  if (q == 0) div = std::copysign(T(0), a / b);
  T mod = static_cast<T>(static_cast<double>(static_cast<int64_t>(qa - q * qb)) / 4);
  if (mod == 0) mod = std::copysign(T(0), a);  // fmod's zero keeps a's sign (CPU kernel)
  return {div, mod};
}

// PyTorch's powi (Pow.h) on exact integers, reduced to T at each step
// (multiplication modulo 2^N commutes with the reduction).
template <class T>
T ref_powi(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b < 0) {
      if (a == 1) return 1;
      if (a == -1) return (static_cast<__int128>(b) % 2 != 0) ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  for (int64_t k = 0; k < static_cast<int64_t>(b); ++k)
    result = wrap_to<T>(static_cast<__int128>(result) * a);
  return result;
}

// One element of an op in the dtype T it is computed in.
template <class T>
T ref_binary(BinaryOp op, T a, T b, int64_t alpha = 1) {
  if constexpr (std::is_same_v<T, bool>) {
    switch (op) {
      case BinaryOp::Add: return a || (alpha != 0 && b);
      case BinaryOp::Mul: return a && b;
      case BinaryOp::Maximum: return a || b;
      case BinaryOp::Minimum: return a && b;
      default: FAIL("no bool reference for " << tc::op_name(op));
    }
    return false;
  } else if constexpr (std::is_integral_v<T>) {
    const __int128 x = a, y = b;
    switch (op) {
      case BinaryOp::Add: return wrap_to<T>(x + static_cast<__int128>(alpha) * y);
      case BinaryOp::Sub: return wrap_to<T>(x - static_cast<__int128>(alpha) * y);
      case BinaryOp::Mul: return wrap_to<T>(x * y);
      case BinaryOp::FloorDivide: return wrap_to<T>(py_floordiv(x, y));
      case BinaryOp::Remainder: return wrap_to<T>(x - y * py_floordiv(x, y));
      case BinaryOp::Pow: return ref_powi<T>(a, b);
      case BinaryOp::Maximum: return a < b ? b : a;
      case BinaryOp::Minimum: return b < a ? b : a;
      default: FAIL("no integer reference for " << tc::op_name(op));
    }
    return 0;
  } else {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    switch (op) {
      case BinaryOp::Add: return a + static_cast<T>(alpha) * b;
      case BinaryOp::Sub: return a - static_cast<T>(alpha) * b;
      case BinaryOp::Mul: return a * b;
      case BinaryOp::Div: return a / b;
      case BinaryOp::Maximum: return a != a || b != b ? nan : (a < b ? b : a);
      case BinaryOp::Minimum: return a != a || b != b ? nan : (b < a ? b : a);
      default: FAIL("no float reference for " << tc::op_name(op));
    }
    return 0;
  }
}

// Element equality that tells NaN from NaN and -0.0 from 0.0.
template <class T>
bool same_bits(T got, T want) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(want)) return std::isnan(got);
    return got == want && std::signbit(got) == std::signbit(want);
  } else {
    return got == want;
  }
}

template <class T>
std::string show_value(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(v));
    return buf;
  } else {
    return std::to_string(static_cast<int64_t>(v));
  }
}

// got's values equal want's, element by element (the first difference shown).
template <class T>
void check_values(const Tensor& got, const std::vector<T>& want) {
  REQUIRE(got.dtype() == tc::dtype_of<T>());
  const std::vector<T> v = got.values<T>();
  REQUIRE(v.size() == want.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if (!same_bits<T>(v[i], want[i])) {
      INFO("element " << i << ": got " << show_value<T>(v[i]) << ", want " << show_value<T>(want[i]));
      CHECK(false);
      return;
    }
  }
  CHECK(true);
}

// The last op a scope recorded.
tc::OpTrace last_op(const tc::TraceScope& scope) {
  const tc::OpTrace* found = nullptr;
  for (const auto& e : scope.events())
    if (const auto* t = std::get_if<tc::OpTrace>(&e)) found = t;
  REQUIRE(found != nullptr);
  return *found;
}

}  // namespace

// =========================================================================
// 1. promote_types, can_cast, names
// =========================================================================

TEST_CASE("dtypes: promote_types is c10's table on the six dtypes", "[dtypes]") {
  for (DType a : kDTypes)
    for (DType b : kDTypes) {
      INFO(tc::dtype_name(a) << " + " << tc::dtype_name(b));
      CHECK(tc::promote_types(a, b) == kPromote[ix(a)][ix(b)]);
    }
  // The entries NumPy would answer otherwise, spelled out.
  CHECK(tc::promote_types(i8, f4) == f4);
  CHECK(tc::promote_types(f4, i8) == f4);
  CHECK(tc::promote_types(b1, u1) == u1);
  CHECK(tc::promote_types(u1, i4) == i4);
}

TEST_CASE("dtypes: can_cast is c10's canCast; names are PyTorch's", "[dtypes]") {
  for (DType from : kDTypes)
    for (DType to : kDTypes) {
      INFO(tc::dtype_name(from) << " -> " << tc::dtype_name(to));
      CHECK(tc::can_cast(from, to) == kCanCast[ix(from)][ix(to)]);
    }
  const char* const names[] = {"bool", "uint8", "int32", "int64", "float32", "float64"};
  for (DType d : kDTypes) {
    CHECK(tc::dtype_name(d) == std::string(names[ix(d)]));
    CHECK(tc::dtype_c10_name(d) == std::string(kC10Name[ix(d)]));
    CHECK(tc::dtype_from_name(names[ix(d)]) == d);
  }
  CHECK(tc::dtype_from_name("long") == i8);
  CHECK(tc::dtype_from_name("double") == f8);
  CHECK(tc::dtype_from_name("float") == f4);
  CHECK(tc::dtype_from_name("int") == i4);
  CHECK(!tc::dtype_from_name("float16").has_value());
  CHECK(!tc::dtype_from_name("Float").has_value());
  const int64_t sizes[] = {1, 1, 4, 8, 4, 8};
  for (DType d : kDTypes) CHECK(tc::dtype_size(d) == sizes[ix(d)]);
}

// =========================================================================
// 2. torch.result_type through the real ops
// =========================================================================

TEST_CASE("dtypes: result_type, cases written out by hand", "[dtypes]") {
  using C = Category;
  struct Case {
    Kind a, b;
    DType want;
  };
  const Case cases[] = {
      {{i4, C::Dim}, {i8, C::ZeroDim}, i4},      // a 0-D int64 does not widen an int32 tensor
      {{u1, C::Dim}, {i8, C::Number}, u1},       // uint8 + 3
      {{b1, C::Dim}, {i8, C::Number}, i8},       // bool + 3: higher is Bool, so promote
      {{b1, C::Dim}, {b1, C::Number}, b1},       // bool + True
      {{b1, C::Dim}, {f8, C::Number}, f4},       // bool + 2.5: the default float
      {{i8, C::Dim}, {f8, C::Number}, f4},       // int64 + 2.5 -> float32, not float64
      {{f8, C::Dim}, {f8, C::Number}, f8},
      {{f4, C::Dim}, {f8, C::Number}, f4},
      {{i8, C::Dim}, {f8, C::ZeroDim}, f8},      // a 0-D float counts with its own dtype
      {{f4, C::Dim}, {f8, C::ZeroDim}, f4},      // the dim tensor is already float
      {{i4, C::Dim}, {f4, C::ZeroDim}, f4},
      {{u1, C::Dim}, {b1, C::ZeroDim}, u1},
      {{b1, C::Dim}, {u1, C::ZeroDim}, u1},      // Bool higher: promote with the lower
      {{b1, C::Dim}, {f8, C::ZeroDim}, f8},
      {{u1, C::Dim}, {i4, C::Dim}, i4},
      {{i8, C::Dim}, {f4, C::Dim}, f4},
      {{u1, C::Dim}, {i8, C::Dim}, i8},
      {{i4, C::ZeroDim}, {i8, C::Number}, i4},   // 0-D int32 + 3
      {{i4, C::ZeroDim}, {f8, C::Number}, f4},   // 0-D int32 + 2.5
      {{u1, C::ZeroDim}, {i4, C::ZeroDim}, i4},  // two 0-D: promote_types
      {{f4, C::ZeroDim}, {f8, C::ZeroDim}, f8},
      {{b1, C::ZeroDim}, {i8, C::Number}, i8},
      {{f8, C::ZeroDim}, {f8, C::Number}, f8},
      {{i8, C::Number}, {i8, C::Number}, i8},    // torch.add(5, 5)
      {{b1, C::Number}, {i8, C::Number}, i8},
      {{i8, C::Number}, {f8, C::Number}, f4},
      {{b1, C::Number}, {b1, C::Number}, b1},
      {{i8, C::ZeroDim}, {u1, C::Dim}, u1},      // the order of operands does not matter
      {{f8, C::Number}, {i4, C::Dim}, f4},
  };
  for (const Case& c : cases) {
    INFO(describe(c.a) << " with " << describe(c.b));
    CHECK(ref_result_type({c.a, c.b}) == c.want);  // the reference agrees with the hand
    const Operand x = operand_of(c.a, true), y = operand_of(c.b, false);
    CHECK(tc::result_type({x, y}) == c.want);
    CHECK(tc::add(x, y).dtype() == c.want);
  }
}

namespace {

// operand_of's values, as the op sees them before promotion (bool as 0/1).
std::vector<double> values_of(const Kind& k, bool first) {
  if (k.cat == Category::Number) return {k.dtype == b1 ? 1.0 : k.dtype == i8 ? 3.0 : 2.5};
  if (k.dtype == b1) return k.cat == Category::ZeroDim ? std::vector<double>{1} : std::vector<double>{1, 1};
  if (k.cat == Category::ZeroDim) return {2};
  return first ? std::vector<double>{5, 7} : std::vector<double>{2, 3};
}

// One element of op on these small values, computed in dtype r (the
// result's) by the references above.
double expect_value(BinaryOp op, DType r, double x, double y) {
  return tc::visit_dtype(r, [&](auto tag) -> double {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      if (op == BinaryOp::FloorDivide || op == BinaryOp::Remainder) {
        const auto [q, m] = quarter_floordiv_mod<T>(static_cast<T>(x), static_cast<T>(y));
        return op == BinaryOp::FloorDivide ? q : m;
      }
      return ref_binary<T>(op, static_cast<T>(x), static_cast<T>(y));
    } else if constexpr (std::is_same_v<T, bool>) {
      return ref_binary<bool>(op, x != 0, y != 0);
    } else {
      return static_cast<double>(ref_binary<T>(op, wrap_to<T>(static_cast<int64_t>(x)),
                                               wrap_to<T>(static_cast<int64_t>(y))));
    }
  });
}

}  // namespace

TEST_CASE("dtypes: every pair of dtype x category through the ops", "[dtypes]") {
  const std::vector<Kind> kinds = all_kinds();
  const BinaryOp ops[] = {BinaryOp::Add, BinaryOp::Sub,         BinaryOp::Mul,
                          BinaryOp::Div, BinaryOp::FloorDivide, BinaryOp::Remainder,
                          BinaryOp::Pow, BinaryOp::Maximum,     BinaryOp::Minimum};
  const Tensor cond = Tensor::from_values<bool>({true, false}, {2});
  for (const Kind& a : kinds)
    for (const Kind& b : kinds) {
      INFO(describe(a) << " with " << describe(b));
      const bool numbers = a.cat == Category::Number && b.cat == Category::Number;
      const bool any_number = a.cat == Category::Number || b.cat == Category::Number;
      const Operand x = operand_of(a, true), y = operand_of(b, false);
      CHECK(tc::result_type({x, y}) == ref_result_type({a, b}));
      for (BinaryOp op : ops) {
        // torch.maximum/minimum take tensors only; pow has no (number, number) form.
        if ((op == BinaryOp::Maximum || op == BinaryOp::Minimum) && any_number) continue;
        if (op == BinaryOp::Pow && numbers) continue;
        INFO(tc::op_name(op));
        const Expect e = expect_binary(op, a, b);
        check_outcome([&] { return tc::binary(op, x, y); }, e);
        if (!e.dtype || op == BinaryOp::Pow) continue;
        // And the values, in the result's dtype.
        const std::vector<double> xs = values_of(a, true), ys = values_of(b, false);
        const size_t n = std::max(xs.size(), ys.size());
        std::vector<double> want;
        for (size_t k = 0; k < n; ++k)
          want.push_back(expect_value(op, *e.dtype, xs[xs.size() == 1 ? 0 : k], ys[ys.size() == 1 ? 0 : k]));
        CHECK(doubles(tc::binary(op, x, y)) == want);
      }
      if (!numbers)
        for (CompareOp op : {CompareOp::Eq, CompareOp::Lt, CompareOp::Ge}) {
          INFO(tc::op_name(op));
          // Computed in the common dtype, always a bool result.
          CHECK(tc::compare(op, x, y).dtype() == b1);
        }
      CHECK(tc::where(cond, x, y).dtype() == ref_result_type({a, b}));
    }
}

TEST_CASE("dtypes: every in-place pair, refusals leave self as it was", "[dtypes][inplace]") {
  const std::vector<Kind> kinds = all_kinds();
  const BinaryOp ops[] = {BinaryOp::Add, BinaryOp::Sub,         BinaryOp::Mul, BinaryOp::Div,
                          BinaryOp::FloorDivide, BinaryOp::Remainder, BinaryOp::Pow};
  for (const Kind& s : kinds) {
    if (s.cat == Category::Number) continue;
    for (const Kind& o : kinds) {
      // A 0-D self cannot take a result with dims (a shape refusal, not a dtype one).
      if (s.cat == Category::ZeroDim && o.cat == Category::Dim) continue;
      INFO(describe(s) << " in place with " << describe(o));
      const Operand other = operand_of(o, false);
      for (BinaryOp op : ops) {
        INFO(tc::op_name(op) << "_");
        Tensor self = operand_of(s, true).tensor();
        const std::vector<double> before = doubles(self);
        const Expect e = expect_inplace(op, s, o);
        if (e.dtype) {
          tc::binary_(op, self, other);
          CHECK(self.dtype() == s.dtype);
        } else {
          refuses([&] { tc::binary_(op, self, other); }, e.kind, e.message);
          CHECK(self.dtype() == s.dtype);
          CHECK(doubles(self) == before);
        }
      }
      for (CompareOp op : {CompareOp::Eq, CompareOp::Gt}) {
        // Comparisons cast without the check: a float self gets 1.0 and 0.0.
        Tensor self = operand_of(s, true).tensor();
        tc::compare_(op, self, other);
        CHECK(self.dtype() == s.dtype);
      }
    }
  }
}

TEST_CASE("dtypes: in-place results are computed in the common dtype, then cast into self", "[dtypes][inplace]") {
  // int32 self += int64: computed in int64, the low 32 bits kept.
  Tensor x = Tensor::from_values<int32_t>({2147483647, -5}, {2});
  tc::binary_(BinaryOp::Add, x, Tensor::from_values<int64_t>({1, int64_t{1} << 32}, {2}));
  check_values<int32_t>(x, {-2147483647 - 1, -5});
  // uint8 self -= 3: stays uint8 (the number does not widen it), wraps.
  Tensor u = Tensor::from_values<uint8_t>({1, 200}, {2});
  tc::binary_(BinaryOp::Sub, u, Scalar(int64_t{3}));
  check_values<uint8_t>(u, {254, 197});
  // float32 self *= float64 [2]: computed in float64, rounded into float32.
  Tensor f = Tensor::from_values<float>({1.0f, 3.0f}, {2});
  tc::binary_(BinaryOp::Mul, f, Tensor::from_values<double>({0.1, 1.0 / 3.0}, {2}));
  check_values<float>(f, {static_cast<float>(0.1), static_cast<float>(3.0 * (1.0 / 3.0))});
  // int64 self /= 2 is refused: true division gives Float.
  Tensor l = Tensor::from_values<int64_t>({4, 6}, {2});
  refuses([&] { tc::binary_(BinaryOp::Div, l, Scalar(int64_t{2})); }, ErrorKind::Type,
          "result type Float can't be cast to the desired output type Long");
  check_values<int64_t>(l, {4, 6});
  // A bool self takes a comparison as true/false, an int self as 1/0.
  Tensor c = Tensor::from_values<int32_t>({1, 5}, {2});
  tc::compare_(CompareOp::Lt, c, 2.5);
  check_values<int32_t>(c, {1, 0});
  Tensor bself = Tensor::from_values<bool>({false, true}, {2});
  tc::compare_(CompareOp::Eq, bself, Tensor::from_values<double>({0.0, 2.0}, {2}));
  check_values<bool>(bself, {true, false});
}

TEST_CASE("dtypes: alpha, as alpha_check says", "[dtypes]") {
  const Tensor ia = Tensor::from_values<int32_t>({1, 2}, {2});
  const Tensor ba = Tensor::from_values<bool>({false, true}, {2});
  const Tensor fa = Tensor::from_values<float>({1, 2}, {2});
  const std::string bool_alpha = "Boolean alpha only supported for Boolean results.";
  const std::string float_alpha =
      "For integral input tensors, argument alpha must not be a floating point number.";
  refuses([&] { tc::add(ia, ia, Scalar(2.5)); }, ErrorKind::Type, float_alpha);
  refuses([&] { tc::sub(ia, ia, Scalar(0.5)); }, ErrorKind::Type, float_alpha);
  refuses([&] { tc::add(ia, ia, Scalar(true)); }, ErrorKind::Type, bool_alpha);
  refuses([&] { tc::add(fa, fa, Scalar(true)); }, ErrorKind::Type, bool_alpha);
  // Against the common dtype: bool + 2.5 is float32, so a bool alpha fails there.
  refuses([&] { tc::add(ba, 2.5, Scalar(true)); }, ErrorKind::Type, bool_alpha);
  // uint8 + int with a float alpha: the common dtype is uint8.
  refuses([&] { tc::add(Tensor::from_values<uint8_t>({1}, {1}), 1, Scalar(1.5)); },
          ErrorKind::Type, float_alpha);
  // ... but int32 + 2.5 is float32, so a float alpha is fine.
  check_values<float>(tc::add(ia, 2.5, Scalar(2.0)), {6.0f, 7.0f});
  check_values<double>(tc::add(Tensor::from_values<double>({1}, {1}), 1, Scalar(0.5)), {1.5});
  // A bool alpha with bool results; an int alpha with bools (bool(a + 2 * b)).
  check_values<bool>(tc::add(ba, ba, Scalar(true)), {false, true});
  check_values<bool>(tc::add(ba, Tensor::from_values<bool>({true, false}, {2}), Scalar(int64_t{2})),
                     {true, true});
  check_values<bool>(tc::add(ba, Tensor::from_values<bool>({true, false}, {2}), Scalar(false)),
                     {false, true});
  // Integer alpha wraps in the dtype: int32 a + 3 * b.
  check_values<int32_t>(tc::add(Tensor::from_values<int32_t>({2147483647, 0}, {2}),
                                Tensor::from_values<int32_t>({1, -1}, {2}), Scalar(int64_t{3})),
                        {-2147483646, -3});
  // Shapes are checked first (alpha_check runs after the iterator is built).
  refuses([&] { tc::add(ia, Tensor::from_values<int32_t>({1, 2, 3}, {3}), Scalar(2.5)); },
          ErrorKind::Shape, "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
  // In place too, self untouched.
  Tensor self = Tensor::from_values<int64_t>({7, 8}, {2});
  refuses([&] { tc::binary_(BinaryOp::Add, self, Scalar(int64_t{1}), Scalar(0.5)); },
          ErrorKind::Type, float_alpha);
  check_values<int64_t>(self, {7, 8});
}

TEST_CASE("dtypes: alpha and an integer exponent are range-checked in the compute dtype", "[dtypes]") {
  // The kernels convert alpha (add's ufunc loop: alpha.to<scalar_t>(), sub
  // passing -alpha) and pow's number exponent (exp_scalar.to<scalar_t>())
  // with c10's checked_convert; its text names the C++ type of Scalar's
  // accessor: uint8_t, int, int64_t, float, double.
  auto msg = [](const char* type) {
    return std::string("value cannot be converted to type ") + type + " without overflow";
  };
  const Tensor u = Tensor::from_values<uint8_t>({1, 2}, {2});
  const Tensor i = Tensor::from_values<int32_t>({1, 2}, {2});
  const Tensor f = Tensor::from_values<float>({1, 2}, {2});
  const int64_t p31 = int64_t{1} << 31;
  refuses([&] { tc::add(u, u, Scalar(int64_t{256})); }, ErrorKind::Value, msg("uint8_t"));
  refuses([&] { tc::add(u, u, Scalar(int64_t{-256})); }, ErrorKind::Value, msg("uint8_t"));
  // Negatives down to -255 wrap (overflows() lets unsigned targets wrap).
  check_values<uint8_t>(tc::add(u, u, Scalar(int64_t{-255})), {2, 4});
  check_values<uint8_t>(tc::add(u, u, Scalar(int64_t{255})), {0, 0});  // 1 + 255, 2 + 510
  // sub converts -alpha: 255 is -255 (fine), 256 is -256 (not).
  check_values<uint8_t>(tc::sub(u, u, Scalar(int64_t{255})), {2, 4});  // 1 - 255, 2 - 510
  refuses([&] { tc::sub(u, u, Scalar(int64_t{256})); }, ErrorKind::Value, msg("uint8_t"));
  refuses([&] { tc::sub(u, u, Scalar(int64_t{-256})); }, ErrorKind::Value, msg("uint8_t"));
  refuses([&] { tc::add(i, i, Scalar(p31)); }, ErrorKind::Value, msg("int"));
  check_values<int32_t>(tc::add(i, i, Scalar(-p31)), {-2147483647, 2});
  refuses([&] { tc::sub(i, i, Scalar(-p31)); }, ErrorKind::Value, msg("int"));
  check_values<int32_t>(tc::sub(i, i, Scalar(p31)), {-2147483647, 2});
  // int32 + int64 [2] computes in int64: no question.
  CHECK(tc::add(i, Tensor::from_values<int64_t>({1, 1}, {2}), Scalar(p31)).dtype() == i8);
  refuses([&] { tc::add(f, f, Scalar(1e40)); }, ErrorKind::Value, msg("float"));
  refuses([&] { tc::sub(f, f, Scalar(-1e40)); }, ErrorKind::Value, msg("float"));
  // Infinities and NaN are not overflows.
  const float inf = std::numeric_limits<float>::infinity();
  check_values<float>(tc::add(f, f, Scalar(std::numeric_limits<double>::infinity())), {inf, inf});
  check_values<double>(tc::add(Tensor::from_values<double>({1}, {1}), 1, Scalar(1e300)), {1e300 + 1});
  // Bool results never overflow: 300 is true.
  const Tensor b = Tensor::from_values<bool>({false, true}, {2});
  check_values<bool>(tc::add(b, Tensor::from_values<bool>({true, false}, {2}), Scalar(int64_t{300})),
                     {true, true});
  // In place, self untouched.
  Tensor self = Tensor::from_values<uint8_t>({5, 6}, {2});
  refuses([&] { tc::binary_(BinaryOp::Add, self, 1, Scalar(int64_t{1000})); }, ErrorKind::Value,
          msg("uint8_t"));
  check_values<uint8_t>(self, {5, 6});
  // pow's number exponent, in the dtype computed in.
  refuses([&] { tc::pow(u, 256); }, ErrorKind::Value, msg("uint8_t"));
  check_values<uint8_t>(tc::pow(u, 255), {1, 0});  // 2^255 wraps to 0
  refuses([&] { tc::pow(i, p31); }, ErrorKind::Value, msg("int"));
  refuses([&] { tc::binary_(BinaryOp::Pow, self, 300); }, ErrorKind::Value, msg("uint8_t"));
  check_values<uint8_t>(self, {5, 6});
  // Not for an exponent that is a tensor (wrapped or not), nor for int64.
  check_values<uint8_t>(tc::pow(u, Tensor::from_values<int64_t>({256}, {})), {1, 1});  // 256 -> uint8 0
  check_values<int64_t>(tc::pow(Tensor::from_values<int64_t>({1, -1}, {2}), int64_t{1} << 40), {1, 1});
  CHECK(tc::pow(b, p31).dtype() == i8);
  // Numbers as operands are converted without a check (TensorIterator's cast).
  check_values<uint8_t>(tc::add(u, 300), {45, 46});
  check_values<int32_t>(tc::add(i, p31), {-2147483647, -2147483646});
}

TEST_CASE("dtypes: unary ops by dtype, and their refusals of bool", "[dtypes]") {
  const Tensor b = Tensor::from_values<bool>({true, false}, {2});
  refuses([&] { tc::unary(UnaryOp::Neg, b); }, ErrorKind::Type,
          "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
          "invert a mask, use the `~` or `logical_not()` operator instead.");
  refuses([&] { tc::unary(UnaryOp::Abs, b); }, ErrorKind::Type,
          "\"abs_cpu\" not implemented for 'Bool'");
  refuses([&] { tc::unary(UnaryOp::Relu, b); }, ErrorKind::Type,
          "Boolean inputs not supported for relu");
  // exp, log, sqrt: integers and bool to the default float; float64 stays.
  for (UnaryOp op : {UnaryOp::Exp, UnaryOp::Log, UnaryOp::Sqrt}) {
    INFO(tc::op_name(op));
    CHECK(tc::unary(op, b).dtype() == f4);
    CHECK(tc::unary(op, Tensor::from_values<uint8_t>({4}, {1})).dtype() == f4);
    CHECK(tc::unary(op, Tensor::from_values<int64_t>({4}, {1})).dtype() == f4);
    CHECK(tc::unary(op, Tensor::from_values<double>({4}, {1})).dtype() == f8);
  }
  check_values<float>(tc::unary(UnaryOp::Sqrt, Tensor::from_values<int32_t>({4, 9}, {2})), {2.0f, 3.0f});
  check_values<double>(tc::unary(UnaryOp::Sqrt, Tensor::from_values<double>({2}, {1})), {std::sqrt(2.0)});
  check_values<float>(tc::unary(UnaryOp::Exp, b), {std::exp(1.0f), 1.0f});
  // neg, abs, relu keep the dtype; integers wrap.
  check_values<uint8_t>(tc::unary(UnaryOp::Neg, Tensor::from_values<uint8_t>({1, 0, 255}, {3})),
                        {255, 0, 1});
  const int32_t lo32 = std::numeric_limits<int32_t>::min();
  const int64_t lo64 = std::numeric_limits<int64_t>::min();
  check_values<int32_t>(tc::unary(UnaryOp::Neg, Tensor::from_values<int32_t>({lo32, -3, 4}, {3})),
                        {lo32, 3, -4});
  check_values<int64_t>(tc::unary(UnaryOp::Abs, Tensor::from_values<int64_t>({lo64, -3, 4}, {3})),
                        {lo64, 3, 4});
  check_values<uint8_t>(tc::unary(UnaryOp::Abs, Tensor::from_values<uint8_t>({200}, {1})), {200});
  check_values<int32_t>(tc::unary(UnaryOp::Relu, Tensor::from_values<int32_t>({-5, 0, 7}, {3})),
                        {0, 0, 7});
  check_values<uint8_t>(tc::unary(UnaryOp::Relu, Tensor::from_values<uint8_t>({0, 9}, {2})), {0, 9});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  check_values<double>(tc::unary(UnaryOp::Relu, Tensor::from_values<double>({nan, -1.0, 2.5}, {3})),
                       {nan, 0.0, 2.5});
  // relu is clamp_min(self, 0): std::max(a, 0) and _mm256_max_ps(min, a)
  // both keep a when it is -0.0 (or NaN), so relu(-0.0) prints -0.
  std::vector<float> rz(13, -0.0f);
  rz[5] = std::numeric_limits<float>::quiet_NaN();
  rz[6] = -1.0f;
  std::vector<float> rz_want(13, -0.0f);
  rz_want[5] = rz[5];
  rz_want[6] = 0.0f;
  check_values<float>(tc::unary(UnaryOp::Relu, Tensor::from_values<float>(rz, {13})), rz_want);
  check_values<float>(tc::unary(UnaryOp::Relu, Tensor::from_values<float>({-0.0f}, {})), {-0.0f});
  check_values<double>(tc::unary(UnaryOp::Relu, Tensor::from_values<double>({-0.0, 0.0}, {2})),
                       {-0.0, 0.0});
  check_values<double>(tc::unary(UnaryOp::Neg, Tensor::from_values<double>({0.0, -2.0}, {2})),
                       {-0.0, 2.0});
  check_values<double>(tc::unary(UnaryOp::Abs, Tensor::from_values<double>({-0.0, -2.5}, {2})),
                       {0.0, 2.5});
}

// =========================================================================
// 3. Values: randomized differential tests per dtype
// =========================================================================

namespace {

// Random values spread over T's whole range, with the edges mixed in.
template <class T>
std::vector<T> random_values(std::mt19937_64& gen, int64_t n) {
  std::vector<T> out;
  const T edges[] = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(1),
                     T(-1)};
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t r = gen();
    if (r % 7 == 0) out.push_back(edges[(r >> 8) % 5]);
    else if (r % 7 == 1) out.push_back(static_cast<T>(static_cast<int64_t>((r >> 8) % 41) - 20));
    else out.push_back(wrap_to<T>(static_cast<__int128>(static_cast<int64_t>(gen()))));
  }
  return out;
}

template <class T>
void check_integer_arithmetic(uint64_t seed) {
  std::mt19937_64 gen(seed);
  const int64_t n = 37;  // past the 8- and 4-wide loops' tails
  const std::vector<T> a = random_values<T>(gen, n), b = random_values<T>(gen, n);
  const Tensor ta = Tensor::from_values<T>(a, {n}), tb = Tensor::from_values<T>(b, {n});
  for (int64_t alpha : {int64_t{1}, int64_t{3}, int64_t{-2}}) {
    INFO("alpha " << alpha);
    std::vector<T> add, sub;
    for (int64_t i = 0; i < n; ++i) {
      add.push_back(ref_binary<T>(BinaryOp::Add, a[i], b[i], alpha));
      sub.push_back(ref_binary<T>(BinaryOp::Sub, a[i], b[i], alpha));
    }
    check_values<T>(tc::add(ta, tb, Scalar(alpha)), add);
    check_values<T>(tc::sub(ta, tb, Scalar(alpha)), sub);
  }
  for (BinaryOp op : {BinaryOp::Mul, BinaryOp::Maximum, BinaryOp::Minimum}) {
    INFO(tc::op_name(op));
    std::vector<T> want;
    for (int64_t i = 0; i < n; ++i) want.push_back(ref_binary<T>(op, a[i], b[i]));
    check_values<T>(tc::binary(op, ta, tb), want);
  }
  // floor_divide and remainder: a divisor of 0 becomes 7 (0 raises).
  std::vector<T> d = b;
  for (T& v : d)
    if (v == 0) v = 7;
  const Tensor td = Tensor::from_values<T>(d, {n});
  for (BinaryOp op : {BinaryOp::FloorDivide, BinaryOp::Remainder}) {
    INFO(tc::op_name(op));
    std::vector<T> want;
    for (int64_t i = 0; i < n; ++i) want.push_back(ref_binary<T>(op, a[i], d[i]));
    check_values<T>(tc::binary(op, ta, td), want);
    // The same with the divisor a number (the scalar-b loop).
    std::vector<T> by_number;
    const T k = std::is_signed_v<T> ? T(-3) : T(3);
    for (int64_t i = 0; i < n; ++i) by_number.push_back(ref_binary<T>(op, a[i], k));
    check_values<T>(tc::binary(op, ta, Scalar(static_cast<int64_t>(k))), by_number);
  }
}

}  // namespace

TEST_CASE("dtypes: integer add, sub, mul wrap as two's complement", "[dtypes]") {
  SECTION("uint8") { check_integer_arithmetic<uint8_t>(11); }
  SECTION("int32") { check_integer_arithmetic<int32_t>(12); }
  SECTION("int64") { check_integer_arithmetic<int64_t>(13); }
  // The edges, spelled out.
  const int64_t hi = std::numeric_limits<int64_t>::max(), lo = std::numeric_limits<int64_t>::min();
  check_values<int64_t>(tc::add(Tensor::from_values<int64_t>({hi}, {1}), 1), {lo});
  check_values<int64_t>(tc::mul(Tensor::from_values<int64_t>({hi, lo}, {2}), 2), {-2, 0});
  check_values<uint8_t>(tc::mul(Tensor::from_values<uint8_t>({16, 255}, {2}), 16), {0, 240});
  check_values<int32_t>(tc::sub(Tensor::from_values<int32_t>({-2147483647 - 1}, {1}), 1),
                        {2147483647});
  // uint8 + 300: the number is an int, so uint8 it stays; 300 is 44 there.
  check_values<uint8_t>(tc::add(Tensor::from_values<uint8_t>({1}, {1}), 300), {45});
  // bool + bool is or, bool * bool and (PyTorch's bool kernels).
  const Tensor p = Tensor::from_values<bool>({false, false, true, true}, {4});
  const Tensor q = Tensor::from_values<bool>({false, true, false, true}, {4});
  check_values<bool>(tc::add(p, q), {false, true, true, true});
  check_values<bool>(tc::mul(p, q), {false, false, false, true});
  check_values<bool>(tc::maximum(p, q), {false, true, true, true});
  check_values<bool>(tc::minimum(p, q), {false, false, false, true});
  // uint8 [2] + int32 0-D stays uint8: 200 + 100 wraps to 44.
  check_values<uint8_t>(tc::add(Tensor::from_values<uint8_t>({200, 1}, {2}), Tensor::from_values<int32_t>({100}, {})),
                        {44, 101});
  // bool + int promotes: True + True as int64 is 2.
  check_values<int64_t>(tc::add(p, Tensor::from_values<int64_t>({0, 0, 1, 1}, {4})), {0, 0, 2, 2});
}

TEST_CASE("dtypes: floor_divide and remainder, integers as Python's // and %", "[dtypes]") {
  // Every sign combination, by hand.
  check_values<int64_t>(tc::floor_divide(Tensor::from_values<int64_t>({7, -7, 7, -7, 0, 6, -6}, {7}),
                                         Tensor::from_values<int64_t>({2, 2, -2, -2, -3, -3, 3}, {7})),
                        {3, -4, -4, 3, 0, -2, -2});
  check_values<int64_t>(tc::remainder(Tensor::from_values<int64_t>({7, -7, 7, -7, 0, 6, -6}, {7}),
                                      Tensor::from_values<int64_t>({2, 2, -2, -2, -3, -3, 3}, {7})),
                        {1, 1, -1, -1, 0, 0, 0});
  // uint8: trunc division (the same for unsigned).
  check_values<uint8_t>(tc::floor_divide(Tensor::from_values<uint8_t>({255, 7}, {2}), 2), {127, 3});
  check_values<uint8_t>(tc::remainder(Tensor::from_values<uint8_t>({255, 7}, {2}), 2), {1, 1});
  // lowest // -1 wraps to lowest (x86 traps; tensorcast's documented
  // choice, Note [Integer arithmetic]); lowest % -1 is 0.
  const int32_t lo32 = std::numeric_limits<int32_t>::min();
  const int64_t lo64 = std::numeric_limits<int64_t>::min();
  check_values<int32_t>(tc::floor_divide(Tensor::from_values<int32_t>({lo32, lo32}, {2}),
                                         Tensor::from_values<int32_t>({-1, 1}, {2})),
                        {lo32, lo32});
  check_values<int32_t>(tc::remainder(Tensor::from_values<int32_t>({lo32}, {1}),
                                      Tensor::from_values<int32_t>({-1}, {1})),
                        {0});
  check_values<int64_t>(tc::floor_divide(Tensor::from_values<int64_t>({lo64}, {1}), -1), {lo64});
  check_values<int64_t>(tc::remainder(Tensor::from_values<int64_t>({lo64, lo64 + 1}, {2}), -1), {0, 0});
  check_values<int64_t>(tc::remainder(Tensor::from_values<int64_t>({lo64}, {1}), 3),
                        {static_cast<int64_t>(wrap_to<int64_t>(static_cast<__int128>(lo64) -
                                                               3 * py_floordiv(lo64, 3)))});
  // bool // 2 promotes to int64 and works.
  check_values<int64_t>(tc::floor_divide(Tensor::from_values<bool>({true, false}, {2}), 2), {0, 0});
  check_values<int64_t>(tc::remainder(Tensor::from_values<bool>({true, false}, {2}), -2), {-1, 0});
}

TEST_CASE("dtypes: integer division by zero is ZeroDivisionError, nothing written", "[dtypes]") {
  const Tensor zero_in = Tensor::from_values<int32_t>({2, 0}, {2});
  for (BinaryOp op : {BinaryOp::FloorDivide, BinaryOp::Remainder}) {
    INFO(tc::op_name(op));
    for (DType d : {u1, i4, i8}) {
      INFO(tc::dtype_name(d));
      const Tensor a = make(d, {5, 6}, {2});
      const Tensor z = make(d, {3, 0}, {2});
      refuses([&] { tc::binary(op, a, z); }, ErrorKind::Value, "ZeroDivisionError");
      refuses([&] { tc::binary(op, a, 0); }, ErrorKind::Value, "ZeroDivisionError");
      refuses([&] { tc::binary(op, a, make(d, {0}, {})); }, ErrorKind::Value, "ZeroDivisionError");
      // In place: self untouched.
      Tensor self = make(d, {5, 6}, {2});
      refuses([&] { tc::binary_(op, self, z); }, ErrorKind::Value, "ZeroDivisionError");
      refuses([&] { tc::binary_(op, self, 0); }, ErrorKind::Value, "ZeroDivisionError");
      CHECK(doubles(self) == std::vector<double>{5, 6});
    }
    // A bool divisor against an int tensor: computed in the int, false is 0.
    refuses([&] { tc::binary(op, Tensor::from_values<int32_t>({1}, {1}), false); },
            ErrorKind::Value, "ZeroDivisionError");
    // bool // int64 0: common int64.
    refuses([&] { tc::binary(op, Tensor::from_values<bool>({true}, {1}), 0); }, ErrorKind::Value,
            "ZeroDivisionError");
    // uint8 // 256: the number becomes uint8 0.
    refuses([&] { tc::binary(op, Tensor::from_values<uint8_t>({7}, {1}), 256); }, ErrorKind::Value,
            "ZeroDivisionError");
    // int32 self with an int64 zero: computed in int64.
    Tensor self = Tensor::from_values<int32_t>({9, 9}, {2});
    refuses([&] { tc::binary_(op, self, Tensor::from_values<int64_t>({1, 0}, {2})); },
            ErrorKind::Value, "ZeroDivisionError");
    check_values<int32_t>(self, {9, 9});
    // In floats there is no error.
    CHECK(tc::binary(op, zero_in, 0.0).dtype() == f4);
    Tensor fself = Tensor::from_values<float>({1, 2}, {2});
    tc::binary_(op, fself, zero_in);
  }
  const float inf = std::numeric_limits<float>::infinity();
  const float nanf = std::numeric_limits<float>::quiet_NaN();
  // True division never raises: integers become float32.
  check_values<float>(tc::div(Tensor::from_values<int32_t>({1, -1, 0}, {3}), 0), {inf, -inf, nanf});
  check_values<float>(tc::floor_divide(Tensor::from_values<int32_t>({1, -1, 0}, {3}), 0.0),
                      {inf, -inf, nanf});
  check_values<float>(tc::remainder(Tensor::from_values<int32_t>({1, -1}, {2}), 0.0), {nanf, nanf});
}

namespace {

template <class T>
void check_float_floor_divide(uint32_t seed) {
  Random rng(seed);
  const int64_t n = 45;
  std::vector<T> a, b;
  for (int64_t i = 0; i < n; ++i) {
    a.push_back(static_cast<T>(rng.integer(-64, 64)) / 4);
    int64_t d = rng.integer(-40, 40);
    if (d == 0) d = 3;
    b.push_back(static_cast<T>(d) / 4);
  }
  std::vector<T> want_div, want_mod;
  for (int64_t i = 0; i < n; ++i) {
    const auto [q, r] = quarter_floordiv_mod<T>(a[i], b[i]);
    want_div.push_back(q);
    want_mod.push_back(r);
  }
  const Tensor ta = Tensor::from_values<T>(a, {n}), tb = Tensor::from_values<T>(b, {n});
  check_values<T>(tc::floor_divide(ta, tb), want_div);
  check_values<T>(tc::remainder(ta, tb), want_mod);
}

// The edge cases of div_floor_floating and the CPU remainder kernel.
template <class T>
void check_float_edges() {
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  struct Case {
    T a, b, div, mod;
  };
  const Case cases[] = {
      {T(1), T(0), inf, nan},          // b == 0: IEEE a / b, fmod(a, 0) = NaN
      {T(-1), T(0), -inf, nan},
      {T(0), T(0), nan, nan},
      {T(1), -T(0), -inf, nan},
      {T(-1), inf, T(-1), inf},        // fmod(-1, inf) = -1, signs differ: -1 + inf
      {T(1), inf, T(0), T(1)},         // 0 quotient: copysign(0, 1 / inf)
      {T(-1), -inf, T(0), T(-1)},      // copysign(0, -1 / -inf) = +0
      {T(1), -inf, T(-1), -inf},
      {-T(0), T(1), -T(0), -T(0)},     // copysign(0, -0 / 1) = -0; fmod(-0, 1) = -0
      {T(0), T(-1), -T(0), T(0)},      // copysign(0, 0 / -1) = -0; fmod(0, -1) = +0
      {T(-4), T(2), T(-2), -T(0)},     // fmod(-4, 2) = -0 stays -0 (no copysign to b)
      {T(4), T(-2), T(-2), T(0)},
      {inf, T(2), nan, nan},           // fmod(inf, b) = NaN
      {nan, T(2), nan, nan},
      {T(2), nan, nan, nan},
      {T(5.5), T(2), T(2), T(1.5)},
      {T(-5.5), T(2), T(-3), T(0.5)},
      {T(0.5), T(-0.25), T(-2), T(0)},  // fmod(0.5, -0.25) = +0: a's sign, not b's
  };
  for (const Case& c : cases) {
    INFO(show_value<T>(c.a) << " // " << show_value<T>(c.b));
    const Tensor ta = Tensor::from_values<T>({c.a}, {1}), tb = Tensor::from_values<T>({c.b}, {1});
    check_values<T>(tc::floor_divide(ta, tb), {c.div});
    check_values<T>(tc::remainder(ta, tb), {c.mod});
  }
}

}  // namespace

TEST_CASE("dtypes: floor_divide and remainder of floats (div_floor_floating, fmod)", "[dtypes]") {
  SECTION("float32 random") { check_float_floor_divide<float>(21); }
  SECTION("float64 random") { check_float_floor_divide<double>(22); }
  SECTION("float32 edges") { check_float_edges<float>(); }
  SECTION("float64 edges") { check_float_edges<double>(); }
  // int tensor // 2.5 is float32; int64 tensor // float64 0-D is float64.
  check_values<float>(tc::floor_divide(Tensor::from_values<int64_t>({7, -7}, {2}), 2.5), {2.0f, -3.0f});
  check_values<double>(tc::remainder(Tensor::from_values<int64_t>({7, -7}, {2}),
                                     Tensor::from_values<double>({2.5}, {})),
                       {2.0, 0.5});
}

TEST_CASE("dtypes: integer powers (powi), negative exponents", "[dtypes]") {
  // Tensor ** tensor: a negative exponent gives 1 for base 1, +-1 for -1, else 0.
  const std::vector<int64_t> bases = {-3, -2, -1, 0, 1, 2, 3, 7, -7};
  const std::vector<int64_t> exps = {-5, -4, -3, -2, -1, 0, 1, 2, 3, 10, 31, 32, 63, 64};
  std::vector<int64_t> ab, ae;
  for (int64_t x : bases)
    for (int64_t e : exps) {
      ab.push_back(x);
      ae.push_back(e);
    }
  const int64_t n = static_cast<int64_t>(ab.size());
  auto run = [&](auto tag) {
    using T = decltype(tag);
    std::vector<T> tb, te, want;
    for (int64_t i = 0; i < n; ++i) {
      tb.push_back(static_cast<T>(ab[i]));
      te.push_back(static_cast<T>(ae[i]));
      want.push_back(ref_powi<T>(tb.back(), te.back()));
    }
    check_values<T>(tc::pow(Tensor::from_values<T>(tb, {n}), Tensor::from_values<T>(te, {n})), want);
  };
  run(int32_t{});
  run(int64_t{});
  // uint8 exponents are never negative.
  std::vector<uint8_t> ub = {0, 1, 2, 3, 255, 16}, ue = {0, 5, 7, 8, 2, 2}, uw;
  for (size_t i = 0; i < ub.size(); ++i) uw.push_back(ref_powi<uint8_t>(ub[i], ue[i]));
  check_values<uint8_t>(tc::pow(Tensor::from_values<uint8_t>(ub, {6}), Tensor::from_values<uint8_t>(ue, {6})), uw);
  CHECK(uw == std::vector<uint8_t>{1, 1, 128, 161, 1, 0});  // the reference itself, by hand
  // Spelled out: (-1) ** -3 = -1, (-1) ** -2 = 1, 2 ** -1 = 0, 0 ** -1 = 0.
  check_values<int64_t>(tc::pow(Tensor::from_values<int64_t>({-1, -1, 2, 0, 1}, {5}),
                                Tensor::from_values<int64_t>({-3, -2, -1, -1, -9}, {5})),
                        {-1, 1, 0, 0, 1});
  // An int tensor ** a negative int number is refused (NumPy's rule),
  // bool tensors too; a float exponent or a float base is fine.
  for (DType d : {b1, u1, i4, i8}) {
    INFO(tc::dtype_name(d));
    const Tensor t = make(d, {1, 2}, {2});
    refuses([&] { tc::pow(t, -1); }, ErrorKind::Value, kNegativePower);
    refuses([&] { tc::pow(make(d, {1}, {}), Scalar(int64_t{-2})); }, ErrorKind::Value, kNegativePower);
    Tensor self = make(d, {1, 2}, {2});
    refuses([&] { tc::binary_(BinaryOp::Pow, self, -1); }, ErrorKind::Value, kNegativePower);
    CHECK(doubles(self) == std::vector<double>{1, d == b1 ? 1.0 : 2.0});
    check_values<float>(tc::pow(t, -1.0), {1.0f, d == b1 ? 1.0f : 0.5f});
  }
  check_values<float>(tc::pow(Tensor::from_values<float>({2}, {1}), -1), {0.5f});
  check_values<double>(tc::pow(Tensor::from_values<double>({2}, {1}), -2), {0.25});
  // A negative 0-D tensor exponent is tensor ** tensor: powi, no error.
  check_values<int32_t>(tc::pow(Tensor::from_values<int32_t>({2, 1, -1}, {3}),
                                Tensor::from_values<int64_t>({-1}, {})),
                        {0, 1, -1});
  // A number base: 2 ** int tensor (pow.Scalar: wrapped, then tensor ** tensor).
  check_values<int64_t>(tc::pow(2, Tensor::from_values<int64_t>({-1, 0, 10, 62}, {4})),
                        {0, 1, 1024, int64_t{1} << 62});
  // bool ** 2 computes in int64; bool ** bool has no kernel, a bool number
  // exponent included (PyTorch 1.13: torch.tensor([True]) ** True raises).
  check_values<int64_t>(tc::pow(Tensor::from_values<bool>({true, false}, {2}), 2), {1, 0});
  refuses([&] { tc::pow(Tensor::from_values<bool>({true, false}, {2}), true); }, ErrorKind::Type,
          "\"pow\" not implemented for 'Bool'");
  Tensor bself = Tensor::from_values<bool>({false, true}, {2});
  refuses([&] { tc::binary_(BinaryOp::Pow, bself, false); }, ErrorKind::Type,
          "\"pow\" not implemented for 'Bool'");
  check_values<bool>(bself, {false, true});
  refuses([&] { tc::pow(true, Tensor::from_values<bool>({true}, {1})); }, ErrorKind::Type,
          "\"pow\" not implemented for 'Bool'");
  refuses([&] { tc::pow(Tensor::from_values<bool>({true}, {1}), Tensor::from_values<bool>({true}, {})); },
          ErrorKind::Type, "\"pow\" not implemented for 'Bool'");
  refuses([&] {
    tc::pow(Tensor::from_values<bool>({true}, {1}), Tensor::from_values<bool>({true}, {1}));
  }, ErrorKind::Type, "\"pow\" not implemented for 'Bool'");
  // uint8 ** 3 wraps: 7 ** 3 = 343 = 87 (mod 256).
  check_values<uint8_t>(tc::pow(Tensor::from_values<uint8_t>({7}, {1}), 3), {87});
}

namespace {

// pow_tensor_scalar_kernel (PowKernel.cpp): a float tensor ** 0.5, -0.5
// and -1 run sqrt, rsqrt (1 / sqrt) and reciprocal (1 / x); ** 2, 3 and -2
// multiply (pow_tensor_scalar_optimized_kernel). Exact formulas, so exact
// values (1 / (x * x) in double then float is the same number:
// double rounding is innocuous for division).
template <class T>
void check_float_pow_by_number(uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<T> dist(T(0.01), T(100));
  std::vector<T> x;
  for (int i = 0; i < 301; ++i) x.push_back(dist(gen));
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  for (T v : {-T(0), T(0), inf, -inf, nan, T(-2.5), T(1e-30)}) x.push_back(v);
  const int64_t n = static_cast<int64_t>(x.size());
  const Tensor t = Tensor::from_values<T>(x, {n});
  struct Case {
    double e;
    T (*f)(T);
  };
  const Case cases[] = {
      {2.0, [](T v) { return v * v; }},
      {3.0, [](T v) { return v * v * v; }},
      {-2.0, [](T v) { return T(1) / (v * v); }},
      {0.5, [](T v) { return std::sqrt(v); }},
      {-0.5, [](T v) { return T(1) / std::sqrt(v); }},
      {-1.0, [](T v) { return T(1) / v; }},
  };
  for (const Case& c : cases) {
    INFO("** " << c.e);
    std::vector<T> want;
    for (T v : x) want.push_back(c.f(v));
    check_values<T>(tc::pow(t, c.e), want);
    // A Python int exponent is the same number.
    if (c.e == std::floor(c.e)) check_values<T>(tc::pow(t, static_cast<int64_t>(c.e)), want);
    // In place too.
    Tensor self = tc::clone(t);
    tc::binary_(BinaryOp::Pow, self, c.e);
    check_values<T>(self, want);
  }
  // The special values spelled out: sqrt's, not pow's.
  check_values<T>(tc::pow(Tensor::from_values<T>({-T(0), -inf}, {2}), 0.5), {-T(0), nan});
  check_values<T>(tc::pow(Tensor::from_values<T>({-T(0), -inf}, {2}), -0.5), {-inf, nan});
}

}  // namespace

TEST_CASE("dtypes: float ** number as PyTorch's pow_tensor_scalar_kernel computes it", "[dtypes]") {
  SECTION("float32") { check_float_pow_by_number<float>(81); }
  SECTION("float64") { check_float_pow_by_number<double>(82); }
  // An int tensor ** 0.5 is float32 ** 0.5: sqrt too.
  check_values<float>(tc::pow(Tensor::from_values<int32_t>({2, 0}, {2}), 0.5), {std::sqrt(2.0f), 0.0f});
}

TEST_CASE("dtypes: maximum and minimum with NaN, bool and mixed dtypes", "[dtypes]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> a = {nan, 1.0, nan, -2.0, 3.0, -1.0};
  const std::vector<double> b = {1.0, nan, nan, 5.0, -4.0, -1.0};
  check_values<double>(tc::maximum(Tensor::from_values<double>(a, {6}), Tensor::from_values<double>(b, {6})),
                       {nan, nan, nan, 5.0, 3.0, -1.0});
  check_values<double>(tc::minimum(Tensor::from_values<double>(a, {6}), Tensor::from_values<double>(b, {6})),
                       {nan, nan, nan, -2.0, -4.0, -1.0});
  std::vector<float> af(a.begin(), a.end()), bf(b.begin(), b.end());
  const float nanf = std::numeric_limits<float>::quiet_NaN();
  // float32 goes through the 4-lane loops: 13 elements reach both and the tail.
  for (int k = 0; k < 7; ++k) {
    af.push_back(static_cast<float>(k));
    bf.push_back(k % 2 ? nanf : static_cast<float>(6 - k));
  }
  std::vector<float> want_max, want_min;
  for (size_t i = 0; i < af.size(); ++i) {
    want_max.push_back(ref_binary<float>(BinaryOp::Maximum, af[i], bf[i]));
    want_min.push_back(ref_binary<float>(BinaryOp::Minimum, af[i], bf[i]));
  }
  const int64_t n = static_cast<int64_t>(af.size());
  check_values<float>(tc::maximum(Tensor::from_values<float>(af, {n}), Tensor::from_values<float>(bf, {n})), want_max);
  check_values<float>(tc::minimum(Tensor::from_values<float>(af, {n}), Tensor::from_values<float>(bf, {n})), want_min);
  // Mixed: int32 with uint8 in int32 (255 stays 255), bool with int64.
  check_values<int32_t>(tc::maximum(Tensor::from_values<int32_t>({-1, 300}, {2}),
                                    Tensor::from_values<uint8_t>({255, 7}, {2})),
                        {255, 300});
  check_values<int64_t>(tc::minimum(Tensor::from_values<bool>({true, false}, {2}),
                                    Tensor::from_values<int64_t>({5, -5}, {2})),
                        {1, -5});
  // int32 with a float64 0-D: float64 (promote(Int, Double)), NaN wins.
  check_values<double>(tc::maximum(Tensor::from_values<int32_t>({1, 7}, {2}),
                                   Tensor::from_values<double>({nan}, {})),
                       {nan, nan});
  check_values<float>(tc::maximum(Tensor::from_values<int64_t>({1, 7}, {2}),
                                  Tensor::from_values<float>({2.5f, 2.5f}, {2})),
                      {2.5f, 7.0f});
}

namespace {

template <class T>
bool ref_compare(CompareOp op, T x, T y) {
  switch (op) {
    case CompareOp::Eq: return x == y;
    case CompareOp::Ne: return x != y;
    case CompareOp::Lt: return x < y;
    case CompareOp::Le: return x <= y;
    case CompareOp::Gt: return x > y;
    case CompareOp::Ge: return x >= y;
  }
  return false;
}

}  // namespace

TEST_CASE("dtypes: comparisons across dtypes compute in the common dtype", "[dtypes]") {
  // int64 with float32 (dim tensors): computed in float32, where 2^24 + 1
  // is 2^24 and 2^53 + 1 is 2^53.
  const int64_t p24 = int64_t{1} << 24, p53 = int64_t{1} << 53, p62 = int64_t{1} << 62;
  std::mt19937_64 gen(31);
  std::vector<int64_t> ints = {p24 + 1, p24 + 1, p53 + 1, p62 + 1, -p24 - 1, 3, std::numeric_limits<int64_t>::max()};
  std::vector<float> floats = {static_cast<float>(p24), static_cast<float>(p24 + 2),
                               static_cast<float>(p53), static_cast<float>(p62), static_cast<float>(-p24),
                               3.5f, 9.2233720e18f};
  for (int k = 0; k < 30; ++k) {
    const int64_t base = int64_t{1} << (20 + gen() % 40);
    ints.push_back(base + static_cast<int64_t>(gen() % 9) - 4);
    floats.push_back(static_cast<float>(base + static_cast<int64_t>(gen() % 9) - 4));
  }
  const int64_t n = static_cast<int64_t>(ints.size());
  const Tensor ti = Tensor::from_values<int64_t>(ints, {n});
  const Tensor tf = Tensor::from_values<float>(floats, {n});
  const CompareOp ops[] = {CompareOp::Eq, CompareOp::Ne, CompareOp::Lt,
                           CompareOp::Le, CompareOp::Gt, CompareOp::Ge};
  for (CompareOp op : ops) {
    INFO(tc::op_name(op));
    std::vector<bool> want32, want64;
    for (int64_t i = 0; i < n; ++i) {
      const float x = static_cast<float>(ints[i]), y = floats[i];  // round to nearest
      const double xd = static_cast<double>(ints[i]), yd = floats[i];
      want32.push_back(ref_compare(op, x, y));
      want64.push_back(ref_compare(op, xd, yd));
    }
    check_values<bool>(tc::compare(op, ti, tf), want32);
    // Against float64 instead, in float64.
    check_values<bool>(tc::compare(op, ti, tc::to(tf, f8)), want64);
  }
  // The documented ones: 2^24 + 1 == float32 2^24 is true; in float64 it is not.
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<int64_t>({p24 + 1}, {1}),
                                 Tensor::from_values<float>({16777216.0f}, {1})),
                     {true});
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<int64_t>({p24 + 1}, {1}),
                                 Tensor::from_values<double>({16777216.0}, {1})),
                     {false});
  // A 0-D float64 against an int64 tensor with dims: float64 (promote).
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<int64_t>({p53 + 1}, {1}),
                                 Tensor::from_values<double>({9007199254740992.0}, {})),
                     {true});
  // float32 with a 0-D float64: in float32 (0.1 rounds to 0.1f first);
  // with a float64 tensor with dims, in float64.
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<float>({0.1f}, {1}),
                                 Tensor::from_values<double>({0.1}, {})),
                     {true});
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<float>({0.1f}, {1}),
                                 Tensor::from_values<double>({0.1}, {1})),
                     {false});
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<float>({0.1f}, {1}), 0.1), {true});
  // int32 with uint8 in int32: -1 < 255.
  check_values<bool>(tc::compare(CompareOp::Lt, Tensor::from_values<int32_t>({-1, 256}, {2}),
                                 Tensor::from_values<uint8_t>({255, 255}, {2})),
                     {true, false});
  // uint8 with a number: the number becomes uint8 (-1 is 255, 300 is 44).
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<uint8_t>({0, 255}, {2}), -1),
                     {false, true});
  check_values<bool>(tc::compare(CompareOp::Lt, Tensor::from_values<uint8_t>({10, 50}, {2}), 300),
                     {true, false});
  // int with 2.5: in float32.
  check_values<bool>(tc::compare(CompareOp::Lt, Tensor::from_values<int32_t>({2, 3}, {2}), 2.5),
                     {true, false});
  // bool with int: in int64; bool with bool: False < True.
  check_values<bool>(tc::compare(CompareOp::Eq, Tensor::from_values<bool>({true, false}, {2}), 1),
                     {true, false});
  check_values<bool>(tc::compare(CompareOp::Lt, Tensor::from_values<bool>({false, true, false}, {3}),
                                 Tensor::from_values<bool>({true, true, false}, {3})),
                     {true, false, false});
  // NaN: every comparison false but ne.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (CompareOp op : ops) {
    const bool want = op == CompareOp::Ne;
    check_values<bool>(tc::compare(op, Tensor::from_values<double>({nan}, {1}), 1), {want});
    check_values<bool>(tc::compare(op, Tensor::from_values<int32_t>({1}, {1}),
                                   Tensor::from_values<float>({std::numeric_limits<float>::quiet_NaN()}, {1})),
                       {want});
  }
}

TEST_CASE("dtypes: where promotes its values", "[dtypes]") {
  const Tensor c = Tensor::from_values<bool>({true, false}, {2});
  check_values<double>(tc::where(c, Tensor::from_values<int32_t>({1, 2}, {2}),
                                 Tensor::from_values<double>({0.5}, {})),
                       {1.0, 0.5});
  // A number is made a tensor of the result's dtype by at::scalar_tensor,
  // whose fill converts with the range check (Scalar::to<scalar_t>): uint8
  // takes -1 (255) but not 300. PyTorch checks this before the condition.
  check_values<uint8_t>(tc::where(c, -1, Tensor::from_values<uint8_t>({1, 2}, {2})), {255, 2});
  const std::string u8_over = "value cannot be converted to type uint8_t without overflow";
  refuses([&] { tc::where(c, 300, Tensor::from_values<uint8_t>({1, 2}, {2})); }, ErrorKind::Value, u8_over);
  refuses([&] { tc::where(c, Tensor::from_values<uint8_t>({1, 2}, {2}), -256); }, ErrorKind::Value, u8_over);
  refuses([&] { tc::where(Tensor::from_values<float>({1, 0}, {2}), 300, Tensor::from_values<uint8_t>({1, 2}, {2})); },
          ErrorKind::Value, u8_over);
  refuses([&] { tc::where(c, Tensor::from_values<int32_t>({1, 2}, {2}), int64_t{1} << 31); }, ErrorKind::Value,
          "value cannot be converted to type int without overflow");
  refuses([&] { tc::where(c, Tensor::from_values<float>({1, 2}, {2}), 1e40); }, ErrorKind::Value,
          "value cannot be converted to type float without overflow");
  refuses([&] { tc::where(c, 1e40, 0); }, ErrorKind::Value, "value cannot be converted to type float without overflow");
  check_values<double>(tc::where(c, Tensor::from_values<double>({1, 2}, {2}), 1e40), {1.0, 1e40});
  check_values<int64_t>(tc::where(c, int64_t{1} << 40, true), {int64_t{1} << 40, 1});
  // A 0-D tensor is converted as any tensor, unchecked: 300 is 44 in uint8.
  check_values<uint8_t>(tc::where(c, Tensor::from_values<int64_t>({300}, {}), Tensor::from_values<uint8_t>({1, 2}, {2})),
                        {44, 2});
  check_values<int64_t>(tc::where(c, Tensor::from_values<bool>({true, true}, {2}), 2), {1, 2});
  check_values<float>(tc::where(c, 1.0, 0), {1.0f, 0.0f});
  check_values<int64_t>(tc::where(c, 1, 0), {1, 0});
  check_values<bool>(tc::where(c, true, false), {true, false});
  check_values<float>(tc::where(c, Tensor::from_values<int64_t>({7, 8}, {2}), 2.5), {7.0f, 2.5f});
  check_values<int32_t>(tc::where(c, Tensor::from_values<int32_t>({7, 8}, {2}),
                                  Tensor::from_values<int64_t>({-1}, {})),
                        {7, -1});
  // A uint8 condition is taken as bool (nonzero); any other is refused.
  check_values<int32_t>(tc::where(Tensor::from_values<uint8_t>({0, 2}, {2}), Tensor::from_values<int32_t>({1, 2}, {2}), 0),
                        {0, 2});
  for (DType d : {i4, i8, f4, f8}) {
    INFO(tc::dtype_name(d));
    refuses([&] { tc::where(make(d, {1, 0}, {2}), 1, 0); }, ErrorKind::Type,
            std::string("where expected condition to be a boolean tensor, but got a tensor with dtype ") +
                kC10Name[ix(d)]);
  }
}

TEST_CASE("dtypes: sum widens integers and bool to int64", "[dtypes]") {
  check_values<int64_t>(tc::sum(Tensor::from_values<bool>({true, false, true, true}, {4})), {3});
  check_values<int64_t>(tc::sum(Tensor::from_values<uint8_t>({200, 200, 255}, {3})), {655});
  check_values<int64_t>(tc::sum(Tensor::from_values<int32_t>({2147483647, 2147483647, 2}, {3})),
                        {int64_t{4294967296}});
  // int64 sums wrap.
  check_values<int64_t>(tc::sum(Tensor::from_values<int64_t>({std::numeric_limits<int64_t>::max(), 1}, {2})),
                        {std::numeric_limits<int64_t>::min()});
  CHECK(tc::sum(Tensor::from_values<float>({1}, {1})).dtype() == f4);
  check_values<double>(tc::sum(Tensor::from_values<double>({0.5, 0.25, 1e16, 1.0}, {4})),
                       {0.5 + 0.25 + 1e16 + 1.0});
  // Along dims, keepdim, and over an expanded (stride 0) dim.
  const Tensor m = Tensor::from_values<int32_t>({1, 2, 3, -4, -5, -6}, {2, 3});
  check_values<int64_t>(tc::sum(m, {1}, false), {6, -15});
  const Tensor k = tc::sum(m, {0}, true);
  CHECK(k.sizes() == Shape{1, 3});
  check_values<int64_t>(k, {-3, -3, -3});
  const Tensor e = tc::expand(Tensor::from_values<uint8_t>({250, 1, 0}, {1, 3}), {1000, 3});
  check_values<int64_t>(tc::sum(e, {0}, false), {250000, 1000, 0});
  check_values<int64_t>(tc::sum(e), {251000});
  const Tensor eb = tc::expand(Tensor::from_values<bool>({true}, {1, 1}), {7, 5});
  check_values<int64_t>(tc::sum(eb), {35});
  const Tensor ed = tc::expand(Tensor::from_values<double>({0.5, 1.5}, {2, 1}), {2, 6});
  check_values<double>(tc::sum(ed, {1}, false), {3.0, 9.0});
  // Randomized: int32 in int64, against a plain loop.
  std::mt19937_64 gen(41);
  const std::vector<int32_t> v = random_values<int32_t>(gen, 4 * 9);
  const Tensor t = tc::transpose(Tensor::from_values<int32_t>(v, {4, 9}), 0, 1);  // [9, 4], strided
  std::vector<int64_t> want(4, 0);
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c2 = 0; c2 < 9; ++c2) want[r] += v[r * 9 + c2];
  check_values<int64_t>(tc::sum(t, {0}, false), want);
}

TEST_CASE("dtypes: to() converts as Note [Casts] (x86's c10::convert)", "[dtypes]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const int32_t lo32 = std::numeric_limits<int32_t>::min();
  const int64_t lo64 = std::numeric_limits<int64_t>::min();
  // float64 -> int32: truncation; NaN, inf, out of range -> lowest.
  check_values<int32_t>(
      tc::to(Tensor::from_values<double>({nan, inf, -inf, 2147483647.0, 2147483647.9, 2147483648.0,
                                          -2147483648.0, -2147483648.9, -2147483649.0, 1.7, -1.7,
                                          -0.5, 1e20},
                                         {13}),
             i4),
      {lo32, lo32, lo32, 2147483647, 2147483647, lo32, lo32, lo32, lo32, 1, -1, 0, lo32});
  // float32 -> int32.
  check_values<int32_t>(tc::to(Tensor::from_values<float>({2147483520.0f, 2147483648.0f, -3.99f}, {3}), i4),
                        {2147483520, lo32, -3});
  // -> int64.
  check_values<int64_t>(tc::to(Tensor::from_values<double>({9223372036854775808.0, 9223372036854774784.0,
                                                            -9223372036854775808.0, nan, 1e300, -3.9},
                                                           {6}),
                               i8),
                        {lo64, 9223372036854774784, lo64, lo64, lo64, -3});
  check_values<int64_t>(tc::to(Tensor::from_values<float>({9223372036854775808.0f, 9223371487098961920.0f,
                                                           -std::numeric_limits<float>::infinity()},
                                                          {3}),
                               i8),
                        {lo64, 9223371487098961920, lo64});
  // -> uint8 through int64: -1.0 -> 255, 300.0 -> 44, NaN/inf/huge -> 0.
  const std::vector<double> to_u8 = {-1.0, -1.5, 300.0, 300.7, 255.9, 256.0, -256.0, -255.0,
                                     nan,  inf,  -inf,  1e20,  4294967297.0, 0.9};
  const std::vector<uint8_t> want_u8 = {255, 255, 44, 44, 255, 0, 0, 1, 0, 0, 0, 0, 1, 0};
  check_values<uint8_t>(tc::to(Tensor::from_values<double>(to_u8, {14}), u1), want_u8);
  std::vector<float> to_u8f(to_u8.begin(), to_u8.end());
  to_u8f[3] = 300.75f;
  std::vector<uint8_t> want_u8f = want_u8;
  want_u8f[12] = 0;  // 2^32 + 1 is 2^32 in float32
  check_values<uint8_t>(tc::to(Tensor::from_values<float>(to_u8f, {14}), u1), want_u8f);
  // -> bool: nonzero is true, NaN too; -0.0 is false.
  check_values<bool>(tc::to(Tensor::from_values<double>({0.0, -0.0, nan, 0.1, -inf, 4.9e-324}, {6}), b1),
                     {false, false, true, true, true, true});
  check_values<bool>(tc::to(Tensor::from_values<float>({0.0f, -0.0f, 1e-45f}, {3}), b1), {false, false, true});
  check_values<bool>(tc::to(Tensor::from_values<int64_t>({0, -1, int64_t{1} << 40}, {3}), b1), {false, true, true});
  check_values<bool>(tc::to(Tensor::from_values<uint8_t>({0, 1, 255}, {3}), b1), {false, true, true});
  // Integers to narrower integers: the low bits.
  check_values<int32_t>(tc::to(Tensor::from_values<int64_t>({(int64_t{1} << 32) + 5, int64_t{1} << 31,
                                                             -(int64_t{1} << 31) - 1, -1},
                                                            {4}),
                               i4),
                        {5, lo32, 2147483647, -1});
  check_values<uint8_t>(tc::to(Tensor::from_values<int64_t>({-1, 256, 511, -255}, {4}), u1), {255, 0, 255, 1});
  check_values<uint8_t>(tc::to(Tensor::from_values<int32_t>({-1, 300}, {2}), u1), {255, 44});
  check_values<int32_t>(tc::to(Tensor::from_values<uint8_t>({255, 0}, {2}), i4), {255, 0});
  // To floats: rounded to nearest (even).
  check_values<float>(tc::to(Tensor::from_values<int64_t>({(int64_t{1} << 24) + 1, (int64_t{1} << 24) + 3,
                                                           std::numeric_limits<int64_t>::max()},
                                                          {3}),
                             f4),
                      {16777216.0f, 16777220.0f, 9223372036854775808.0f});
  check_values<double>(tc::to(Tensor::from_values<int64_t>({(int64_t{1} << 53) + 1}, {1}), f8),
                       {9007199254740992.0});
  check_values<float>(tc::to(Tensor::from_values<double>({1e40, -1e40, 1e-50, nan, 0.1, 16777217.0}, {6}), f4),
                      {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(), 0.0f,
                       std::numeric_limits<float>::quiet_NaN(), 0.1f, 16777216.0f});
  check_values<float>(tc::to(Tensor::from_values<bool>({true, false}, {2}), f4), {1.0f, 0.0f});
  check_values<int64_t>(tc::to(Tensor::from_values<bool>({true, false}, {2}), i8), {1, 0});
  check_values<double>(tc::to(Tensor::from_values<uint8_t>({200}, {1}), f8), {200.0});
  // The same dtype is self, no copy.
  const Tensor same = Tensor::from_values<int32_t>({1}, {1});
  CHECK(tc::to(same, i4).shares_storage(same));
  // A transposed tensor stays transposed (preserve_format); a narrowed one becomes contiguous.
  const Tensor tr = tc::transpose(Tensor::from_values<int32_t>({1, 2, 3, 4, 5, 6}, {2, 3}), 0, 1);
  const Tensor trc = tc::to(tr, f8);
  CHECK(trc.strides() == tr.strides());
  check_values<double>(trc, {1, 4, 2, 5, 3, 6});
  const Tensor nr = tc::narrow(Tensor::from_values<int64_t>({1, 2, 3, 4, 5, 6}, {2, 3}), 1, 1, 2);
  const Tensor nrc = tc::to(nr, u1);
  CHECK(nrc.is_contiguous());
  check_values<uint8_t>(nrc, {2, 3, 5, 6});
  // Scalar::to, the numbers' conversion, says the same.
  CHECK(Scalar(-1).to<uint8_t>() == 255);
  CHECK(Scalar(300.0).to<uint8_t>() == 44);
  CHECK(Scalar(nan).to<int32_t>() == lo32);
  CHECK(Scalar(nan).to<bool>());
  CHECK(Scalar(true).to<double>() == 1.0);
  CHECK(Tensor::full({2}, -1, u1).values<uint8_t>() == std::vector<uint8_t>{255, 255});
}

namespace {

// Runs f on a and b in dtype T over the four inner patterns of the x_*
// loops and a broadcast, checking values against ref and the kernel named
// in the trace against typed_kernel_name's scheme.
template <class T>
void check_layouts(BinaryOp op, uint64_t seed, const char* prefix) {
  std::mt19937_64 gen(seed);
  std::vector<T> av, bv;
  if constexpr (std::is_same_v<T, bool>) {
    for (int i = 0; i < 39; ++i) av.push_back(gen() & 1), bv.push_back(gen() & 1);
  } else if constexpr (std::is_floating_point_v<T>) {
    for (int i = 0; i < 39; ++i)
      av.push_back(static_cast<T>(static_cast<int>(gen() % 41) - 20) / 4),
          bv.push_back(static_cast<T>(static_cast<int>(gen() % 41) - 20) / 4);
  } else {
    av = random_values<T>(gen, 39);
    bv = random_values<T>(gen, 39);
  }
  if (op == BinaryOp::FloorDivide || op == BinaryOp::Remainder)
    for (size_t i = 0; i < bv.size(); ++i)
      if (bv[i] == T(0)) bv[i] = T(3);
  // The functor's name (functors.h), which kernel names carry.
  const std::string name = op == BinaryOp::FloorDivide ? "floor_divide" : tc::op_name(op);
  const bool autovec = op != BinaryOp::FloorDivide && op != BinaryOp::Remainder && op != BinaryOp::Pow;
  const std::string tail = autovec ? "__autovec" : "__scalar_u1";
  auto ref = [&](T x, T y) {
    if constexpr (std::is_floating_point_v<T>) {
      if (op == BinaryOp::FloorDivide || op == BinaryOp::Remainder) {
        const auto [q, r] = quarter_floordiv_mod<T>(x, y);
        return op == BinaryOp::FloorDivide ? q : r;
      }
    }
    return ref_binary<T>(op, x, y);
  };
  auto run = [&](const Tensor& a, const Tensor& b, const std::string& want_kernel) {
    tc::TraceScope scope;
    const Tensor out = tc::binary(op, a, b);
    CHECK(last_op(scope).kernel == want_kernel);
    // The reference, by broadcasting the logical values.
    const std::vector<T> x = a.values<T>(), y = b.values<T>();
    std::vector<T> want;
    naive::for_each_index(out.sizes(), [&](const naive::Index& idx, int64_t) {
      auto at = [&](const Tensor& t, const std::vector<T>& v) {
        const int64_t lead = out.ndim() - t.ndim();
        int64_t flat = 0;
        for (int64_t d = 0; d < t.ndim(); ++d)
          flat = flat * t.sizes()[d] + (t.sizes()[d] == 1 ? 0 : idx[lead + d]);
        return v[static_cast<size_t>(flat)];
      };
      want.push_back(ref(at(a, x), at(b, y)));
    });
    check_values<T>(out, want);
  };
  const std::string p = prefix;
  const Tensor a = Tensor::from_values<T>(std::vector<T>(av.begin(), av.begin() + 39), {3, 13});
  const Tensor b = Tensor::from_values<T>(std::vector<T>(bv.begin(), bv.begin() + 39), {3, 13});
  const Tensor s = Tensor::from_values<T>({bv[5]}, {});
  SECTION("contiguous") { run(a, b, p + "_v" + name + tail); }
  SECTION("scalar b") { run(a, s, p + "_v" + name + "c" + tail); }
  SECTION("scalar a") { run(s, b, p + "_vr" + name + "c" + tail); }
  SECTION("transposed") {
    const Tensor bt = tc::transpose(Tensor::from_values<T>(bv, {13, 3}), 0, 1);
    run(a, bt, p + "_" + name + "__scalar_strided");
  }
  SECTION("narrowed, with an offset: contiguous rows apart") {
    const Tensor wide = Tensor::from_values<T>(av, {3, 13});
    run(tc::narrow(wide, 1, 2, 9), tc::narrow(b, 1, 0, 9), p + "_v" + name + tail);
  }
  SECTION("broadcast row against column") {
    const Tensor col = Tensor::from_values<T>({av[0], av[1], av[2]}, {3, 1});
    const Tensor row = Tensor::from_values<T>(std::vector<T>(bv.begin(), bv.begin() + 13), {13});
    tc::TraceScope scope;
    const Tensor out = tc::binary(op, col, row);
    CHECK(out.sizes() == Shape{3, 13});
    std::vector<T> want;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 13; ++c) want.push_back(ref(av[r], bv[c]));
    check_values<T>(out, want);
    CHECK(last_op(scope).kernel == p + "_vr" + name + "c" + tail);
  }
}

}  // namespace

TEST_CASE("dtypes: the x_* loops over each layout, per dtype", "[dtypes][kernels]") {
  SECTION("bool add") { check_layouts<bool>(BinaryOp::Add, 51, "b8"); }
  SECTION("bool maximum") { check_layouts<bool>(BinaryOp::Maximum, 52, "b8"); }
  SECTION("uint8 mul") { check_layouts<uint8_t>(BinaryOp::Mul, 53, "u8"); }
  SECTION("uint8 floor_divide") { check_layouts<uint8_t>(BinaryOp::FloorDivide, 54, "u8"); }
  SECTION("int32 sub") { check_layouts<int32_t>(BinaryOp::Sub, 55, "i32"); }
  SECTION("int32 remainder") { check_layouts<int32_t>(BinaryOp::Remainder, 56, "i32"); }
  SECTION("int64 add") { check_layouts<int64_t>(BinaryOp::Add, 57, "i64"); }
  SECTION("int64 floor_divide") { check_layouts<int64_t>(BinaryOp::FloorDivide, 58, "i64"); }
  SECTION("int64 minimum") { check_layouts<int64_t>(BinaryOp::Minimum, 59, "i64"); }
  SECTION("float64 mul") { check_layouts<double>(BinaryOp::Mul, 60, "f64"); }
  SECTION("float64 div") { check_layouts<double>(BinaryOp::Div, 61, "f64"); }
  SECTION("float64 remainder") { check_layouts<double>(BinaryOp::Remainder, 62, "f64"); }
}

TEST_CASE("dtypes: comparisons and where over strided inputs of every dtype", "[dtypes][kernels]") {
  std::mt19937_64 gen(71);
  auto run = [&](auto tag, const char* prefix) {
    using T = decltype(tag);
    INFO(prefix);
    std::vector<T> v;
    if constexpr (std::is_same_v<T, bool>) {
      for (int i = 0; i < 24; ++i) v.push_back(gen() & 1);
    } else {
      for (int i = 0; i < 24; ++i) v.push_back(static_cast<T>(gen() % 5));
    }
    const Tensor a = Tensor::from_values<T>(v, {4, 6});
    const Tensor at = tc::transpose(a, 0, 1);                    // [6, 4] strided
    const Tensor b = tc::contiguous(tc::transpose(a, 0, 1));     // the same values, contiguous
    std::vector<T> logical = b.values<T>();
    std::reverse(logical.begin(), logical.end());
    const Tensor r = Tensor::from_values<T>(logical, {6, 4});
    std::vector<bool> want_lt, want_eq;
    for (size_t i = 0; i < logical.size(); ++i) {
      const T x = b.values<T>()[i];
      want_lt.push_back(x < logical[i]);
      want_eq.push_back(x == logical[i]);
    }
    {
      tc::TraceScope scope;
      check_values<bool>(tc::compare(CompareOp::Lt, at, r), want_lt);
      CHECK(last_op(scope).kernel == "b8_lt__scalar_strided");
    }
    {
      tc::TraceScope scope;
      check_values<bool>(tc::compare(CompareOp::Eq, b, r), want_eq);
      CHECK(last_op(scope).kernel == "b8_eq__autovec");
    }
    // where over the transposed values, a 0-D other.
    const Tensor c = tc::compare(CompareOp::Lt, b, r);
    std::vector<T> want_w;
    const std::vector<T> bv = b.values<T>();
    for (size_t i = 0; i < bv.size(); ++i) want_w.push_back(want_lt[i] ? bv[i] : T(1));
    {
      tc::TraceScope scope;
      check_values<T>(tc::where(c, at, Tensor::from_values<T>({T(1)}, {})), want_w);
      CHECK(last_op(scope).kernel == std::string(prefix) + "_where__scalar_strided");
    }
    {
      // A 0-D operand (stride 0) makes the where loop a strided one too.
      tc::TraceScope scope;
      check_values<T>(tc::where(c, b, Tensor::from_values<T>({T(1)}, {})), want_w);
      CHECK(last_op(scope).kernel == std::string(prefix) + "_where__scalar_strided");
    }
    {
      tc::TraceScope scope;
      const Tensor ones = Tensor::from_values<T>(std::vector<T>(24, T(1)), {6, 4});
      check_values<T>(tc::where(c, b, ones), want_w);
      CHECK(last_op(scope).kernel == std::string(prefix) + "_vwhere__autovec");
    }
  };
  run(bool{}, "b8");
  run(uint8_t{}, "u8");
  run(int32_t{}, "i32");
  run(int64_t{}, "i64");
  run(double{}, "f64");
}

TEST_CASE("dtypes: unary x_* loops, contiguous and strided, per dtype", "[dtypes][kernels]") {
  std::mt19937_64 gen(91);
  auto run = [&](auto tag, const char* prefix) {
    using T = decltype(tag);
    INFO(prefix);
    std::vector<T> v;
    if constexpr (std::is_floating_point_v<T>) {
      for (int i = 0; i < 60; ++i) v.push_back(static_cast<T>(static_cast<int>(gen() % 41) - 20) / 4);
      v[3] = -T(0);
      v[4] = std::numeric_limits<T>::quiet_NaN();
    } else {
      v = random_values<T>(gen, 60);
    }
    const Tensor wide = Tensor::from_values<T>(v, {6, 10});
    const Tensor strided = tc::squeeze(tc::narrow(wide, 1, 3, 1));  // column 3: stride 10
    const std::vector<T> col = strided.values<T>();
    for (UnaryOp op : {UnaryOp::Neg, UnaryOp::Abs, UnaryOp::Relu}) {
      INFO(tc::op_name(op));
      auto ref = [&](T x) -> T {
        if constexpr (std::is_floating_point_v<T>) {
          if (op == UnaryOp::Neg) return -x;
          if (op == UnaryOp::Abs) return std::fabs(x);
          // std::max(x, 0): -0.0 and NaN stay. Spelled out, as clang makes
          // a plain `x < 0 ? 0 : x` a wasm f64.max, which gives +0.0.
          if (x != x || (x == 0 && std::signbit(x))) return x;
          return x < 0 ? T(0) : x;
        } else {
          const __int128 w = x;
          if (op == UnaryOp::Neg) return wrap_to<T>(-w);
          if (op == UnaryOp::Abs) return wrap_to<T>(w < 0 ? -w : w);
          return x > 0 ? x : T(0);
        }
      };
      std::vector<T> want_all, want_col;
      for (T x : v) want_all.push_back(ref(x));
      for (T x : col) want_col.push_back(ref(x));
      const std::string name = tc::op_name(op);
      {
        tc::TraceScope scope;
        check_values<T>(tc::unary(op, wide), want_all);
        CHECK(last_op(scope).kernel == std::string(prefix) + "_v" + name + "__autovec");
      }
      {
        tc::TraceScope scope;
        check_values<T>(tc::unary(op, strided), want_col);
        CHECK(last_op(scope).kernel == std::string(prefix) + "_" + name + "__scalar_strided");
      }
    }
  };
  run(uint8_t{}, "u8");
  run(int32_t{}, "i32");
  run(int64_t{}, "i64");
  run(double{}, "f64");
}

TEST_CASE("dtypes: autograd keeps each leaf's dtype", "[dtypes][autograd]") {
  SECTION("float64 leaves get float64 gradients") {
    Tensor x = Tensor::from_values<double>({1.5, -2.0, 0.25}, {3});
    x.set_requires_grad(true);
    tc::backward(tc::sum(tc::mul(x, x)));
    check_values<double>(x.grad(), {3.0, -4.0, 0.5});
  }
  SECTION("float32 + float64: the float32 leaf's gradient is float32, through ToCopyBackward0") {
    Tensor a = Tensor::from_values<float>({1, 2}, {2});
    Tensor b = Tensor::from_values<double>({0.5, 0.25}, {2});
    a.set_requires_grad(true);
    b.set_requires_grad(true);
    const Tensor y = tc::mul(a, b);
    CHECK(y.dtype() == f8);
    tc::backward(tc::sum(y));
    check_values<float>(a.grad(), {0.5f, 0.25f});
    check_values<double>(b.grad(), {1.0, 2.0});
    const Tensor c = tc::to(a, f8);
    REQUIRE(c.impl().grad_fn != nullptr);
    CHECK(c.impl().grad_fn->grad_fn == "ToCopyBackward0");
    CHECK(c.requires_grad());
  }
  SECTION("a float32 tensor with dims keeps float32 against a 0-D float64 and a float number") {
    Tensor a = Tensor::from_values<float>({1, 2}, {2});
    a.set_requires_grad(true);
    const Tensor y = tc::add(tc::mul(a, Tensor::from_values<double>({3.0}, {})), 0.5);
    CHECK(y.dtype() == f4);
    tc::backward(tc::sum(y));
    check_values<float>(a.grad(), {3.0f, 3.0f});
    const Tensor w = tc::where(Tensor::from_values<bool>({true, false}, {2}), a,
                               Tensor::from_values<double>({0.0}, {}));
    CHECK(w.dtype() == f4);
    CHECK(w.requires_grad());
  }
  SECTION("integer operands take no gradient and keep the float leaf's dtype") {
    Tensor a = Tensor::from_values<float>({1, 2}, {2});
    a.set_requires_grad(true);
    const Tensor k = Tensor::from_values<int64_t>({3, -4}, {2});
    const Tensor y = tc::mul(a, k);  // float32: the int64 tensor with dims does not widen it
    CHECK(y.dtype() == f4);
    tc::backward(tc::sum(tc::add(y, tc::div(a, Tensor::from_values<int32_t>({2}, {})))));
    check_values<float>(a.grad(), {3.5f, -3.5f});
    Tensor d = Tensor::from_values<double>({2.0}, {1});
    d.set_requires_grad(true);
    const Tensor z = tc::pow(d, Tensor::from_values<int32_t>({3}, {1}));  // float64 ** int32: float64
    CHECK(z.dtype() == f8);
    tc::backward(tc::sum(z));
    check_values<double>(d.grad(), {12.0});
  }
  SECTION("to an integer dtype cuts the graph") {
    Tensor a = Tensor::from_values<float>({1.5f}, {1});
    a.set_requires_grad(true);
    const Tensor i = tc::to(a, i4);
    CHECK(!i.requires_grad());
    check_values<int32_t>(i, {1});
    CHECK(!tc::add(i, 1).requires_grad());
    // sum of float64 stays float64 with a gradient.
    Tensor d = Tensor::from_values<double>({1, 2}, {2});
    d.set_requires_grad(true);
    const Tensor s = tc::sum(d);
    CHECK(s.dtype() == f8);
    tc::backward(s);
    check_values<double>(d.grad(), {1.0, 1.0});
  }
  SECTION("only floating tensors can require gradients") {
    for (DType dt : kDTypes) {
      INFO(tc::dtype_name(dt));
      Tensor t = make(dt, {1, 0}, {2});
      if (floating(dt)) {
        t.set_requires_grad(true);
        CHECK(t.requires_grad());
      } else {
        refuses([&] { t.set_requires_grad(true); }, ErrorKind::Autograd,
                "only Tensors of floating point and complex dtype can require gradients");
        CHECK(!t.requires_grad());
        t.set_requires_grad(false);  // turning it off is always allowed
      }
    }
  }
}

// =========================================================================
// 4. Traces: kernel names and PromotionTrace
// =========================================================================

TEST_CASE("dtypes: typed_kernel_name follows the scheme", "[dtypes][kernels]") {
  using tc::Pattern;
  using tc::ukernels::typed_kernel_name;
  const std::map<DType, std::string> prefix = {{b1, "b8"}, {u1, "u8"}, {i4, "i32"},
                                               {i8, "i64"}, {f4, "f32"}, {f8, "f64"}};
  for (const auto& [d, p] : prefix) {
    CHECK(typed_kernel_name(d, "mul", Pattern::Contiguous, true) == p + "_vmul__autovec");
    CHECK(typed_kernel_name(d, "mul", Pattern::ScalarB, false) == p + "_vmulc__scalar_u1");
    CHECK(typed_kernel_name(d, "mul", Pattern::ScalarA, true) == p + "_vrmulc__autovec");
    CHECK(typed_kernel_name(d, "mul", Pattern::Strided, true) == p + "_mul__scalar_strided");
    CHECK(typed_kernel_name(d, "mul", Pattern::Transposed, false) == p + "_mul__scalar_strided");
  }
}

TEST_CASE("dtypes: PromotionTrace says how each dtype was decided", "[dtypes][trace]") {
  SECTION("int32 [3] + int64 0-D: the tensor decides") {
    tc::TraceScope scope;
    tc::add(Tensor::from_values<int32_t>({1, 2, 3}, {3}), Tensor::from_values<int64_t>({5}, {}));
    const tc::OpTrace t = last_op(scope);
    const tc::PromotionTrace& p = t.promotion;
    CHECK(p.tensor_dtype == std::optional<std::string>("int32"));
    CHECK(p.zero_dim_dtype == std::optional<std::string>("int64"));
    CHECK(!p.number_dtype.has_value());
    CHECK(p.common_dtype == "int32");
    CHECK(p.decided_by == "tensor");
    CHECK(p.rule == "promote");
    CHECK(p.compute_dtype == "int32");
    CHECK(p.result_dtype == "int32");
    REQUIRE(p.operands.size() == 2);
    CHECK(p.operands[0].dtype == "int32");
    CHECK(p.operands[0].category == "tensor");
    CHECK(!p.operands[0].cast);
    CHECK(p.operands[1].dtype == "int64");
    CHECK(p.operands[1].category == "zero-dim");
    CHECK(p.operands[1].cast);
    CHECK(!p.result_cast);
    CHECK(t.kernel == "i32_vaddc__autovec");
  }
  SECTION("int64 [2] * 2.5: the float number decides, as float32") {
    tc::TraceScope scope;
    tc::mul(Tensor::from_values<int64_t>({1, 2}, {2}), 2.5);
    const tc::PromotionTrace p = last_op(scope).promotion;
    CHECK(p.tensor_dtype == std::optional<std::string>("int64"));
    CHECK(p.number_dtype == std::optional<std::string>("float32"));
    CHECK(p.common_dtype == "float32");
    CHECK(p.decided_by == "number");
    REQUIRE(p.operands.size() == 2);
    CHECK(p.operands[1].dtype == "float64");  // the wrapped number, before the default dtype
    CHECK(p.operands[1].category == "number");
    CHECK(p.operands[0].cast);
    CHECK(p.operands[1].cast);
    CHECK(last_op(scope).kernel.rfind("f32_vmulc__", 0) == 0);
  }
  SECTION("bool [2] + 3: the number decides (higher is Bool)") {
    tc::TraceScope scope;
    tc::add(Tensor::from_values<bool>({true, false}, {2}), 3);
    const tc::OpTrace t = last_op(scope);
    CHECK(t.promotion.common_dtype == "int64");
    CHECK(t.promotion.decided_by == "number");
    CHECK(t.promotion.number_dtype == std::optional<std::string>("int64"));
    CHECK(t.kernel == "i64_vaddc__autovec");
  }
  SECTION("int32 [2] + float64 0-D: the 0-D tensor decides") {
    tc::TraceScope scope;
    tc::where(Tensor::from_values<bool>({true, false}, {2}), Tensor::from_values<int32_t>({1, 2}, {2}),
              Tensor::from_values<double>({0.5}, {}));
    const tc::OpTrace t = last_op(scope);
    CHECK(t.op == "where");
    CHECK(t.promotion.common_dtype == "float64");
    CHECK(t.promotion.decided_by == "zero-dim");
    CHECK(t.promotion.result_dtype == "float64");
    CHECK(t.kernel == "f64_where__scalar_strided");
  }
  SECTION("int32 / int32: promote-to-float") {
    tc::TraceScope scope;
    tc::div(Tensor::from_values<int32_t>({1, 2}, {2}), Tensor::from_values<int32_t>({2, 2}, {2}));
    const tc::OpTrace t = last_op(scope);
    CHECK(t.promotion.rule == "promote-to-float");
    CHECK(t.promotion.common_dtype == "int32");
    CHECK(t.promotion.compute_dtype == "float32");
    CHECK(t.promotion.result_dtype == "float32");
    CHECK(t.promotion.operands[0].cast);
    CHECK(t.promotion.operands[1].cast);
    CHECK(t.kernel.rfind("f32_vdiv__", 0) == 0);
  }
  SECTION("uint8 < 300: computed in uint8, a bool result") {
    tc::TraceScope scope;
    tc::compare(CompareOp::Lt, Tensor::from_values<uint8_t>({10, 50}, {2}), 300);
    const tc::OpTrace t = last_op(scope);
    CHECK(t.promotion.rule == "bool");
    CHECK(t.promotion.common_dtype == "uint8");
    CHECK(t.promotion.compute_dtype == "uint8");
    CHECK(t.promotion.result_dtype == "bool");
    CHECK(t.promotion.operands[1].cast);
    CHECK(t.kernel == "b8_lt__scalar_strided");
  }
  SECTION("int32 self += int64: computed in int64, cast into self") {
    Tensor self = Tensor::from_values<int32_t>({1, 2}, {2});
    tc::TraceScope scope;
    tc::binary_(BinaryOp::Add, self, Tensor::from_values<int64_t>({3, 4}, {2}));
    const tc::OpTrace t = last_op(scope);
    CHECK(t.op == "add_");
    CHECK(t.promotion.common_dtype == "int64");
    CHECK(t.promotion.compute_dtype == "int64");
    CHECK(t.promotion.result_dtype == "int32");
    CHECK(t.promotion.result_cast);
    CHECK(t.promotion.operands[0].name == "self");
    CHECK(t.promotion.operands[0].cast);
    CHECK(!t.promotion.operands[1].cast);
    CHECK(t.kernel == "i64_vadd__autovec");
    CHECK(t.operands[0].dtype == "int32");
  }
  SECTION("int64 // -3 and float64 remainder: the scalar loops") {
    tc::TraceScope scope;
    tc::floor_divide(Tensor::from_values<int64_t>({7, 8}, {2}), -3);
    CHECK(last_op(scope).kernel == "i64_vfloor_dividec__scalar_u1");
    tc::remainder(2.5, Tensor::from_values<double>({7, 8}, {2}));
    CHECK(last_op(scope).kernel == "f64_vrremainderc__scalar_u1");
    tc::pow(Tensor::from_values<int32_t>({7, 8}, {2}), Tensor::from_values<int32_t>({1, 2}, {2}));
    CHECK(last_op(scope).kernel == "i32_vpow__scalar_u1");
  }
  SECTION("sum of bool: the sum rule, int64") {
    tc::TraceScope scope;
    tc::sum(Tensor::from_values<bool>({true, false, true}, {3}));
    const tc::OpTrace t = last_op(scope);
    CHECK(t.op == "sum");
    CHECK(t.promotion.rule == "sum");
    CHECK(t.promotion.common_dtype == "bool");
    CHECK(t.promotion.compute_dtype == "int64");
    CHECK(t.promotion.result_dtype == "int64");
    CHECK(t.promotion.operands[0].cast);
    CHECK(t.kernel == "i64_rsum__scalar_strided");
  }
  SECTION("neg of int32: same") {
    tc::TraceScope scope;
    // Column 0 of a [4, 4]: stride 4, so the loop is strided.
    const Tensor m = Tensor::from_values<int32_t>(std::vector<int32_t>(16, 3), {4, 4});
    tc::unary(UnaryOp::Neg, tc::squeeze(tc::narrow(m, 1, 0, 1)));
    const tc::OpTrace t = last_op(scope);
    CHECK(t.promotion.rule == "same");
    CHECK(t.promotion.result_dtype == "int32");
    CHECK(t.kernel == "i32_neg__scalar_strided");
  }
}
