// The fuzz input read as a stream of small decisions. Past the end every
// read gives 0, so each prefix of an input is itself a valid input: the
// fuzzer's shrinking and mutations never meet a "malformed" case.
#pragma once
#include <cstddef>
#include <cstdint>

namespace fuzz {

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t u8() { return pos_ < size_ ? data_[pos_++] : 0; }
  // 0 .. n-1 (0 when n <= 0)
  int64_t below(int64_t n) { return n <= 0 ? 0 : static_cast<int64_t>(u8() % n); }
  // lo .. hi inclusive
  int64_t range(int64_t lo, int64_t hi) { return lo + below(hi - lo + 1); }
  bool flag() { return (u8() & 1) != 0; }
  bool done() const { return pos_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace fuzz
