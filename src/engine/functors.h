// Elementwise functions, each as a scalar and (where wasm SIMD has the
// instruction) a 4-lane form. kVector says whether the 4-lane form exists;
// kernels built from a functor without one run the scalar form.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "simd.h"

namespace tc::fn {

using simd::f32x4;

// self + alpha * other (PyTorch's ufunc add, aten/src/ATen/native/ufunc/add.h).
// With alpha 1 (nearly every call) the multiply is left out altogether: a
// separate functor, so the loop holds no test of alpha.
struct Add {
  static constexpr const char* name = "add";
  static constexpr bool kVector = true;
  float operator()(float a, float b) const { return a + b; }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::add(a, b); }
};
struct AddAlpha {
  static constexpr const char* name = "add";
  static constexpr bool kVector = true;
  float alpha;
  float operator()(float a, float b) const { return a + alpha * b; }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::add(a, simd::mul(simd::splat(alpha), b)); }
};
struct Sub {
  static constexpr const char* name = "sub";
  static constexpr bool kVector = true;
  float operator()(float a, float b) const { return a - b; }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::sub(a, b); }
};
struct SubAlpha {
  static constexpr const char* name = "sub";
  static constexpr bool kVector = true;
  float alpha;
  float operator()(float a, float b) const { return a - alpha * b; }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::sub(a, simd::mul(simd::splat(alpha), b)); }
};
struct Mul {
  static constexpr const char* name = "mul";
  static constexpr bool kVector = true;
  float operator()(float a, float b) const { return a * b; }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::mul(a, b); }
};
struct Div {
  static constexpr const char* name = "div";
  static constexpr bool kVector = true;
  float operator()(float a, float b) const { return a / b; }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::div(a, b); }
};
struct Pow {
  static constexpr const char* name = "pow";
  static constexpr bool kVector = false;
  float operator()(float a, float b) const { return std::pow(a, b); }
};
// A float tensor ** a number, as PyTorch's pow_tensor_scalar_kernel
// (aten/src/ATen/native/cpu/PowKernel.cpp) computes it: ** 0.5, -0.5 and
// -1 by its sqrt, rsqrt (1 / sqrt) and reciprocal kernels, ** 2, 3 and -2
// by multiplication, any other exponent by pow. Not the same numbers as
// pow's: x * x * x and powf(x, 3) differ in the last bit for about a
// quarter of floats, and sqrt(-0.0) is -0.0 where pow gives 0.0.
enum class PowExponent { Other, Two, Three, MinusTwo, Half, MinusHalf, MinusOne };
inline PowExponent pow_exponent(double e) {
  if (e == 2.0) return PowExponent::Two;
  if (e == 3.0) return PowExponent::Three;
  if (e == -2.0) return PowExponent::MinusTwo;
  if (e == 0.5) return PowExponent::Half;
  if (e == -0.5) return PowExponent::MinusHalf;
  if (e == -1.0) return PowExponent::MinusOne;
  return PowExponent::Other;
}
template <class T>  // floating T
inline T pow_by_number(PowExponent kind, T a, T b) {
  switch (kind) {
    case PowExponent::Two: return a * a;
    case PowExponent::Three: return a * a * a;
    case PowExponent::MinusTwo: return T(1) / (a * a);
    case PowExponent::Half: return std::sqrt(a);
    case PowExponent::MinusHalf: return T(1) / std::sqrt(a);
    case PowExponent::MinusOne: return T(1) / a;
    case PowExponent::Other: break;
  }
  return std::pow(a, b);
}
struct PowNumber {
  static constexpr const char* name = "pow";
  static constexpr bool kVector = false;
  PowExponent kind;
  float operator()(float a, float b) const { return pow_by_number(kind, a, b); }
};
struct Maximum {
  static constexpr const char* name = "maximum";
  static constexpr bool kVector = true;
  float operator()(float a, float b) const { return simd::max(a, b); }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::max(a, b); }
};
struct Minimum {
  static constexpr const char* name = "minimum";
  static constexpr bool kVector = true;
  float operator()(float a, float b) const { return simd::min(a, b); }
  f32x4 operator()(f32x4 a, f32x4 b) const { return simd::min(a, b); }
};

