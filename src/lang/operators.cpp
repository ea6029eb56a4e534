#include "lang/operators.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "autograd/node.h"
#include "error.h"
#include "ops.h"
#include "work.h"

namespace tc::lang {

namespace {

// --- numbers (Python's int, float and bool; bool counts as int)

bool is_number(const Value& v) {
  return std::holds_alternative<bool>(v.v) || std::holds_alternative<int64_t>(v.v) ||
         std::holds_alternative<double>(v.v);
}
bool is_float(const Value& v) { return std::holds_alternative<double>(v.v); }
int64_t as_int(const Value& v) {
  if (auto b = std::get_if<bool>(&v.v)) return *b ? 1 : 0;
  return std::get<int64_t>(v.v);
}
double as_double(const Value& v) {
  if (auto d = std::get_if<double>(&v.v)) return *d;
  return static_cast<double>(as_int(v));
}
Scalar as_scalar(const Value& v) {
  if (auto b = std::get_if<bool>(&v.v)) return Scalar(*b);
  if (auto i = std::get_if<int64_t>(&v.v)) return Scalar(*i);
  return Scalar(std::get<double>(v.v));
}

[[noreturn]] void overflow() { int_overflow(); }

// Python's name for a binary operator in its TypeErrors.
std::string shown(Operator op) {
  return op == Operator::Pow ? "** or pow()" : operator_text(op);
}

[[noreturn]] void unsupported_operands(Operator op, const Value& a, const Value& b) {
  throw PythonError("TypeError", "unsupported operand type(s) for " + shown(op) + ": '" +
                                     type_name(a) + "' and '" + type_name(b) + "'");
}

// Python's float floor division and modulo (Objects/floatobject.c,
// float_floor_div and float_rem): the sign of the divisor, -0.0 kept.
double float_mod(double vx, double wx) {
  double mod = std::fmod(vx, wx);
  if (mod != 0) {
    if ((wx < 0) != (mod < 0)) mod += wx;
  } else {
    mod = std::copysign(0.0, wx);
  }
  return mod;
}
double float_floor_div(double vx, double wx) {
  double mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0 && ((wx < 0) != (mod < 0))) div -= 1.0;
  if (div == 0) return std::copysign(0.0, vx / wx);
  double floordiv = std::floor(div);
  if (div - floordiv > 0.5) floordiv += 1.0;
  return floordiv;
}

int64_t int_pow(int64_t base, int64_t exponent) {
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1)
      if (__builtin_mul_overflow(result, base, &result)) overflow();
    exponent >>= 1;
    if (exponent > 0 && __builtin_mul_overflow(base, base, &base)) overflow();
  }
  return result;
}

// op is not @ (numbers have no matmul).
Value number_float(Operator op, double a, double b) {
  switch (op) {
    case Operator::Add: return a + b;
    case Operator::Sub: return a - b;
    case Operator::Mult: return a * b;
    case Operator::Div:
      if (b == 0) throw PythonError("ZeroDivisionError", "float division by zero");
      return a / b;
    case Operator::FloorDiv:
      if (b == 0) throw PythonError("ZeroDivisionError", "float floor division by zero");
      return float_floor_div(a, b);
    case Operator::Mod:
      if (b == 0) throw PythonError("ZeroDivisionError", "float modulo by zero");
      return float_mod(a, b);
    case Operator::Pow: case Operator::MatMult: case Operator::BitOr: case Operator::BitXor:
    case Operator::BitAnd: break;
  }
  // ** (Objects/floatobject.c, float_pow)
  if (a == 0 && b < 0)
    throw PythonError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  if (a < 0 && std::isfinite(b) && b != std::floor(b))
    throw PythonError("ValueError",
                      "a negative number raised to a fractional power is complex in Python; "
                      "tensorcast has no complex numbers");
  const double r = std::pow(a, b);
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    throw PythonError("OverflowError", "(34, 'Numerical result out of range')");
  return r;
}

