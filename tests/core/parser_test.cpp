// The program parser (src/lang/parser.h, Note [Program syntax]): Python's
// precedence, every statement form, and every refusal with its line and
// columns. Trees are written back as S-expressions to compare them.
#include <catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "lang/parser.h"
#include "lang/program.h"

namespace {

using tc::lang::BoolOperator;
using tc::lang::CmpOp;
using tc::lang::Expr;
using tc::lang::UnaryOperator;
using tc::lang::parse_program;
using tc::lang::ParseResult;
using tc::lang::ProgramError;
using tc::lang::ProgramLimits;
using tc::lang::Statement;

std::string show(const Expr& e);

std::string show_items(const Expr& e, size_t from = 0) {
  std::string out;
  for (size_t i = from; i < e.items.size(); ++i)
    out += " " + (e.items[i] ? show(*e.items[i]) : std::string("_"));
  return out;
}

std::string show(const Expr& e) {
  using K = Expr::Kind;
  switch (e.kind) {
    case K::Name: return e.text;
    case K::Int: return std::to_string(e.int_value);
    case K::Float: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%gf", e.float_value);
      return buf;
    }
    case K::Bool: return e.bool_value ? "True" : "False";
    case K::None: return "None";
    case K::Ellipsis: return "...";
    case K::String: return "'" + e.text + "'";
    case K::Tuple: return "(tuple" + show_items(e) + ")";
    case K::List: return "(list" + show_items(e) + ")";
    case K::Unary: return "(" + std::string(operator_text(e.unary_op)) + show_items(e) + ")";
    case K::Binary: return "(" + std::string(operator_text(e.op)) + show_items(e) + ")";
    case K::Compare: {
      std::string out = "(cmp " + show(*e.items[0]);
      for (size_t i = 0; i < e.ops.size(); ++i) out += " " + std::string(operator_text(e.ops[i])) + " " + show(*e.items[i + 1]);
      return out + ")";
    }
    case K::Attribute: return "(. " + show(*e.items[0]) + " " + e.text + ")";
    case K::Call: {
      std::string out = "(call" + show_items(e);
      for (const auto& k : e.keywords) out += " " + k.name + "=" + show(*k.value);
      return out + ")";
    }
    case K::Subscript: return "(at" + show_items(e) + ")";
    case K::Slice: return "(slice" + show_items(e) + ")";
  }
  return "?";
}

std::string show(const Statement& s) {
  switch (s.kind) {
    case Statement::Kind::Expression: return show(*s.value);
    case Statement::Kind::Assign: {
      std::string out = "(=";
      for (const auto& t : s.targets) out += " " + show(*t);
      return out + " " + show(*s.value) + ")";
    }
    case Statement::Kind::AugAssign:
      return "(" + std::string(operator_text(s.op)) + "= " + show(*s.targets[0]) + " " + show(*s.value) + ")";
    case Statement::Kind::Import: {
      std::string out = "(import";
      for (const auto& n : s.imports)
        out += " " + n.bound + ":" + n.module + (n.member.empty() ? "" : "." + n.member);
      return out + ")";
    }
  }
  return "?";
}

// The one statement of `code`, written back.
std::string tree(const std::string& code) {
  const ParseResult r = parse_program(code);
  if (r.error) return "error: " + r.error->message;
  if (r.module.statements.size() != 1) return "statements: " + std::to_string(r.module.statements.size());
  return show(r.module.statements[0]);
}

ProgramError error_of(const std::string& code, const ProgramLimits& limits = {}) {
  const ParseResult r = parse_program(code, limits);
  REQUIRE(r.error.has_value());
  return *r.error;
}

void check_error(const std::string& code, const std::string& kind, int line, int column,
                 const std::string& message) {
  INFO(code);
  const ProgramError e = error_of(code);
  CHECK(e.message == message);
  CHECK(e.kind == kind);
  CHECK(e.line == line);
  CHECK(e.column == column);
}

}  // namespace

