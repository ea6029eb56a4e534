#include "syntax/lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

#include "error.h"
#include "for_size.h"

namespace tc::syntax {

namespace {

// In Kw's order, from Kw::False.
const char* const kKeywords[] = {"False", "None",   "True",  "and",    "as",     "assert",
                                 "async", "await",  "break", "class",  "continue", "def",
                                 "del",   "elif",   "else",  "except", "finally", "for",
                                 "from",  "global", "if",    "import", "in",     "is",
                                 "lambda", "nonlocal", "not", "or",    "pass",   "raise",
                                 "return", "try",   "while", "with",   "yield"};
static_assert(sizeof kKeywords / sizeof kKeywords[0] == static_cast<size_t>(Kw::Yield),
              "one spelling per keyword, in Kw's order");

// Longest first, so that "**=" wins over "**" and "*".
struct OpSpelling {
  const char* text;
  Op op;
};
const OpSpelling kOps[] = {
    {"...", Op::Ellipsis},    {"**=", Op::DoubleStarEqual}, {"//=", Op::DoubleSlashEqual},
    {">>=", Op::RightShiftEqual}, {"<<=", Op::LeftShiftEqual}, {"->", Op::RArrow},
    {"**", Op::DoubleStar},   {"//", Op::DoubleSlash},  {"==", Op::EqEqual},
    {"!=", Op::NotEqual},     {"<=", Op::LessEqual},    {">=", Op::GreaterEqual},
    {"<<", Op::LeftShift},    {">>", Op::RightShift},   {"+=", Op::PlusEqual},
    {"-=", Op::MinEqual},     {"*=", Op::StarEqual},    {"/=", Op::SlashEqual},
    {"%=", Op::PercentEqual}, {"&=", Op::AmperEqual},   {"|=", Op::VBarEqual},
    {"^=", Op::CircumflexEqual}, {"@=", Op::AtEqual},   {":=", Op::ColonEqual},
    {"(", Op::LPar},  {")", Op::RPar},    {"[", Op::LSqb},    {"]", Op::RSqb},
    {"{", Op::LBrace}, {"}", Op::RBrace}, {",", Op::Comma},   {":", Op::Colon},
    {";", Op::Semi},  {".", Op::Dot},     {"+", Op::Plus},    {"-", Op::Minus},
    {"*", Op::Star},  {"/", Op::Slash},   {"%", Op::Percent}, {"@", Op::At},
    {"=", Op::Equal}, {"<", Op::Less},    {">", Op::Greater}, {"&", Op::Amper},
    {"|", Op::VBar},  {"^", Op::Circumflex}, {"~", Op::Tilde}};

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

struct CodePointRange {
  uint32_t first, last;
};
#include "syntax/identifier_ranges.inc"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

template <size_t N>
bool in_ranges(const CodePointRange (&ranges)[N], uint32_t c) {
  const CodePointRange* end = ranges + N;
  const CodePointRange* r =
      std::upper_bound(ranges, end, c, [](uint32_t x, const CodePointRange& range) { return x < range.first; });
  return r != ranges && c <= (r - 1)->last;
}

// The bytes of the UTF-8 character starting at `at` (1 for a byte that
// starts none), so that a problem quotes a whole character.
// Only well-formed UTF-8 is a character (Unicode's table 3-7: no overlong
// form, no surrogate, nothing past U+10FFFF); any other byte stands alone.
size_t utf8_length(const std::string& s, size_t at) {
  const unsigned char c = static_cast<unsigned char>(s[at]);
  if (c < 0xC2 || c > 0xF4) return 1;
  const size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  for (size_t k = 1; k < n; ++k)
    if (at + k >= s.size() || (static_cast<unsigned char>(s[at + k]) >> 6) != 2) return 1;
  const unsigned char second = static_cast<unsigned char>(s[at + 1]);
  if ((c == 0xE0 && second < 0xA0) || (c == 0xED && second >= 0xA0) || (c == 0xF0 && second < 0x90) ||
      (c == 0xF4 && second >= 0x90))
    return 1;
  return n;
}

// The code point of the UTF-8 character at `at` (n bytes long, from
// utf8_length); a byte that starts none is itself.
uint32_t code_point(const std::string& s, size_t at, size_t n) {
  const unsigned char c = static_cast<unsigned char>(s[at]);
  if (n == 1) return c;
  uint32_t v = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
  for (size_t k = 1; k < n; ++k) v = (v << 6) | (static_cast<unsigned char>(s[at + k]) & 0x3F);
  return v;
}

// Note [Unicode names]: Python's identifiers may hold letters of any
// script (PEP 3131): a character past ASCII may start one if it is
// XID_Start and continue one if it is XID_Continue (the tables of
// identifier_ranges.inc, made from Python's own str.isidentifier). Python
// also folds an identifier to its NFKC form (a fullwidth 'ｘ' is 'x');
// tensorcast reads names as written. Any other character past ASCII
// (a fullwidth comma '，', typed with a Chinese keyboard) is refused as
// Python refuses it: "invalid character '，' (U+FF0C)".
bool is_unicode_name_char(uint32_t c, bool first) {
  return c >= 0x80 && (first ? in_ranges(kIdentifierStart, c) : in_ranges(kIdentifierContinue, c));
}

}  // namespace

const char* keyword_text(Kw kw) {
  TC_ASSERT(kw != Kw::NotKeyword, "keyword_text of a token that is not a keyword");
  return kKeywords[static_cast<size_t>(kw) - 1];
}

namespace {

// Which keyword `word` is, or Kw::NotKeyword.
Kw keyword_of(const std::string& word) {
  size_t i = 0;
  for (const char* k : kKeywords) {  // the first byte first: a long program has many names
    ++i;
    if (k[0] == word[0] && word == k) return static_cast<Kw>(i);
  }
  return Kw::NotKeyword;
}

bool digit_of(char c, int base) {
  const int v = is_digit(c) ? c - '0'
                : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                         : 99;
  return v < base;
}

class Lexer {
 public:
  Lexer(const std::string& text, const char* what) : text_(text), what_(what) {}

