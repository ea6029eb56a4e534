// How bindings reach JavaScript. Everything that takes and returns only
// numbers is a plain wasm export, called from JS as Module._tc_<name>: with
// -sDYNAMIC_EXECUTION=0 (no eval, for a strict CSP) Embind cannot generate
// an invoker per signature, and its generic one costs ~500 ns for a call of
// six numbers against ~15 ns for the export (measured with Node 20). Embind
// is kept where strings cross (the op table, parse_shape, traces as JSON).
#pragma once
#include <emscripten/emscripten.h>

#include "js_error.h"

// TC_EXPORT(ret, name, (params), (args)) defines tc_<name>, which runs
// tcjs::<name> under Guarded (a C++ error becomes a TensorcastError).
#define TC_EXPORT(ret, name, params, args)           \
  extern "C" EMSCRIPTEN_KEEPALIVE ret tc_##name params { \
    return ::tcjs::Guarded<&::tcjs::name>::call args; \
  }
