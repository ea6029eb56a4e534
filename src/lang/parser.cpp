#include "lang/parser.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "error.h"
#include "syntax/lexer.h"
#include "syntax/subscript.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::lang {

using syntax::Kw;
using syntax::Op;
using syntax::Token;
using syntax::TokenKind;
using syntax::printable;
using syntax::tokenize;

namespace {

// A problem found while reading: thrown inside the parser only, and
// returned by parse_program as ParseResult::error.
struct ParseFailure {
  ProgramError error;
  // Python reads the text: the statement is refused when it runs (Note
  // [Refused constructs]), not before the program starts.
  bool deferred = false;
};

// What the subset says of a keyword it leaves out where Python reads it
// (refuse_keyword: Note [Refused constructs]).
std::string unsupported_keyword(Kw kw) {
  const std::string k = syntax::keyword_text(kw);
  switch (kw) {
    case Kw::Lambda:
      return "`lambda` functions are not supported: write a `def`";
    case Kw::Class:
      return "classes are not supported: tensorcast's programs define functions with `def`";
    case Kw::Try: case Kw::Raise:
      return "exceptions (`" + k + "`) are not supported: a program stops at its first error";
    case Kw::Global:
      return "`global` is not supported: a function reads the program's names, and returns what it "
             "computes";
    case Kw::Del:
      return "`del` is not supported: set the name to None (x = None) to free its tensor";
    case Kw::Async: case Kw::Yield:
      return "`" + k + "` is not supported: tensorcast's programs have no generators or coroutines";
    default:
      return "`" + k + "` is not supported";
  }
}

// The code point UTF-8 `text` starts with.
uint32_t utf8_code_point(const std::string& text) {
  const unsigned char c = static_cast<unsigned char>(text[0]);
  const size_t n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  uint32_t v = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
  for (size_t k = 1; k < n && k < text.size(); ++k) v = (v << 6) | (static_cast<unsigned char>(text[k]) & 0x3F);
  return v;
}

// The comparison a token spells, if it spells one.
std::optional<CmpOp> comparison_of(const Token& t) {
  switch (t.op) {
    case Op::EqEqual: return CmpOp::Eq;
    case Op::NotEqual: return CmpOp::NotEq;
    case Op::Less: return CmpOp::Lt;
    case Op::LessEqual: return CmpOp::LtE;
    case Op::Greater: return CmpOp::Gt;
    case Op::GreaterEqual: return CmpOp::GtE;
    default: return std::nullopt;
  }
}

// The binary operators, as a + b writes them and as a += b does.
struct OperatorSpelling {
  Op plain, augmented;
  Operator op;
};
const OperatorSpelling kOperators[] = {
    {Op::Plus, Op::PlusEqual, Operator::Add},
    {Op::Minus, Op::MinEqual, Operator::Sub},
    {Op::Star, Op::StarEqual, Operator::Mult},
    {Op::Slash, Op::SlashEqual, Operator::Div},
    {Op::DoubleSlash, Op::DoubleSlashEqual, Operator::FloorDiv},
    {Op::Percent, Op::PercentEqual, Operator::Mod},
    {Op::DoubleStar, Op::DoubleStarEqual, Operator::Pow},
    {Op::At, Op::AtEqual, Operator::MatMult},
    {Op::VBar, Op::VBarEqual, Operator::BitOr},
    {Op::Circumflex, Op::CircumflexEqual, Operator::BitXor},
    {Op::Amper, Op::AmperEqual, Operator::BitAnd},
};

// The binary operator a token spells: '+' for a + b, or, when `augmented`,
// '+=' for a += b.
std::optional<Operator> operator_of(const Token& t, bool augmented) {
  for (const OperatorSpelling& o : kOperators)
    if (t.op == (augmented ? o.augmented : o.plain)) return o.op;
  return std::nullopt;
}

// Operators Python has and the subset leaves out.
bool is_left_out_operator(const Token& t) {
  switch (t.op) {
    case Op::LeftShift: case Op::RightShift: case Op::LeftShiftEqual: case Op::RightShiftEqual:
    case Op::ColonEqual: case Op::RArrow:
      return true;
    default:
      return false;
  }
}

// Python's escapes in a string literal (not a raw one): \n \t \\ \' \" ...,
// \xhh, \ooo and \uXXXX (written as UTF-8). Others stay as written, as
// Python keeps them.
std::string decode_string(const std::string& text) {
  std::string out;
  auto utf8 = [&out](uint32_t c) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  };
  auto hex = [&text](size_t at, size_t n, uint32_t* v) {
    if (at + n > text.size()) return false;
    *v = 0;
    for (size_t k = 0; k < n; ++k) {
      const char c = text[at + k];
      const int d = (c >= '0' && c <= '9')   ? c - '0'
                    : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                             : -1;
      if (d < 0) return false;
      *v = *v * 16 + static_cast<uint32_t>(d);
    }
    return true;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    const char c = text[++i];
    uint32_t v = 0;
    switch (c) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case 'x':
        if (hex(i + 1, 2, &v)) {
          utf8(v);
          i += 2;
        } else {
          out += "\\x";
        }
        break;
      case 'u':
        if (hex(i + 1, 4, &v)) {
          utf8(v);
          i += 4;
        } else {
          out += "\\u";
        }
        break;
      default:
        if (c >= '0' && c <= '7') {
          v = 0;
          size_t n = 0;
          while (n < 3 && i < text.size() && text[i] >= '0' && text[i] <= '7') {
            v = v * 8 + static_cast<uint32_t>(text[i] - '0');
            ++i;
            ++n;
          }
          --i;
          utf8(v);
        } else {
          out += '\\';
          out += c;
        }
    }
  }
  return out;
}

class Parser {
 public:
  Parser(const std::string& source, const ProgramLimits& limits)
      : source_(source), limits_(limits) {}

  Module run() {
    tokens_ = read_tokens();
    unclosed_ = never_closed(tokens_);
    Module module;
    while (peek().kind != TokenKind::End) {
      const Token& t = peek();
      if (t.kind == TokenKind::Newline || t.kind == TokenKind::Dedent) {
        next();
        continue;
      }
      if (t.kind == TokenKind::Indent) fail_syntax(t, "unexpected indent", "IndentationError");
      statements(module.statements);
    }
    return module;
  }

  // An f-string's expression: its tokens, read apart with their lines and
  // columns in the program (Note [F-strings]).
  Parser(const std::string& source, const ProgramLimits& limits, std::vector<Token> tokens,
         int64_t nesting)
      : source_(source), limits_(limits), tokens_(std::move(tokens)), nesting_(nesting) {}
  ExprPtr lone_expression() {
    ExprPtr e = testlist();
    if (peek().kind != TokenKind::Newline && peek().kind != TokenKind::End)
      expected("'}' after the expression");
    return e;
  }

 private:
  // --- tokens
  std::vector<Token> read_tokens() {
    try {
      return tokenize(source_, "program");
    } catch (const syntax::ReadError& e) {
      throw ParseFailure{lexer_error(e.problem())};
    }
  }

  // The lexer's refusal (Note [Read problems]) as a SyntaxError at its place.
  ProgramError lexer_error(const syntax::ReadProblem& problem) const {
    ProgramError error;
    error.kind = "syntax";
    error.python_type = "SyntaxError";
    const std::string& what = problem.what;
    const int line = problem.line, column = problem.column;
    if (what.rfind("unterminated string", 0) == 0) {
      error.message = "unterminated string literal (detected at line " + std::to_string(line) + ")";
    } else if (what.rfind("unexpected character", 0) == 0 && problem.found.size() > 1) {
      // Python names a character past ASCII by its code point (a fullwidth
      // comma typed with a Chinese keyboard): "invalid character '，' (U+FF0C)";
      // found holds a whole UTF-8 character (a byte that starts none is
      // alone, and quoted as \xNN by the message below)
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", utf8_code_point(problem.found));
      error.message = "invalid character '" + problem.found + "' (" + code + ")";
    } else if (what.rfind("unindent", 0) == 0) {
      error.message = what;
      error.python_type = "IndentationError";
    } else {
      error.message = "invalid syntax: " + what;
    }
    error.line = error.end_line = line;
    error.column = column;
    error.end_column = column + 1;
    return error;
  }