  std::vector<Token> run() {
    indents_.push_back(0);
    // A leading byte-order mark is not text, as for Python reading a file:
    // columns on the first line count from after it.
    if (text_.compare(0, 3, "\xEF\xBB\xBF") == 0) i_ = line_begin_ = 3;
    bool line_start = true;
    while (i_ < text_.size()) {
      if (line_start && depth_ == 0) {
        if (!indentation()) continue;  // a blank or comment-only line
        line_start = false;
        if (i_ >= text_.size()) break;  // trailing blanks
      }
      const char c = text_[i_];
      if (line_break(i_) > 0) {
        if (depth_ == 0 && !tokens_.empty() && tokens_.back().kind != TokenKind::Newline &&
            tokens_.back().kind != TokenKind::Indent && tokens_.back().kind != TokenKind::Dedent)
          push(TokenKind::Newline, "", i_);
        advance_line();
        // Inside brackets a line break only continues the line: no
        // indentation to measure, and the Newline after the closing
        // bracket must not be taken for a blank line's.
        line_start = depth_ == 0;
      } else if (c == ' ' || c == '\t' || c == '\f') {
        ++i_;
      } else if (c == '#') {
        while (i_ < text_.size() && line_break(i_) == 0) ++i_;
      } else if (c == '\\' && i_ + 1 < text_.size() && line_break(i_ + 1) > 0) {
        i_ += 1;  // a line joined to the next: no Newline
        advance_line();
      } else if (is_name_start(c) || unicode_name_char_at(i_, true) > 0) {
        name();
      } else if (is_digit(c) || (c == '.' && i_ + 1 < text_.size() && is_digit(text_[i_ + 1]))) {
        number();
      } else if (c == '\'' || c == '"') {
        string();
      } else {
        op();
      }
    }
    if (!tokens_.empty() && tokens_.back().kind != TokenKind::Newline &&
        tokens_.back().kind != TokenKind::Dedent)
      push(TokenKind::Newline, "", i_);
    while (indents_.size() > 1) {
      indents_.pop_back();
      push(TokenKind::Dedent, "", i_);
    }
    push(TokenKind::End, "", i_);
    return std::move(tokens_);
  }

 private:
  // 1-based, in UTF-16 code units (Note [Columns]): counted on from the
  // last position asked about on this line, so a long line costs O(n).
  int column() const { return column_at(i_); }
  int column_at(size_t at) const {
    if (at < counted_to_ || counted_to_ < line_begin_) {
      counted_to_ = line_begin_;
      counted_units_ = 0;
    }
    while (counted_to_ < at && counted_to_ < text_.size()) {
      const size_t n = utf8_length(text_, counted_to_);
      counted_units_ += n == 4 ? 2 : 1;  // past U+FFFF: a surrogate pair
      counted_to_ += n;
    }
    return static_cast<int>(counted_units_) + 1;
  }
  // The bytes of the line break at `at`: 1 for \n or a lone \r (old Mac
  // files), 2 for \r\n, 0 for none. Python's reader takes all three.
  size_t line_break(size_t at) const {
    if (at >= text_.size()) return 0;
    if (text_[at] == '\n') return 1;
    if (text_[at] != '\r') return 0;
    return at + 1 < text_.size() && text_[at + 1] == '\n' ? 2 : 1;
  }
  // Past the line break at i_.
  void advance_line() {
    i_ += line_break(i_);
    ++line_;
    line_begin_ = i_;
  }
  // A token from byte `start` to i_, the bytes just read.
  void push(TokenKind kind, std::string text, size_t start) {
    tokens_.push_back({kind, std::move(text), line_, column_at(start)});
    tokens_.back().offset = start;
    tokens_.back().width = column_at(i_) - tokens_.back().column;
  }
  // `found`: the bytes from byte `start` that cannot be read.
  [[noreturn]] void fail_here(const std::string& what, size_t start, size_t found) const {
    const int col = column_at(start);
    ReadProblem problem;
    problem.offset = start;
    problem.found = text_.substr(problem.offset, found);
    problem.line = line_;
    problem.column = col;
    problem.what = what;
    throw ReadError(ErrorKind::Value,
                    detail::concat("cannot read ", what_, ": ", what, " at ", position(text_, line_, col)),
                    std::move(problem));
  }

