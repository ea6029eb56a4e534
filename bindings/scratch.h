// The exchange area between the facade and the bindings: a buffer of doubles
// in wasm memory that JavaScript writes shapes and dims into before a call,
// and reads shapes and strides from after one. One Float64Array write beats
// Embind's conversion of a JS array into a std::vector on every call.
// Doubles, not int32: sizes may exceed 2^31 (the facade has already checked
// that each one is an integer that a double holds exactly).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "shape.h"

namespace tcjs {

// The buffer's address, grown to hold at least `count` doubles. The facade
// calls it again whenever it needs more room than it last asked for.
double scratch_reserve(double count);

// A double the facade has checked to be an integer (asserted again here).
int64_t to_int(double value);
// Reads `count` integers starting at index `at`.
std::vector<int64_t> read_ints(size_t at, size_t count);
// Packed shapes: [ndim0, sizes0..., ndim1, sizes1..., ...].
std::vector<tc::Shape> read_shapes(size_t count);
// Writes `values` at index `at`; returns the index after the last one
// written. Never grows the buffer (its address must stay what the facade
// holds): results are shapes of at most kMaxDims sizes, far below its size.
size_t write_ints(size_t at, const std::vector<int64_t>& values);
void write_number(size_t at, double value);
double read_number(size_t at);
// The slot's 8 bytes as an int64 (a BigInt the facade wrote through a
// BigInt64Array over the same memory).
int64_t read_int64(size_t at);
// The buffer as `count` bytes (text the facade wrote there as UTF-8).
const char* read_bytes(size_t count);
// `count` bytes from byte `offset` (text written after numbers).
const char* read_bytes_at(size_t offset, size_t count);

}  // namespace tcjs