struct Neg {
  static constexpr const char* name = "neg";
  static constexpr bool kVector = true;
  float operator()(float a) const { return -a; }
  f32x4 operator()(f32x4 a) const { return simd::neg(a); }
};
struct Abs {
  static constexpr const char* name = "abs";
  static constexpr bool kVector = true;
  float operator()(float a) const { return std::fabs(a); }
  f32x4 operator()(f32x4 a) const { return simd::abs(a); }
};
struct Sqrt {
  static constexpr const char* name = "sqrt";
  static constexpr bool kVector = true;
  float operator()(float a) const { return std::sqrt(a); }
  f32x4 operator()(f32x4 a) const { return simd::sqrt(a); }
};
// a < 0 ? 0 : a, keeping -0.0 and NaN. For floats it is decided on the
// bits: clang turns the plain select into a max instruction (wasm's
// f32.max), which answers +0.0 for -0.0.
template <class T>
inline T clamp_min_zero(T a) {
  if constexpr (std::is_floating_point_v<T>) {
    using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
    constexpr U inf = sizeof(T) == 4 ? U(0x7f800000u) : U(0x7ff0000000000000u);
    U u;
    std::memcpy(&u, &a, sizeof u);
    const bool negative = (u & sign) != 0 && (u & ~sign) - 1 < inf;  // not -0.0, not NaN
    return negative ? T(0) : a;
  } else {
    return a < T(0) ? T(0) : a;
  }
}

// PyTorch's relu is clamp_min(self, 0): std::max(a, 0) and, in 8 lanes,
// _mm256_max_ps(min, a), both of which keep a when it is NaN or -0.0
// (relu(-0.0) is -0.0).
struct Relu {
  static constexpr const char* name = "relu";
  static constexpr bool kVector = true;
  float operator()(float a) const { return clamp_min_zero(a); }
#if defined(__wasm_simd128__) || defined(__SSE2__)
  f32x4 operator()(f32x4 a) const { return simd::clamp_min(a, simd::splat(0.0f)); }
#else
  // The plain 4-lane struct: lane by lane on the bits, as above (its
  // select of x < 0 ? 0 : x became wasm's f32.max, relu(-0.0) = +0.0).
  f32x4 operator()(f32x4 a) const {
    return {{clamp_min_zero(a.v[0]), clamp_min_zero(a.v[1]), clamp_min_zero(a.v[2]),
             clamp_min_zero(a.v[3])}};
  }
#endif
};
struct Exp {
  static constexpr const char* name = "exp";
  static constexpr bool kVector = false;
  float operator()(float a) const { return std::exp(a); }
};
struct Log {
  static constexpr const char* name = "log";
  static constexpr bool kVector = false;
  float operator()(float a) const { return std::log(a); }
};
// copy: the identity, used to materialise views (contiguous, reshape, clone).
struct Copy {
  static constexpr const char* name = "copy";
  static constexpr bool kVector = true;
  float operator()(float a) const { return a; }
  f32x4 operator()(f32x4 a) const { return a; }
};

// Comparisons write bool, for inputs of any dtype; scalar loops that
// compilers vectorise.
struct Eq { static constexpr const char* name = "eq"; template <class T> bool operator()(T a, T b) const { return a == b; } };
struct Ne { static constexpr const char* name = "ne"; template <class T> bool operator()(T a, T b) const { return a != b; } };
struct Lt { static constexpr const char* name = "lt"; template <class T> bool operator()(T a, T b) const { return a < b; } };
struct Le { static constexpr const char* name = "le"; template <class T> bool operator()(T a, T b) const { return a <= b; } };
struct Gt { static constexpr const char* name = "gt"; template <class T> bool operator()(T a, T b) const { return a > b; } };
struct Ge { static constexpr const char* name = "ge"; template <class T> bool operator()(T a, T b) const { return a >= b; } };
// logical_and, logical_or, logical_xor (src/ops/bitwise.cpp): each
// operand's truth, nonzero (NaN is true, -0.0 false), as PyTorch's.
struct LogicalAnd { static constexpr const char* name = "logical_and"; template <class T> bool operator()(T a, T b) const { return (a != T(0)) && (b != T(0)); } };
struct LogicalOr { static constexpr const char* name = "logical_or"; template <class T> bool operator()(T a, T b) const { return (a != T(0)) || (b != T(0)); } };
struct LogicalXor { static constexpr const char* name = "logical_xor"; template <class T> bool operator()(T a, T b) const { return (a != T(0)) != (b != T(0)); } };

