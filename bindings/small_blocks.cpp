// Note [Small-block lists]: every module's operator new and delete serve
// blocks of up to 256 bytes from a region of their own, through lists of
// freed blocks kept on each thread, without calling malloc. A small op
// makes a few dozen allocations (shapes, strides, the loop plan, the
// tensor's record), and in the threaded module Emscripten 3.1.6's dlmalloc
// takes a mutex on every malloc and free (its USE_LOCKS): measured one
// module per process (bench/notes.md, "Small-block lists"), malloc and its
// lock were most of what made a small op slower there than in the
// single-threaded module, and dlmalloc's own work on small blocks a tenth
// of a small op in all three. An allocator with per-thread caches is the
// usual answer (mimalloc is Emscripten's from 3.1.50; Debian's 3.1.6 has
// dlmalloc and emmalloc only), and this is its smallest part:
// - the region is static memory (no bytes in the .wasm), 64 KiB for each
//   size class of 16, 32, ... 256 bytes; a block's address says its class.
//   The module's start takes about 100 KiB of it (the op tables, the
//   interpreter's names), filling the 64-byte class's first 16 KiB;
// - a request of n <= 256 bytes takes a block of its class (n rounded up
//   to 16 bytes) from this thread's list, else the next unused block of
//   the class's share, else (the share handed out) goes to malloc;
// - a freed block of the region joins this thread's list, whichever thread
//   made it (any block of a class serves any request of it); any other
//   block goes back to free.
// Why a region and not blocks from malloc kept on free: kept blocks would
// pin whatever malloc carved them from, and it carves small requests from
// the hole a freed tensor left when no small chunk is free (bench/notes.md,
// "Why the heap grows past the live bytes"), so the next tensor no longer
// fits there.
// The lists are thread_local (a plain global without -pthread): no lock,
// no atomic operation but the one that hands out a new block of a share.
// Aligned new and delete are libc++'s, on aligned_alloc and free.
#include "small_blocks.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace {

constexpr size_t kGrain = 16;
constexpr size_t kClasses = 16;       // blocks of 16, 32, ... 256 bytes
constexpr size_t kShare = 64 * 1024;  // bytes of the region for each class
constexpr size_t kLargest = kGrain * kClasses;

alignas(kGrain) char region[kClasses * kShare];
// Bytes of each class's share handed out so far (never given back: a block
// of the region, once out, is in use or on some thread's list).
std::atomic<uint32_t> carved[kClasses];

struct FreeBlock {
  FreeBlock* next;
};

struct Lists {
  FreeBlock* head[kClasses];
  uint32_t count[kClasses];
};

// Zero-initialized and trivially destructible: no guard, no destructor to
// register, one offset from the thread's TLS base. A thread that ends takes
// its list's blocks with it: the pool's threads last as long as the module.
thread_local Lists lists;

bool in_region(const void* p) {
  const char* b = static_cast<const char*>(p);
  return b >= region && b < region + sizeof(region);
}

// The next unused block of class c's share (blocks of (c + 1) * kGrain
// bytes), or nullptr once the share is handed out.
void* carve(size_t c) {
  const uint32_t size = static_cast<uint32_t>((c + 1) * kGrain);
  uint32_t used = carved[c].load(std::memory_order_relaxed);
  do {
    if (used + size > kShare) return nullptr;
  } while (!carved[c].compare_exchange_weak(used, used + size, std::memory_order_relaxed));
  return region + c * kShare + used;
}

void* from_malloc(size_t n) {
  for (;;) {
    if (void* p = std::malloc(n)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* allocate(size_t n) {
  if (n > kLargest) return from_malloc(n);
  const size_t c = n == 0 ? 0 : (n - 1) / kGrain;
  if (FreeBlock* b = lists.head[c]) {
    lists.head[c] = b->next;
    --lists.count[c];
    return b;
  }
  if (void* p = carve(c)) return p;
  return from_malloc(n);
}

void release(void* p) {
  if (!in_region(p)) {
    std::free(p);  // nullptr too
    return;
  }
  const size_t c = static_cast<size_t>(static_cast<char*>(p) - region) / kShare;
  FreeBlock* b = static_cast<FreeBlock*>(p);
  b->next = lists.head[c];
  lists.head[c] = b;
  ++lists.count[c];
}

}  // namespace

double tcjs::small_blocks_in_use() {
  double bytes = 0;
  for (size_t c = 0; c < kClasses; ++c)
    bytes += static_cast<double>(carved[c].load(std::memory_order_relaxed)) -
             static_cast<double>(lists.count[c]) * static_cast<double>((c + 1) * kGrain);
  return bytes;
}

int tcjs::small_blocks_kept() {
  int kept = 0;
  for (uint32_t count : lists.count) kept += static_cast<int>(count);
  return kept;
}

void* operator new(size_t n) { return allocate(n); }
void* operator new[](size_t n) { return allocate(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, size_t) noexcept { release(p); }
void operator delete[](void* p, size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
