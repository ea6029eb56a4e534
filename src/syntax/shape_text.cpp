#include "syntax/shape_text.h"

#include <cstdio>

#include "shape.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::syntax {

namespace {

// The text as code points, with the full-width forms a Chinese keyboard
// types (，（）［］０-９ and the ideographic comma and space) folded to
// their ASCII twins, so that "5，3" reads like "5,3". Positions in messages
// count these code points, as a person counts characters.
struct Decoded {
  std::u32string text;      // folded
  std::u32string original;  // as typed, for quoting
  std::optional<size_t> bad_byte_at;  // first byte that is not UTF-8
  unsigned char bad_byte = 0;
};

char32_t fold_width(char32_t c) {
  if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFEE0;  // full-width ASCII
  if (c == 0x3000) return U' ';                       // ideographic space
  if (c == 0x3001) return U',';                       // ideographic comma
  return c;
}

Decoded decode(const std::string& s) {
  Decoded out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
    char32_t cp = extra == 0 ? c : extra == 1 ? c & 0x1F : extra == 2 ? c & 0x0F : c & 0x07;
    bool ok = extra >= 0 && i + extra < s.size();
    for (int k = 1; ok && k <= extra; ++k) {
      const unsigned char next = static_cast<unsigned char>(s[i + k]);
      ok = (next >> 6) == 2;
      cp = (cp << 6) | (next & 0x3F);
    }
    // Only what encodes back to valid UTF-8 is text: no surrogates, nothing
    // past U+10FFFF.
    ok = ok && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    if (!ok) {
      out.bad_byte_at = out.text.size();
      out.bad_byte = c;
      return out;
    }
    out.text.push_back(fold_width(cp));
    out.original.push_back(cp);
    i += 1 + extra;
  }
  return out;
}

std::string utf8(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

// A character quoted in a message: itself when printable, else its code.
std::string quote(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c < 0xA0)) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    return code;
  }
  return "'" + utf8(c) + "'";
}

// The closer of a list that is not in brackets: no character, not even NUL.
constexpr char32_t kNoCloser = 0x110000;

bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || c == U'_'; }
bool is_space(char32_t c) { return c == U' ' || (c >= U'\t' && c <= U'\r'); }
// Between two dims: "4,3", "4x3", "4×3", "2*3".
bool is_separator(char32_t c) { return c == U',' || c == U'x' || c == U'\u00D7' || c == U'*'; }

struct Stop {
  ShapeProblem problem;
};

class Reader {
 public:
  explicit Reader(const Decoded& text) : s_(text.text), original_(text.original) {}

  std::vector<ShapeDim> run() {
    skip_space();
    if (at_end()) stop("empty", "an empty shape; write () for a 0-dimensional tensor");
    // torch.Size([4, 3]), torch.empty(4, 3), torch.zeros((4, 3)): the call's brackets hold the shape.
    if (s_.compare(pos_, 6, U"torch.") == 0) {
      pos_ += 6;
      while (!at_end() && is_letter(peek())) ++pos_;
      skip_space();
      if (at_end() || peek() != U'(') stop("unexpected", "expected '('", U'(');
      ++pos_;
      closers_.push_back(U')');
    }
    skip_space();
    if (!at_end() && (peek() == U'(' || peek() == U'[')) {
      closers_.push_back(peek() == U'(' ? U')' : U']');
      ++pos_;
    }
    std::vector<ShapeDim> dims = list();
    for (auto c = closers_.rbegin(); c != closers_.rend(); ++c) {
      skip_space();
      if (at_end() || peek() != *c) stop("unclosed", "expected " + quote(*c), *c);
      ++pos_;
    }
    skip_space();
    if (!at_end()) stop("unexpected", "unexpected " + quote(original_[pos_]), original_[pos_]);
    return dims;
  }

 private:
  char32_t closer() const { return closers_.empty() ? kNoCloser : closers_.back(); }

  // dim (separator dim)* [','], up to the closer or the end; spaces alone
  // also separate dims ("4 3"), and an x after a space is still "4 x 3".
  std::vector<ShapeDim> list() {
    std::vector<ShapeDim> dims;
    for (;;) {
      const size_t before = pos_;
      skip_space();
      if (at_end() || peek() == closer()) return dims;
      const bool spaced = pos_ > before && peek() != U'x' && (is_digit(peek()) || is_letter(peek()));
      if (!dims.empty() && !spaced) {
        if (!is_separator(peek()))
          stop("unexpected", "unexpected " + quote(original_[pos_]) + " after a size", original_[pos_]);
        const bool comma = peek() == U',';
        ++pos_;
        skip_space();
        if (comma && (at_end() || peek() == closer())) return dims;  // (3,): Python's one-dim tuple
      }
      dims.push_back(dim());
      if (dims.size() > static_cast<size_t>(kMaxDims)) {
        pos_ = static_cast<size_t>(dims.back().position - 1);
        stop("too-many-dims", "tensorcast supports at most " + std::to_string(kMaxDims) + " dimensions");
      }
    }
  }

  ShapeDim dim() {
    ShapeDim d;
    d.position = static_cast<int64_t>(pos_) + 1;
    if (is_digit(peek())) {
      int64_t value = 0;
      while (!at_end() && is_digit(peek())) {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, static_cast<int64_t>(peek() - U'0'), &value))
          stop("too-large", "a size too large to represent");
        ++pos_;
      }
      if (!at_end() && peek() == U'.') stop("fraction", "a fractional size; sizes are whole numbers >= 0");
      d.size = value;
    } else if (is_letter(peek())) {
      std::string name;
      while (!at_end() && (is_letter(peek()) || is_digit(peek()))) name += static_cast<char>(s_[pos_++]);
      d.name = name;
    } else if (peek() == U'-') {
      stop("negative", "a negative size; sizes are whole numbers >= 0");
    } else {
      stop("unexpected", quote(original_[pos_]) + " where a size was expected", original_[pos_]);
    }
    return d;
  }

  [[noreturn]] void stop(const char* kind, const std::string& message, char32_t found = 0) const {
    ShapeProblem p;
    p.kind = kind;
    p.position = static_cast<int64_t>(pos_) + 1;
    p.at = static_cast<int64_t>(pos_);
    for (size_t i = 0; i < pos_ && i < original_.size(); ++i) p.at += original_[i] > 0xFFFF;
    if (found != 0) p.found = utf8(found);
    p.message = message;
    throw Stop{p};
  }

  void skip_space() {
    while (!at_end() && is_space(peek())) ++pos_;
  }
  bool at_end() const { return pos_ >= s_.size(); }
  char32_t peek() const { return s_[pos_]; }

  const std::u32string& s_;
  const std::u32string& original_;
  std::vector<char32_t> closers_;
  size_t pos_ = 0;
};

}  // namespace

ShapeReading read_shape(const std::string& text) {
  ShapeReading reading;
  const Decoded decoded = decode(text);
  if (decoded.bad_byte_at) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", decoded.bad_byte);
    ShapeProblem p;
    p.kind = "not-text";
    p.position = static_cast<int64_t>(*decoded.bad_byte_at) + 1;
    p.at = static_cast<int64_t>(*decoded.bad_byte_at);
    for (char32_t c : decoded.original) p.at += c > 0xFFFF;
    p.message = std::string("a byte that is not UTF-8 text (") + byte + ")";
    reading.problem = p;
    return reading;
  }
  try {
    reading.dims = Reader(decoded).run();
  } catch (const Stop& stop) {
    reading.problem = stop.problem;
  }
  return reading;
}

}  // namespace tc::syntax

TC_FOR_SIZE_END