// --- every dtype (T: the C++ type of the dtype computed in, dtype.h)
//
// Note [Integer arithmetic]: integers wrap around as PyTorch's do (two's
// complement: int64 2^63 - 1 + 1 is -2^63); C++ leaves signed overflow
// undefined, so it goes through the unsigned type. Bool arithmetic is
// logical (add: or, mul: and), as PyTorch's bool kernels are. Integer
// division by zero never reaches a functor (the op raises
// "ZeroDivisionError" first: src/ops/binary.cpp), and the one quotient
// that overflows, the lowest value // -1, wraps to itself (x86 would trap,
// and so would wasm, killing the module).
//
// kAutovec says whether the contiguous loop is one a compiler's vectoriser
// can turn into SIMD (no libm call, no integer division): it decides the
// kernel's name (Note [Kernel names]), not how it is compiled.

template <class T>
inline T wrap_add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (std::is_integral_v<T>) return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));
  else return a + b;
}
template <class T>
inline T wrap_sub(T a, T b) {
  static_assert(!std::is_same_v<T, bool>, "bool subtraction is refused before a kernel runs");
  if constexpr (std::is_integral_v<T>) return T(std::make_unsigned_t<T>(a) - std::make_unsigned_t<T>(b));
  else return a - b;
}
template <class T>
inline T wrap_mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  // uint8 and int32 multiply in a wider unsigned type: uint8 * uint8 would
  // otherwise promote to (signed) int and overflow.
  else if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
    return T(U(a) * U(b));
  } else return a * b;
}

template <class T>
struct TAdd {
  static constexpr const char* name = "add";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return wrap_add(a, b); }
};
template <class T>
struct TAddAlpha {
  static constexpr const char* name = "add";
  static constexpr bool kVector = false, kAutovec = true;
  T alpha;
  T operator()(T a, T b) const { return wrap_add(a, wrap_mul(alpha, b)); }
};
template <class T>
struct TSub {
  static constexpr const char* name = "sub";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return wrap_sub(a, b); }
};
template <class T>
struct TSubAlpha {
  static constexpr const char* name = "sub";
  static constexpr bool kVector = false, kAutovec = true;
  T alpha;
  T operator()(T a, T b) const { return wrap_sub(a, wrap_mul(alpha, b)); }
};
template <class T>
struct TMul {
  static constexpr const char* name = "mul";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return wrap_mul(a, b); }
};
template <class T>  // floating T only: integers are promoted to float first
struct TDiv {
  static constexpr const char* name = "div";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return a / b; }
};
// NaN wins, as in torch.maximum; otherwise std::max and std::min (on a
// tie, -0.0 and 0.0, the first operand); for bool, or and and.
template <class T>
struct TMaximum {
  static constexpr const char* name = "maximum";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) return a != a ? a : b != b ? b : (a < b ? b : a);
    else return a < b ? b : a;
  }
};
template <class T>
struct TMinimum {
  static constexpr const char* name = "minimum";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) return a != a ? a : b != b ? b : (b < a ? b : a);
    else return b < a ? b : a;
  }
};

// The quotient of integers that cannot overflow: lowest / -1 wraps.
template <class T>
inline T safe_div(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return T(std::make_unsigned_t<T>(0) - std::make_unsigned_t<T>(a));
  return a / b;
}
template <class T>
inline T safe_rem(T a, T b) {
  if constexpr (std::is_signed_v<T>)
    if (b == -1) return 0;
  return a % b;
}

