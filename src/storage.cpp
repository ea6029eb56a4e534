#include "storage.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "error.h"

namespace tc {

namespace {
MemoryStats g_stats;
int64_t g_limit = int64_t{1} << 40;
LiveMemoryLimit g_live;
}  // namespace

MemoryStats memory_stats() { return g_stats; }
void set_memory_limit(int64_t bytes) { g_limit = bytes; }
int64_t memory_limit() { return g_limit; }
void set_live_memory_limit(LiveMemoryLimit limit) { g_live = limit; }
LiveMemoryLimit live_memory_limit() { return g_live; }

std::string bytes_text(int64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
  double x = static_cast<double>(bytes);
  int u = -1;
  while (x >= 1024 && u < 3) x /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f %s", x, units[u]);
  return buf;
}

namespace {

constexpr size_t kPage = 4096;
constexpr size_t kApartBytes = size_t{64} << 10;  // 4 KB of padding is at most 6% here
constexpr size_t kApartGap = 512;                  // 16 iterations of an 8-float loop

// The first offset (a multiple of 64 bytes, under 4096) at which a buffer
// starting at `raw` keeps every address in `others` out of the kApartGap
// bytes below it, modulo 4096 (Note [4K aliasing]).
size_t apart_offset(const void* raw, const std::vector<const void*>& others) {
  for (size_t offset = 0; offset < kPage; offset += 64) {
    const uintptr_t start = reinterpret_cast<uintptr_t>(raw) + offset;
    bool clear = true;
    for (const void* other : others)
      clear &= (start - reinterpret_cast<uintptr_t>(other)) % kPage >= kApartGap;
    if (clear) return offset;
  }
  return 0;  // unreachable with fewer than 8 others: each rules out 512 of 4096 bytes
}

}  // namespace

bool clear_of_4k_aliasing(const void* store, const void* load) {
  const uintptr_t d = (reinterpret_cast<uintptr_t>(store) - reinterpret_cast<uintptr_t>(load)) % kPage;
  return d == 0 || d >= kApartGap;
}

std::shared_ptr<Storage> Storage::allocate(int64_t elements, DType dtype, const Shape* shape,
                                           const std::vector<const void*>& apart_from) {
  TC_ASSERT(elements >= 0);
  // Only a refusal needs the words.
  auto what = [shape] { return shape ? "a tensor of shape " + format_shape(*shape) : std::string("a tensor"); };
  // On wasm32 size_t has 32 bits: whatever the limit says, a request the
  // padding below would wrap around (4 GB or more) cannot be met.
  const uint64_t most = uint64_t{SIZE_MAX} - 31 - kPage;
  const int64_t limit =
      static_cast<uint64_t>(g_limit) > most ? static_cast<int64_t>(most) : g_limit;
  int64_t nbytes = 0;
  const bool overflow = __builtin_mul_overflow(elements, dtype_size(dtype), &nbytes);
  TC_CHECK(Memory, !overflow && nbytes <= limit, "out of memory: ", what(), " of ", elements,
           " elements needs ", elements, " x ", dtype_size(dtype), " bytes, more than the ", limit,
           " bytes tensorcast may allocate");
  const int64_t held = std::max<int64_t>(g_stats.bytes - g_live.baseline, 0);
  TC_CHECK(Memory, nbytes <= g_live.bytes - std::min(held, g_live.bytes),
           "out of memory: tried to allocate ", bytes_text(nbytes), " for ", what(), ", past the ",
           bytes_text(g_live.bytes), " ", kPastLiveLimit, " (", bytes_text(held),
           " already allocated)");
  // 16-byte alignment suits 128-bit SIMD loads; a zero-byte tensor still gets
  // a real (tiny) buffer so that data() is never null. The buffer is
  // malloc's, 16 bytes longer and aligned here, rather than aligned_alloc's:
  // dlmalloc's memalign (its alignment is 8 on wasm32) asks for 16 bytes more
  // than the tensor and gives them back, so the hole a freed tensor leaves is
  // 16 bytes short of the next one of the same size, which then goes to the
  // top of the heap (bench/notes.md, "Small-block lists": "The heap").
  const size_t padded = (static_cast<size_t>(nbytes) + 15) & ~size_t{15};
  const bool apart = padded >= kApartBytes && !apart_from.empty();
  void* raw = std::malloc((padded ? padded : 16) + 16 + (apart ? kPage : 0));
  TC_CHECK(Memory, raw != nullptr, "out of memory: could not allocate ", nbytes, " bytes for ",
           what());
  char* aligned = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(raw) + 15) & ~uintptr_t{15});
  void* data = apart ? aligned + apart_offset(aligned, apart_from) : aligned;
  std::shared_ptr<Storage> storage;
  try {
    storage.reset(new Storage(raw, data, nbytes, dtype));
  } catch (...) {
    std::free(raw);
    throw;
  }
  g_stats.storages += 1;
  g_stats.bytes += nbytes;
  return storage;
}

Storage::~Storage() {
  std::free(raw_);
  g_stats.storages -= 1;
  g_stats.bytes -= nbytes_;
}

}  // namespace tc