TEST_CASE("parser: Python's precedence", "[parser]") {
  CHECK(tree("1 + 2 * 3") == "(+ 1 (* 2 3))");
  CHECK(tree("1 - 2 - 3") == "(- (- 1 2) 3)");
  CHECK(tree("-2**2") == "(- (** 2 2))");       // -(2**2) == -4
  CHECK(tree("2**-1") == "(** 2 (- 1))");
  CHECK(tree("2**3**2") == "(** 2 (** 3 2))");  // right-associative
  CHECK(tree("a @ b + c") == "(+ (@ a b) c)");
  CHECK(tree("a * b @ c") == "(@ (* a b) c)");  // same level as *, left to right
  CHECK(tree("a // b % c / d") == "(/ (% (// a b) c) d)");
  CHECK(tree("a + b == c * d") == "(cmp (+ a b) == (* c d))");
  CHECK(tree("a < b <= c") == "(cmp a < b <= c)");
  CHECK(tree("- - x") == "(- (- x))");
  CHECK(tree("+x ** 2") == "(+ (** x 2))");
  CHECK(tree("(a + b) * c") == "(* (+ a b) c)");
  CHECK(tree("x.T @ y.sum(dim=1)") == "(@ (. x T) (call (. y sum) dim=1))");
  CHECK(tree("-x.abs()") == "(- (call (. x abs)))");
  CHECK(tree("x[0] ** 2") == "(** (at x 0) 2)");
}

// Each expression as Python's own parser groups it (its ast module:
// tests/js/fixtures/bitwise/make_fixture.py): | looser than ^, ^ than &,
// & than + -; the comparisons looser than |; ~ with unary - and +.
TEST_CASE("parser: & | ^ ~ at Python's precedence", "[parser][bitwise]") {
  struct Case {
    const char* code;
    const char* tree;
  };
  const Case cases[] = {
#include "bitwise_precedence.inc"
  };
  for (const Case& c : cases) {
    INFO(c.code);
    CHECK(tree(c.code) == c.tree);
  }
  CHECK(tree("x &= m") == "(&= x m)");
  CHECK(tree("x |= m") == "(|= x m)");
  CHECK(tree("x ^= m") == "(^= x m)");
}

TEST_CASE("parser: literals, tuples, lists, strings", "[parser]") {
  CHECK(tree("1_000") == "1000");
  CHECK(tree("0x1f") == "31");
  CHECK(tree("2.5e-1") == "0.25f");
  CHECK(tree("True") == "True");
  CHECK(tree("None") == "None");
  CHECK(tree("...") == "...");
  CHECK(tree("()") == "(tuple)");
  CHECK(tree("(1,)") == "(tuple 1)");
  CHECK(tree("(1)") == "1");
  CHECK(tree("[1, [2, 3],]") == "(list 1 (list 2 3))");
  CHECK(tree("[]") == "(list)");
  CHECK(tree("'a' \"b\"") == "'ab'");
  CHECK(tree("'a\\tb\\x41\\n'") == "'a\tbA\n'");
  CHECK(tree("r'a\\tb'") == "'a\\tb'");
  CHECK(tree("'\\u00e9'") == "'\xc3\xa9'");
  CHECK(tree("1, 2") == "(tuple 1 2)");
}