  const Token& peek(size_t ahead = 0) const {
    const size_t at = pos_ + ahead;
    return tokens_[at < tokens_.size() ? at : tokens_.size() - 1];
  }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    last_ = &t;
    return t;
  }
  bool at_op(Op op) const { return peek().op == op; }
  bool at_keyword(Kw k) const { return peek().is_kw(k); }

  // The columns a token covers (strings: with quotes; Note [Columns]).
  static int width(const Token& t) { return t.width; }
  static Span span_of(const Token& t) { return {t.line, t.column, t.line, t.column + width(t)}; }
  // From where `start` starts to the end of the last token read.
  Span span_from(const Span& start) const {
    Span s = start;
    if (last_ != nullptr) {
      s.end_line = last_->line;
      s.end_column = last_->column + width(*last_);
    }
    return s;
  }
  static Span join(const Span& a, const Span& b) { return {a.line, a.column, b.end_line, b.end_column}; }
  static Span whole(const Expr& e) { return e.outer.line != 0 ? e.outer : e.span; }

  static std::string describe(const Token& t) {
    switch (t.kind) {
      case TokenKind::End: return "the end of the text";
      case TokenKind::Newline: return "the end of the line";
      case TokenKind::Indent: return "an indented line";
      case TokenKind::Dedent: return "a line indented less";
      case TokenKind::String: return "a string";
      default: return std::string(token_kind_name(t.kind)) + " '" + printable(t.text) + "'";
    }
  }

  // The brackets of the text that nothing closes, outermost first (as
  // Python's tokenizer has them at the end of the text).
  static std::vector<Token> never_closed(const std::vector<Token>& tokens) {
    std::vector<Token> stack;
    for (const Token& t : tokens) {
      if (t.is_op(Op::LPar) || t.is_op(Op::LSqb) || t.is_op(Op::LBrace)) stack.push_back(t);
      else if ((t.is_op(Op::RPar) || t.is_op(Op::RSqb) || t.is_op(Op::RBrace)) && !stack.empty()) stack.pop_back();
    }
    return stack;
  }

  // --- errors
  [[noreturn]] void fail_at(const Span& span, const std::string& message, const char* kind,
                            const char* python_type) const {
    ProgramError e;
    e.line = span.line;
    e.column = span.column;
    e.end_line = span.end_line;
    e.end_column = span.end_column;
    e.message = message;
    e.kind = kind;
    e.python_type = python_type;
    throw ParseFailure{e};
  }
  [[noreturn]] void fail_syntax(const Token& t, const std::string& message,
                                const char* python_type = "SyntaxError") const {
    Span s = span_of(t);
    if (s.end_column == s.column) s.end_column += 1;  // a zero-width token: mark one column
    fail_at(s, message, "syntax", python_type);
  }
  // A line that ends inside brackets is Python's "'(' was never closed",
  // and so is any mistake inside brackets the text never closes (the next
  // statement read as an argument: `f(a` and then `y = 1`).
  [[noreturn]] void expected(const char* what) const {
    const Token& t = peek();
    if (!open_.empty() && (t.kind == TokenKind::Newline || t.kind == TokenKind::End))
      fail_syntax(open_.back(), "'" + open_.back().text + "' was never closed");
    if (!open_.empty() && !unclosed_.empty())
      fail_syntax(unclosed_.back(), "'" + unclosed_.back().text + "' was never closed");
    fail_syntax(t, std::string("invalid syntax: expected ") + what + ", found " + describe(t));
  }
  void open(const Token& bracket) { open_.push_back(bracket); }
  void close() { open_.pop_back(); }
  // A construct Python reads and the subset leaves out: refused when its
  // statement runs (Note [Refused constructs]).
  [[noreturn]] void unsupported(const Span& span, const std::string& message) const {
    try {
      fail_at(span, message, "unsupported", "NotImplementedError");
    } catch (ParseFailure& failure) {
      failure.deferred = true;
      throw;
    }
  }
  // Text Python itself refuses, in its words: nothing runs.
  [[noreturn]] void python_refuses(const Span& span, const std::string& message) const {
    fail_at(span, message, "syntax", "SyntaxError");
  }
  // A keyword the subset leaves out, where it stands: refused when it runs
  // if Python reads it there (class, lambda, yield in a def, ...), or
  // Python's own SyntaxError (yield outside a def, await, nonlocal, a
  // stray except).
  [[noreturn]] void refuse_keyword(const Token& t) const {
    const Span span = span_of(t);
    switch (t.kw) {
      case Kw::Lambda: case Kw::Class: case Kw::Try: case Kw::Raise: case Kw::Global: case Kw::Del:
        unsupported(span, unsupported_keyword(t.kw));
      case Kw::Yield:
        if (function_ != nullptr) unsupported(span, unsupported_keyword(t.kw));
        python_refuses(span, "'yield' outside function");
      case Kw::Await:
        python_refuses(span, function_ != nullptr ? "'await' outside async function" : "'await' outside function");
      case Kw::Nonlocal:
        if (function_ == nullptr) python_refuses(span, "nonlocal declaration not allowed at module level");
        python_refuses(span, "no binding for nonlocal '" + peek(1).text + "' found");
      case Kw::Async:
        if (peek(1).is_kw(Kw::Def)) unsupported(span, unsupported_keyword(t.kw));
        if (peek(1).is_kw(Kw::For) || peek(1).is_kw(Kw::With))
          python_refuses(span, "'async " + peek(1).text + "' outside async function");
        python_refuses(span, "invalid syntax");
      default:  // except, finally, in, as, ...: where no statement or expression may start
        python_refuses(span, "invalid syntax");
    }
  }
  void expect_op(Op op, const char* what) {
    if (!at_op(op)) expected(what);
    next();
  }

  // --- nesting (Note [Program syntax])
  // Counts the parser's own recursion through brackets and unary
  // operators, so that 10,000 '(' stop at the limit, not the stack.
  struct Nest {
    Parser& p;
    explicit Nest(Parser& parser, const Token& at) : p(parser) {
      if (++p.nesting_ > p.limits_.max_nesting) p.too_deep(span_of(at));
    }
    ~Nest() { --p.nesting_; }
  };
  [[noreturn]] void too_deep(const Span& span) const {
    fail_at(span,
            "too many nested parentheses, calls and operators: more than " +
                std::to_string(limits_.max_nesting) + " levels inside each other",
            "limit", "SyntaxError");
  }
  ExprPtr node(Expr::Kind kind, const Span& span) const {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->span = span;
    return e;
  }
  // Adds a child and keeps depth, refusing a tree deeper than the limit
  // (a chain a + b + c + ... is built without recursion, but walked with it).
  void adopt(Expr& parent, ExprPtr child) {
    if (child) {
      if (child->depth + 1 > parent.depth) parent.depth = child->depth + 1;
      if (parent.depth > limits_.max_nesting) too_deep(parent.span);
    }
    parent.items.push_back(std::move(child));
  }

  // A tuple or list display of more items than a tuple or list may have
  // (Note [Bounded values]) is refused at the first item past the limit,
  // as it is read: a megabyte of "0," stops there, before anything runs.
  void count_items(const Expr& display) const {
    if (static_cast<int64_t>(display.items.size()) <= kMaxItems) return;
    fail_at(whole(*display.items.back()),
            std::string("this ") + (display.kind == Expr::Kind::List ? "list" : "tuple") +
                " has more than " + std::to_string(kMaxItems) +
                " items, more than tensorcast lets a program's tuples and lists have; keep many "
                "numbers in a tensor (torch.zeros(n), torch.arange(n)) instead",
            "limit", "RuntimeError");
  }

  // --- statements
  // One statement of Python's grammar: a compound statement (Note
  // [Compound statements] in ast.h), or a line of simple statements
  // separated by ';'.
  void statements(std::vector<Statement>& out) {
    const Token& t = peek();
    if (t.is_kw(Kw::For) || t.is_kw(Kw::While) || t.is_kw(Kw::If) || t.is_kw(Kw::Def) ||
        t.is_kw(Kw::With)) {
      count_statement();
      const Resume resume = here(out);
      try {
        out.push_back(compound());
      } catch (const ParseFailure& failure) {
        refuse(out, resume, failure);
      }
      return;
    }
    if (t.is_kw(Kw::Elif) || t.is_kw(Kw::Else))
      fail_syntax(t, "invalid syntax: `" + t.text + "` without an `if` (or `" + t.text +
                         "` indented differently from its `if`)");
    line(out);
  }

  void count_statement() {
    if (++statement_count_ > limits_.max_statements)
      fail_at(span_of(peek()),
              "the program has more than " + std::to_string(limits_.max_statements) +
                  " statements",
              "limit", "RuntimeError");
  }

  // Simple statements separated by ';', to the end of the line.
  void line(std::vector<Statement>& out) {
    while (true) {
      const Resume resume = here(out);
      try {
        statement(out);
        after_statement(out);
      } catch (const ParseFailure& failure) {
        refuse(out, resume, failure);
        return;
      }
      if (at_op(Op::Semi)) {
        next();
        if (peek().kind == TokenKind::Newline || peek().kind == TokenKind::End) break;
        continue;
      }
      if (peek().kind == TokenKind::Newline || peek().kind == TokenKind::End) break;
      expected("the end of the line or ';' after the statement");
    }
    if (peek().kind == TokenKind::Newline) next();
  }

  // What may follow a simple statement on its line: ';', the line's end,
  // or a mistake named in Python's words (or a construct refused).
  void after_statement(const std::vector<Statement>& out) {
    if (at_op(Op::Semi) || peek().kind == TokenKind::Newline || peek().kind == TokenKind::End) return;
    const Statement& last = out.back();
    if (last.kind == Statement::Kind::Expression && last.value->kind == Expr::Kind::Name &&
        last.value->text == "print" && starts_expression(peek()))
      fail_at(last.value->span, "Missing parentheses in call to 'print'. Did you mean print(...)?",
              "syntax", "SyntaxError");
    if (peek().kind == TokenKind::Keyword) python_refuses(span_of(peek()), "invalid syntax");
    if (is_left_out_operator(peek())) left_out_operator(peek());
    if (at_op(Op::Colon))
      unsupported(span_of(peek()), "type annotations (`x: int = ...`) are not supported: write `x = ...`");
  }

  // --- refused constructs (Note [Refused constructs])
  // Note [Refused constructs]: a construct that Python reads and the
  // subset leaves out (class, lambda, x[...] = v, a generator expression,
  // an import of numpy, ...) does not stop the program from being read:
  // its statement becomes a Refused one, which raises when it runs (kind
  // "unsupported", NotImplementedError, at the construct), so that the
  // statements before it run and keep their results, as in Python, where
  // they would run too. The statement is the whole of it: its line and,
  // for a compound one (class A:, try:, a loop with an else:), its block
  // and clauses; a decorator takes the def it decorates. The rest of the
  // program is read as usual, so that a SyntaxError after it still stops
  // everything before anything runs. What Python refuses itself (yield
  // outside a def, a stray except, w := 3 on its own) is a SyntaxError in
  // Python's words, before anything runs. The refused statement's own text
  // is not read further: a mistake inside it is its refusal.
  struct Resume {
    size_t position;   // the statement's first token
    size_t kept;       // statements of the block before it
    size_t open;       // open_'s size
    int64_t nesting, loops;
    const FunctionDef* function;
  };
  Resume here(const std::vector<Statement>& out) const {
    return {pos_, out.size(), open_.size(), nesting_, loops_, function_};
  }

  // Replaces what was read of the statement at `resume` by a Refused one
  // (when Python reads it: else the failure stands) and reads past it.
  void refuse(std::vector<Statement>& out, const Resume& resume, const ParseFailure& failure) {
    if (!failure.deferred) throw failure;
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(resume.kept), out.end());
    open_.resize(resume.open);
    nesting_ = resume.nesting;
    loops_ = resume.loops;
    function_ = resume.function;
    pos_ = resume.position;
    const Token first = peek();
    Statement s;
    s.kind = Statement::Kind::Refused;
    s.refusal = failure.error.message;
    s.refused_at = {failure.error.line, failure.error.column, failure.error.end_line, failure.error.end_column};
    size_t end = pos_;
    while (tokens_[end].kind != TokenKind::Newline && tokens_[end].kind != TokenKind::End) ++end;
    const Token& last = tokens_[end > pos_ ? end - 1 : pos_];
    s.span = {first.line, first.column, last.line, last.column + width(last)};
    bool decorator = true;
    while (decorator) {
      decorator = peek().is_op(Op::At);
      skip_statement(first.column);
    }
    // a bracket left open swallows the rest of the text: Python's SyntaxError
    if (!unclosed_.empty()) {
      const Token& open = unclosed_.back();
      if (open.line > first.line || (open.line == first.line && open.column >= first.column))
        fail_syntax(open, "'" + open.text + "' was never closed");
    }
    out.push_back(std::move(s));
  }

  // Reads past one statement starting at the current token: its line, its
  // block, and the clauses at `column` that continue it (else, elif,
  // except, finally).
  void skip_statement(int column) {
    bool block = skip_header();
    while (block && peek().column == column &&
           (peek().is_kw(Kw::Else) || peek().is_kw(Kw::Elif) || peek().is_kw(Kw::Except) ||
            peek().is_kw(Kw::Finally)))
      block = skip_header();
  }

  // Past the logical line and, when it ends with ':' (a header), its block,
  // which Python requires; whether it was a header.
  bool skip_header() {
    const Token first = peek();
    bool colon = false;
    while (peek().kind != TokenKind::Newline && peek().kind != TokenKind::End) colon = next().is_op(Op::Colon);
    if (peek().kind == TokenKind::Newline) next();
    if (!colon) return false;
    if (peek().kind != TokenKind::Indent) {
      const std::string owner = first.is_kw(Kw::Class) ? "class definition"
                                : first.is_kw(Kw::Async) ? "function definition"
                                                         : block_owner(first);
      fail_syntax(peek(), "expected an indented block after " + owner + " on line " + std::to_string(first.line),
                  "IndentationError");
    }
    skip_block();
    return true;
  }

  void skip_block() {
    int64_t depth = 0;
    do {
      const Token& t = next();
      if (t.kind == TokenKind::Indent) ++depth;
      if (t.kind == TokenKind::Dedent) --depth;
    } while (depth > 0 && peek().kind != TokenKind::End);
  }

  void statement(std::vector<Statement>& out) {
    count_statement();
    const Token& t = peek();
    if (t.is_kw(Kw::Import) || t.is_kw(Kw::From)) {
      out.push_back(import_statement());
      return;
    }
    if (t.is_kw(Kw::Pass) || t.is_kw(Kw::Break) || t.is_kw(Kw::Continue)) {
      out.push_back(jump_statement());
      return;
    }
    if (t.is_kw(Kw::Return)) {
      out.push_back(return_statement());
      return;
    }
    if (t.is_kw(Kw::Assert)) {
      out.push_back(assert_statement());
      return;
    }
    if (t.is_kw(Kw::For) || t.is_kw(Kw::While) || t.is_kw(Kw::If) || t.is_kw(Kw::Def) ||
        t.is_kw(Kw::With))
      fail_syntax(t, "invalid syntax: a `" + t.text + "` statement starts a line of its own");
    if (t.kind == TokenKind::Keyword && !t.is_kw(Kw::True) && !t.is_kw(Kw::False) &&
        !t.is_kw(Kw::None) && !t.is_kw(Kw::Not))
      refuse_keyword(t);
    if (t.is_op(Op::At)) unsupported(span_of(t), "decorators are not supported: call the function inside");
    out.push_back(expression_statement());
  }

  // pass | break | continue, with where Python allows them.
  Statement jump_statement() {
    Statement s;
    const Token& t = next();
    s.span = span_of(t);
    if (t.is_kw(Kw::Pass)) {
      s.kind = Statement::Kind::Pass;
    } else if (loops_ == 0) {
      fail_at(s.span, t.is_kw(Kw::Break) ? "'break' outside loop" : "'continue' not properly in loop",
              "syntax", "SyntaxError");
    } else {
      s.kind = t.is_kw(Kw::Break) ? Statement::Kind::Break : Statement::Kind::Continue;
    }
    return s;
  }

  Statement return_statement() {
    Statement s;
    s.kind = Statement::Kind::Return;
    const Token& t = next();
    s.span = span_of(t);
    if (function_ == nullptr) fail_at(s.span, "'return' outside function", "syntax", "SyntaxError");
    if (starts_expression(peek())) s.value = testlist();
    s.span = span_from(s.span);
    return s;
  }

  Statement assert_statement() {
    Statement s;
    s.kind = Statement::Kind::Assert;
    s.span = span_of(next());
    s.value = expression();
    if (at_op(Op::Comma)) {
      next();
      s.message = expression();
    }
    s.span = span_from(s.span);
    return s;
  }

  // --- compound statements (Note [Compound statements] in ast.h)

  // Its header's ':' and its body: an indented block, or simple statements
  // on the header's line.
  void suite(const Token& keyword, const Span& header, std::vector<Statement>& body) {
    if (!at_op(Op::Colon)) expected("':'");
    next();
    Nest nest(*this, keyword);
    if (peek().kind != TokenKind::Newline) {
      line(body);
      return;
    }
    next();  // the Newline
    if (peek().kind != TokenKind::Indent)
      fail_syntax(peek(), "expected an indented block after " + block_owner(keyword) +
                              " on line " + std::to_string(header.line),
                  "IndentationError");
    next();
    while (peek().kind != TokenKind::Dedent && peek().kind != TokenKind::End) {
      if (peek().kind == TokenKind::Newline) {
        next();
        continue;
      }
      if (peek().kind == TokenKind::Indent) fail_syntax(peek(), "unexpected indent", "IndentationError");
      statements(body);
    }
    if (peek().kind == TokenKind::Dedent) next();
  }

  // Python's words for the statement a block belongs to: "'for' statement",
  // "function definition".
  static std::string block_owner(const Token& keyword) {
    if (keyword.is_kw(Kw::Def)) return "function definition";
    if (keyword.is_kw(Kw::Else)) return "'else' statement";
    if (keyword.is_kw(Kw::Elif)) return "'elif' statement";
    return "'" + keyword.text + "' statement";
  }

  // The header from its keyword to the ':' (included).
  Span header_span(const Span& start) const {
    Span s = span_from(start);
    if (at_op(Op::Colon)) {
      s.end_line = peek().line;
      s.end_column = peek().column + 1;
    }
    return s;
  }

  Statement compound() {
    const Token& t = peek();
    if (t.is_kw(Kw::For)) return for_statement();
    if (t.is_kw(Kw::While)) return while_statement();
    if (t.is_kw(Kw::If)) return if_statement();
    if (t.is_kw(Kw::Def)) return def_statement();
    return with_statement();
  }

  // for target in expressions: body
  Statement for_statement() {
    Statement s;
    s.kind = Statement::Kind::For;
    const Token& keyword = next();
    const Span start = span_of(keyword);
    ExprPtr target = target_list();
    check_target(*target);
    s.targets.push_back(std::move(target));
    if (!at_keyword(Kw::In)) expected("'in'");
    next();
    s.value = testlist();
    s.span = header_span(start);
    loop_body(keyword, s);
    return s;
  }

  // while expression: body
  Statement while_statement() {
    Statement s;
    s.kind = Statement::Kind::While;
    const Token& keyword = next();
    const Span start = span_of(keyword);
    s.value = expression();
    s.span = header_span(start);
    loop_body(keyword, s);
    return s;
  }

  // A loop's body, where break and continue may stand; the loop's `else:`
  // (run when the loop ends without break) is left out.
  void loop_body(const Token& loop, Statement& s) {
    ++loops_;
    suite(loop, s.span, s.body);
    --loops_;
    if (peek().is_kw(Kw::Else) && peek().column == loop.column)
      unsupported(span_of(peek()), "`else` after a `" + loop.text +
                                       "` loop is not supported: put what follows the loop after it");
  }

  // if expression: body { elif expression: body } [ else: body ]
  Statement if_statement() {
    Statement s;
    s.kind = Statement::Kind::If;
    const Token& keyword = next();
    s.elif = keyword.is_kw(Kw::Elif);
    const Span start = span_of(keyword);
    s.value = expression();
    s.span = header_span(start);
    suite(keyword, s.span, s.body);
    if (peek().column == keyword.column) {
      if (peek().is_kw(Kw::Elif)) {
        count_statement();
        s.orelse.push_back(if_statement());
      } else if (peek().is_kw(Kw::Else)) {
        const Token& other = next();
        suite(other, span_of(other), s.orelse);
      }
    }
    return s;
  }

  // with expression [as target]: body
  Statement with_statement() {
    Statement s;
    s.kind = Statement::Kind::With;
    const Token& keyword = next();
    const Span start = span_of(keyword);
    s.value = expression();
    if (at_keyword(Kw::As)) {
      next();
      ExprPtr target = target_list();
      check_target(*target);
      s.targets.push_back(std::move(target));
    }
    if (at_op(Op::Comma))
      unsupported(span_of(peek()), "a `with` of several items is not supported: nest one `with` in another");
    s.span = header_span(start);
    suite(keyword, s.span, s.body);
    return s;
  }

  // def name(parameters): body
  Statement def_statement() {
    Statement s;
    s.kind = Statement::Kind::FunctionDef;
    const Token& keyword = next();
    const Span start = span_of(keyword);
    if (function_ != nullptr)
      unsupported(start, "a `def` inside a function is not supported: define each function at the "
                         "top level of the program");
    auto def = std::make_shared<FunctionDef>();
    def->name = identifier("a function name after 'def'");
    const Token& open_paren = peek();
    expect_op(Op::LPar, "'('");
    open(open_paren);
    while (!at_op(Op::RPar)) {
      const Token& t = peek();
      if (t.is_op(Op::Star) || t.is_op(Op::DoubleStar) || t.is_op(Op::Slash))
        unsupported(span_of(t), "`*args`, `**kwargs` and `/` or `*` in a parameter list are not "
                                "supported: name each parameter");
      Parameter p;
      p.span = span_of(t);
      p.name = identifier("a parameter name or ')'");
      if (at_op(Op::Colon))
        unsupported(span_of(peek()), "type annotations are not supported: write the parameter's name alone");
      for (const Parameter& other : def->parameters)
        if (other.name == p.name)
          fail_at(p.span, "duplicate argument '" + p.name + "' in function definition", "syntax",
                  "SyntaxError");
      if (at_op(Op::Equal)) {
        next();
        p.default_value = expression();
        p.span = join(p.span, whole(*p.default_value));
      } else if (!def->parameters.empty() && def->parameters.back().default_value) {
        fail_at(p.span, "non-default argument follows default argument", "syntax", "SyntaxError");
      }
      def->parameters.push_back(std::move(p));
      if (at_op(Op::Comma)) next();
      else if (!at_op(Op::RPar)) expected("',' or ')'");
    }
    next();  // ')'
    close();
    if (at_op(Op::RArrow))
      unsupported(span_of(peek()), "return annotations (`-> ...`) are not supported: leave them out");
    s.span = header_span(start);
    def->span = s.span;
    function_ = def.get();
    const int64_t loops = loops_;
    loops_ = 0;  // a break in the body cannot leave a loop around the def
    suite(keyword, s.span, def->body);
    loops_ = loops;
    function_ = nullptr;
    for (const Parameter& p : def->parameters) def->locals.push_back(p.name);
    bound_names(def->body, def->locals);
    std::sort(def->locals.begin(), def->locals.end());
    def->locals.erase(std::unique(def->locals.begin(), def->locals.end()), def->locals.end());
    s.function = std::move(def);
    return s;
  }

  // The names `body` binds (Python's local names of a function: any name
  // assigned, looped over, imported or bound by `with ... as` in it).
  static void bound_names(const std::vector<Statement>& body, std::vector<std::string>& out) {
    for (const Statement& s : body) {
      for (const ExprPtr& target : s.targets) target_names(*target, out);
      for (const ImportName& name : s.imports) out.push_back(name.bound);
      bound_names(s.body, out);
      bound_names(s.orelse, out);
    }
  }
  static void target_names(const Expr& target, std::vector<std::string>& out) {
    if (target.kind == Expr::Kind::Name) out.push_back(target.text);
    if (target.kind == Expr::Kind::Tuple || target.kind == Expr::Kind::List)
      for (const ExprPtr& item : target.items) target_names(*item, out);
  }

  // The targets of `for ... in` and `with ... as`: primaries, comma-separated
  // (a tuple when there is a comma), never read past `in`.
  ExprPtr target_list() {
    if (!starts_expression(peek())) expected("a name");
    ExprPtr first = primary();
    if (!at_op(Op::Comma)) return first;
    auto tuple = node(Expr::Kind::Tuple, whole(*first));
    adopt(*tuple, std::move(first));
    while (at_op(Op::Comma)) {
      next();
      if (!starts_expression(peek())) break;
      adopt(*tuple, primary());
    }
    tuple->span = span_from(tuple->span);
    return tuple;
  }

  // import a.b [as c], ... | from a.b import c [as d], ... | from a import (c, d)
  Statement import_statement() {
    Statement s;
    s.kind = Statement::Kind::Import;
    const Token& first = next();
    s.span = span_of(first);
    if (first.is_kw(Kw::Import)) {
      do {
        ImportName name;
        name.module = dotted(&name.span);
        if (at_keyword(Kw::As)) {
          next();
          name.bound = identifier("a name after 'as'");
          name.aliased = true;
        } else {
          name.bound = name.module.substr(0, name.module.find('.'));
        }
        s.imports.push_back(std::move(name));
      } while (at_op(Op::Comma) && (next(), true));
    } else {
      if (at_op(Op::Dot)) unsupported(span_of(peek()), "relative imports are not supported: programs may import torch");
      Span module_span;
      const std::string module = dotted(&module_span);
      if (!at_keyword(Kw::Import)) expected("'import'");
      next();
      if (at_op(Op::Star)) {
        if (function_ != nullptr) python_refuses(span_of(peek()), "import * only allowed at module level");
        unsupported(span_of(peek()),
                    "`from " + module + " import *` is not supported: name what you import");
      }
      const bool parenthesised = at_op(Op::LPar);
      if (parenthesised) next();
      do {
        if (parenthesised && at_op(Op::RPar)) break;
        ImportName name;
        name.module = module;
        name.span = span_of(peek());
        name.member = identifier("a name to import");
        name.bound = name.member;
        if (at_keyword(Kw::As)) {
          next();
          name.bound = identifier("a name after 'as'");
        }
        s.imports.push_back(std::move(name));
      } while (at_op(Op::Comma) && (next(), true));
      if (parenthesised) expect_op(Op::RPar, "')'");
    }
    s.span = span_from(s.span);
    return s;
  }

  std::string identifier(const char* what) {
    if (peek().kind != TokenKind::Name) expected(what);
    return next().text;
  }

  std::string dotted(Span* span) {
    *span = span_of(peek());
    std::string path = identifier("a module name");
    while (at_op(Op::Dot)) {
      next();
      path += "." + identifier("a name after '.'");
    }
    *span = span_from(*span);
    return path;
  }

  Statement expression_statement() {
    Statement s;
    const Span start = span_of(peek());
    ExprPtr first = testlist();
    if (at_op(Op::Equal)) {
      s.kind = Statement::Kind::Assign;
      s.targets.push_back(std::move(first));
      while (at_op(Op::Equal)) {
        next();
        ExprPtr e = testlist();
        if (at_op(Op::Equal)) s.targets.push_back(std::move(e));
        else s.value = std::move(e);
      }
      for (const ExprPtr& target : s.targets) check_target(*target);
    } else if (const std::optional<Operator> op = operator_of(peek(), true)) {
      s.kind = Statement::Kind::AugAssign;
      next();
      s.op = *op;
      check_augmented_target(*first);
      s.targets.push_back(std::move(first));
      s.value = testlist();
    } else {
      s.kind = Statement::Kind::Expression;
      s.value = std::move(first);
    }
    s.span = span_from(start);
    return s;
  }

  // What may stand left of '=' (Python's words for what may not).
  void check_target(const Expr& e) const {
    using K = Expr::Kind;
    const char* what = nullptr;
    switch (e.kind) {
      case K::Name: return;
      case K::Attribute: return;
      case K::Tuple:
      case K::List:
        for (const ExprPtr& item : e.items) check_target(*item);
        return;
      case K::Subscript:
        unsupported(e.span,
                    "assigning into a tensor (`x[...] = v`) is not supported: tensorcast's "
                    "programs do not write into tensors by index (torch.where builds the "
                    "result instead)");
      case K::Int: case K::Float: case K::String: case K::Ellipsis: what = "literal"; break;
      case K::Bool: case K::None: what = e.kind == K::None ? "None" : (e.bool_value ? "True" : "False"); break;
      case K::Call: what = "function call"; break;
      case K::Compare: what = "comparison"; break;
      default: what = "expression"; break;
    }
    if (e.kind == K::Bool || e.kind == K::None)
      fail_at(e.span, std::string("cannot assign to ") + what, "syntax", "SyntaxError");
    fail_at(e.span,
            std::string("cannot assign to ") + what + " here. Maybe you meant '==' instead of '='?",
            "syntax", "SyntaxError");
  }

  void check_augmented_target(const Expr& e) const {
    using K = Expr::Kind;
    if (e.kind == K::Name) return;
    if (e.kind == K::Subscript)
      unsupported(e.span,
                  "assigning into a tensor (`x[...] += v`) is not supported: tensorcast's "
                  "programs do not write into tensors by index");
    if (e.kind == K::Attribute)
      unsupported(e.span,
                  "augmented assignment to an attribute (`x.attr += v`) is not supported: "
                  "write the name of a tensor on the left");
    const char* what = e.kind == K::Tuple ? "tuple"
                       : e.kind == K::List ? "list"
                       : (e.kind == K::Int || e.kind == K::Float || e.kind == K::String ||
                          e.kind == K::Bool || e.kind == K::None)
                           ? "literal"
                       : e.kind == K::Call ? "function call"
                                           : "expression";
    fail_at(e.span, std::string("'") + what + "' is an illegal expression for augmented assignment",
            "syntax", "SyntaxError");
  }

  // --- expressions
  bool starts_expression(const Token& t) const {
    switch (t.kind) {
      case TokenKind::Name: case TokenKind::Int: case TokenKind::Float: case TokenKind::String:
        return true;
      case TokenKind::Keyword:
        return t.is_kw(Kw::True) || t.is_kw(Kw::False) || t.is_kw(Kw::None) || t.is_kw(Kw::Not) ||
               t.is_kw(Kw::Lambda) || t.is_kw(Kw::Await) || t.is_kw(Kw::Yield);
      case TokenKind::Op:
        switch (t.op) {
          case Op::LPar: case Op::LSqb: case Op::LBrace: case Op::Minus: case Op::Plus:
          case Op::Tilde: case Op::Ellipsis: case Op::Star:
            return true;
          default:
            return false;
        }
      default:
        return false;
    }
  }

  // expr (',' expr)* [','], a tuple when it has a comma.
  ExprPtr testlist() {
    ExprPtr first = expression();
    if (!at_op(Op::Comma)) return first;
    auto tuple = node(Expr::Kind::Tuple, whole(*first));
    adopt(*tuple, std::move(first));
    while (at_op(Op::Comma)) {
      next();
      if (!starts_expression(peek())) break;
      adopt(*tuple, expression());
      count_items(*tuple);
    }
    tuple->span = span_from(tuple->span);
    return tuple;
  }

  // conditional, not followed by `for`: a generator expression (what
  // `sum(x for x in xs)` passes) is refused; a list comprehension is read
  // by list().
  ExprPtr expression() {
    const size_t begin = pos_;
    ExprPtr e = conditional();
    const Token& after = peek();
    if (after.is_kw(Kw::Async))
      python_refuses(span_of(after), "asynchronous comprehension outside of an asynchronous function");
    if (after.is_kw(Kw::For)) {
      // Python reads one only as all that stands inside its parentheses
      // (its own, or a call's): (x for x in xs), f(x for x in xs)
      const bool in_parentheses = !open_.empty() && open_.back().is_op(Op::LPar);
      if (!in_parentheses) python_refuses(span_of(after), "invalid syntax");
      if (begin == 0 || !tokens_[begin - 1].is_op(Op::LPar) || !closes_alone(pos_))
        python_refuses(whole(*e), "Generator expression must be parenthesized");
      unsupported(span_of(after), "generator expressions (`(... for ... in ...)`) are not supported: "
                                  "write a list comprehension, `[... for ... in ...]`");
    }
    return e;
  }

  // Whether the bracket open at `from` closes before a ',' inside it.
  bool closes_alone(size_t from) const {
    int depth = 0;
    for (size_t i = from; i < tokens_.size(); ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Newline || t.kind == TokenKind::End) return false;
      if (t.is_op(Op::LPar) || t.is_op(Op::LSqb) || t.is_op(Op::LBrace)) ++depth;
      if (t.is_op(Op::RPar) || t.is_op(Op::RSqb) || t.is_op(Op::RBrace)) {
        if (depth == 0) return true;
        --depth;
      }
      if (t.is_op(Op::Comma) && depth == 0) return false;
    }
    return false;
  }

  // Whether the logical line has a ',' outside brackets from `from` on.
  bool comma_ahead(size_t from) const {
    int depth = 0;
    for (size_t i = from; i < tokens_.size(); ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Newline || t.kind == TokenKind::End || (depth == 0 && t.is_op(Op::Semi))) return false;
      if (t.is_op(Op::LPar) || t.is_op(Op::LSqb) || t.is_op(Op::LBrace)) ++depth;
      if ((t.is_op(Op::RPar) || t.is_op(Op::RSqb) || t.is_op(Op::RBrace)) && depth > 0) --depth;
      if (t.is_op(Op::Comma) && depth == 0) return true;
    }
    return false;
  }

  // disjunction ['if' disjunction 'else' expression]: a if c else b.
  ExprPtr conditional() {
    const Token& t = peek();
    if (t.is_kw(Kw::Lambda) || t.is_kw(Kw::Await) || t.is_kw(Kw::Yield)) refuse_keyword(t);
    ExprPtr e = disjunction();
    const Token& after = peek();
    if (after.is_kw(Kw::If)) {
      Nest nest(*this, after);
      next();
      ExprPtr test = disjunction();
      if (!at_keyword(Kw::Else)) expected("'else' after the condition");
      next();
      ExprPtr otherwise = conditional();
      auto c = node(Expr::Kind::IfExp, join(whole(*e), whole(*otherwise)));
      adopt(*c, std::move(e));
      adopt(*c, std::move(test));
      adopt(*c, std::move(otherwise));
      return c;
    }
    return e;
  }

  // a or b or c; a and b and c: one BoolOp of all the operands.
  ExprPtr disjunction() { return bool_chain(BoolOperator::Or); }
  ExprPtr bool_chain(BoolOperator op) {
    const Kw word = op == BoolOperator::Or ? Kw::Or : Kw::And;
    ExprPtr first = op == BoolOperator::Or ? bool_chain(BoolOperator::And) : inversion();
    if (!at_keyword(word)) return first;
    auto e = node(Expr::Kind::BoolOp, whole(*first));
    e->bool_op = op;
    adopt(*e, std::move(first));
    while (at_keyword(word)) {
      next();
      adopt(*e, op == BoolOperator::Or ? bool_chain(BoolOperator::And) : inversion());
    }
    e->span = span_from(e->span);
    return e;
  }

  // 'not' inversion | comparison
  ExprPtr inversion() {
    const Token& t = peek();
    if (!t.is_kw(Kw::Not)) return comparison();
    Nest nest(*this, t);
    const Span start = span_of(next());
    ExprPtr operand = inversion();
    auto e = node(Expr::Kind::Unary, join(start, whole(*operand)));
    e->unary_op = UnaryOperator::Not;
    adopt(*e, std::move(operand));
    return e;
  }

  [[noreturn]] void left_out_operator(const Token& t) const {
    // Python reads `:=` inside brackets only, and `->` in a def's header only
    if (t.is_op(Op::RArrow) || (t.is_op(Op::ColonEqual) && open_.empty()))
      python_refuses(span_of(t), "invalid syntax");
    unsupported(span_of(t), "the operator `" + t.text +
                                "` is not supported: tensorcast's programs have + - * / // % ** @ & | ^ ~ "
                                "and the comparisons == != < <= > >=");
  }

  // The comparison at the next tokens (== ... in, not in, is, is not),
  // read past; none: nothing read.
  std::optional<CmpOp> read_comparison() {
    if (const std::optional<CmpOp> op = comparison_of(peek())) {
      next();
      return op;
    }
    if (at_keyword(Kw::In)) {
      next();
      return CmpOp::In;
    }
    if (at_keyword(Kw::Not) && peek(1).is_kw(Kw::In)) {
      next();
      next();
      return CmpOp::NotIn;
    }
    if (at_keyword(Kw::Is)) {
      next();
      if (!at_keyword(Kw::Not)) return CmpOp::Is;
      next();
      return CmpOp::IsNot;
    }
    return std::nullopt;
  }

  ExprPtr comparison() {
    ExprPtr first = bitwise_or();
    if (is_left_out_operator(peek())) left_out_operator(peek());
    std::optional<CmpOp> op = read_comparison();
    if (!op) return first;
    auto cmp = node(Expr::Kind::Compare, whole(*first));
    adopt(*cmp, std::move(first));
    for (; op; op = read_comparison()) {
      cmp->ops.push_back(*op);
      adopt(*cmp, bitwise_or());
      if (is_left_out_operator(peek())) left_out_operator(peek());
    }
    cmp->span = span_from(cmp->span);
    return cmp;
  }

  ExprPtr binary(Operator op, ExprPtr left, ExprPtr right) {
    auto e = node(Expr::Kind::Binary, join(whole(*left), whole(*right)));
    e->op = op;
    adopt(*e, std::move(left));
    adopt(*e, std::move(right));
    return e;
  }

  // Python's bitwise_or, bitwise_xor and bitwise_and: | looser than ^,
  // ^ looser than &, & looser than the shifts (left out: refused by
  // comparison()'s check) and + -; each left to right.
  ExprPtr bitwise_or() { return left_chain(Op::VBar); }
  ExprPtr left_chain(Op level) {
    auto operand = [&] {
      return level == Op::VBar ? left_chain(Op::Circumflex) : level == Op::Circumflex ? left_chain(Op::Amper) : arith();
    };
    ExprPtr e = operand();
    while (at_op(level)) {
      const Operator op = *operator_of(next(), false);
      e = binary(op, std::move(e), operand());
    }
    return e;
  }

  ExprPtr arith() {
    ExprPtr e = term();
    while (at_op(Op::Plus) || at_op(Op::Minus)) {
      const Operator op = *operator_of(next(), false);
      e = binary(op, std::move(e), term());
    }
    return e;
  }

  ExprPtr term() {
    ExprPtr e = factor();
    while (at_op(Op::Star) || at_op(Op::Slash) || at_op(Op::DoubleSlash) || at_op(Op::Percent) || at_op(Op::At)) {
      const Operator op = *operator_of(next(), false);
      e = binary(op, std::move(e), factor());
    }
    return e;
  }

  // ('+' | '-' | '~') factor | power: -2**2 is -(2**2), ~x**2 is ~(x**2).
  ExprPtr factor() {
    const Token& t = peek();
    if (t.is_op(Op::Minus) || t.is_op(Op::Plus) || t.is_op(Op::Tilde)) {
      Nest nest(*this, t);
      const Token& op = next();
      const Span start = span_of(op);
      ExprPtr operand = factor();
      auto e = node(Expr::Kind::Unary, join(start, whole(*operand)));
      e->unary_op = op.is_op(Op::Minus)  ? UnaryOperator::USub
                    : op.is_op(Op::Plus) ? UnaryOperator::UAdd
                                         : UnaryOperator::Invert;
      adopt(*e, std::move(operand));
      return e;
    }
    return power();
  }

  ExprPtr power() {
    ExprPtr base = primary();
    if (!at_op(Op::DoubleStar)) return base;
    Nest nest(*this, peek());
    next();
    return binary(Operator::Pow, std::move(base), factor());
  }

  // atom followed by .name, (args) and [index], left to right.
  ExprPtr primary() {
    ExprPtr e = atom();
    while (true) {
      if (at_op(Op::Dot)) {
        next();
        if (peek().kind != TokenKind::Name) expected("a name after '.'");
        auto a = node(Expr::Kind::Attribute, whole(*e));
        a->text = next().text;
        a->span = span_from(a->span);
        adopt(*a, std::move(e));
        e = std::move(a);
      } else if (at_op(Op::LPar)) {
        e = call(std::move(e));
      } else if (at_op(Op::LSqb)) {
        e = subscript(std::move(e));
      } else {
        return e;
      }
    }
  }

  ExprPtr call(ExprPtr function) {
    Nest nest(*this, peek());
    open(next());  // '('
    auto c = node(Expr::Kind::Call, whole(*function));
    adopt(*c, std::move(function));
    while (!at_op(Op::RPar)) {
      const Token& t = peek();
      if (t.is_op(Op::Star) || t.is_op(Op::DoubleStar))
        unsupported(span_of(t), "unpacking arguments (`*args`, `**kwargs`) is not supported: "
                                "write each argument");
      if (t.kind == TokenKind::Name && peek(1).is_op(Op::Equal)) {
        Keyword k;
        k.span = span_of(t);
        k.name = next().text;
        next();  // '='
        for (const Keyword& other : c->keywords)
          if (other.name == k.name)
            fail_at(k.span, "keyword argument repeated: " + k.name, "syntax", "SyntaxError");
        ExprPtr value = expression();
        k.span = join(k.span, whole(*value));
        if (value->depth + 1 > c->depth) c->depth = value->depth + 1;
        if (c->depth > limits_.max_nesting) too_deep(c->span);
        k.value = std::move(value);
        c->keywords.push_back(std::move(k));
      } else {
        if (!starts_expression(t)) expected("an argument or ')'");
        ExprPtr value = expression();
        if (!c->keywords.empty())
          fail_at(value->span, "positional argument follows keyword argument", "syntax", "SyntaxError");
        adopt(*c, std::move(value));
      }
      if (at_op(Op::Comma)) next();
      else if (!at_op(Op::RPar)) expected("',' or ')'");
    }
    next();  // ')'
    close();
    c->span = span_from(c->span);
    return c;
  }

  // x[item, ...]: each item an expression or a slice a:b:c, in the grammar
  // of every subscript (Note [Subscript grammar]).
  ExprPtr subscript(ExprPtr value) {
    Nest nest(*this, peek());
    open(next());  // '['
    auto s = node(Expr::Kind::Subscript, whole(*value));
    adopt(*s, std::move(value));
    Items items(*this);
    const bool tuple = syntax::read_items(items);
    ExprPtr index;
    if (tuple) {
      auto t = node(Expr::Kind::Tuple, whole(*items.read.front()));
      for (ExprPtr& item : items.read) adopt(*t, std::move(item));
      t->span = span_from(t->span);
      index = std::move(t);
    } else {
      index = std::move(items.read.front());
    }
    next();  // ']'
    close();
    adopt(*s, std::move(index));
    s->span = span_from(s->span);
    return s;
  }

  // The tokens of a subscript as read_items and read_slice see them.
  struct Cursor {
    Parser& p;
    bool at_end() const { return p.at_op(Op::RSqb); }
    bool at(Op op) const { return p.at_op(op); }
    void skip() { p.next(); }
  };

  // A subscript's items, for read_items.
  struct Items : Cursor {
    std::vector<ExprPtr> read;
    explicit Items(Parser& parser) : Cursor{parser} {}
    void item() { read.push_back(p.index_item()); }
    [[noreturn]] void empty() const { p.expected("an index"); }
    [[noreturn]] void expected_comma() const { p.expected("',' or ']'"); }
  };

  // A slice's bounds, for read_slice: expressions.
  struct Bounds : Cursor {
    ExprPtr upper, step;
    explicit Bounds(Parser& parser) : Cursor{parser} {}
    void bound(int which) { (which == 1 ? upper : step) = p.expression(); }
  };

  ExprPtr index_item() {
    const Span start = span_of(peek());
    ExprPtr lower;
    if (!at_op(Op::Colon)) {
      lower = expression();
      if (!at_op(Op::Colon)) return lower;
    }
    auto slice = node(Expr::Kind::Slice, lower ? whole(*lower) : start);
    Bounds bounds(*this);
    syntax::read_slice(bounds);
    adopt(*slice, std::move(lower));
    adopt(*slice, std::move(bounds.upper));
    adopt(*slice, std::move(bounds.step));
    slice->span = span_from(slice->span);
    return slice;
  }

  // The prefix of a string literal written right before it (r"...", f"...").
  bool string_prefix(const Token& name) const {
    const Token& s = peek(1);
    if (s.kind != TokenKind::String || s.line != name.line ||
        s.column != name.column + static_cast<int>(name.text.size()) || name.text.size() > 2)
      return false;
    for (char c : name.text)
      if (std::strchr("rRuUfFbB", c) == nullptr) return false;
    return true;
  }

  // Adjacent literals are one string ("a" 'b' is "ab"); with an f-string
  // among them, an FString of their pieces (Note [F-strings]).
  ExprPtr string_literal() {
    auto e = node(Expr::Kind::String, span_of(peek()));
    std::vector<ExprPtr> pieces;  // when an f-string is among them
    bool formatted = false;
    std::string text;             // the literal text since the last replacement field
    while (peek().kind == TokenKind::String ||
           (peek().kind == TokenKind::Name && string_prefix(peek()))) {
      bool raw = false, f = false;
      if (peek().kind == TokenKind::Name) {
        const Token& prefix = next();
        for (char c : prefix.text) {
          if (c == 'b' || c == 'B')
            unsupported(span_of(prefix), "bytes literals (b'...') are not supported");
          raw |= c == 'r' || c == 'R';
          f |= c == 'f' || c == 'F';
        }
      }
      const Token& s = next();
      if (!f) {
        text += raw ? s.text : decode_string(s.text);
        continue;
      }
      formatted = true;
      f_string(s, raw, text, pieces);
    }
    e->span = span_from(e->span);
    if (!formatted) {
      e->text = std::move(text);
      return e;
    }
    flush_text(text, e->span, pieces);
    auto joined = node(Expr::Kind::FString, e->span);
    for (ExprPtr& piece : pieces) adopt(*joined, std::move(piece));
    return joined;
  }

  void flush_text(std::string& text, const Span& span, std::vector<ExprPtr>& pieces) const {
    if (text.empty()) return;
    auto piece = node(Expr::Kind::String, span);
    piece->text = std::move(text);
    text.clear();
    pieces.push_back(std::move(piece));
  }

  // Note [F-strings]: an f-string's text is read as Python reads it: {{ and
  // }} are braces, each {expression[=][!r|!s][:spec]} a replacement field
  // whose expression is read by this parser from its own tokens, at its
  // own line and columns (an error in it points into the string). The
  // spec is Python's format mini-language, applied when it runs
  // (src/lang/format_spec.h); a spec holding a field of its own ({x:{w}})
  // is left out. `{x=}` writes "x=" and then x's repr, as Python 3.8 does.
  void f_string(const Token& s, bool raw, std::string& text, std::vector<ExprPtr>& pieces) {
    const std::string& body = s.text;
    size_t i = 0;
    auto column_of = [&](size_t at) {  // of body[at], in the program (Note [Columns])
      return s.column + 1 + static_cast<int>(syntax::utf16_index(body, at));
    };
    auto fail_in = [&](size_t at, const std::string& message) {
      const int c = column_of(at);
      fail_at(Span{s.line, c, s.line, c + 1}, message, "syntax", "SyntaxError");
    };
    std::string literal;
    auto flush_literal = [&] {
      text += raw ? literal : decode_string(literal);
      literal.clear();
    };
    while (i < body.size()) {
      const char c = body[i];
      if (c == '}') {
        if (i + 1 < body.size() && body[i + 1] == '}') {
          literal += '}';
          i += 2;
          continue;
        }
        fail_in(i, "f-string: single '}' is not allowed");
      }
      if (c != '{') {
        if (c == '\\' && !raw && i + 1 < body.size()) {
          literal += body.substr(i, 2);
          i += 2;
          continue;
        }
        literal += c;
        ++i;
        continue;
      }
      if (i + 1 < body.size() && body[i + 1] == '{') {
        literal += '{';
        i += 2;
        continue;
      }
      // a replacement field: its expression runs to the first '=', '!', ':'
      // or '}' outside brackets and strings
      const size_t open_at = i++;
      const size_t start = i;
      int depth = 0;
      char quote = 0;
      for (; i < body.size(); ++i) {
        const char d = body[i];
        if (quote != 0) {
          if (d == quote) quote = 0;
          continue;
        }
        if (d == '\'' || d == '"') {
          quote = d;
        } else if (d == '(' || d == '[' || d == '{') {
          ++depth;
        } else if ((d == ')' || d == ']' || d == '}') && depth > 0) {
          --depth;
        } else if (depth == 0 && (d == '}' || d == ':' ||
                                  (d == '!' && i + 1 < body.size() && body[i + 1] != '=') ||
                                  (d == '=' && i + 1 < body.size() && body[i + 1] != '=' &&
                                   i > start && std::strchr("=!<>", body[i - 1]) == nullptr))) {
          break;
        }
      }
      if (i >= body.size()) fail_in(open_at, "f-string: expecting '}'");
      std::string source = body.substr(start, i - start);
      if (source.find_first_not_of(" \t") == std::string::npos)
        fail_in(open_at, "f-string: empty expression not allowed");
      if (source.find('\\') != std::string::npos)
        fail_in(start, "f-string expression part cannot include a backslash");
      bool debug = false;
      if (body[i] == '=') {
        debug = true;
        ++i;
      }
      char conversion = 0;
      if (i < body.size() && body[i] == '!') {
        if (i + 1 >= body.size() || std::strchr("rsa", body[i + 1]) == nullptr)
          fail_in(i, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        conversion = body[i + 1] == 'a' ? 'r' : body[i + 1];
        i += 2;
      }
      std::string spec;
      if (i < body.size() && body[i] == ':') {
        const size_t spec_at = ++i;
        while (i < body.size() && body[i] != '}') {
          if (body[i] == '{')
            unsupported(Span{s.line, column_of(i), s.line, column_of(i) + 1},
                        "a replacement field inside a format spec ({x:{width}}) is not supported: "
                        "write the spec out");
          ++i;
        }
        spec = body.substr(spec_at, i - spec_at);
      }
      if (i >= body.size() || body[i] != '}') fail_in(open_at, "f-string: expecting '}'");
      ++i;  // '}'
      if (debug) {
        literal += source + "=";
        if (conversion == 0 && spec.empty()) conversion = 'r';
      }
      flush_literal();
      flush_text(text, span_of(s), pieces);
      auto field = node(Expr::Kind::FormattedValue,
                        Span{s.line, column_of(open_at), s.line, column_of(i)});
      field->conversion = conversion;
      field->text = spec;
      adopt(*field, field_expression(source, s.line, column_of(start)));
      pieces.push_back(std::move(field));
    }
    flush_literal();
  }

  // The expression of a replacement field, written at `line`, `column`.
  ExprPtr field_expression(const std::string& text, int line, int column) {
    std::vector<Token> tokens;
    try {
      tokens = tokenize(text, "f-string expression");
    } catch (const syntax::ReadError& e) {
      ProgramError error = lexer_error(e.problem());
      error.line = error.end_line = line;
      error.column += column - 1;
      error.end_column += column - 1;
      throw ParseFailure{error};
    }
    for (Token& t : tokens) {
      if (t.kind == TokenKind::Indent || t.kind == TokenKind::Dedent) continue;
      if (t.line == 1) t.column += column - 1;
      t.line += line - 1;
    }
    Parser inner(source_, limits_, std::move(tokens), nesting_);
    ExprPtr e = inner.lone_expression();
    return e;
  }

  ExprPtr atom() {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::Name: {
        if (string_prefix(t)) return string_literal();
        auto e = node(Expr::Kind::Name, span_of(t));
        e->text = next().text;
        return e;
      }
      case TokenKind::Int: {
        auto e = node(Expr::Kind::Int, span_of(t));
        if (!int_value(t, &e->int_value))
          unsupported(span_of(t), "the integer " + t.text +
                                      " does not fit in 64 bits: tensorcast's integers are int64, "
                                      "as a tensor's");
        next();
        return e;
      }
      case TokenKind::Float: {
        auto e = node(Expr::Kind::Float, span_of(t));
        std::string digits;
        for (char c : t.text)
          if (c != '_') digits += c;
        e->float_value = std::strtod(digits.c_str(), nullptr);
        next();
        return e;
      }
      case TokenKind::String:
        return string_literal();
      case TokenKind::Keyword: {
        if (t.is_kw(Kw::True) || t.is_kw(Kw::False)) {
          auto e = node(Expr::Kind::Bool, span_of(t));
          e->bool_value = next().is_kw(Kw::True);
          return e;
        }
        if (t.is_kw(Kw::None)) {
          next();
          return node(Expr::Kind::None, span_of(t));
        }
        if (t.is_kw(Kw::Lambda) || t.is_kw(Kw::Await) || t.is_kw(Kw::Yield)) refuse_keyword(t);
        expected("an expression");
      }
      case TokenKind::Op: {
        switch (t.op) {
          case Op::Ellipsis:
            next();
            return node(Expr::Kind::Ellipsis, span_of(t));
          case Op::LPar: return parenthesised();
          case Op::LSqb: return list();
          case Op::LBrace:
            unsupported(span_of(t), "dictionaries and sets (`{...}`) are not supported: tensorcast's "
                                    "programs have tuples and lists");
          case Op::Star:
            // Python reads *x in a tuple, a list or a call only
            if (open_.empty() && !(pos_ > 0 && tokens_[pos_ - 1].is_op(Op::Comma)) && !comma_ahead(pos_))
              python_refuses(span_of(t), "can't use starred expression here");
            unsupported(span_of(t), "unpacking (`*x`) is not supported: write each item");
          case Op::Minus: case Op::Plus: case Op::Tilde: return factor();
          default: expected("an expression");
        }
      }
      default:
        expected("an expression");
    }
  }

  ExprPtr parenthesised() {
    Nest nest(*this, peek());
    open(peek());
    const Span start = span_of(next());  // '('
    if (at_op(Op::RPar)) {
      next();
      close();
      return node(Expr::Kind::Tuple, span_from(start));
    }
    ExprPtr first = expression();
    if (at_op(Op::RPar)) {
      next();
      close();
      first->outer = span_from(start);
      return first;  // (x) is x: errors point at x itself
    }
    if (!at_op(Op::Comma)) expected("',' or ')'");
    auto tuple = node(Expr::Kind::Tuple, start);
    adopt(*tuple, std::move(first));
    while (at_op(Op::Comma)) {
      next();
      if (at_op(Op::RPar)) break;
      if (!starts_expression(peek())) expected("an expression or ')'");
      adopt(*tuple, expression());
      count_items(*tuple);
    }
    expect_op(Op::RPar, "',' or ')'");
    close();
    tuple->span = span_from(start);
    return tuple;
  }

  ExprPtr list() {
    Nest nest(*this, peek());
    open(peek());
    const Span start = span_of(next());  // '['
    auto l = node(Expr::Kind::List, start);
    while (!at_op(Op::RSqb)) {
      if (!starts_expression(peek())) expected("an expression or ']'");
      ExprPtr item = conditional();
      if (l->items.empty() && (at_keyword(Kw::For) || at_keyword(Kw::Async))) return comprehension(std::move(item), start);
      adopt(*l, std::move(item));
      count_items(*l);
      if (at_op(Op::Comma)) next();
      else if (!at_op(Op::RSqb)) expected("',' or ']'");
    }
    next();
    close();
    l->span = span_from(start);
    return l;
  }

  // [element for target in iterable if condition ... for ...]: read from
  // the first `for`, element already read; the ']' closes it.
  ExprPtr comprehension(ExprPtr element, const Span& start) {
    auto c = node(Expr::Kind::ListComp, start);
    adopt(*c, std::move(element));
    while (at_keyword(Kw::For) || at_keyword(Kw::Async)) {
      const Token& keyword = next();
      if (keyword.is_kw(Kw::Async))
        python_refuses(span_of(keyword), "asynchronous comprehension outside of an asynchronous function");
      auto clause = node(Expr::Kind::CompFor, span_of(keyword));
      ExprPtr target = target_list();
      check_target(*target);
      adopt(*clause, std::move(target));
      if (!at_keyword(Kw::In)) expected("'in'");
      next();
      adopt(*clause, disjunction());
      while (at_keyword(Kw::If)) {
        next();
        adopt(*clause, disjunction());
      }
      clause->span = span_from(clause->span);
      adopt(*c, std::move(clause));
    }
    expect_op(Op::RSqb, "']'");
    close();
    c->span = span_from(start);
    return c;
  }

  const std::string& source_;
  const ProgramLimits& limits_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  const Token* last_ = nullptr;
  int64_t nesting_ = 0;
  std::vector<Token> open_;  // brackets not closed yet, innermost last
  std::vector<Token> unclosed_;  // brackets the whole text never closes (never_closed)
  int64_t statement_count_ = 0;          // statements read so far (ProgramLimits::max_statements)
  int64_t loops_ = 0;                    // loops around the statement being read (break, continue)
  const FunctionDef* function_ = nullptr;  // the def whose body is being read (return)
};

}  // namespace

ParseResult parse_program(const std::string& source, const ProgramLimits& limits) {
  ParseResult result;
  if (static_cast<int64_t>(source.size()) > limits.max_source_bytes) {
    ProgramError e;
    e.line = e.column = e.end_line = e.end_column = 1;
    e.message = "the program is " + std::to_string(source.size()) + " bytes long, more than the " +
                std::to_string(limits.max_source_bytes) + " bytes a program may have";
    e.kind = "limit";
    e.python_type = "RuntimeError";
    result.error = e;
    return result;
  }
  try {
    result.module = Parser(source, limits).run();
  } catch (const ParseFailure& failure) {
    result.module = Module{};
    result.error = failure.error;
  }
  return result;
}

}  // namespace tc::lang

TC_FOR_SIZE_END
