// Every bound function runs inside guarded(): a C++ tc::Error (the user's
// mistake, PyTorch's text) or tc::InternalError (a bug) becomes a JavaScript
// TensorcastError built by the facade's Module.tcError(kind, message).
//
// The JS exception is thrown only after the C++ catch block has ended and no
// C++ object with a destructor is alive in the throwing frame, so an error
// costs no memory even if a JS exception skipped C++ cleanups
// (docs/toolchain.md: needs -fwasm-exceptions; with -fexceptions the
// same pattern leaked on every throw).
#pragma once

namespace tcjs {

// Describes the exception being handled (call only inside a catch block)
// into a reused static buffer.
void describe_current_exception();
// Throws the described error into JavaScript; never returns.
[[noreturn]] void throw_described_error();

template <auto F>
struct Guarded;

template <class R, class... A, R (*F)(A...)>
struct Guarded<F> {
  static R call(A... args) {
    try {
      return F(args...);
    } catch (...) {
      describe_current_exception();
    }
    throw_described_error();
  }
};

}  // namespace tcjs

// TC_GUARD(add): a function pointer Embind can bind, with add's signature.
#define TC_GUARD(f) (&::tcjs::Guarded<&f>::call)
