#include "js_error.h"

#include <emscripten/emscripten.h>

#include <new>
#include <string>

#include "error.h"
#include "trace_schema.h"

// Module.tcError is installed by the facade before the module starts
// (bindings/ts/loader.ts); it returns a TensorcastError.
EM_JS(void, tcjs_throw, (const char* kind, const char* message), {
  throw Module["tcError"](UTF8ToString(kind), UTF8ToString(message));
});

namespace tcjs {

namespace {
// Static so that nothing in the throwing frame needs a destructor.
std::string g_kind;
std::string g_message;

}  // namespace

void describe_current_exception() {
  try {
    throw;
  } catch (const tc::Error& e) {
    g_kind = tc::schema::error_kind_name(e.kind());
    g_message = e.what();
  } catch (const tc::InternalError& e) {
    g_kind = "internal";
    g_message = e.what();
  } catch (const std::bad_alloc&) {
    g_kind = "memory";
    g_message = "out of memory: the WebAssembly heap could not grow any further";
  } catch (const std::exception& e) {
    g_kind = "internal";
    g_message = std::string("internal error (please report): ") + e.what();
  } catch (...) {
    g_kind = "internal";
    g_message = "internal error (please report): an unknown C++ exception";
  }
}

void throw_described_error() {
  tcjs_throw(g_kind.c_str(), g_message.c_str());
  __builtin_unreachable();
}

}  // namespace tcjs
