// Storage: one aligned buffer shared by a tensor and all its views.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dtype.h"
#include "shape.h"

namespace tc {

struct MemoryStats {
  int64_t storages = 0;  // live buffers
  int64_t bytes = 0;     // their bytes
};
MemoryStats memory_stats();

// The largest buffer tensorcast asks for; set by the bindings to what the
// wasm module may grow to. A request above it fails before allocating.
void set_memory_limit(int64_t bytes);
int64_t memory_limit();

// Note [Live memory limit]: memory_limit() bounds one buffer; a program
// also bounds what its tensors hold together, or 80 lines of
// torch.ones(2**24) fill the 4 GB of wasm memory. The limit counts the
// bytes of every storage allocated since `baseline` bytes were live (what
// lived before is not the program's) and refuses a request that would take
// them past `bytes`, before allocating: "out of memory: tried to allocate
// 64.00 MiB for a tensor of shape [16777216], past the 512.00 MiB a
// program's tensors may hold at once (448.00 MiB already allocated)".
// Only a program sets it (src/lang/run.cpp); the default refuses nothing.
inline constexpr const char* kPastLiveLimit = "a program's tensors may hold at once";
struct LiveMemoryLimit {
  int64_t baseline = 0;
  int64_t bytes = INT64_MAX;
};
void set_live_memory_limit(LiveMemoryLimit limit);
LiveMemoryLimit live_memory_limit();

// Bytes as PyTorch's memory messages write them (torch.cuda's
// format_size): "512 bytes", "1.50 KiB", "64.00 MiB", "1.00 GiB".
std::string bytes_text(int64_t bytes);

// (Note [4K aliasing], used by Storage::allocate) Whether a loop that stores
// upwards from `store` while it loads upwards from `load` keeps clear of
// it: `store` starts exactly on `load`, or at least 512 bytes above it,
// modulo 4096. For kernels that pick their rows, as allocate cannot.
bool clear_of_4k_aliasing(const void* store, const void* load);

class Storage {
 public:
  // Not initialised: every caller writes all of it (an op's output, a
  // factory's fill), and zeroing first would add a pass over the memory as
  // long as the op itself. Raises ErrorKind::Memory (naming the tensor's
  // shape when given) when the request exceeds memory_limit(), would take
  // the live bytes past live_memory_limit() (Note [Live memory limit]) or
  // the allocator says no.
  //
  // Note [4K aliasing]: a load whose address equals a recent store's in
  // its low 12 bits waits for that store, as if they were the same cell.
  // When an op's output starts just above an input modulo 4096, every load
  // of the input meets a store to the output, which made a row broadcast
  // several times slower (bench/notes.md). So a large buffer (kApartBytes
  // and up) starts at least kApartGap bytes, modulo 4096, from each
  // address in `apart_from` (the op's inputs), within 4 KB of padding.
  static std::shared_ptr<Storage> allocate(int64_t elements, DType dtype,
                                           const Shape* shape = nullptr,
                                           const std::vector<const void*>& apart_from = {});
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  void* data() const { return data_; }
  int64_t nbytes() const { return nbytes_; }
  DType dtype() const { return dtype_; }
  // Bumped by every in-place write; SavedTensor compares it at backward.
  uint64_t version() const { return version_; }
  void bump_version() { ++version_; }

 private:
  Storage(void* raw, void* data, int64_t nbytes, DType dtype)
      : raw_(raw), data_(data), nbytes_(nbytes), dtype_(dtype) {}
  void* raw_;  // what the allocator returned: data_ may start further in
  void* data_;
  int64_t nbytes_;
  DType dtype_;
  uint64_t version_ = 0;
};

}  // namespace tc
