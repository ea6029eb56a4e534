// Note [Landing pads under -pthread]: libunwind's side of wasm exception
// handling (Unwind-wasm.c of LLVM's libunwind, Apache-2.0 WITH
// LLVM-exception), linked into the threaded module in place of the one in
// Emscripten 3.1.6's libunwind-mt-except.a. There __wasm_lpad_context, the
// record through which a landing pad tells the personality function where it
// is, is thread_local, while clang 14 (Debian's, which that Emscripten runs)
// writes it as a plain global: the personality then reads a record no landing
// pad wrote, and no catch by type ever matches (catch (...) still does), so
// every error of the core reached JavaScript as "an unknown C++ exception".
// Here the record is the plain global the compiler writes. The threads of the
// pool share it; they do not throw (their loops only compute), and a throw on
// two threads at once would be the one place it could matter.
#include <unwind.h>

#include <cstdint>

extern "C" {

_Unwind_Reason_Code __gxx_personality_wasm0(int version, _Unwind_Action actions, uint64_t exception_class,
                                            _Unwind_Exception* exception, _Unwind_Context* context);

struct _Unwind_LandingPadContext {
  uintptr_t lpad_index;  // in: the landing pad's index
  uintptr_t lsda;        // in: its language-specific data
  uintptr_t selector;    // out: the catch clause that matched
};

_Unwind_LandingPadContext __wasm_lpad_context;

// Called by every landing pad: wasm has no unwinder to call the personality.
_Unwind_Reason_Code _Unwind_CallPersonality(void* exception_ptr) {
  auto* exception = static_cast<_Unwind_Exception*>(exception_ptr);
  __wasm_lpad_context.selector = 0;
  return __gxx_personality_wasm0(1, _UA_CLEANUP_PHASE, exception->exception_class, exception,
                                 reinterpret_cast<_Unwind_Context*>(&__wasm_lpad_context));
}

// Called by __cxa_throw.
_Unwind_Reason_Code _Unwind_RaiseException(_Unwind_Exception* exception) {
  __builtin_wasm_throw(0, exception);
}

// Called by __cxa_end_catch.
void _Unwind_DeleteException(_Unwind_Exception* exception) {
  if (exception->exception_cleanup != nullptr)
    exception->exception_cleanup(_URC_FOREIGN_EXCEPTION_CAUGHT, exception);
}

// The personality sets the selector (register 1) and reads the landing pad
// (as a 1-based index after its own decrement, hence + 2) and its data.
void _Unwind_SetGR(_Unwind_Context* context, int index, _Unwind_Word value) {
  if (index == 1) reinterpret_cast<_Unwind_LandingPadContext*>(context)->selector = value;
}
_Unwind_Word _Unwind_GetIP(_Unwind_Context* context) {
  return reinterpret_cast<_Unwind_LandingPadContext*>(context)->lpad_index + 2;
}
void _Unwind_SetIP(_Unwind_Context*, _Unwind_Word) {}
void* _Unwind_GetLanguageSpecificData(_Unwind_Context* context) {
  return reinterpret_cast<void*>(reinterpret_cast<_Unwind_LandingPadContext*>(context)->lsda);
}
_Unwind_Ptr _Unwind_GetRegionStart(_Unwind_Context*) { return 0; }

}  // extern "C"