// PyTorch's div_floor_integer and div_floor_floating (aten/src/ATen/native/
// BinaryOps.h): for floats, the floor of (a - fmod(a, b)) / b corrected
// by one where fmod's sign differs from b's, with IEEE's a / b for b == 0.
template <class T>
struct TFloorDivide {
  static constexpr const char* name = "floor_divide";
  static constexpr bool kVector = false, kAutovec = false;
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) {
      if (b == 0) return a / b;
      const T mod = std::fmod(a, b);
      T div = (a - mod) / b;
      if (mod != 0 && (b < 0) != (mod < 0)) div -= T(1);
      if (div == 0) return std::copysign(T(0), a / b);
      T floordiv = std::floor(div);
      if (div - floordiv > T(0.5)) floordiv += T(1);
      return floordiv;
    } else {
      const T quot = safe_div(a, b);
      if constexpr (std::is_signed_v<T>)
        if ((a < 0) != (b < 0) && safe_rem(a, b) != 0) return T(quot - 1);
      return quot;
    }
  }
};
// Python's %: the remainder takes the divisor's sign (PyTorch's remainder).
template <class T>
struct TRemainder {
  static constexpr const char* name = "remainder";
  static constexpr bool kVector = false, kAutovec = false;
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) {
      T mod = std::fmod(a, b);
      if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
      return mod;
    } else {
      T r = safe_rem(a, b);
      if constexpr (std::is_signed_v<T>)
        if (r != 0 && (r < 0) != (b < 0)) r = T(r + b);
      return r;
    }
  }
};
template <class T>  // floating T: see PowNumber
struct TPowNumber {
  static constexpr const char* name = "pow";
  static constexpr bool kVector = false, kAutovec = false;
  PowExponent kind;
  T operator()(T a, T b) const { return pow_by_number(kind, a, b); }
};
// Integer powers by squaring, wrapping (PyTorch's powi); a negative
// exponent gives 1 for base 1, +-1 for base -1 and 0 otherwise.
template <class T>
struct TPow {
  static constexpr const char* name = "pow";
  static constexpr bool kVector = false, kAutovec = false;
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point_v<T>) {
      return std::pow(a, b);
    } else {
      // bool: only a bool tensor ** True/False gets here (a copy, or all
      // true: PyTorch's copy_/fill_(1)); bool ** a bool tensor is refused.
      if constexpr (std::is_same_v<T, bool>) return b ? a : true;
      if constexpr (std::is_signed_v<T>)
        if (b < 0) return a == 1 ? T(1) : a == -1 ? T((b % 2) ? -1 : 1) : T(0);
      T result = 1;
      while (b) {
        if (b & 1) result = wrap_mul(result, a);
        b /= 2;
        a = wrap_mul(a, a);
      }
      return result;
    }
  }
};

template <class T>
struct TNeg {
  static constexpr const char* name = "neg";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const {
    if constexpr (std::is_integral_v<T>) return T(std::make_unsigned_t<T>(0) - std::make_unsigned_t<T>(a));
    else return -a;
  }
};
template <class T>
struct TAbs {
  static constexpr const char* name = "abs";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const {
    if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) return a;
    else if constexpr (std::is_integral_v<T>) return a < 0 ? TNeg<T>{}(a) : a;
    else return std::fabs(a);
  }
};
template <class T>
struct TRelu {  // as Relu: std::max(a, 0)
  static constexpr const char* name = "relu";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const { return clamp_min_zero(a); }
};
// exp, log and sqrt of a floating T (integers are promoted to float32
// before they get here).
template <class T>
struct TExp {
  static constexpr const char* name = "exp";
  static constexpr bool kVector = false, kAutovec = false;
  T operator()(T a) const { return std::exp(a); }
};
template <class T>
struct TLog {
  static constexpr const char* name = "log";
  static constexpr bool kVector = false, kAutovec = false;
  T operator()(T a) const { return std::log(a); }
};
template <class T>
struct TSqrt {
  static constexpr const char* name = "sqrt";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const { return std::sqrt(a); }
};

// --- unary ops (src/ops/unary.cpp), every dtype they reach.
// Each is the scalar lambda of PyTorch's CPU kernel
// (aten/src/ATen/native/cpu/UnaryOpsKernel.cpp); where PyTorch runs a
// vectorised libm (Sleef: tanh, sin, cos, log1p, expm1) these call the C
// library instead, so a value may differ from PyTorch's in the last bit
// (README, "Unary ops").
#define TC_FLOAT_UNARY(Name, op_name, autovec, expr)               \
  template <class T>                                               \
  struct Name {                                                    \
    static constexpr const char* name = op_name;                   \
    static constexpr bool kVector = false, kAutovec = autovec;     \
    T operator()(T a) const { return expr; }                       \
  };
// sigmoid_kernel's scalar form: 1 / (1 + exp(-a)).
TC_FLOAT_UNARY(TSigmoid, "sigmoid", false, T(1) / (T(1) + std::exp(-a)))
TC_FLOAT_UNARY(TTanh, "tanh", false, std::tanh(a))
TC_FLOAT_UNARY(TSin, "sin", false, std::sin(a))
TC_FLOAT_UNARY(TCos, "cos", false, std::cos(a))
TC_FLOAT_UNARY(TLog1p, "log1p", false, std::log1p(a))
TC_FLOAT_UNARY(TExpm1, "expm1", false, std::expm1(a))
// rsqrt_kernel and reciprocal_kernel: 1 / sqrt(a) and 1 / a, both
// correctly rounded at each step (no approximate rsqrt instruction).
TC_FLOAT_UNARY(TRsqrt, "rsqrt", true, T(1) / std::sqrt(a))
TC_FLOAT_UNARY(TReciprocal, "reciprocal", true, T(1) / a)
#undef TC_FLOAT_UNARY
// floor, ceil and round (vml's, one instruction each); round is
// std::nearbyint: halves to even in the default rounding mode. An integer
// is its own value (PyTorch copies it: gh-70918).
#define TC_ROUNDING_UNARY(Name, op_name, expr)                         \
  template <class T>                                                   \
  struct Name {                                                        \
    static constexpr const char* name = op_name;                       \
    static constexpr bool kVector = false, kAutovec = true;            \
    T operator()(T a) const {                                          \
      if constexpr (std::is_integral_v<T>) return a;                   \
      else return expr;                                                \
    }                                                                  \
  };
