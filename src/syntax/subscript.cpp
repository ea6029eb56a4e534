#include "syntax/subscript.h"

#include "error.h"
#include "syntax/lexer.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::syntax {

namespace {

class IndexParser {
 public:
  IndexParser(const std::string& text, const std::vector<Token>& tokens, size_t pos, bool bracketed)
      : text_(text), tokens_(tokens), pos_(pos), bracketed_(bracketed) {}

  IndexSpec run() {
    IndexSpec spec;
    Items items(*this, spec);
    spec.tuple = read_items(items);
    if (bracketed_) next();  // ']'
    if (!spec.tuple && spec.items[0].kind == IndexSpecItem::Kind::List &&
        spec.items[0].list_shape.size() > 1)
      return split(spec.items[0]);
    return spec;
  }

  size_t pos() const { return pos_; }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  // The end of the items: the closing ']' when bracketed, else the end of
  // the text (allowing the one Newline the lexer puts after a line).
  bool at_end() const {
    const Token& t = peek();
    if (bracketed_) return t.is_op(Op::RSqb);
    return t.kind == TokenKind::End ||
           (t.kind == TokenKind::Newline && tokens_[pos_ + 1].kind == TokenKind::End);
  }

  static std::string describe(const Token& t) {
    if (t.kind == TokenKind::End) return "the end";
    if (t.kind == TokenKind::Newline) return "a line break";
    if (t.kind == TokenKind::Indent || t.kind == TokenKind::Dedent) return "a new line";
    return std::string(token_kind_name(t.kind)) + " '" + printable(t.text) + "'";
  }

  // A refusal at `t` (Note [Read problems]): `message` is the whole text,
  // `what` the problem without the place.
  [[noreturn]] void refuse(ErrorKind kind, ReadProblem::Kind why, const Token& t,
                           const std::string& what, const std::string& message,
                           int64_t limit = 0) const {
    ReadProblem problem;
    problem.kind = why;
    problem.found = t.kind == TokenKind::End ? "" : t.text;
    problem.offset = t.offset;
    problem.line = t.line;
    problem.column = t.column;
    problem.limit = limit;
    problem.what = what;
    throw ReadError(kind, message, std::move(problem));
  }

  std::string place(const Token& t) const { return position(text_, t.line, t.column); }

  [[noreturn]] void fail_at(const Token& t, const std::string& what) const {
    refuse(ErrorKind::Value, ReadProblem::Kind::Unexpected, t, what,
           "cannot read index: " + what + " at " + place(t));
  }

