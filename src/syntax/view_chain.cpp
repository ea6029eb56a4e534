#include "syntax/view_chain.h"

#include <cstdlib>

#include "error.h"
#include "syntax/lexer.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::syntax {

namespace {

// The view methods read, and how many integers each takes (a tuple or
// list counts as its items, for the methods that take sizes or dims).
struct Method {
  const char* name;
  int64_t min, max;
  bool list;
  const char* expected;  // as a problem says it
};
constexpr int64_t kAny = INT64_MAX;
const Method kMethods[] = {
    {"t", 0, 0, false, "0"},          {"transpose", 2, 2, false, "2"},
    {"permute", 0, kAny, true, "n"},  {"narrow", 3, 3, false, "3"},
    {"expand", 0, kAny, true, "n"},   {"view", 0, kAny, true, "n"},
    {"unsqueeze", 1, 1, false, "1"},  {"squeeze", 0, 1, false, "0-1"},
};

const Method* method_named(const std::string& name) {
  for (const Method& m : kMethods)
    if (name == m.name) return &m;
  return nullptr;
}

bool is_attribute(const std::string& name) { return name == "T" || name == "mT"; }

// Stops the reading; caught by parse_view_chain.
struct Stop {
  ChainProblem problem;
};

class ChainReader {
 public:
  // A chain is one line: the line breaks and indentation typed into it
  // are space (the lexer makes none inside brackets).
  ChainReader(const std::string& text, std::vector<Token> tokens) : text_(text) {
    for (Token& t : tokens)
      if (t.kind != TokenKind::Newline && t.kind != TokenKind::Indent && t.kind != TokenKind::Dedent)
        tokens_.push_back(std::move(t));
  }

  std::vector<ChainLink> run() {
    std::vector<ChainLink> links;
    while (peek().kind != TokenKind::End) {
      if (static_cast<int64_t>(links.size()) == kMaxChainLinks) {
        ChainProblem p = problem("too-long", peek(), "a view chain is read up to " +
                                                         std::to_string(kMaxChainLinks) + " ops");
        p.limit = kMaxChainLinks;
        throw Stop{p};
      }
      const Token& first = peek();
      ChainLink link = this->link();
      link.at = utf16_index(text_, first.offset);
      link.text = text_.substr(first.offset, end_ - first.offset);
      links.push_back(std::move(link));
    }
    return links;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    end_ = t.offset + t.text.size();
    return t;
  }

  ChainProblem problem(const char* kind, const Token& at, const std::string& message) const {
    ChainProblem p;
    p.kind = kind;
    p.at = utf16_index(text_, at.offset);
    p.message = message;
    return p;
  }
  [[noreturn]] void unexpected(const Token& t) const {
    const bool end = t.kind == TokenKind::End;
    ChainProblem p = problem("unexpected", t, end ? "the chain ends too early"
                                                  : "'" + printable(t.text) + "' is not part of a view chain");
    if (!end) p.found = t.text;
    throw Stop{p};
  }
  [[noreturn]] void unclosed(const Token& open) const {
    ChainProblem p = problem("unclosed", open, "'" + open.text + "' is never closed");
    p.found = open.text;
    throw Stop{p};
  }

  ChainLink link() {
    if (peek().is_op(Op::LSqb)) return index();
    if (!peek().is_op(Op::Dot)) unexpected(peek());
    next();
    const Token& name = peek();
    if (name.kind != TokenKind::Name) unexpected(name);
    next();
    const Method* m = method_named(name.text);
    ChainLink link;
    link.op = name.text;
    if (peek().is_op(Op::LPar)) {
      // T and mT are attributes: ".T()" is an error in Python too.
      if (m == nullptr && !is_attribute(name.text)) unknown(name);
      if (m == nullptr) unexpected(peek());
      link.args = arguments(*m);
      if (static_cast<int64_t>(link.args.size()) < m->min ||
          static_cast<int64_t>(link.args.size()) > m->max) {
        ChainProblem p = problem("arity", name,
                                 "." + name.text + "() takes " + m->expected +
                                     " arguments, not " + std::to_string(link.args.size()));
        p.found = name.text;
        p.expected = m->expected;
        p.got = static_cast<int64_t>(link.args.size());
        throw Stop{p};
      }
      if (link.op == "squeeze" && !link.args.empty()) link.dim = link.args[0];
      return link;
    }
    if (is_attribute(name.text)) return link;
    if (m != nullptr) unexpected(peek());  // ".t" without its call
    unknown(name);
  }

  [[noreturn]] void unknown(const Token& name) const {
    ChainProblem p = problem("unknown", name, "." + printable(name.text) + " is not a view op read here");
    p.found = name.text;
    throw Stop{p};
  }

  // ('+' | '-')* INT, bounded by kMaxChainInt.
  int64_t integer() {
    const Token& first = peek();
    bool negative = false;
    while (peek().is_op(Op::Minus) || peek().is_op(Op::Plus)) negative ^= next().is_op(Op::Minus);
    const Token& t = peek();
    if (t.kind != TokenKind::Int) unexpected_or_unclosed(t);
    next();
    int64_t v = 0;
    if (!int_value(t, &v) || v > kMaxChainInt) too_large(first, t.text);
    return negative ? -v : v;
  }

