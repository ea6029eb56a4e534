// The wasm modules' operator new and delete (Note [Small-block lists],
// bindings/small_blocks.cpp). The wasm suites link that file (native builds
// keep the C++ library's own), so these cases run there only; the threaded
// suite runs them with blocks made and freed on the pool's threads.
#ifdef __EMSCRIPTEN__
#include "small_blocks.h"

#include <malloc.h>

#include <catch.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/parallel.h"

namespace {

// Every size across the class edges (16, 17, ..., 256, 257) and a few past them.
std::vector<size_t> sizes() {
  std::vector<size_t> out;
  for (size_t n = 0; n <= 300; ++n) out.push_back(n);
  out.push_back(4096);
  return out;
}

void fill(void* p, size_t n, uint8_t seed) { std::memset(p, seed, n); }

bool holds(const void* p, size_t n, uint8_t seed) {
  const uint8_t* b = static_cast<const uint8_t*>(p);
  for (size_t i = 0; i < n; ++i)
    if (b[i] != seed) return false;
  return true;
}

}  // namespace

TEST_CASE("small blocks: every size is writable and no two live blocks overlap") {
  for (int round = 0; round < 3; ++round) {  // the second and third from the lists
    std::vector<void*> blocks;
    const std::vector<size_t> ns = sizes();
    for (size_t k = 0; k < ns.size(); ++k) {
      blocks.push_back(::operator new(ns[k]));
      REQUIRE(reinterpret_cast<uintptr_t>(blocks.back()) % alignof(std::max_align_t) == 0);
      fill(blocks.back(), ns[k], static_cast<uint8_t>(k));
    }
    for (size_t k = 0; k < ns.size(); ++k)
      REQUIRE(holds(blocks[k], ns[k], static_cast<uint8_t>(k)));
    // Freed in another order than made.
    for (size_t k = 0; k < blocks.size(); k += 2) ::operator delete(blocks[k]);
    for (size_t k = 1; k < blocks.size(); k += 2) ::operator delete(blocks[k]);
  }
}

// Measured into locals and checked at the end: Catch2's own checks allocate.
TEST_CASE("small blocks: a freed block is kept and handed out again, not given to malloc") {
  const size_t malloc_before = static_cast<unsigned>(mallinfo().uordblks);
  const double in_use = tcjs::small_blocks_in_use();
  // 225 to 240 bytes: a class the engine hardly uses, so its share has room.
  void* p = ::operator new(232);
  const double in_use_held = tcjs::small_blocks_in_use();
  const int kept = tcjs::small_blocks_kept();
  ::operator delete(p);
  const int kept_freed = tcjs::small_blocks_kept();
  const double in_use_freed = tcjs::small_blocks_in_use();
  // The block just freed serves the next request of its class.
  void* q = ::operator new(225);
  const int kept_again = tcjs::small_blocks_kept();
  ::operator delete(q);
  const size_t malloc_after = static_cast<unsigned>(mallinfo().uordblks);
  CHECK(in_use_held == in_use + 240);
  CHECK(kept_freed == kept + 1);
  CHECK(in_use_freed == in_use);
  CHECK(q == p);
  CHECK(kept_again == kept);
  CHECK(malloc_after == malloc_before);
}

TEST_CASE("small blocks: past a class's share, requests go to malloc and back to it") {
  std::vector<void*> blocks;
  blocks.reserve(2000);
  const size_t malloc_before = static_cast<unsigned>(mallinfo().uordblks);
  const double in_use = tcjs::small_blocks_in_use();
  // 64 KiB of blocks of 112 bytes is 585 of them: 2000 take all that is left.
  for (int i = 0; i < 2000; ++i) blocks.push_back(::operator new(100));
  const double region_bytes = tcjs::small_blocks_in_use() - in_use;
  const size_t malloc_bytes = static_cast<unsigned>(mallinfo().uordblks) - malloc_before;
  for (void* p : blocks) ::operator delete(p);
  const size_t malloc_freed = static_cast<unsigned>(mallinfo().uordblks);
  const double in_use_freed = tcjs::small_blocks_in_use();
  // Blocks past the largest class are malloc's.
  void* big = ::operator new(257);
  const size_t malloc_big = static_cast<unsigned>(mallinfo().uordblks);
  ::operator delete(big);
  const size_t malloc_after = static_cast<unsigned>(mallinfo().uordblks);
  CHECK(region_bytes <= 585 * 112);
  CHECK(static_cast<double>(malloc_bytes) >= 2000 * 100 - region_bytes);
  CHECK(malloc_freed == malloc_before);
  CHECK(in_use_freed == in_use);
  CHECK(malloc_big >= malloc_before + 257);
  CHECK(malloc_after == malloc_before);
}

TEST_CASE("small blocks: made on one thread, freed on another") {
  // On the threaded suite's pool (three threads) the chunks run on the
  // workers too; elsewhere as one chunk. Blocks made in the chunks are freed
  // here, and blocks made here are freed in the chunks.
  constexpr int64_t kBlocks = 4096;
  std::vector<void*> made(kBlocks);
  std::vector<void*> given(kBlocks);
  for (int64_t i = 0; i < kBlocks; ++i) {
    given[i] = ::operator new(static_cast<size_t>(8 + i % 250));
    fill(given[i], static_cast<size_t>(8 + i % 250), static_cast<uint8_t>(i));
  }
  tc::parallel::parallel_for(
      kBlocks, 64, double(tc::parallel::kMinParallelElements) * 4, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
          made[i] = ::operator new(static_cast<size_t>(1 + i % 256));
          fill(made[i], static_cast<size_t>(1 + i % 256), static_cast<uint8_t>(i * 7));
          ::operator delete(given[i]);
        }
      });
  for (int64_t i = 0; i < kBlocks; ++i)
    REQUIRE(holds(made[i], static_cast<size_t>(1 + i % 256), static_cast<uint8_t>(i * 7)));
  for (void* p : made) ::operator delete(p);
  // And again, now that every thread's lists hold blocks of the others'.
  for (int64_t i = 0; i < kBlocks; ++i) given[i] = ::operator new(static_cast<size_t>(1 + i % 256));
  for (int64_t i = 0; i < kBlocks; ++i)
    fill(given[i], static_cast<size_t>(1 + i % 256), static_cast<uint8_t>(i));
  for (int64_t i = 0; i < kBlocks; ++i)
    REQUIRE(holds(given[i], static_cast<size_t>(1 + i % 256), static_cast<uint8_t>(i)));
  for (void* p : given) ::operator delete(p);
}
#endif