  // PyTorch's refusal of an index of another type (python_variable_indexing.cpp).
  [[noreturn]] void invalid(const Token& t, const char* type) const {
    const std::string what =
        std::string("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                    "Variables are valid indices (got ") + type + ")";
    refuse(ErrorKind::Index, ReadProblem::Kind::PyTorch, t, what, what + " at " + place(t));
  }

  bool starts_integer() const {
    const Token& t = peek();
    return t.kind == TokenKind::Int || t.is_op(Op::Minus) || t.is_op(Op::Plus);
  }

  // ('+' | '-')* INT
  int64_t integer() {
    const Token& first = peek();
    bool negative = false;
    while (peek().is_op(Op::Minus) || peek().is_op(Op::Plus)) negative ^= next().is_op(Op::Minus);
    const Token& t = next();
    if (t.kind == TokenKind::Float) invalid(t, "float");
    if (t.kind != TokenKind::Int) fail_at(t, "expected an integer, found " + describe(t));
    int64_t v = 0;
    if (!int_value(t, &v))
      refuse(ErrorKind::Index, ReadProblem::Kind::Number, t,
             "cannot fit 'int' into an index-sized integer",
             "cannot fit 'int' into an index-sized integer (" + printable(t.text) + " at " +
                 place(first) + ")");
    return negative ? -v : v;
  }

  // A slice bound where one stands: an integer or None.
  std::optional<int64_t> bound() {
    if (peek().is_kw(Kw::None)) {
      next();
      return std::nullopt;
    }
    if (starts_integer()) return integer();
    return value_error(peek());
  }

  [[noreturn]] std::optional<int64_t> value_error(const Token& t) const {
    if (t.kind == TokenKind::Float) invalid(t, "float");
    if (t.kind == TokenKind::String) invalid(t, "str");
    fail_at(t, "expected an integer, None, ':' or ',', found " + describe(t));
  }

  IndexSpecItem slice_from(std::optional<int64_t> start, int column) {
    IndexSpecItem item;
    item.kind = IndexSpecItem::Kind::Slice;
    item.column = column;
    item.start = start;
    Bounds bounds(*this, item);
    read_slice(bounds);
    return item;
  }

  // A (nested) Python list of integers or bools, read as torch.tensor
  // reads it: rectangular, else PyTorch's "expected sequence of length 1
  // at dim 1 (got 2)".
  IndexSpecItem list(int column) {
    IndexSpecItem item;
    item.kind = IndexSpecItem::Kind::List;
    item.column = column;
    bool bools = true;
    item.list_shape = elements(item, 0, bools);
    item.list_of_bools = bools && !item.list.empty();
    return item;
  }

  // Reads one '[' ... ']' into item.list; returns its shape.
  std::vector<int64_t> elements(IndexSpecItem& item, size_t depth, bool& bools) {
    const Token& open = next();  // '['
    if (depth >= kMaxListDepth)
      refuse(ErrorKind::Value, ReadProblem::Kind::TooDeep, open, "lists nested too deeply",
             "cannot read index: lists nested too deeply at " + place(open), kMaxListDepth);
    std::vector<int64_t> inner;  // the shape every element must have
    bool lists = false;          // the elements are lists
    int64_t count = 0;
    while (!peek().is_op(Op::RSqb)) {
      const Token& t = peek();
      std::vector<int64_t> shape;
      const bool is_list = t.is_op(Op::LSqb);
      if (is_list) {
        shape = elements(item, depth + 1, bools);
      } else if (t.is_kw(Kw::True) || t.is_kw(Kw::False)) {
        item.list.push_back(next().is_kw(Kw::True));
      } else if (starts_integer()) {
        item.list.push_back(integer());
        bools = false;
      } else if (t.kind == TokenKind::Float) {
        invalid(t, "float");
      } else {
        fail_at(t, "expected an integer, True, False or a list, found " + describe(t));
      }
      if (count == 0) {
        inner = shape;
        lists = is_list;
      } else if (is_list != lists || shape.size() != inner.size()) {
        fail_at(t, lists ? "expected a list here, as before it" : "expected a number here, as before it");
      } else {
        for (size_t d = 0; d < shape.size(); ++d) {
          if (shape[d] == inner[d]) continue;
          // torch.tensor's text for a ragged list.
          const std::string what = detail::concat("expected sequence of length ", inner[d],
                                                  " at dim ", depth + 1 + d, " (got ", shape[d], ")");
          refuse(ErrorKind::Value, ReadProblem::Kind::PyTorch, t, what, what + " at " + place(t));
        }
      }
      ++count;
      if (peek().is_op(Op::Comma)) next();
      else if (!peek().is_op(Op::RSqb)) fail_at(peek(), "expected ',' or ']', found " + describe(peek()));
    }
    next();  // ']'
    inner.insert(inner.begin(), count);
    return inner;
  }

  IndexSpecItem item() {
    const Token& t = peek();
    IndexSpecItem item;
    item.column = t.column;
    if (t.is_op(Op::Ellipsis) || t.is(TokenKind::Name, "Ellipsis")) {
      next();
      item.kind = IndexSpecItem::Kind::Ellipsis;
    } else if (t.is_kw(Kw::None)) {
      next();
      if (peek().is_op(Op::Colon)) return slice_from(std::nullopt, item.column);
      item.kind = IndexSpecItem::Kind::None;
    } else if (t.is_kw(Kw::True) || t.is_kw(Kw::False)) {
      item.kind = IndexSpecItem::Kind::Bool;
      item.boolean = next().is_kw(Kw::True);
    } else if (t.is_op(Op::Colon)) {
      return slice_from(std::nullopt, item.column);
    } else if (t.is_op(Op::LSqb)) {
      return list(item.column);
    } else if (starts_integer()) {
      const int64_t v = integer();
      if (peek().is_op(Op::Colon)) return slice_from(v, item.column);
      item.kind = IndexSpecItem::Kind::Integer;
      item.integer = v;
    } else if (t.kind == TokenKind::Name) {
      fail_at(t, "name '" + printable(t.text) +
                     "' is not an index (an index holds integers, slices, None, ..., True, "
                     "False and lists of integers)");
    } else {
      value_error(t);
    }
    return item;
  }

  // A list of lists as the tuple of its rows.
  static IndexSpec split(const IndexSpecItem& list) {
    IndexSpec spec;
    spec.tuple = true;
    const std::vector<int64_t> row_shape(list.list_shape.begin() + 1, list.list_shape.end());
    int64_t row = 1;
    for (int64_t s : row_shape) row *= s;
    for (int64_t r = 0; r < list.list_shape[0]; ++r) {
      IndexSpecItem item = list;
      item.list.assign(list.list.begin() + r * row, list.list.begin() + (r + 1) * row);
      item.list_shape = row_shape;
      spec.items.push_back(std::move(item));
    }
    return spec;
  }

  // The tokens as read_items and read_slice see them (Note [Subscript grammar]).
  struct Cursor {
    IndexParser& p;
    bool at_end() const { return p.at_end(); }
    bool at(Op op) const { return p.peek().is_op(op); }
    void skip() { p.next(); }
  };

  // The items, for read_items.
  struct Items : Cursor {
    IndexSpec& spec;
    Items(IndexParser& parser, IndexSpec& s) : Cursor{parser}, spec(s) {}
    void item() { spec.items.push_back(p.item()); }
    [[noreturn]] void empty() const {
      p.fail_at(p.peek(), "the index is empty (write ':' or '...' for the whole tensor)");
    }
    [[noreturn]] void expected_comma() const {
      p.fail_at(p.peek(), std::string("expected ',' or ") + (p.bracketed_ ? "']'" : "the end") +
                              ", found " + describe(p.peek()));
    }
  };

  // A slice's bounds, for read_slice.
  struct Bounds : Cursor {
    IndexSpecItem& item;
    Bounds(IndexParser& parser, IndexSpecItem& i) : Cursor{parser}, item(i) {}
    void bound(int which) { (which == 1 ? item.stop : item.step) = p.bound(); }
  };

  static constexpr int64_t kMaxListDepth = 32;
  const std::string& text_;
  const std::vector<Token>& tokens_;
  size_t pos_ = 0;
  bool bracketed_ = false;
};

std::string show_bound(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : ""; }

// The values from `at` as nested lists from dim `d` of list_shape.
std::string format_list(const IndexSpecItem& item, size_t d, size_t at) {
  const std::vector<int64_t>& shape = item.list_shape;
  size_t block = 1;
  for (size_t k = d + 1; k < shape.size(); ++k) block *= static_cast<size_t>(shape[k]);
  std::string out = "[";
  for (int64_t i = 0; i < shape[d]; ++i) {
    if (i) out += ", ";
    const size_t pos = at + static_cast<size_t>(i) * block;
    if (d + 1 < shape.size()) out += format_list(item, d + 1, pos);
    else out += item.list_of_bools ? (item.list[pos] ? "True" : "False") : std::to_string(item.list[pos]);
  }
  return out + "]";
}

}  // namespace

IndexSpec parse_index(const std::string& text) {
  const std::vector<Token> tokens = tokenize(text, "index");
  return IndexParser(text, tokens, 0, false).run();
}

IndexSpec read_subscript(const std::string& text, const std::vector<Token>& tokens, size_t& pos) {
  IndexParser parser(text, tokens, pos, true);
  IndexSpec spec = parser.run();
  pos = parser.pos();
  return spec;
}

std::string format_index_item(const IndexSpecItem& item) {
  using K = IndexSpecItem::Kind;
  switch (item.kind) {
    case K::Integer:
      return std::to_string(item.integer);
    case K::Slice:
      return show_bound(item.start) + ":" + show_bound(item.stop) +
             (item.step ? ":" + std::to_string(*item.step) : "");
    case K::None:
      return "None";
    case K::Ellipsis:
      return "...";
    case K::Bool:
      return item.boolean ? "True" : "False";
    case K::List:
      return format_list(item, 0, 0);
  }
  return "";
}

}  // namespace tc::syntax

TC_FOR_SIZE_END
