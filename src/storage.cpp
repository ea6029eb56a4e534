#include "storage.h"

#include <cstdint>
#include <cstdlib>
#include <new>

#include "error.h"

namespace tc {

namespace {
MemoryStats g_stats;
int64_t g_limit = int64_t{1} << 40;
}  // namespace

const char* dtype_name(DType dtype) { return dtype == DType::Bool ? "bool" : "float32"; }
int64_t dtype_size(DType dtype) { return dtype == DType::Bool ? 1 : 4; }

MemoryStats memory_stats() { return g_stats; }
void set_memory_limit(int64_t bytes) { g_limit = bytes; }
int64_t memory_limit() { return g_limit; }

std::shared_ptr<Storage> Storage::allocate(int64_t elements, DType dtype, const Shape* shape) {
  TC_ASSERT(elements >= 0);
  // Only a refusal needs the words.
  auto what = [shape] { return shape ? "a tensor of shape " + format_shape(*shape) : std::string("a tensor"); };
  // On wasm32 size_t has 32 bits: whatever the limit says, a request the
  // padding below would wrap around (4 GB or more) cannot be met.
  const int64_t limit = static_cast<uint64_t>(g_limit) > uint64_t{SIZE_MAX} - 15
                            ? static_cast<int64_t>(uint64_t{SIZE_MAX} - 15)
                            : g_limit;
  int64_t nbytes = 0;
  if (__builtin_mul_overflow(elements, dtype_size(dtype), &nbytes) || nbytes > limit)
    fail(ErrorKind::Memory, "out of memory: ", what(), " of ", elements,
         " elements needs ", elements, " x ", dtype_size(dtype),
         " bytes, more than the ", limit, " bytes tensorcast may allocate");
  // 16-byte alignment suits 128-bit SIMD loads; a zero-byte tensor still gets
  // a real (tiny) buffer so that data() is never null.
  const size_t padded = (static_cast<size_t>(nbytes) + 15) & ~size_t{15};
  void* data = std::aligned_alloc(16, padded ? padded : 16);
  if (!data)
    fail(ErrorKind::Memory, "out of memory: could not allocate ", nbytes, " bytes for ", what());
  std::shared_ptr<Storage> storage;
  try {
    storage.reset(new Storage(data, nbytes, dtype));
  } catch (...) {
    std::free(data);
    throw;
  }
  g_stats.storages += 1;
  g_stats.bytes += nbytes;
  return storage;
}

Storage::~Storage() {
  std::free(data_);
  g_stats.storages -= 1;
  g_stats.bytes -= nbytes_;
}

}  // namespace tc
