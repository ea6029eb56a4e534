// What a shared_ptr copy and release costs in wasm with and without
// -pthread (bench/notes.md, "Threads"): Emscripten's libc++ makes the
// counts atomic read-modify-writes only in the -pthread build.
//   NODE_PATH=/usr/share/nodejs em++ -O3 -std=c++17 bench/shared_ptr_atomics.cpp -o /tmp/sp.js
//   NODE_PATH=/usr/share/nodejs em++ -O3 -std=c++17 -pthread bench/shared_ptr_atomics.cpp -o /tmp/sp-mt.js
//   node --no-experimental-fetch /tmp/sp.js; node --no-experimental-fetch /tmp/sp-mt.js
#include <chrono>
#include <cstdio>
#include <memory>

struct Impl {
  int v = 1;
};

// By value: one copy on the way in, one release on the way out.
__attribute__((noinline)) int touch(std::shared_ptr<Impl> p) { return p->v; }

int main() {
  const auto p = std::make_shared<Impl>();
  long acc = 0;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 10000000; ++i) acc += touch(p);
    const auto t1 = std::chrono::steady_clock::now();
    std::printf("%.2f ns per call (a copy and a release)\n",
                std::chrono::duration<double, std::nano>(t1 - t0).count() / 1e7);
  }
  return acc == 0;
}