  // At the start of a logical line: measures its indentation and emits
  // Indent or Dedents. False for a blank or comment-only line (skipped).
  bool indentation() {
    size_t j = i_;
    int width = 0;
    while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t' || text_[j] == '\f')) {
      width = text_[j] == '\t' ? (width / 8 + 1) * 8 : width + 1;
      ++j;
    }
    if (j >= text_.size()) {
      i_ = j;
      return true;  // trailing blanks: the loop ends
    }
    if (line_break(j) > 0 || text_[j] == '#') {
      i_ = j;
      while (i_ < text_.size() && line_break(i_) == 0) ++i_;
      if (i_ < text_.size()) advance_line();
      return false;
    }
    i_ = j;
    if (tokens_.empty()) {
      indents_.back() = width;  // the first line sets the base: " 1:3" reads as "1:3"
    } else if (width > indents_.back()) {
      indents_.push_back(width);
      push(TokenKind::Indent, "", i_);
    } else {
      // The base level (indents_[0]) is never closed: a line left of it
      // matches no level (regressions/parse_index/dedent-below-base).
      while (indents_.size() > 1 && width < indents_.back()) {
        indents_.pop_back();
        push(TokenKind::Dedent, "", i_);
      }
      if (width != indents_.back())
        fail_here("unindent does not match any outer indentation level", i_, 0);
    }
    return true;
  }

  // The bytes of the character at `at` when it is a letter past ASCII a
  // name may start with (`first`) or hold (Note [Unicode names]); else 0.
  size_t unicode_name_char_at(size_t at, bool first) const {
    if (static_cast<unsigned char>(text_[at]) < 0x80) return 0;
    const size_t n = utf8_length(text_, at);
    return n > 1 && is_unicode_name_char(code_point(text_, at, n), first) ? n : 0;
  }

  void name() {
    const size_t start = i_;
    while (i_ < text_.size()) {
      if (is_name_char(text_[i_])) {
        ++i_;
      } else if (const size_t n = unicode_name_char_at(i_, false)) {
        i_ += n;
      } else {
        break;
      }
    }
    std::string word = text_.substr(start, i_ - start);
    const Kw kw = keyword_of(word);
    push(kw == Kw::NotKeyword ? TokenKind::Name : TokenKind::Keyword, std::move(word), start);
    tokens_.back().kw = kw;
  }

  // Python's numeric literals: decimal, 0x/0o/0b integers, floats with a
  // point and/or exponent; single underscores between digits.
  void number() {
    const size_t start = i_;
    auto digits = [&](int base) {
      bool any = false;
      while (i_ < text_.size()) {
        if (digit_of(text_[i_], base)) {
          any = true;
          ++i_;
        } else if (text_[i_] == '_' && any && i_ + 1 < text_.size() &&
                   digit_of(text_[i_ + 1], base)) {
          ++i_;
        } else {
          break;
        }
      }
      return any;
    };
    bool is_float = false;
    if (text_[i_] == '0' && i_ + 1 < text_.size() &&
        std::strchr("xXoObB", text_[i_ + 1]) != nullptr && text_[i_ + 1] != '\0') {
      const char p = static_cast<char>(std::tolower(static_cast<unsigned char>(text_[i_ + 1])));
      i_ += 2;
      if (!digits(p == 'x' ? 16 : p == 'o' ? 8 : 2))
        fail_here("invalid number '" + printable(text_.substr(start, i_ - start)) + "'", start,
                  i_ - start);
    } else {
      digits(10);
      if (i_ < text_.size() && text_[i_] == '.') {
        is_float = true;
        ++i_;
        digits(10);
      }
      if (i_ < text_.size() && (text_[i_] == 'e' || text_[i_] == 'E')) {
        is_float = true;
        ++i_;
        if (i_ < text_.size() && (text_[i_] == '+' || text_[i_] == '-')) ++i_;
        if (!digits(10))
          fail_here("invalid number '" + printable(text_.substr(start, i_ - start)) + "'", start,
                  i_ - start);
      }
    }
    if (i_ < text_.size() && (is_name_char(text_[i_])))
      fail_here("invalid number '" + printable(text_.substr(start, i_ - start + 1)) + "'", start,
                i_ - start + 1);
    std::string t = text_.substr(start, i_ - start);
    push(is_float ? TokenKind::Float : TokenKind::Int, std::move(t), start);
  }

