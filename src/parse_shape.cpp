#include "parse_shape.h"

#include <cctype>

#include "error.h"

namespace tc {

namespace {

class Reader {
 public:
  explicit Reader(const std::string& text) : s_(text) {}

  Shape parse() {
    skip_space();
    if (at_end()) fail_here("an empty shape; write () for a 0-dimensional tensor");
    Shape shape;
    if (try_word("torch.")) {
      while (!at_end() && (std::isalpha(peek()) || peek() == '_')) ++pos_;
      expect('(');
      shape = bracketed_or_list(')');
      expect(')');
    } else {
      shape = bracketed_or_list('\0');
    }
    skip_space();
    if (!at_end()) fail_here("unexpected '" + std::string(1, peek()) + "'");
    check_shape(shape);
    return shape;
  }

 private:
  // A list, or one bracketed list: "5,3", "(5,3)", "[5,3]".
  Shape bracketed_or_list(char closer) {
    skip_space();
    if (!at_end() && (peek() == '(' || peek() == '[')) {
      const char close = peek() == '(' ? ')' : ']';
      ++pos_;
      Shape shape = list(close);
      expect(close);
      return shape;
    }
    return list(closer);
  }

  Shape list(char closer) {
    Shape shape;
    for (;;) {
      skip_space();
      if (at_end() || peek() == closer) return shape;
      if (!std::isdigit(static_cast<unsigned char>(peek())))
        fail_here(peek() == '-' ? "a negative size; sizes are whole numbers >= 0"
                                : "'" + std::string(1, peek()) + "' where a size was expected");
      int64_t value = 0;
      while (!at_end() && std::isdigit(static_cast<unsigned char>(peek()))) {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, peek() - '0', &value))
          fail_here("a size too large to represent");
        ++pos_;
      }
      if (!at_end() && peek() == '.') fail_here("a fractional size; sizes are whole numbers >= 0");
      shape.push_back(value);
      if (shape.size() > static_cast<size_t>(kMaxDims))
        fail(ErrorKind::Value, "tensorcast supports at most ", kMaxDims, " dimensions");
      skip_space();
      if (!at_end() && peek() == ',') ++pos_;
    }
  }

  void expect(char c) {
    skip_space();
    if (at_end() || peek() != c) fail_here(std::string("expected '") + c + "'");
    ++pos_;
  }
  bool try_word(const char* word) {
    const std::string w(word);
    if (s_.compare(pos_, w.size(), w) != 0) return false;
    pos_ += w.size();
    return true;
  }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) ++pos_;
  }
  bool at_end() const { return pos_ >= s_.size(); }
  char peek() const { return s_[pos_]; }
  [[noreturn]] void fail_here(const std::string& what) const {
    fail(ErrorKind::Value, "cannot read shape: ", what, " at position ", pos_ + 1);
  }

  const std::string& s_;
  size_t pos_ = 0;
};

}  // namespace

Shape parse_shape(const std::string& text) { return Reader(text).parse(); }

}  // namespace tc