// op is not @ (numbers have no matmul).
Value number_int(Operator op, int64_t a, int64_t b) {
  int64_t r = 0;
  switch (op) {
    case Operator::Add:
      if (__builtin_add_overflow(a, b, &r)) overflow();
      return r;
    case Operator::Sub:
      if (__builtin_sub_overflow(a, b, &r)) overflow();
      return r;
    case Operator::Mult:
      if (__builtin_mul_overflow(a, b, &r)) overflow();
      return r;
    case Operator::Div:
      if (b == 0) throw PythonError("ZeroDivisionError", "division by zero");
      return static_cast<double>(a) / static_cast<double>(b);
    case Operator::FloorDiv:
    case Operator::Mod: {
      if (b == 0) throw PythonError("ZeroDivisionError", "integer division or modulo by zero");
      if (b == -1) {  // INT64_MIN / -1 overflows in C++; x % -1 is 0
        if (op == Operator::Mod) return int64_t{0};
        if (a == std::numeric_limits<int64_t>::min()) overflow();
        return -a;
      }
      int64_t q = a / b, m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) {
        q -= 1;
        m += b;
      }
      return op == Operator::FloorDiv ? q : m;
    }
    case Operator::Pow: case Operator::MatMult: case Operator::BitOr: case Operator::BitXor:
    case Operator::BitAnd: break;
  }
  // **: a negative exponent gives a float, as in Python
  if (b < 0) {
    if (a == 0) throw PythonError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return std::pow(static_cast<double>(a), static_cast<double>(b));
  }
  return int_pow(a, b);
}

bool is_bitwise(Operator op) {
  return op == Operator::BitAnd || op == Operator::BitOr || op == Operator::BitXor;
}

// Python's & | ^ of ints and bools (bool's own methods when both are
// bools: True & False is False); a float has none (TypeError).
Value number_bitwise(Operator op, const Value& a, const Value& b) {
  if (is_float(a) || is_float(b)) unsupported_operands(op, a, b);
  const int64_t x = as_int(a), y = as_int(b);
  const int64_t r = op == Operator::BitAnd ? (x & y) : op == Operator::BitOr ? (x | y) : (x ^ y);
  if (std::holds_alternative<bool>(a.v) && std::holds_alternative<bool>(b.v)) return r != 0;
  return r;
}

// The core's op for & | ^ (PyTorch's Tensor.__and__ ... call bitwise_and ...).
BitwiseOp bitwise_op_of(Operator op) {
  return op == Operator::BitAnd ? BitwiseOp::And : op == Operator::BitOr ? BitwiseOp::Or : BitwiseOp::Xor;
}

Value number_binary(Operator op, const Value& a, const Value& b) {
  if (op == Operator::MatMult) unsupported_operands(op, a, b);
  if (is_bitwise(op)) return number_bitwise(op, a, b);
  if (is_float(a) || is_float(b)) return number_float(op, as_double(a), as_double(b));
  return number_int(op, as_int(a), as_int(b));
}

// --- sequences and strings: + concatenates, * repeats

using SeqKind = Sequence::Kind;

bool is_tuple_kind(SeqKind k) { return k != SeqKind::List; }

// Python's words for a sequence's type in "can only concatenate tuple ...".
std::string concat_name(const Sequence& s) { return s.kind == SeqKind::List ? "list" : "tuple"; }

// x * n: checked against Note [Bounded values] from the sizes alone, before
// one item is copied ([s] * 65536 holds 2^32 characters: refused at once).
Value repeat(const Sequence& s, int64_t n) {
  const double count = n < 0 ? 0.0 : static_cast<double>(n);
  const double items = static_cast<double>(s.items.size()) * count;
  const SeqKind kind = s.kind == SeqKind::Named ? SeqKind::Tuple : s.kind;
  check_new_sequence(kind, items, static_cast<double>(s.size) * count);
  charge_work(WorkKind::Elements, items);
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(items));
  for (int64_t k = 0; k < n && !s.items.empty(); ++k) out.insert(out.end(), s.items.begin(), s.items.end());
  return Value::sequence(kind, std::move(out));
}

Value repeat(const Str& s, int64_t n) {
  const double count = n < 0 ? 0.0 : static_cast<double>(n);
  const double bytes = static_cast<double>(s.utf8.size()) * count;
  check_new_string(static_cast<double>(s.length) * count, bytes);
  charge_work(WorkKind::Elements, bytes);
  std::string out;
  out.reserve(static_cast<size_t>(bytes));
  for (int64_t k = 0; k < n && !s.utf8.empty(); ++k) out += s.utf8;
  return Value(std::move(out));
}

