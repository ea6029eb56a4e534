#include "scratch.h"

#include <cstring>

#include <cmath>

#include "error.h"

namespace tcjs {

namespace {
std::vector<double> g_buffer(256);
}  // namespace

int64_t to_int(double value) {
  // 2^63 itself does not fit; anything smaller that is whole does.
  TC_ASSERT(std::nearbyint(value) == value && std::fabs(value) < 9.2233720368547758e18,
            "the facade passed a non-integer size ", value);
  return static_cast<int64_t>(value);
}

double scratch_reserve(double count) {
  if (count > static_cast<double>(g_buffer.size()))
    g_buffer.resize(static_cast<size_t>(count));
  return static_cast<double>(reinterpret_cast<uintptr_t>(g_buffer.data()));
}

int64_t read_int64(size_t at) {
  TC_ASSERT(at < g_buffer.size(), "scratch read past its end");
  int64_t v;
  std::memcpy(&v, &g_buffer[at], sizeof v);
  return v;
}

const char* read_bytes(size_t count) { return read_bytes_at(0, count); }

const char* read_bytes_at(size_t offset, size_t count) {
  TC_ASSERT(offset + count <= g_buffer.size() * sizeof(double), "scratch read past its end");
  return reinterpret_cast<const char*>(g_buffer.data()) + offset;
}

std::vector<int64_t> read_ints(size_t at, size_t count) {
  TC_ASSERT(at + count <= g_buffer.size(), "scratch read past its end");
  std::vector<int64_t> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = to_int(g_buffer[at + i]);
  return out;
}

std::vector<tc::Shape> read_shapes(size_t count) {
  std::vector<tc::Shape> shapes;
  shapes.reserve(count);
  size_t at = 0;
  for (size_t i = 0; i < count; ++i) {
    TC_ASSERT(at < g_buffer.size(), "scratch read past its end");
    const size_t ndim = static_cast<size_t>(to_int(g_buffer[at]));
    shapes.push_back(read_ints(at + 1, ndim));
    at += 1 + ndim;
  }
  return shapes;
}

size_t write_ints(size_t at, const std::vector<int64_t>& values) {
  TC_ASSERT(at + values.size() <= g_buffer.size(), "scratch write past its end");
  for (size_t i = 0; i < values.size(); ++i) g_buffer[at + i] = static_cast<double>(values[i]);
  return at + values.size();
}

double read_number(size_t at) {
  TC_ASSERT(at < g_buffer.size(), "scratch read past its end");
  return g_buffer[at];
}

void write_number(size_t at, double value) {
  TC_ASSERT(at < g_buffer.size(), "scratch write past its end");
  g_buffer[at] = value;
}

}  // namespace tcjs
