#include "parse_shape.h"

#include <cstdio>
#include <optional>
#include <string>

#include "error.h"

namespace tc {

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

// A character quoted in a message: itself when printable, else its code.
std::string quote(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c < 0xA0)) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    return code;
  }
  std::string utf8;
  if (c < 0x80) {
    utf8 += static_cast<char>(c);
  } else if (c < 0x800) {
    utf8 += static_cast<char>(0xC0 | (c >> 6));
    utf8 += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    utf8 += static_cast<char>(0xE0 | (c >> 12));
    utf8 += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    utf8 += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    utf8 += static_cast<char>(0xF0 | (c >> 18));
    utf8 += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    utf8 += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    utf8 += static_cast<char>(0x80 | (c & 0x3F));
  }
  return "'" + utf8 + "'";
}

// The closer of a list that is not in brackets: no character, not even NUL.
constexpr char32_t kNoCloser = 0x110000;

bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || c == U'_'; }
bool is_space(char32_t c) { return c == U' ' || (c >= U'\t' && c <= U'\r'); }

class Reader {
 public:
  explicit Reader(const Decoded& text) : s_(text.text), original_(text.original) {}

  Shape parse() {
    skip_space();
    if (at_end()) fail_here("an empty shape; write () for a 0-dimensional tensor");
    Shape shape;
    if (try_word(U"torch.")) {
      while (!at_end() && is_letter(peek())) ++pos_;
      expect(U'(');
      shape = bracketed_or_list(U')');
      expect(U')');
    } else {
      shape = bracketed_or_list(kNoCloser);
    }
    skip_space();
    if (!at_end()) fail_here("unexpected " + quote(original_[pos_]));
    check_shape(shape);
    return shape;
  }

 private:
  // A list, or one bracketed list: "5,3", "(5,3)", "[5,3]".
  Shape bracketed_or_list(char32_t closer) {
    skip_space();
    if (!at_end() && (peek() == U'(' || peek() == U'[')) {
      const char32_t close = peek() == U'(' ? U')' : U']';
      ++pos_;
      Shape shape = list(close);
      expect(close);
      return shape;
    }
    return list(closer);
  }

  Shape list(char32_t closer) {
    Shape shape;
    for (;;) {
      skip_space();
      if (at_end() || peek() == closer) return shape;
      if (!is_digit(peek()))
        fail_here(peek() == U'-' ? "a negative size; sizes are whole numbers >= 0"
                                 : quote(original_[pos_]) + " where a size was expected");
      int64_t value = 0;
      while (!at_end() && is_digit(peek())) {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, static_cast<int64_t>(peek() - U'0'), &value))
          fail_here("a size too large to represent");
        ++pos_;
      }
      if (!at_end() && peek() == U'.') fail_here("a fractional size; sizes are whole numbers >= 0");
      shape.push_back(value);
      TC_CHECK(Value, shape.size() <= static_cast<size_t>(kMaxDims), "tensorcast supports at most ",
               kMaxDims, " dimensions");
      skip_space();
      if (!at_end() && peek() == U',') ++pos_;
    }
  }

  void expect(char32_t c) {
    skip_space();
    if (at_end() || peek() != c) fail_here("expected " + quote(c));
    ++pos_;
  }
  bool try_word(const std::u32string& word) {
    if (s_.compare(pos_, word.size(), word) != 0) return false;
    pos_ += word.size();
    return true;
  }
  void skip_space() {
    while (!at_end() && is_space(peek())) ++pos_;
  }
  bool at_end() const { return pos_ >= s_.size(); }
  char32_t peek() const { return s_[pos_]; }
  [[noreturn]] void fail_here(const std::string& what) const {
    fail(ErrorKind::Value, "cannot read shape: ", what, " at position ", pos_ + 1);
  }

  const std::u32string& s_;
  const std::u32string& original_;
  size_t pos_ = 0;
};

}  // namespace

Shape parse_shape(const std::string& text) {
  const Decoded decoded = decode(text);
  if (decoded.bad_byte_at) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", decoded.bad_byte);
    fail(ErrorKind::Value, "cannot read shape: a byte that is not UTF-8 text (", byte,
         ") at position ", *decoded.bad_byte_at + 1);
  }
  return Reader(decoded).parse();
}

}  // namespace tc
