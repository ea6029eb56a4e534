// Fuzz target: parse_shape on arbitrary text (whatever a student types in
// the playground). Any text must give a checked shape or a tc::Error that
// says where reading stopped; a parsed shape must survive a round trip
// through PyTorch's printed form.
#include <cstring>
#include <string>

#include "error.h"
#include "check.h"
#include "naive.h"
#include "parse_shape.h"

namespace {

// Messages reach JavaScript (Embind reads them as UTF-8) and a person's
// screen: they must be valid UTF-8 without control characters.
bool printable_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return false;
    const int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
    if (extra < 0 || i + extra >= s.size()) return false;
    for (int k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
    i += 1 + extra;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tc::Shape shape;
  try {
    shape = tc::parse_shape(text);
  } catch (const tc::Error& e) {
    // what() stops at a NUL: a message quoting a NUL byte loses its end.
    const std::string msg = e.what();
    FUZZ_CHECK(!msg.empty(), "empty error message");
    // regressions/parse_shape/raw-byte-*: the reader once quoted the raw
    // byte it stopped at (a control character, or one byte of a UTF-8
    // sequence).
    FUZZ_CHECK(printable_utf8(msg), "message is not printable UTF-8: '%s'", msg.c_str());
    // A reading error names a position inside the text (or just past it).
    const size_t at = msg.rfind(" at position ");
    if (msg.rfind("cannot read shape: ", 0) == 0) {
      FUZZ_CHECK(at != std::string::npos, "no position in '%s'", msg.c_str());
      const long pos = std::strtol(msg.c_str() + at + 13, nullptr, 10);
      FUZZ_CHECK(pos >= 1 && static_cast<size_t>(pos) <= size + 1,
                 "position %ld outside a text of %zu bytes: '%s'", pos, size, msg.c_str());
    }
    return 0;
  }
  FUZZ_CHECK(shape.size() <= static_cast<size_t>(tc::kMaxDims), "%zu dims accepted",
             shape.size());
  for (int64_t s : shape) FUZZ_CHECK(s >= 0, "negative size in %s", naive::show(shape).c_str());
  FUZZ_CHECK(naive::product(shape).has_value(), "overflowing %s accepted",
             naive::show(shape).c_str());
  // The printed forms a user copies back must read as the same shape.
  const tc::Shape again = tc::parse_shape(naive::show(shape));
  FUZZ_CHECK(again == shape, "'%s' read back as %s", naive::show(shape).c_str(),
             naive::show(again).c_str());
  const tc::Shape sized = tc::parse_shape("torch.Size(" + naive::show(shape) + ")");
  FUZZ_CHECK(sized == shape, "torch.Size(%s) read back as %s", naive::show(shape).c_str(),
             naive::show(sized).c_str());
  return 0;
}
