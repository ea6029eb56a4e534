// Process-wide settings: the memory limit, the warning channel to JS, the
// backcompat warning, the broadcast policy and the thread pool.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <unistd.h>

#include <memory>
#include <vector>

#include "diagnostics.h"
#include "engine/parallel.h"
#include "error.h"
#include "export.h"
#include "json_writer.h"
#include "storage.h"
#include "trace_json.h"

// Module.tcWarning is the facade's dispatcher; it never throws (it catches
// what a listener throws), so no JS exception crosses the op that warned.
EM_JS(void, tcjs_warn, (const char* json), { Module["tcWarning"](UTF8ToString(json)); });

namespace tcjs {
namespace {

// Called once by the facade after loading. Returns the memory limit set.
double start() {
  // The most one buffer could ever get: what the heap may grow to, minus what
  // is in use before the first tensor. Above it, Storage::allocate fails with
  // a clear message before asking malloc. It also keeps every request below
  // 2^32 bytes, which 32-bit size_t arithmetic needs.
  const uintptr_t max = emscripten_get_heap_max();
  const uintptr_t used = reinterpret_cast<uintptr_t>(sbrk(0));
  tc::set_memory_limit(static_cast<int64_t>(max - used));
  tc::set_warning_handler([](const tc::WarningEvent& event) {
    JsonWriter json;
    write_trace(json, event);
    tcjs_warn(json.text().c_str());
  });
  return static_cast<double>(tc::memory_limit());
}

// Whether this module was compiled for wasm SIMD: tc.simd reports the module
// that actually runs, also when the caller supplied the bytes.
bool simd() {
#ifdef __wasm_simd128__
  return true;
#else
  return false;
#endif
}

// The pool of Note [Threads], started by init({ threads }); 1 in the
// single-threaded modules.
int set_threads(int n) { return tc::parallel::set_threads(n); }
int threads() { return tc::parallel::threads(); }

// The wasm memory's size in bytes, whichever thread grew it last: what the
// threaded module's views are checked against (Note [The threaded module],
// bindings/ts/threads.ts), a call being much cheaper than reading a shared
// memory's buffer.
double memory_bytes() { return static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0; }

void set_backcompat(bool enabled) { tc::set_backcompat_warning(enabled); }

tc::BroadcastPolicy policy_from(int code) {
  TC_ASSERT(code >= 0 && code <= 2, "unknown policy code ", code);
  return static_cast<tc::BroadcastPolicy>(code);
}
void set_policy(int code) { tc::set_broadcast_policy(policy_from(code)); }

std::vector<std::unique_ptr<tc::PolicyScope>> g_scopes;
void policy_enter(int code) { g_scopes.push_back(std::make_unique<tc::PolicyScope>(policy_from(code))); }
void policy_exit() {
  TC_ASSERT(!g_scopes.empty(), "policy scope exit without enter");
  g_scopes.pop_back();
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(double, start, (), ())
TC_EXPORT(int, simd, (), ())
TC_EXPORT(int, set_threads, (int n), (n))
TC_EXPORT(int, threads, (), ())
TC_EXPORT(double, memory_bytes, (), ())
TC_EXPORT(void, set_backcompat, (int enabled), (enabled != 0))
TC_EXPORT(void, set_policy, (int code), (code))
TC_EXPORT(void, policy_enter, (int code), (code))
TC_EXPORT(void, policy_exit, (), ())