  void string() {
    const size_t quote_at = i_;
    const char quote = text_[i_++];
    const size_t start = i_;
    while (i_ < text_.size() && text_[i_] != quote && line_break(i_) == 0) {
      if (text_[i_] == '\\' && i_ + 1 < text_.size() && line_break(i_ + 1) == 0) ++i_;
      ++i_;
    }
    if (i_ >= text_.size() || text_[i_] != quote) fail_here("unterminated string", quote_at, 1);
    ++i_;
    push(TokenKind::String, text_.substr(start, i_ - 1 - start), quote_at);
  }

  void op() {
    const size_t start = i_;
    for (const OpSpelling& o : kOps) {
      if (o.text[0] != text_[i_]) continue;  // the first byte first: most tokens are short
      const size_t n = std::strlen(o.text);
      if (text_.compare(i_, n, o.text) == 0) {
        if (o.op == Op::LPar || o.op == Op::LSqb || o.op == Op::LBrace) ++depth_;
        if ((o.op == Op::RPar || o.op == Op::RSqb || o.op == Op::RBrace) && depth_ > 0) --depth_;
        i_ += n;
        push(TokenKind::Op, o.text, start);
        tokens_.back().op = o.op;
        return;
      }
    }
    fail_here("unexpected character '" + printable(text_.substr(i_, 1)) + "'", start,
              utf8_length(text_, i_));
  }

  const std::string& text_;
  const char* what_;
  size_t i_ = 0;
  size_t line_begin_ = 0;
  int line_ = 1;
  int depth_ = 0;  // open brackets: no Newline inside
  std::vector<int> indents_;
  std::vector<Token> tokens_;
  // column_at's running count: the UTF-16 units from line_begin_ to counted_to_.
  mutable size_t counted_to_ = 0;
  mutable int64_t counted_units_ = 0;
};

}  // namespace

const char* token_kind_name(TokenKind kind) {
  switch (kind) {
    case TokenKind::Name: return "name";
    case TokenKind::Keyword: return "keyword";
    case TokenKind::Int: return "integer";
    case TokenKind::Float: return "float";
    case TokenKind::String: return "string";
    case TokenKind::Op: return "operator";
    case TokenKind::Newline: return "end of line";
    case TokenKind::Indent: return "indent";
    case TokenKind::Dedent: return "dedent";
    case TokenKind::End: return "end of text";
  }
  return "token";
}

const char* op_text(Op op) {
  for (const OpSpelling& o : kOps)
    if (o.op == op) return o.text;
  return "";
}

std::string position(const std::string& text, int line, int column) {
  const bool one_line = text.find_first_of("\n\r") == std::string::npos;
  std::string out = one_line ? "" : "line " + std::to_string(line) + ", ";
  return out + "column " + std::to_string(column);
}

std::vector<Token> tokenize(const std::string& text, const char* what) {
  return Lexer(text, what).run();
}

bool int_value(const Token& token, int64_t* out) {
  const std::string& t = token.text;
  int base = 10;
  size_t i = 0;
  if (t.size() > 1 && t[0] == '0' && std::isalpha(static_cast<unsigned char>(t[1]))) {
    const char p = static_cast<char>(std::tolower(static_cast<unsigned char>(t[1])));
    base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    i = 2;
  }
  uint64_t v = 0;
  for (; i < t.size(); ++i) {
    if (t[i] == '_') continue;
    const char c = t[i];
    const uint64_t d = is_digit(c) ? c - '0' : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
    if (v > (static_cast<uint64_t>(INT64_MAX) - d) / base) return false;
    v = v * base + d;
  }
  *out = static_cast<int64_t>(v);
  return true;
}

int64_t utf16_index(const std::string& text, size_t offset) {
  int64_t units = 0;
  for (size_t i = 0; i < offset && i < text.size();) {
    const size_t n = utf8_length(text, i);
    units += n == 4 ? 2 : 1;  // past U+FFFF: a surrogate pair
    i += n;
  }
  return units;
}

std::string printable(const std::string& text) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace tc::syntax

TC_FOR_SIZE_END