// Tensor.__index__, which Python's sequence repetition calls ([1, 2] *
// torch.tensor(2) is [1, 2, 1, 2]): an integer or bool tensor of one element.
int64_t tensor_index(const Tensor& t) {
  if (is_floating(t.dtype()) || t.numel() != 1)
    throw PythonError("TypeError", "only integer tensors of a single element can be converted to an index");
  return t.scalar_item().to_int();
}

// A sequence or a string on the left of + or either side of *: Python's
// sequence concatenation and repetition, tried after a tensor operand's
// own method declined (its TypeError becomes NotImplemented).
bool sequence_operands(Operator op, const Value& a, const Value& b) {
  const bool left = a.sequence() != nullptr || a.str() != nullptr;
  const bool right = b.sequence() != nullptr || b.str() != nullptr;
  return (op == Operator::Add && left) || (op == Operator::Mult && (left || right));
}

Value sequence_binary(Operator op, const Value& a, const Value& b) {
  const Sequence* sa = a.sequence();
  const Sequence* sb = b.sequence();
  const Str* stra = a.str();
  const Str* strb = b.str();
  if (op == Operator::Add) {
    if (sa && sb && is_tuple_kind(sa->kind) == is_tuple_kind(sb->kind)) {
      // torch.Size + tuple is a torch.Size; tuple + torch.Size a tuple
      const SeqKind kind = sa->kind == SeqKind::Named ? SeqKind::Tuple : sa->kind;
      const double count = static_cast<double>(sa->items.size() + sb->items.size());
      check_new_sequence(kind, count, static_cast<double>(sa->size) + static_cast<double>(sb->size));
      charge_work(WorkKind::Elements, count);
      std::vector<Value> items;
      items.reserve(sa->items.size() + sb->items.size());
      items.insert(items.end(), sa->items.begin(), sa->items.end());
      items.insert(items.end(), sb->items.begin(), sb->items.end());
      return Value::sequence(kind, std::move(items));
    }
    if (stra && strb) {
      const double bytes = static_cast<double>(stra->utf8.size() + strb->utf8.size());
      check_new_string(static_cast<double>(stra->length + strb->length), bytes);
      charge_work(WorkKind::Elements, bytes);
      return Value(stra->utf8 + strb->utf8);
    }
    if (sa)
      throw PythonError("TypeError", "can only concatenate " + concat_name(*sa) + " (not \"" +
                                         type_name(b) + "\") to " + concat_name(*sa));
    if (stra)
      throw PythonError("TypeError",
                        "can only concatenate str (not \"" + std::string(type_name(b)) + "\") to str");
  }
  if (op == Operator::Mult && (sa || stra || sb || strb)) {
    const Value& seq = (sa || stra) ? a : b;
    const Value& count = (sa || stra) ? b : a;
    if (std::holds_alternative<int64_t>(count.v) || std::holds_alternative<bool>(count.v) || count.is_tensor()) {
      const int64_t n = count.is_tensor() ? tensor_index(count.tensor()) : as_int(count);
      if (const Sequence* s = seq.sequence()) return repeat(*s, n);
      return repeat(*seq.str(), n);
    }
    if (!count.is_tensor())
      throw PythonError("TypeError", "can't multiply sequence by non-int of type '" +
                                         std::string(type_name(count)) + "'");
  }
  unsupported_operands(op, a, b);
}

// --- tensors (Note [Program operators])

bool is_operand(const Value& v) { return v.is_tensor() || is_number(v); }
Operand as_operand(const Value& v) {
  if (v.is_tensor()) return Operand(v.tensor());
  return Operand(as_scalar(v));
}
std::vector<Tensor> tensors_of(const Value& a, const Value& b) {
  std::vector<Tensor> out;
  if (a.is_tensor()) out.push_back(a.tensor());
  if (b.is_tensor()) out.push_back(b.tensor());
  return out;
}

