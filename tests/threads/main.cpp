// The Catch2 suite on the threaded core (Note [Threads], src/engine/parallel.h):
// the same cases as tests/core, with the pool started first, so that every
// loop past Note [Thread threshold] is split between three threads (more
// chunks than the machine's cores, and an odd count) and every error is
// thrown and caught as in the threaded module (Note [Landing pads under
// -pthread], bindings/threads/wasm_unwind.cpp).
#define CATCH_CONFIG_RUNNER
#include <catch.hpp>

#include "engine/parallel.h"

int main(int argc, char* argv[]) {
  if (tc::parallel::set_threads(3) != 3) return 1;
  return Catch::Session().run(argc, argv);
}
