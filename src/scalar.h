// Scalar: a plain number as Python has them, a bool, an int or a float.
// Its kind matters to type promotion (Note [Type promotion]): t + 2 keeps
// an int64 tensor int64, t + 2.0 makes it float32.
//
//   Scalar(2).kind()        // returns Scalar::Kind::Int
//   Scalar(2.0).dtype()     // returns DType::Float64 (a Python float is a double)
//   Scalar(true).to<float>()// returns 1.0f
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "dtype.h"

namespace tc {

class Scalar {
 public:
  enum class Kind { Bool, Int, Float };
  Scalar(bool v) : kind_(Kind::Bool), i_(v), f_(v) {}
  Scalar(int v) : kind_(Kind::Int), i_(v), f_(v) {}
  Scalar(int64_t v) : kind_(Kind::Int), i_(v), f_(static_cast<double>(v)) {}
  Scalar(double v) : kind_(Kind::Float), i_(0), f_(v) {}
  Scalar(float v) : Scalar(static_cast<double>(v)) {}

  Kind kind() const { return kind_; }
  // The dtype PyTorch wraps it in: bool, int64 or float64.
  DType dtype() const {
    return kind_ == Kind::Bool ? DType::Bool : kind_ == Kind::Int ? DType::Int64 : DType::Float64;
  }
  // The value in a dtype's C++ type, converted as Note [Casts] says.
  template <class T>
  T to() const {
    if (kind_ == Kind::Float) return convert<T>(f_);
    if (kind_ == Kind::Bool) return convert<T>(i_ != 0);
    return convert<T>(i_);
  }
  // PyTorch's checked_convert (c10/util/TypeCast.h, overflows()): the value
  // in T, or false when T cannot hold it. Integers may be negative for an
  // unsigned T down to -max (they wrap: uint8 -1 is 255); a float must be in
  // T's range (NaN and infinities fit no integer, every float type); a bool
  // T takes anything.
  template <class T>
  bool fits() const {
    if constexpr (std::is_same_v<T, bool>) {
      return true;
    } else if constexpr (std::is_integral_v<T>) {
      using L = std::numeric_limits<T>;
      if (kind_ == Kind::Float)  // false for NaN; 2^63 and 2^31 are exact doubles
        return f_ >= static_cast<double>(L::lowest()) && f_ < static_cast<double>(L::max()) + 1.0;
      if constexpr (std::is_unsigned_v<T>) return i_ <= int64_t{L::max()} && i_ >= -int64_t{L::max()};
      else return i_ >= int64_t{L::lowest()} && i_ <= int64_t{L::max()};
    } else {
      if (kind_ != Kind::Float || !std::isfinite(f_)) return true;
      return f_ >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
             f_ <= static_cast<double>(std::numeric_limits<T>::max());
    }
  }
  double to_double() const { return kind_ == Kind::Float ? f_ : static_cast<double>(i_); }
  int64_t to_int() const { return i_; }
  // Decimal text that reads back exactly (JavaScript's Number(), Python's
  // float()): an int in full, a float in 17 significant digits, a bool as
  // 1 or 0, and nan, inf, -inf as Python spells them.
  //   Scalar(0.5).exact_text()   // returns "0.5"
  //   Scalar(true).exact_text()  // returns "1"
  std::string exact_text() const {
    if (kind_ != Kind::Float) return std::to_string(i_);
    // A whole number as an int: exact, and many times faster in wasm than
    // printf's %.17g (which a line of 4096-element tensors felt).
    if (f_ == std::trunc(f_) && std::fabs(f_) < 9007199254740992.0 && !(f_ == 0 && std::signbit(f_)))
      return std::to_string(static_cast<int64_t>(f_));
    if (std::isnan(f_)) return "nan";
    if (std::isinf(f_)) return f_ > 0 ? "inf" : "-inf";
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", f_);
    return text;
  }

 private:
  Kind kind_;
  int64_t i_;
  double f_;
};

}  // namespace tc
