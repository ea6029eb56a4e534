#include "lang/parser.h"

#include <cstdlib>
#include <cstring>
#include <optional>

#include "error.h"
#include "syntax/lexer.h"
#include "syntax/subscript.h"

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
};

const char* const kStraightLine =
    "tensorcast runs straight-line PyTorch code (no loops, functions or classes)";

// What the subset says of a keyword it leaves out (Note [Program syntax]).
std::string unsupported_keyword(Kw kw) {
  const std::string k = syntax::keyword_text(kw);
  switch (kw) {
    case Kw::For: case Kw::While:
      return "`" + k + "` loops are not supported: " + kStraightLine;
    case Kw::If: case Kw::Elif: case Kw::Else:
      return "`" + k + "` statements are not supported: " + kStraightLine;
    case Kw::Def: return "functions (`def`) are not supported: " + std::string(kStraightLine);
    case Kw::Lambda: return "`lambda` functions are not supported: " + std::string(kStraightLine);
    case Kw::Class: return "classes are not supported: " + std::string(kStraightLine);
    case Kw::With: return "`with` blocks are not supported: " + std::string(kStraightLine);
    case Kw::Try: case Kw::Except: case Kw::Finally: case Kw::Raise:
      return "exceptions (`" + k + "`) are not supported: " + std::string(kStraightLine);
    case Kw::And: case Kw::Or: case Kw::Not:
      return "`" + k +
             "` is not supported: tensorcast runs straight-line PyTorch code (no conditions or "
             "boolean logic)";
    case Kw::In: case Kw::Is:
      return "the operator `" + k + "` is not supported: comparisons are == != < <= > >=";
    default:  // return, yield and the rest
      return "`" + k + "` is not supported: " + std::string(kStraightLine);
  }
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
    case Op::Amper: case Op::VBar: case Op::Circumflex: case Op::LeftShift: case Op::RightShift:
    case Op::AmperEqual: case Op::VBarEqual: case Op::CircumflexEqual: case Op::LeftShiftEqual:
    case Op::RightShiftEqual: case Op::ColonEqual: case Op::RArrow:
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
    Module module;
    while (peek().kind != TokenKind::End) {
      const Token& t = peek();
      if (t.kind == TokenKind::Newline || t.kind == TokenKind::Dedent) {
        next();
        continue;
      }
      if (t.kind == TokenKind::Indent) fail_syntax(t, "unexpected indent", "IndentationError");
      line(module);
    }
    return module;
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

  // How many bytes of the source a token covers (strings: with quotes).
  static int width(const Token& t) {
    const int n = static_cast<int>(t.text.size());
    return t.kind == TokenKind::String ? n + 2 : n;
  }
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
  // A line that ends inside brackets is Python's "'(' was never closed".
  [[noreturn]] void expected(const char* what) const {
    const Token& t = peek();
    if (!open_.empty() && (t.kind == TokenKind::Newline || t.kind == TokenKind::End))
      fail_syntax(open_.back(), "'" + open_.back().text + "' was never closed");
    fail_syntax(t, std::string("invalid syntax: expected ") + what + ", found " + describe(t));
  }
  void open(const Token& bracket) { open_.push_back(bracket); }
  void close() { open_.pop_back(); }
  [[noreturn]] void unsupported(const Span& span, const std::string& message) const {
    fail_at(span, message, "unsupported", "SyntaxError");
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
  // One logical line: statements separated by ';'.
  void line(Module& module) {
    while (true) {
      statement(module);
      if (at_op(Op::Semi)) {
        next();
        if (peek().kind == TokenKind::Newline || peek().kind == TokenKind::End) break;
        continue;
      }
      if (peek().kind == TokenKind::Newline || peek().kind == TokenKind::End) break;
      const Statement& last = module.statements.back();
      if (last.kind == Statement::Kind::Expression && last.value->kind == Expr::Kind::Name &&
          last.value->text == "print" && starts_expression(peek()))
        fail_at(last.value->span, "Missing parentheses in call to 'print'. Did you mean print(...)?",
                "syntax", "SyntaxError");
      if (peek().kind == TokenKind::Keyword)
        unsupported(span_of(peek()), unsupported_keyword(peek().kw));
      if (is_left_out_operator(peek())) left_out_operator(peek());
      if (at_op(Op::Colon))
        unsupported(span_of(peek()),
                    "type annotations (`x: int = ...`) are not supported: write `x = ...`");
      expected("the end of the line or ';' after the statement");
    }
    if (peek().kind == TokenKind::Newline) next();
  }

  void statement(Module& module) {
    if (static_cast<int64_t>(module.statements.size()) >= limits_.max_statements)
      fail_at(span_of(peek()),
              "the program has more than " + std::to_string(limits_.max_statements) +
                  " statements",
              "limit", "RuntimeError");
    const Token& t = peek();
    if (t.is_kw(Kw::Import) || t.is_kw(Kw::From)) {
      module.statements.push_back(import_statement());
      return;
    }
    if (t.kind == TokenKind::Keyword && !t.is_kw(Kw::True) && !t.is_kw(Kw::False) && !t.is_kw(Kw::None))
      unsupported(span_of(t), unsupported_keyword(t.kw));
    if (t.is_op(Op::At)) unsupported(span_of(t), "decorators are not supported: " + std::string(kStraightLine));
    module.statements.push_back(expression_statement());
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
      if (at_op(Op::Star))
        unsupported(span_of(peek()),
                    "`from " + module + " import *` is not supported: name what you import");
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

  ExprPtr expression() {
    const Token& t = peek();
    if (t.is_kw(Kw::Not) || t.is_kw(Kw::Lambda) || t.is_kw(Kw::Await) || t.is_kw(Kw::Yield))
      unsupported(span_of(t), unsupported_keyword(t.kw));
    ExprPtr e = comparison();
    const Token& after = peek();
    if (after.is_kw(Kw::If))
      unsupported(span_of(after),
                  "conditional expressions (`a if c else b`) are not supported: " +
                      std::string(kStraightLine));
    if (after.is_kw(Kw::For) || after.is_kw(Kw::Async))
      unsupported(span_of(after),
                  "comprehensions (`... for ... in ...`) are not supported: " +
                      std::string(kStraightLine));
    if (after.is_kw(Kw::And) || after.is_kw(Kw::Or))
      unsupported(span_of(after), unsupported_keyword(after.kw));
    return e;
  }

  [[noreturn]] void left_out_operator(const Token& t) const {
    unsupported(span_of(t), "the operator `" + t.text +
                                "` is not supported: tensorcast's programs have + - * / // % ** @ "
                                "and the comparisons == != < <= > >=");
  }

  ExprPtr comparison() {
    ExprPtr first = arith();
    if (is_left_out_operator(peek())) left_out_operator(peek());
    if (peek().is_kw(Kw::In) || peek().is_kw(Kw::Is) || (peek().is_kw(Kw::Not) && peek(1).is_kw(Kw::In)))
      unsupported(span_of(peek()), unsupported_keyword(peek().is_kw(Kw::Not) ? Kw::In : peek().kw));
    if (!comparison_of(peek())) return first;
    auto cmp = node(Expr::Kind::Compare, whole(*first));
    adopt(*cmp, std::move(first));
    while (const std::optional<CmpOp> op = comparison_of(peek())) {
      next();
      cmp->ops.push_back(*op);
      adopt(*cmp, arith());
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

  // ('+' | '-') factor | power: -2**2 is -(2**2).
  ExprPtr factor() {
    const Token& t = peek();
    if (t.is_op(Op::Tilde))
      unsupported(span_of(t), "the operator `~` is not supported: tensorcast's programs have + - * / // % ** @ "
                              "and the comparisons == != < <= > >=");
    if (t.is_op(Op::Minus) || t.is_op(Op::Plus)) {
      Nest nest(*this, t);
      const Token& op = next();
      const Span start = span_of(op);
      ExprPtr operand = factor();
      auto e = node(Expr::Kind::Unary, join(start, whole(*operand)));
      e->unary_op = op.is_op(Op::Minus) ? UnaryOperator::USub : UnaryOperator::UAdd;
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

  ExprPtr string_literal() {
    auto e = node(Expr::Kind::String, span_of(peek()));
    while (peek().kind == TokenKind::String ||
           (peek().kind == TokenKind::Name && string_prefix(peek()))) {
      bool raw = false;
      if (peek().kind == TokenKind::Name) {
        const Token& prefix = next();
        for (char c : prefix.text) {
          if (c == 'f' || c == 'F')
            unsupported(span_of(prefix), "f-strings are not supported: print the values apart, "
                                         "print('x:', x)");
          if (c == 'b' || c == 'B')
            unsupported(span_of(prefix), "bytes literals (b'...') are not supported");
          raw |= c == 'r' || c == 'R';
        }
      }
      const Token& s = next();
      e->text += raw ? s.text : decode_string(s.text);
    }
    e->span = span_from(e->span);
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
        if (t.is_kw(Kw::Not) || t.is_kw(Kw::Lambda) || t.is_kw(Kw::Await) || t.is_kw(Kw::Yield) ||
            t.is_kw(Kw::If) || t.is_kw(Kw::For))
          unsupported(span_of(t), unsupported_keyword(t.kw));
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
      adopt(*l, expression());
      count_items(*l);
      if (at_op(Op::Comma)) next();
      else if (!at_op(Op::RSqb)) expected("',' or ']'");
    }
    next();
    close();
    l->span = span_from(start);
    return l;
  }

  const std::string& source_;
  const ProgramLimits& limits_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  const Token* last_ = nullptr;
  int64_t nesting_ = 0;
  std::vector<Token> open_;  // brackets not closed yet, innermost last
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
