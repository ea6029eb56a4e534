// DType: the element types tensorcast stores, as PyTorch names them
// (without "torch."), and how one converts to another (Note [Casts]).
//
//   dtype_name(DType::Int64)          // returns "int64"
//   dtype_c10_name(DType::Int64)      // returns "Long" (PyTorch's messages)
//   promote_types(Int32, Float32)     // returns Float32
//   can_cast(Float32, Int64)          // returns false (a float into an int)
//
// The set is the one a course meets. float16/bfloat16 are left out (wasm
// has no half-precision arithmetic: every op would widen and round back,
// and their printing rules differ), and so are complex numbers and the
// 8/16-bit signed ints (int8, int16): README, "Dtypes".
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

namespace tc {

// Ordered as PyTorch's ScalarType lattice is walked: a later dtype is never
// "less" in promote_types except Bool, which yields to every other.
enum class DType : uint8_t { Bool, UInt8, Int32, Int64, Float32, Float64 };
constexpr int kDTypeCount = 6;

const char* dtype_name(DType dtype);      // "bool" "uint8" "int32" "int64" "float32" "float64"
const char* dtype_c10_name(DType dtype);  // "Bool" "Byte" "Int" "Long" "Float" "Double"
// The C++ type a dtype holds as c10's TypeMeta (typeid) names it in
// PyTorch's messages: "bool" "unsigned char" "int" "long int" "float" "double".
const char* dtype_cpp_name(DType dtype);
// The legacy tensor type PyTorch's messages name: "torch.FloatTensor",
// "torch.LongTensor", ... (toString of a CPU tensor's type).
std::string dtype_tensor_type(DType dtype);
std::optional<DType> dtype_from_name(const std::string& name);  // also "float", "long", ...
int64_t dtype_size(DType dtype);
inline bool is_floating(DType d) { return d == DType::Float32 || d == DType::Float64; }
// Bool is not integral here (PyTorch's isIntegralType(t, includeBool=false)).
inline bool is_integral(DType d) {
  return d == DType::UInt8 || d == DType::Int32 || d == DType::Int64;
}

// PyTorch's promoteTypes (c10/core/ScalarType.cpp) on these six: the
// smallest dtype both convert to without losing the kind of number
// (bool < integers < floats; uint8 + int32 -> int32; int64 + float32 ->
// float32, as PyTorch says, although float32 cannot hold every int64).
DType promote_types(DType a, DType b);

// PyTorch's canCast (c10/core/ScalarType.h): whether a result of dtype
// `from` may be written into a tensor of dtype `to` by an in-place op:
// never a float into an integer or bool, never a non-bool into bool.
bool can_cast(DType from, DType to);

// The C++ type each dtype is stored as. Bool is C++ bool (one byte, 0 or
// 1), so that arithmetic on it is logical: true + true is true.
template <DType D>
struct CType;
template <> struct CType<DType::Bool> { using type = bool; };
template <> struct CType<DType::UInt8> { using type = uint8_t; };
template <> struct CType<DType::Int32> { using type = int32_t; };
template <> struct CType<DType::Int64> { using type = int64_t; };
template <> struct CType<DType::Float32> { using type = float; };
template <> struct CType<DType::Float64> { using type = double; };

template <class T>
constexpr DType dtype_of() {
  if constexpr (std::is_same_v<T, bool>) return DType::Bool;
  else if constexpr (std::is_same_v<T, uint8_t>) return DType::UInt8;
  else if constexpr (std::is_same_v<T, int32_t>) return DType::Int32;
  else if constexpr (std::is_same_v<T, int64_t>) return DType::Int64;
  else if constexpr (std::is_same_v<T, float>) return DType::Float32;
  else {
    static_assert(std::is_same_v<T, double>, "not a dtype's C++ type");
    return DType::Float64;
  }
}

// Calls f(T{}) with T the C++ type of `dtype`: the one switch over dtypes
// that typed code goes through.
//   visit_dtype(t.dtype(), [&](auto tag) { using T = decltype(tag); ... });
template <class F>
decltype(auto) visit_dtype(DType dtype, F&& f) {
  switch (dtype) {
    case DType::Bool: return f(bool{});
    case DType::UInt8: return f(uint8_t{});
    case DType::Int32: return f(int32_t{});
    case DType::Int64: return f(int64_t{});
    case DType::Float32: return f(float{});
    case DType::Float64: break;
  }
  return f(double{});
}

// Note [Casts]: one element converted as PyTorch's c10::convert does on
// x86 (where the hidden questions of C++ are answered by the hardware):
//  - to bool: nonzero is true (NaN too);
//  - float to integer: truncation toward zero; NaN, infinities and values
//    outside the target's range give its lowest value (x86's "integer
//    indefinite", 0x80...0), never a trap: wasm's plain conversion traps,
//    which would abort the module;
//  - float to uint8: through int64, as c10's static_cast_with_inter_type
//    does (-1.0 -> 255, 300.0 -> 44);
//  - integer to narrower integer: the low bits (two's complement);
//  - to float: rounded to nearest (int64 2^53 + 1 -> float64 2^53).
template <class To, class From>
inline To convert(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0) || v != v;
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    if constexpr (std::is_same_v<To, uint8_t>) {
      return static_cast<uint8_t>(static_cast<uint64_t>(convert<int64_t>(v)));
    } else {
      constexpr double lo = static_cast<double>(std::numeric_limits<To>::min());
      constexpr double hi = -lo;  // 2^31 or 2^63: the first value out of range
      const double d = static_cast<double>(v);
      if (!(d >= lo && d < hi)) return std::numeric_limits<To>::min();
      return static_cast<To>(d);
    }
  } else if constexpr (std::is_integral_v<From> && std::is_integral_v<To> &&
                       !std::is_same_v<From, bool>) {
    return static_cast<To>(static_cast<std::make_unsigned_t<To>>(v));
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace tc