TC_ROUNDING_UNARY(TFloor, "floor", std::floor(a))
TC_ROUNDING_UNARY(TCeil, "ceil", std::ceil(a))
TC_ROUNDING_UNARY(TRound, "round", std::nearbyint(a))
#undef TC_ROUNDING_UNARY

// round(decimals=d) (round_decimals_kernel): nearbyint(a * 10^d) / 10^d,
// or for d < 0 nearbyint(a / 10^-d) * 10^-d, with 10^|d| in T.
template <class T>
struct TRoundDecimals {
  static constexpr const char* name = "round";
  static constexpr bool kVector = false, kAutovec = false;
  bool negative;
  T ten_pow;
  T operator()(T a) const {
    return negative ? std::nearbyint(a / ten_pow) * ten_pow : std::nearbyint(a * ten_pow) / ten_pow;
  }
};

// sign_kernel: (0 < a) - (a < 0), so sign(NaN) and sign(-0.0) are 0 (+0.0);
// unsigned values are never negative. Bool is the identity.
template <class T>
struct TSign {
  static constexpr const char* name = "sign";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const {
    if constexpr (std::is_same_v<T, bool>) return a;
    else if constexpr (std::is_unsigned_v<T>) return T(T(0) < a);
    else return T(int(T(0) < a) - int(a < T(0)));
  }
};

// clamp with number bounds (clamp_scalar_kernel_impl and its min / max
// forms): std::min(std::max(a, lo), hi). NaN stays NaN; with lo > hi
// every element is hi; a NaN bound given alone leaves a unchanged
// (std::max(a, NaN) is a).
template <class T>
struct TClamp {
  static constexpr const char* name = "clamp";
  static constexpr bool kVector = false, kAutovec = true;
  bool has_lo, has_hi;
  T lo, hi;
  bool all_nan = false;  // both bounds given, one NaN: at::fill_(result, NaN)
  T operator()(T a) const {
    if constexpr (std::is_floating_point_v<T>)
      if (all_nan) return std::numeric_limits<T>::quiet_NaN();
    if (has_lo) a = a < lo ? lo : a;
    if (has_hi) a = hi < a ? hi : a;
    return a;
  }
};
// clamp with tensor bounds (clamp_kernel_impl): NaN where a bound is NaN,
// else std::min(std::max(a, lo), hi).
template <class T>
inline T clamp_tensor(T a, T lo, T hi) {
  if constexpr (std::is_floating_point_v<T>)
    if (lo != lo || hi != hi) return std::numeric_limits<T>::quiet_NaN();
  a = a < lo ? lo : a;
  return hi < a ? hi : a;
}

// bitwise_and, bitwise_or, bitwise_xor, bitwise_not (src/ops/bitwise.cpp):
// bool and integer T only (the op refuses a float dtype first). For bool
// they are and, or, xor and not.
template <class T>
struct TBitwiseAnd {
  static constexpr const char* name = "bitwise_and";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return T(a & b); }
};
template <class T>
struct TBitwiseOr {
  static constexpr const char* name = "bitwise_or";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return T(a | b); }
};
template <class T>
struct TBitwiseXor {
  static constexpr const char* name = "bitwise_xor";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a, T b) const { return T(a ^ b); }
};
template <class T>
struct TBitwiseNot {
  static constexpr const char* name = "bitwise_not";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const {
    if constexpr (std::is_same_v<T, bool>) return !a;
    else return T(~a);
  }
};
// logical_not_ writes into self's own dtype: 1 where self was zero, else 0.
template <class T>
struct TLogicalNot {
  static constexpr const char* name = "logical_not";
  static constexpr bool kVector = false, kAutovec = true;
  T operator()(T a) const { return T(a == T(0)); }
};

}  // namespace tc::fn
