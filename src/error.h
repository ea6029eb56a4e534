// Note [Errors]: two kinds of failure.
//  - Error: the user's mistake (bad shape, bad dim, too much memory). Its
//    message is PyTorch's text where PyTorch has one. Raised before any
//    tensor is written, so a caller that catches it finds everything as it was.
//  - InternalError: a broken invariant inside tensorcast, raised by
//    TC_ASSERT. It is an exception, never abort(): an aborted wasm module is
//    dead for every later call.
#pragma once
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace tc {

// Limit: a budget a program runs under was spent (Note [Work budget], src/work.h).
enum class ErrorKind { Shape, Index, Value, Type, Memory, Autograd, Policy, Limit };
// How many kinds ErrorKind has (Limit is its last); their texts are in
// src/trace_schema.h (Note [Error kinds]).
inline constexpr size_t kErrorKindCount = static_cast<size_t>(ErrorKind::Limit) + 1;

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

// Messages are built from strings and numbers by hand: std::ostringstream
// would link iostreams and locales into every .wasm (about 73 KB).
namespace detail {
inline void append(std::string& out, const std::string& s) { out += s; }
inline void append(std::string& out, const char* s) { out += s; }
inline void append(std::string& out, char c) { out += c; }
inline void append(std::string& out, double v) {  // as ostream prints it: 1e+300, 0.5
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  out += buf;
}
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
void append(std::string& out, T v) {
  out += std::to_string(v);
}
template <typename... Args>
std::string concat(const Args&... args) {
  std::string out;
  (append(out, args), ...);
  return out;
}
}  // namespace detail

// fail(ErrorKind::Shape, "The size of tensor a (", 2, ") must match ...")
template <typename... Args>
[[noreturn]] void fail(ErrorKind kind, const Args&... args) {
  throw Error(kind, detail::concat(args...));
}

}  // namespace tc

// A rule the caller must keep, as PyTorch's TORCH_CHECK: raises
// Error(ErrorKind::kind, message) unless cond holds. The message (strings
// and numbers, concatenated) is only built on failure.
//   TC_CHECK(Index, dim < ndim, "Dimension out of range (expected to be in range of [", ...);
// A broken invariant of tensorcast itself is TC_ASSERT, not TC_CHECK.
#define TC_CHECK(kind, cond, ...)                                 \
  do {                                                            \
    if (!(cond)) ::tc::fail(::tc::ErrorKind::kind, __VA_ARGS__);  \
  } while (0)

#define TC_ASSERT(cond, ...)                                                \
  do {                                                                      \
    if (!(cond))                                                            \
      throw ::tc::InternalError(::tc::detail::concat(                       \
          "internal error (please report): ", #cond, " at ", __FILE__, ":", \
          __LINE__, " ", ##__VA_ARGS__));                                   \
  } while (0)