// The core's op for an arithmetic Python operator other than @ (matmul is
// no BinaryOp; & | ^ are bitwise_op_of's).
BinaryOp binary_op_of(Operator op) {
  switch (op) {
    case Operator::Add: return BinaryOp::Add;
    case Operator::Sub: return BinaryOp::Sub;
    case Operator::Mult: return BinaryOp::Mul;
    case Operator::Div: return BinaryOp::Div;
    case Operator::FloorDiv: return BinaryOp::FloorDivide;
    case Operator::Mod: return BinaryOp::Remainder;
    case Operator::Pow: case Operator::MatMult: case Operator::BitOr: case Operator::BitXor:
    case Operator::BitAnd: break;
  }
  return BinaryOp::Pow;
}

// self is a tensor: self.__op__(other).
Value tensor_binary(Operator op, const Value& self, const Value& other,
                    const CoreCall& call) {
  const Tensor a = self.tensor();
  if (op == Operator::MatMult) {
    if (!other.is_tensor()) unsupported_operands(op, self, other);
    const Tensor b = other.tensor();
    return call("matmul", {a, b}, [&] { return matmul(a, b); });
  }
  if (is_bitwise(op)) {
    const BitwiseOp w = bitwise_op_of(op);
    const Operand b = as_operand(other);
    return call(op_name(w), tensors_of(self, other), [&] { return bitwise(w, a, b); });
  }
  const BinaryOp bop = binary_op_of(op);
  const Operand b = as_operand(other);
  return call(op_name(bop), tensors_of(self, other), [&] { return binary(bop, a, b); });
}

// other is a number, self a tensor: self.__rop__(other).
Value tensor_reflected(Operator op, const Value& number, const Value& self,
                       const CoreCall& call) {
  const Tensor x = self.tensor();
  const Scalar n = as_scalar(number);
  switch (op) {
    case Operator::Add: return call("add", {x}, [&] { return add(x, n); });
    case Operator::Mult: return call("mul", {x}, [&] { return mul(x, n); });
    case Operator::Div: {
      const Tensor r = call("reciprocal", {x}, [&] { return unary(UnaryOp::Reciprocal, x); });
      return call("mul", {r}, [&] { return mul(r, n); });
    }
    case Operator::MatMult: unsupported_operands(op, number, self);
    case Operator::Sub:  // torch.rsub(x, n): n - x, its node named as PyTorch's rsub(Tensor, Scalar) names it
      return call("sub", {x}, [&] {
        Tensor out = sub(n, x);
        set_grad_fn(out, "RsubBackward1");
        return out;
      });
    case Operator::BitOr: case Operator::BitXor: case Operator::BitAnd: {
      // Tensor.__rand__ ...: bitwise_and(self, other), the tensor first
      const BitwiseOp w = bitwise_op_of(op);
      return call(op_name(w), {x}, [&] { return bitwise(w, x, n); });
    }
    case Operator::FloorDiv: case Operator::Mod: case Operator::Pow: break;
  }
  const BinaryOp bop = binary_op_of(op);
  return call(op_name(bop), {x}, [&] { return binary(bop, n, x); });
}

CompareOp compare_op_of(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return CompareOp::Eq;
    case CmpOp::NotEq: return CompareOp::Ne;
    case CmpOp::Lt: return CompareOp::Lt;
    case CmpOp::LtE: return CompareOp::Le;
    case CmpOp::Gt: return CompareOp::Gt;
    case CmpOp::GtE: break;
    default:  // in, is: compare_operator answers them before asking
      throw InternalError("internal error (please report): no elementwise op for 'in' or 'is'");
  }
  return CompareOp::Ge;
}

// a < b is b > a when only b is a tensor (Python's reflected comparison).
CmpOp swapped(CmpOp op) {
  switch (op) {
    case CmpOp::Lt: return CmpOp::Gt;
    case CmpOp::Gt: return CmpOp::Lt;
    case CmpOp::LtE: return CmpOp::GtE;
    case CmpOp::GtE: return CmpOp::LtE;
    case CmpOp::Eq: case CmpOp::NotEq: break;
    case CmpOp::In: case CmpOp::NotIn: case CmpOp::Is: case CmpOp::IsNot: break;  // never reflected
  }
  return op;
}

// --- comparisons of anything else

[[noreturn]] void not_orderable(CmpOp op, const Value& a, const Value& b) {
  throw PythonError("TypeError", "'" + std::string(operator_text(op)) + "' not supported between instances of '" +
                                     type_name(a) + "' and '" + type_name(b) + "'");
}