TEST_CASE("parser: calls and subscripts", "[parser]") {
  CHECK(tree("f()") == "(call f)");
  CHECK(tree("f(1, x, dim=-1, keepdim=True)") == "(call f 1 x dim=(- 1) keepdim=True)");
  CHECK(tree("f(1,)") == "(call f 1)");
  CHECK(tree("x[0]") == "(at x 0)");
  CHECK(tree("x[0,]") == "(at x (tuple 0))");
  CHECK(tree("x[:, None, 1:3]") == "(at x (tuple (slice _ _ _) None (slice 1 3 _)))");
  CHECK(tree("x[::2]") == "(at x (slice _ _ 2))");
  CHECK(tree("x[..., -1]") == "(at x (tuple ... (- 1)))");
  CHECK(tree("x[i:j:k]") == "(at x (slice i j k))");
  CHECK(tree("x[[0, 2], 1:]") == "(at x (tuple (list 0 2) (slice 1 _ _)))");
  CHECK(tree("x[a > 0]") == "(at x (cmp a > 0))");
  CHECK(tree("f(x)(y)[0].z") == "(. (at (call (call f x) y) 0) z)");
}

TEST_CASE("parser: statements", "[parser]") {
  CHECK(tree("x = 1") == "(= x 1)");
  CHECK(tree("a = b = 2") == "(= a b 2)");
  CHECK(tree("values, indices = x.max(dim=1)") ==
        "(= (tuple values indices) (call (. x max) dim=1))");
  CHECK(tree("(a, b) = t") == "(= (tuple a b) t)");
  CHECK(tree("[a, (b, c)] = t") == "(= (list a (tuple b c)) t)");
  CHECK(tree("x = 1, 2") == "(= x (tuple 1 2))");
  CHECK(tree("w.requires_grad = True") == "(= (. w requires_grad) True)");
  for (const char* op : {"+", "-", "*", "/", "//", "%", "**", "@"})
    CHECK(tree(std::string("x ") + op + "= y") == std::string("(") + op + "= x y)");
  CHECK(tree("import torch") == "(import torch:torch)");
  CHECK(tree("import torch as t") == "(import t:torch)");
  CHECK(tree("import torch.nn.functional as F") == "(import F:torch.nn.functional)");
  CHECK(tree("import torch.nn") == "(import torch:torch.nn)");
  CHECK(tree("import torch.nn as nn") == "(import nn:torch.nn)");
  CHECK(tree("from torch import nn, tensor") == "(import nn:torch.nn tensor:torch.tensor)");
  CHECK(tree("from torch.nn import functional as F") == "(import F:torch.nn.functional)");
  CHECK(tree("from torch import (nn,\n  tensor)") == "(import nn:torch.nn tensor:torch.tensor)");
}

TEST_CASE("parser: lines, ';', comments, continuation", "[parser]") {
  const ParseResult r = parse_program(
      "# a comment\n"
      "\n"
      "x = 1; y = 2;  # two\n"
      "z = (x +\n"
      "     y)\n"
      "w = x + \\\n"
      "    y\n");
  REQUIRE_FALSE(r.error);
  REQUIRE(r.module.statements.size() == 4);
  const auto& s = r.module.statements;
  CHECK(s[0].span.line == 3);
  CHECK(s[0].span.column == 1);
  CHECK(s[0].span.end_column == 6);
  CHECK(s[1].span.column == 8);
  CHECK(s[1].span.end_column == 13);
  CHECK(s[2].span.line == 4);
  CHECK(s[2].span.end_line == 5);
  CHECK(s[2].span.end_column == 8);
  CHECK(show(s[3]) == "(= w (+ x y))");
  CHECK(s[3].span.end_line == 7);
  CHECK(parse_program("").module.statements.empty());
  CHECK(parse_program("\n\n# only a comment\n").module.statements.empty());
}

TEST_CASE("parser: expression spans", "[parser]") {
  const ParseResult r = parse_program("y = (a + b) * c.sum(dim=0)\n");
  REQUIRE_FALSE(r.error);
  const Expr& mul = *r.module.statements[0].value;
  CHECK(mul.span.column == 5);
  CHECK(mul.span.end_column == 27);
  const Expr& add = *mul.items[0];
  CHECK(add.span.column == 6);  // the parentheses are not part of a + b
  CHECK(add.span.end_column == 11);
  const Expr& call = *mul.items[1];
  CHECK(call.span.column == 15);
  CHECK(call.span.end_column == 27);
  CHECK(call.keywords[0].span.column == 21);
}

