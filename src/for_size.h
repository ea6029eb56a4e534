// Note [Compiled for size]: the package's download is mostly code
// (bench/notes.md, "Where the bytes are"), and -O3 spends bytes on speed
// everywhere. Code that is not on a hot path is compiled for size instead,
// function by function (clang's minsize): a flag per file would not do,
// since the linker keeps one copy of each inline function and some of
// them would be the small, slow ones on the API's path. Three forms:
//   TC_SMALL_LOOP   an every-dtype loop (Note [Small dtype loops],
//                   engine/kernels.h): also kept out of line
//   TC_BUILT_ONCE   code run once, building a table (Note [Tables built
//                   once], lang/library.h)
//   TC_FOR_SIZE_BEGIN / _END  every function defined between them: the
//                   parts of a file that no call of the package's API runs
//                   (parsing a program, printing, Python's builtins)
// Each was measured against -O3 with bench/ab.js and a program run.
//
// Note [Compiled on first call]: a browser compiles a wasm function when it
// is first called, whole, on the page's thread (Chromium's lazy
// compilation), so one function that inlines every op's loops makes the
// first call of any of them wait for all of them to compile; on a phone that
// held the playground's first render (bench/notes.md, "The first render on a
// phone"). TC_OWN_FUNCTION keeps such a kernel a function of its own: one
// call more per op, and only the op that runs is compiled.
#pragma once

#if defined(__clang__)
#define TC_SMALL_LOOP __attribute__((minsize, noinline))
#define TC_OWN_FUNCTION __attribute__((noinline))
#define TC_BUILT_ONCE __attribute__((minsize, cold))
#define TC_FOR_SIZE_BEGIN _Pragma("clang attribute push (__attribute__((minsize)), apply_to = function)")
#define TC_FOR_SIZE_END _Pragma("clang attribute pop")
#else
#define TC_SMALL_LOOP
#define TC_OWN_FUNCTION
#define TC_BUILT_ONCE
#define TC_FOR_SIZE_BEGIN
#define TC_FOR_SIZE_END
#endif
