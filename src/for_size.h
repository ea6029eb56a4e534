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
#pragma once

#if defined(__clang__)
#define TC_SMALL_LOOP __attribute__((minsize, noinline))
#define TC_BUILT_ONCE __attribute__((minsize, cold))
#define TC_FOR_SIZE_BEGIN _Pragma("clang attribute push (__attribute__((minsize)), apply_to = function)")
#define TC_FOR_SIZE_END _Pragma("clang attribute pop")
#else
#define TC_SMALL_LOOP
#define TC_BUILT_ONCE
#define TC_FOR_SIZE_BEGIN
#define TC_FOR_SIZE_END
#endif