TEST_CASE("parser: syntax errors, Python's words", "[parser]") {
  check_error("x = (1 +", "syntax", 1, 5, "'(' was never closed");
  // the next line read as an argument of a call the text never closes (Python 3.11's words)
  check_error("x = torch.ones(2, 3\ny = 1\n", "syntax", 1, 15, "'(' was never closed");
  check_error("f(a\ny = 1\n", "syntax", 1, 2, "'(' was never closed");
  check_error("x = [1, 2", "syntax", 1, 5, "'[' was never closed");
  check_error("y = x[0,\n", "syntax", 1, 6, "'[' was never closed");
  check_error("x = 1 2", "syntax", 1, 7,
              "invalid syntax: expected the end of the line or ';' after the statement, found "
              "integer '2'");
  check_error("x = \n", "syntax", 1, 5,
              "invalid syntax: expected an expression, found the end of the line");
  check_error("f(a=1, 2)", "syntax", 1, 8, "positional argument follows keyword argument");
  check_error("f(a=1, a=2)", "syntax", 1, 8, "keyword argument repeated: a");
  check_error("1 = x", "syntax", 1, 1,
              "cannot assign to literal here. Maybe you meant '==' instead of '='?");
  check_error("f() = x", "syntax", 1, 1,
              "cannot assign to function call here. Maybe you meant '==' instead of '='?");
  check_error("a + b = x", "syntax", 1, 1,
              "cannot assign to expression here. Maybe you meant '==' instead of '='?");
  check_error("None = 1", "syntax", 1, 1, "cannot assign to None");
  check_error("a, b += 1", "syntax", 1, 1, "'tuple' is an illegal expression for augmented assignment");
  check_error("x = 1\n  y = 2", "syntax", 2, 3, "unexpected indent");
  check_error("x = 'abc", "syntax", 1, 5, "unterminated string literal (detected at line 1)");
  check_error("x = 1 $ 2", "syntax", 1, 7, "invalid syntax: unexpected character '$'");
  check_error("x = 3x", "syntax", 1, 5, "invalid syntax: invalid number '3x'");
  check_error("x[]", "syntax", 1, 3, "invalid syntax: expected an index, found operator ']'");
  check_error("x.1", "syntax", 1, 2,
              "invalid syntax: expected the end of the line or ';' after the statement, found "
              "float '.1'");
  check_error("x.\n", "syntax", 1, 3, "invalid syntax: expected a name after '.', found the end of the line");
  check_error("x = 1\nprint(1\n", "syntax", 2, 6, "'(' was never closed");
  check_error("print x", "syntax", 1, 1, "Missing parentheses in call to 'print'. Did you mean print(...)?");
  CHECK(error_of("x = 1\n  y = 2").python_type == "IndentationError");
  CHECK(error_of("x = (").python_type == "SyntaxError");
}

// A construct Python reads and the subset leaves out is read as a Refused
// statement (Note [Refused constructs]): no error until it runs, then its
// text at the construct.
void check_refused(const std::string& code, int line, int column, const std::string& message) {
  INFO(code);
  REQUIRE_FALSE(parse_program(code).error.has_value());
  const tc::lang::ProgramResult r = tc::lang::run_program(code);
  REQUIRE(r.error.has_value());
  CHECK(r.error->message == message);
  CHECK(r.error->kind == "unsupported");
  CHECK(r.error->python_type == "NotImplementedError");
  CHECK(r.error->line == line);
  CHECK(r.error->column == column);
}