// An int and a float compared exactly, as Python does (not through double).
int compare_int_float(int64_t i, double d) {
  // d is not NaN here
  if (d >= 9223372036854775808.0) return -1;
  if (d < -9223372036854775808.0) return 1;
  const double fl = std::floor(d);
  const int64_t whole = static_cast<int64_t>(fl);
  if (i < whole) return -1;
  if (i > whole) return 1;
  return d > fl ? -1 : 0;
}

// Whether `op` holds of two things that compare as c (<0, 0, >0).
bool ordered(CmpOp op, int c) {
  switch (op) {
    case CmpOp::Eq: return c == 0;
    case CmpOp::NotEq: return c != 0;
    case CmpOp::Lt: return c < 0;
    case CmpOp::LtE: return c <= 0;
    case CmpOp::Gt: return c > 0;
    case CmpOp::GtE: break;
    case CmpOp::In: case CmpOp::NotIn: case CmpOp::Is: case CmpOp::IsNot:
      // compare_operator answers these before it orders anything
      throw InternalError("internal error (please report): 'in' or 'is' ordered");
  }
  return c >= 0;
}

Value number_compare(CmpOp op, const Value& a, const Value& b) {
  if (is_float(a) || is_float(b)) {
    const bool fa = is_float(a), fb = is_float(b);
    if ((fa && std::isnan(as_double(a))) || (fb && std::isnan(as_double(b)))) return op == CmpOp::NotEq;
    if (fa && fb) {
      const double x = as_double(a), y = as_double(b);
      return ordered(op, x < y ? -1 : x > y ? 1 : 0);
    }
    if (fb) return ordered(op, compare_int_float(as_int(a), as_double(b)));
    return ordered(op, -compare_int_float(as_int(b), as_double(a)));
  }
  const int64_t x = as_int(a), y = as_int(b);
  return ordered(op, x < y ? -1 : x > y ? 1 : 0);
}

// Python's `a is b` where the interpreter can tell: the same tensor, None,
// the same (shared) string, tuple or list.
bool same_object(const Value& a, const Value& b) {
  if (a.is_tensor() && b.is_tensor()) return a.tensor().impl_ptr() == b.tensor().impl_ptr();
  if (a.is_none() && b.is_none()) return true;
  if (a.sequence() != nullptr) return a.sequence() == b.sequence();
  if (a.str() != nullptr) return a.str() == b.str();
  return false;
}

Value sequence_compare(CmpOp op, const Sequence& a, const Sequence& b,
                       const Value& va, const Value& vb, const CoreCall& call) {
  if (is_tuple_kind(a.kind) != is_tuple_kind(b.kind)) {
    if (op == CmpOp::Eq) return false;
    if (op == CmpOp::NotEq) return true;
    not_orderable(op, va, vb);
  }
  // Python: the first items that differ decide; identical items are equal
  // (so [s] * n == [s] * n never walks s). Each item compared is charged to
  // the work budget as it comes.
  size_t i = 0;
  for (; i < a.items.size() && i < b.items.size(); ++i) {
    charge_work(WorkKind::Elements, 1);
    if (same_object(a.items[i], b.items[i])) continue;
    if (!truth(compare_operator(CmpOp::Eq, a.items[i], b.items[i], call))) break;
  }
  if (i >= a.items.size() || i >= b.items.size()) {
    const int64_t na = static_cast<int64_t>(a.items.size()), nb = static_cast<int64_t>(b.items.size());
    return ordered(op, na < nb ? -1 : na > nb ? 1 : 0);
  }
  if (op == CmpOp::Eq) return false;
  if (op == CmpOp::NotEq) return true;
  return compare_operator(op, a.items[i], b.items[i], call);
}

}  // namespace

Value binary_operator(Operator op, const Value& a, const Value& b, const CoreCall& call) {
  if (a.is_tensor() && is_operand(b)) return tensor_binary(op, a, b, call);
  if (is_number(a) && b.is_tensor()) return tensor_reflected(op, a, b, call);
  if (sequence_operands(op, a, b)) return sequence_binary(op, a, b);
  if (a.is_tensor() || b.is_tensor()) unsupported_operands(op, a, b);
  if (is_number(a) && is_number(b)) return number_binary(op, a, b);
  unsupported_operands(op, a, b);
}

