// Checks of the fuzz targets: a failed check prints and traps, so that
// libFuzzer keeps the input.
#pragma once
#include <cstdio>
#include <cstdlib>

namespace fuzz {

// A failed check is a finding: print it and trap, so libFuzzer saves the
// input that got here.
#define FUZZ_CHECK(cond, ...)                                                    \
  do {                                                                           \
    if (!(cond)) {                                                               \
      std::fprintf(stderr, "FUZZ CHECK FAILED: %s at %s:%d\n  ", #cond, __FILE__, \
                   __LINE__);                                                    \
      std::fprintf(stderr, __VA_ARGS__);                                         \
      std::fprintf(stderr, "\n");                                                \
      std::abort();                                                              \
    }                                                                            \
  } while (0)

// Open findings: checks for bugs already reported (tests/fuzz/regressions/
// OPEN lists their inputs). By default such a check passes the input by, so
// the smoke run keeps looking for new bugs instead of meeting the known one
// again; with TC_FUZZ_STRICT=1 (scripts/fuzz.sh sets it when it replays
// the regressions) it fails like any other. Once src/ is fixed, the check
// becomes a FUZZ_CHECK. Only for use in LLVMFuzzerTestOneInput itself.
inline bool strict() {
  static const bool on = [] {
    const char* v = std::getenv("TC_FUZZ_STRICT");
    return v && *v && *v != '0';
  }();
  return on;
}
#define FUZZ_CHECK_OPEN(cond, ...)      \
  do {                                  \
    if (!(cond) && !::fuzz::strict())   \
      return 0;                         \
    FUZZ_CHECK(cond, __VA_ARGS__);      \
  } while (0)

}  // namespace fuzz