TEST_CASE("parser: constructs outside the subset", "[parser]") {
  check_refused("class A:\n  pass", 1, 1,
              "classes are not supported: tensorcast's programs define functions with `def`");
  check_refused("try:\n  x = 1\nexcept:\n  pass", 1, 1,
              "exceptions (`try`) are not supported: a program stops at its first error");
  check_refused("raise x", 1, 1,
              "exceptions (`raise`) are not supported: a program stops at its first error");
  check_refused("del x", 1, 1,
              "`del` is not supported: set the name to None (x = None) to free its tensor");
  check_refused("def f():\n  global x\n  x = 1\nf()", 2, 3,
              "`global` is not supported: a function reads the program's names, and returns what "
              "it computes");
  check_refused("f = lambda x: x", 1, 5, "`lambda` functions are not supported: write a `def`");
  // a conditional element: its else branch ends where the comprehension's for starts
  REQUIRE_FALSE(parse_program("y = [a if b else c for a in d]\n").error.has_value());
  check_refused("y = sum(i for i in x)", 1, 11,
              "generator expressions (`(... for ... in ...)`) are not supported: write a list "
              "comprehension, `[... for ... in ...]`");
  check_error("y = [i async for i in x]", "syntax", 1, 8,
              "asynchronous comprehension outside of an asynchronous function");
  check_refused("y = {i for i in x}", 1, 5,
              "dictionaries and sets (`{...}`) are not supported: tensorcast's programs have tuples and lists");
  check_refused("for i in x:\n  pass\nelse:\n  pass", 3, 1,
              "`else` after a `for` loop is not supported: put what follows the loop after it");
  check_refused("def f():\n  def g():\n    pass\nf()", 2, 3,
              "a `def` inside a function is not supported: define each function at the top level of "
              "the program");
  check_refused("def f(*args):\n  pass", 1, 7,
              "`*args`, `**kwargs` and `/` or `*` in a parameter list are not supported: name each "
              "parameter");
  check_refused("with a, b:\n  pass", 1, 7,
              "a `with` of several items is not supported: nest one `with` in another");
  check_refused("y = (x > 0) << (x < 1)", 1, 13,
              "the operator `<<` is not supported: tensorcast's programs have + - * / // % ** @ & | ^ ~ "
              "and the comparisons == != < <= > >=");
  check_refused("y = m & n >> 1", 1, 11,
              "the operator `>>` is not supported: tensorcast's programs have + - * / // % ** @ & | ^ ~ "
              "and the comparisons == != < <= > >=");
  check_refused("m <<= 1", 1, 3,
              "the operator `<<=` is not supported: tensorcast's programs have + - * / // % ** @ & | ^ ~ "
              "and the comparisons == != < <= > >=");
  check_refused("x[0] = 1", 1, 1,
              "assigning into a tensor (`x[...] = v`) is not supported: tensorcast's programs do "
              "not write into tensors by index (torch.where builds the result instead)");
  check_refused("x[0] += 1", 1, 1,
              "assigning into a tensor (`x[...] += v`) is not supported: tensorcast's programs do "
              "not write into tensors by index");
  check_refused("print(f'{x:{w}}')", 1, 12,
              "a replacement field inside a format spec ({x:{width}}) is not supported: write the "
              "spec out");
  check_refused("d = {1: 2}", 1, 5,
              "dictionaries and sets (`{...}`) are not supported: tensorcast's programs have tuples "
              "and lists");
  check_refused("f(*args)", 1, 3,
              "unpacking arguments (`*args`, `**kwargs`) is not supported: write each argument");
  check_refused("@decorator\ndef f(): pass", 1, 1,
              "decorators are not supported: call the function inside");
  check_refused("from torch import *", 1, 19,
              "`from torch import *` is not supported: name what you import");
  check_refused("x: int = 1", 1, 2,
              "type annotations (`x: int = ...`) are not supported: write `x = ...`");
  check_refused("x = 99999999999999999999", 1, 5,
              "the integer 99999999999999999999 does not fit in 64 bits: tensorcast's integers are "
              "int64, as a tensor's");
  const tc::lang::ProgramResult r = tc::lang::run_program("class A:\n  pass");
  REQUIRE(r.error.has_value());
  CHECK(r.error->end_line == 1);
  CHECK(r.error->end_column == 6);
  // the refused statement is the class and its block, shown by its header
  REQUIRE(r.statements.size() == 1);
  CHECK(r.statements[0].source == "class A:");
}