Value unary_operator(UnaryOperator op, const Value& a, const CoreCall& call) {
  if (op == UnaryOperator::Not) return !truth(a);
  if (a.is_tensor()) {
    const Tensor x = a.tensor();
    if (op == UnaryOperator::USub) return call("neg", {x}, [&] { return unary(UnaryOp::Neg, x); });
    if (op == UnaryOperator::Invert) {
      // Tensor.__invert__ (python_variable_methods.cpp) refuses a float
      // tensor itself, before bitwise_not's kernel could
      if (is_floating(x.dtype()))
        throw PythonError("TypeError",
                          "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
      return call("bitwise_not", {x}, [&] { return bitwise_not(x); });
    }
    // Tensor.__pos__ is torch.positive: the tensor itself (not a copy)
    TC_CHECK(Value, x.dtype() != DType::Bool,
             "The `+` operator, on a bool tensor is not supported.");
    return a;
  }
  if (is_float(a) && op != UnaryOperator::Invert) return op == UnaryOperator::USub ? -as_double(a) : as_double(a);
  if (is_number(a) && !is_float(a)) {
    const int64_t i = as_int(a);
    if (op == UnaryOperator::Invert) return ~i;  // ~True is -2: a bool inverts as its int
    if (op == UnaryOperator::UAdd) return i;
    if (i == std::numeric_limits<int64_t>::min()) overflow();
    return -i;
  }
  throw PythonError("TypeError",
                    "bad operand type for unary " + std::string(operator_text(op)) + ": '" + type_name(a) + "'");
}

// Python's `is`: the same object. A program cannot see the address of a
// number, so bools, None and dtypes (singletons in Python and PyTorch) are
// themselves, and ints are when CPython caches them (-5 to 256).
bool identical(const Value& a, const Value& b) {
  if (same_object(a, b)) return true;
  if (auto x = std::get_if<bool>(&a.v)) return std::holds_alternative<bool>(b.v) && *x == std::get<bool>(b.v);
  if (auto x = std::get_if<DType>(&a.v)) return std::holds_alternative<DType>(b.v) && *x == std::get<DType>(b.v);
  if (auto x = std::get_if<int64_t>(&a.v))
    return std::holds_alternative<int64_t>(b.v) && *x == std::get<int64_t>(b.v) && *x >= -5 && *x <= 256;
  if (auto ma = std::get_if<ModuleRef>(&a.v))
    if (auto mb = std::get_if<ModuleRef>(&b.v)) return ma->path == mb->path;
  return false;
}

// Python's `element in container`: a str's substring, a sequence's item
// (the same object, or one that compares equal), a tensor's element as
// Tensor.__contains__ finds it: (element == self).any().
bool contains(const Value& container, const Value& element, const CoreCall& call) {
  if (const std::string* text = container.text()) {
    const std::string* part = element.text();
    if (part == nullptr)
      throw PythonError("TypeError", "'in <string>' requires string as left operand, not " +
                                         std::string(type_name(element)));
    charge_work(WorkKind::Elements, static_cast<double>(text->size()));
    return text->find(*part) != std::string::npos;
  }
  if (const Sequence* s = container.sequence()) {
    for (const Value& item : s->items) {
      charge_work(WorkKind::Elements, 1);
      if (identical(item, element) || truth(compare_operator(CmpOp::Eq, item, element, call))) return true;
    }
    return false;
  }
  if (container.is_tensor()) {
    if (!element.is_tensor() && !is_number(element))
      throw Error(ErrorKind::Type, std::string("Tensor.__contains__ only supports Tensor or scalar, but you passed in a ") +
                                       type_name(element) + ".");
    const Value equal = compare_operator(CmpOp::Eq, element, container, call);
    const Tensor e = equal.tensor();
    return truth(Value(call("any", {e}, [&] { return any(e, std::nullopt, false); })));
  }
  throw PythonError("TypeError", "argument of type '" + std::string(type_name(container)) + "' is not iterable");
}

Value compare_operator(CmpOp op, const Value& a, const Value& b, const CoreCall& call) {
  if (op == CmpOp::Is || op == CmpOp::IsNot) return identical(a, b) == (op == CmpOp::Is);
  if (op == CmpOp::In || op == CmpOp::NotIn) return contains(b, a, call) == (op == CmpOp::In);
  if (a.is_tensor() && is_operand(b)) {
    const Tensor x = a.tensor();
    const Operand y = as_operand(b);
    const CompareOp c = compare_op_of(op);
    return call(op_name(c), tensors_of(a, b), [&] { return compare(c, x, y); });
  }
  if (is_number(a) && b.is_tensor()) {
    const Tensor x = b.tensor();
    const Scalar n = as_scalar(a);
    const CompareOp c = compare_op_of(swapped(op));
    return call(op_name(c), {x}, [&] { return compare(c, x, n); });
  }
  if (is_number(a) && is_number(b)) return number_compare(op, a, b);
  const Sequence* sa = a.sequence();
  const Sequence* sb = b.sequence();
  if (sa && sb) return sequence_compare(op, *sa, *sb, a, b, call);
  const std::string* stra = a.text();
  const std::string* strb = b.text();
  if (stra && strb) {
    // UTF-8's byte order is its code points' order, Python's order of str
    charge_work(WorkKind::Elements, static_cast<double>(std::min(stra->size(), strb->size())));
    const int c = stra->compare(*strb);
    return ordered(op, c < 0 ? -1 : c > 0 ? 1 : 0);
  }
  const auto* da = std::get_if<DType>(&a.v);
  const auto* db = std::get_if<DType>(&b.v);
  // anything else: == is identity (None == None), < is a TypeError
  bool equal = same_object(a, b) || (da && db && *da == *db);
  if (const auto* ma = std::get_if<ModuleRef>(&a.v))
    if (const auto* mb = std::get_if<ModuleRef>(&b.v)) equal = ma->path == mb->path;
  if (op == CmpOp::Eq) return equal;
  if (op == CmpOp::NotEq) return !equal;
  not_orderable(op, a, b);
}

Value augmented_operator(Operator op, const Value& target, const Value& value,
                         const CoreCall& call) {
  if (target.is_tensor() && is_bitwise(op) && is_operand(value)) {
    // Tensor.__iand__ ...: bitwise_and_ ..., in place
    Tensor self = target.tensor();
    const BitwiseOp w = bitwise_op_of(op);
    const Operand other = as_operand(value);
    call(std::string(op_name(w)) + "_", tensors_of(target, value), [&] { return bitwise_(w, self, other); });
    return target;
  }
  if (target.is_tensor() && op != Operator::MatMult && is_operand(value)) {
    Tensor self = target.tensor();
    const BinaryOp bop = binary_op_of(op);
    const Operand other = as_operand(value);
    const std::string name = std::string(op_name(bop)) + "_";
    std::vector<Tensor> inputs{self};
    if (value.is_tensor()) inputs.push_back(value.tensor());
    call(name, inputs, [&] { return binary_(bop, self, other); });
    return target;
  }
  try {
    return binary_operator(op, target, value, call);
  } catch (const PythonError& e) {
    // Python names the augmented operator in its TypeError
    const std::string plain = "unsupported operand type(s) for " + shown(op) + ":";
    const std::string text = e.what();
    if (e.type() == "TypeError" && text.compare(0, plain.size(), plain) == 0)
      throw PythonError("TypeError", "unsupported operand type(s) for " + std::string(operator_text(op)) + "=:" +
                                         text.substr(plain.size()));
    throw;
  }
}

void int_overflow() {
  throw PythonError("OverflowError",
                    "integer overflow: the result does not fit in 64 bits (tensorcast's integers "
                    "are int64)");
}

bool truth(const Value& value) {
  if (value.is_none()) return false;
  if (auto b = std::get_if<bool>(&value.v)) return *b;
  if (auto i = std::get_if<int64_t>(&value.v)) return *i != 0;
  if (auto d = std::get_if<double>(&value.v)) return *d != 0;
  if (const std::string* s = value.text()) return !s->empty();
  if (const Sequence* s = value.sequence()) return !s->items.empty();
  if (value.is_tensor()) {
    const Tensor& t = value.tensor();
    TC_CHECK(Value, t.numel() != 0, "Boolean value of Tensor with no values is ambiguous");
    TC_CHECK(Value, t.numel() == 1, "Boolean value of Tensor with more than one value is ambiguous");
    return t.item() != 0 || std::isnan(t.item());
  }
  return true;
}

}  // namespace tc::lang