  [[noreturn]] void too_large(const Token& at, const std::string& digits) const {
    ChainProblem p = problem("number", at, digits + " is too large for a size, a dim or an index");
    p.found = digits;
    throw Stop{p};
  }

  // The end of the text where more was needed is an unclosed bracket.
  [[noreturn]] void unexpected_or_unclosed(const Token& t) const {
    if (t.kind == TokenKind::End && !open_.empty()) unclosed(*open_.back());
    unexpected(t);
  }

  void open(const Token& t) { open_.push_back(&t); }

  // After '(': integers, or one tuple or list of them for a method that
  // takes sizes or dims; then ')'.
  std::vector<int64_t> arguments(const Method& m) {
    open(next());  // '('
    std::vector<int64_t> args;
    if (m.list && (peek().is_op(Op::LPar) || peek().is_op(Op::LSqb))) {
      const Op close = peek().is_op(Op::LPar) ? Op::RPar : Op::RSqb;
      open(next());
      items(args, close);
      open_.pop_back();
      if (peek().is_op(Op::Comma)) next();
    } else {
      items(args, Op::RPar);
      open_.pop_back();
      return args;
    }
    if (!peek().is_op(Op::RPar)) unexpected_or_unclosed(peek());
    next();
    open_.pop_back();
    return args;
  }

  // integer (',' integer)* [','] up to `close`, which it reads.
  void items(std::vector<int64_t>& out, Op close) {
    while (!peek().is_op(close)) {
      out.push_back(integer());
      if (peek().is_op(Op::Comma)) next();
      else if (!peek().is_op(close)) unexpected_or_unclosed(peek());
    }
    next();
  }

  // '[' subscript ']', read by the subscript grammar.
  ChainLink index() {
    const Token& bracket = peek();
    next();
    ChainLink link;
    link.op = "index";
    IndexSpec spec;
    try {
      spec = read_subscript(text_, tokens_, pos_);
    } catch (const ReadError& e) {
      subscript_problem(e.problem(), bracket);
    }
    end_ = tokens_[pos_ - 1].offset + 1;  // the ']'
    std::string text;
    for (const IndexSpecItem& item : spec.items) {
      check_integers(item, bracket);
      text += (text.empty() ? "" : ", ") + format_index_item(item);
    }
    if (spec.tuple && spec.items.size() == 1) text += ",";
    link.items = std::move(spec.items);
    link.index = text;
    return link;
  }

  void check_integers(const IndexSpecItem& item, const Token& at) const {
    auto check = [&](int64_t v) {
      if (v > kMaxChainInt || v < -kMaxChainInt) too_large(at, std::to_string(v));
    };
    check(item.integer);
    for (const std::optional<int64_t>& b : {item.start, item.stop, item.step})
      if (b) check(*b);
    for (int64_t v : item.list) check(v);
  }

  // The subscript grammar's refusal as the chain's problem.
  [[noreturn]] void subscript_problem(const ReadProblem& r, const Token& bracket) const {
    ChainProblem p;
    p.at = utf16_index(text_, r.offset);
    p.message = r.what;
    switch (r.kind) {
      case ReadProblem::Kind::Unexpected:
        if (r.found.empty() && r.offset >= text_.size()) unclosed(bracket);
        p.kind = "unexpected";
        p.found = r.found;
        break;
      case ReadProblem::Kind::PyTorch:
        p.kind = "pytorch";
        break;
      case ReadProblem::Kind::Number:
        p.kind = "number";
        p.found = r.found;
        break;
      case ReadProblem::Kind::TooDeep:
        p.kind = "too-deep";
        p.limit = r.limit;
        break;
    }
    throw Stop{p};
  }

  const std::string& text_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  size_t end_ = 0;                    // just past the last token read
  std::vector<const Token*> open_;    // the brackets of a call not yet closed
};

}  // namespace

ViewChain parse_view_chain(const std::string& text) {
  ViewChain chain;
  if (utf16_index(text, text.size()) > kMaxChainText) {
    ChainProblem p;
    p.kind = "text-too-long";
    p.at = kMaxChainText;
    p.limit = kMaxChainText;
    p.message = "a view chain is read up to " + std::to_string(kMaxChainText) + " characters";
    chain.problem = p;
    return chain;
  }
  try {
    std::vector<Token> tokens = tokenize(text, "view chain");
    chain.links = ChainReader(text, std::move(tokens)).run();
  } catch (const Stop& stop) {
    chain.problem = stop.problem;
  } catch (const ReadError& e) {  // the lexer's
    const ReadProblem& r = e.problem();
    ChainProblem p;
    p.kind = "unexpected";
    p.at = utf16_index(text, r.offset);
    p.found = r.found;
    p.message = r.what;
    chain.problem = p;
  }
  return chain;
}

}  // namespace tc::syntax

TC_FOR_SIZE_END