// Python 3.11's words for the statements' own mistakes.
TEST_CASE("parser: compound statements' syntax errors", "[parser]") {
  check_error("for i in range(3)\n  pass", "syntax", 1, 18,
              "invalid syntax: expected ':', found the end of the line");
  check_error("for i in range(3):\nx = 1", "syntax", 2, 1,
              "expected an indented block after 'for' statement on line 1");
  check_error("if x:\n  pass\nelif y:\nz = 1", "syntax", 4, 1,
              "expected an indented block after 'elif' statement on line 3");
  check_error("def f(x):\nreturn x", "syntax", 2, 1,
              "expected an indented block after function definition on line 1");
  check_error("return 1", "syntax", 1, 1, "'return' outside function");
  check_error("break", "syntax", 1, 1, "'break' outside loop");
  check_error("continue", "syntax", 1, 1, "'continue' not properly in loop");
  check_error("for i in x:\n  def f():\n    break", "syntax", 3, 5, "'break' outside loop");
  check_error("def f(a, a):\n  pass", "syntax", 1, 10, "duplicate argument 'a' in function definition");
  check_error("def f(a=1, b):\n  pass", "syntax", 1, 12, "non-default argument follows default argument");
  check_error("else:\n  pass", "syntax", 1, 1,
              "invalid syntax: `else` without an `if` (or `else` indented differently from its `if`)");
  check_error("x = 1; for i in x: pass", "syntax", 1, 8,
              "invalid syntax: a `for` statement starts a line of its own");
  check_error("print(f'{}')", "syntax", 1, 9, "f-string: empty expression not allowed");
  check_error("print(f'{x')", "syntax", 1, 9, "f-string: expecting '}'");
  check_error("print(f'a}')", "syntax", 1, 10, "f-string: single '}' is not allowed");
  check_error("print(f'{x!z}')", "syntax", 1, 11,
              "f-string: invalid conversion character: expected 's', 'r', or 'a'");
  // an error inside a field points into the string
  check_error("print(f'ab {x +}')", "syntax", 1, 16,
              "invalid syntax: expected an expression, found the end of the line");
}

TEST_CASE("parser: compound statements and their spans", "[parser]") {
  const ParseResult r = parse_program(
      "for i in range(3):\n    x = i\n    if x > 1:\n        y = 1\n    elif x:\n        y = 2\n"
      "    else:\n        pass\ndef f(a, b=2):\n    return a + b\nwith torch.no_grad(): z = f(1)\n");
  REQUIRE_FALSE(r.error);
  REQUIRE(r.module.statements.size() == 3);
  const Statement& loop = r.module.statements[0];
  CHECK(loop.kind == Statement::Kind::For);
  CHECK(loop.span.line == 1);
  CHECK(loop.span.end_line == 1);
  CHECK(loop.span.end_column == 19);  // through the ':'
  REQUIRE(loop.body.size() == 2);
  const Statement& branch = loop.body[1];
  CHECK(branch.kind == Statement::Kind::If);
  REQUIRE(branch.orelse.size() == 1);
  CHECK(branch.orelse[0].elif);
  CHECK(branch.orelse[0].span.line == 5);
  REQUIRE(branch.orelse[0].orelse.size() == 1);
  CHECK(branch.orelse[0].orelse[0].kind == Statement::Kind::Pass);
  const Statement& def = r.module.statements[1];
  REQUIRE(def.function);
  CHECK(def.function->name == "f");
  CHECK(def.function->parameters.size() == 2);
  CHECK(def.function->locals == std::vector<std::string>{"a", "b"});
  const Statement& with = r.module.statements[2];
  CHECK(with.kind == Statement::Kind::With);
  CHECK(with.body.size() == 1);
}

