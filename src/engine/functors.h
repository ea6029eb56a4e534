// Elementwise functions, each as a scalar and (where wasm SIMD has the
// instruction) a 4-lane form. kVector says whether the 4-lane form exists;
// kernels built from a functor without one run the scalar form.
#pragma once
#include <cmath>

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
// relu(NaN) is NaN in PyTorch: max with NaN propagation does that.
struct Relu {
  static constexpr const char* name = "relu";
  static constexpr bool kVector = true;
  float operator()(float a) const { return a > 0.0f || a != a ? a : 0.0f; }
  f32x4 operator()(f32x4 a) const { return simd::max(a, simd::splat(0.0f)); }
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

// Comparisons write bool (uint8 0/1); scalar loops that compilers vectorise.
struct Eq { static constexpr const char* name = "eq"; bool operator()(float a, float b) const { return a == b; } };
struct Ne { static constexpr const char* name = "ne"; bool operator()(float a, float b) const { return a != b; } };
struct Lt { static constexpr const char* name = "lt"; bool operator()(float a, float b) const { return a < b; } };
struct Le { static constexpr const char* name = "le"; bool operator()(float a, float b) const { return a <= b; } };
struct Gt { static constexpr const char* name = "gt"; bool operator()(float a, float b) const { return a > b; } };
struct Ge { static constexpr const char* name = "ge"; bool operator()(float a, float b) const { return a >= b; } };

}  // namespace tc::fn