TEST_CASE("parser: and, or, not, in, is, if-else and their precedence", "[parser]") {
  const ParseResult r = parse_program("y = not a or b and c in d if e is not None else f\n");
  REQUIRE_FALSE(r.error);
  const Expr& e = *r.module.statements[0].value;
  REQUIRE(e.kind == Expr::Kind::IfExp);
  const Expr& body = *e.items[0];
  REQUIRE(body.kind == Expr::Kind::BoolOp);
  CHECK(body.bool_op == BoolOperator::Or);
  CHECK(body.items[0]->kind == Expr::Kind::Unary);
  CHECK(body.items[0]->unary_op == UnaryOperator::Not);
  REQUIRE(body.items[1]->kind == Expr::Kind::BoolOp);
  CHECK(body.items[1]->items[1]->ops == std::vector<CmpOp>{CmpOp::In});
  CHECK(e.items[1]->ops == std::vector<CmpOp>{CmpOp::IsNot});
}

TEST_CASE("parser: limits", "[parser]") {
  // 10,000 '(' stop at the nesting limit, not the stack
  const ProgramError deep = error_of("x = " + std::string(10000, '(') + "1" + std::string(10000, ')'));
  CHECK(deep.kind == "limit");
  CHECK(deep.message ==
        "too many nested parentheses, calls and operators: more than 100 levels inside each other");
  CHECK(deep.line == 1);
  CHECK(deep.column == 5 + 100);  // the 101st '('
  // 100 levels are fine, 101 are not; unary minus and ** count too
  CHECK_FALSE(parse_program("x = " + std::string(99, '(') + "1" + std::string(99, ')')).error);
  CHECK(error_of("x = " + std::string(10000, '-') + "1").kind == "limit");
  std::string power = "x = 2";
  for (int i = 0; i < 5000; ++i) power += "**2";
  CHECK(error_of(power).kind == "limit");
  // a long chain a + a + ... nests on the tree, though read without recursion
  std::string chain = "x = a";
  for (int i = 0; i < 5000; ++i) chain += " + a";
  CHECK(error_of(chain).kind == "limit");
  std::string calls = "x = f";
  for (int i = 0; i < 5000; ++i) calls += "()";
  CHECK(error_of(calls).kind == "limit");
  std::string brackets = "x = ";
  for (int i = 0; i < 5000; ++i) brackets += "[";
  CHECK(error_of(brackets).kind == "limit");

  ProgramLimits small;
  small.max_source_bytes = 10;
  const ProgramError big = error_of("x = 1 + 2 + 3", small);
  CHECK(big.kind == "limit");
  CHECK(big.message == "the program is 13 bytes long, more than the 10 bytes a program may have");
  small = ProgramLimits{};
  small.max_statements = 3;
  const ProgramError many = error_of("a = 1\nb = 2\nc = 3\nd = 4\n", small);
  CHECK(many.kind == "limit");
  CHECK(many.line == 4);
  CHECK(many.message == "the program has more than 3 statements");
}

TEST_CASE("parser: 10,000 lines and a megabyte read fast", "[parser]") {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "x" + std::to_string(i % 7) + " = (a + b[0, 1:3]) * c.sum(dim=-1)\n";
  const auto t0 = std::chrono::steady_clock::now();
  const ParseResult r = parse_program(text);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  REQUIRE_FALSE(r.error);
  CHECK(r.module.statements.size() == 10000);
  std::string mb;
  const std::string line = "y = 1 + 2 * 3 - 4 / 5  # " + std::string(100, '.') + "\n";
  while (mb.size() + line.size() <= (1 << 20)) mb += line;
  const ParseResult r2 = parse_program(mb);
  CHECK_FALSE(r2.error);
  WARN("10,000 lines parsed in " << ms << " ms");  // measured, not asserted
}
