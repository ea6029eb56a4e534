// A lexer of Python's tokens (a subset: what PyTorch programs and index
// expressions use), each with its line and column. It belongs to the core
// so that the core's index text (src/syntax/subscript.h) and the
// interpreter's parser (src/lang/parser.h) read one grammar; the core never
// includes the language layer (Note [Python text]).
//
// Note [Python text]: text a person typed is read, never evaluated. The
// lexer turns it into tokens or raises a tc::Error (ErrorKind::Value)
// naming the line and column of the first character it cannot read; the
// parsers on top do the same for a token in the wrong place. Messages quote
// the text only as printable ASCII (other bytes as \xNN), so they can reach
// a page as they are.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "error.h"

namespace tc::syntax {

enum class TokenKind {
  Name,     // identifiers: x, torch, foo_1 (keywords are Keyword)
  Keyword,  // Python's keywords: True False None and or not if else for in def return ...
  Int,      // 12, 0x1f, 0o17, 0b101, 1_000 (text as written; value via int_value)
  Float,    // 1.5, .5, 1., 1e-3, 2E+8
  String,   // 'a' or "a" (one line; text is the contents, escapes kept as written)
  Op,       // operators and punctuation: ( ) [ ] , : . ... + - * ** / // == -> += ...
  Newline,  // the end of a logical line (not inside brackets)
  Indent,   // a line indented further than the one before
  Dedent,   // one per indentation level closed
  End,      // after the last token
};

const char* token_kind_name(TokenKind kind);  // "name", "integer", "end of text", ...

// Python's operators and delimiters, named as its token module names them
// (PLUS, LPAR, DOUBLESLASH, ...): parsers compare these, never the text.
enum class Op : uint8_t {
  None,  // not an operator token
  Ellipsis, DoubleStarEqual, DoubleSlashEqual, RightShiftEqual, LeftShiftEqual, RArrow,
  DoubleStar, DoubleSlash, EqEqual, NotEqual, LessEqual, GreaterEqual, LeftShift, RightShift,
  PlusEqual, MinEqual, StarEqual, SlashEqual, PercentEqual, AmperEqual, VBarEqual,
  CircumflexEqual, AtEqual, ColonEqual, LPar, RPar, LSqb, RSqb, LBrace, RBrace, Comma, Colon,
  Semi, Dot, Plus, Minus, Star, Slash, Percent, At, Equal, Less, Greater, Amper, VBar,
  Circumflex, Tilde,
};

// How an operator is written: op_text(Op::DoubleSlash) is "//".
const char* op_text(Op op);

// Python's keywords (its keyword.kwlist), as parsers compare them, never
// the text; CamelCase because `and`, `or` and `not` are C++ tokens.
enum class Kw : uint8_t {
  NotKeyword,  // a token that is not a keyword
  False, None, True, And, As, Assert, Async, Await, Break, Class, Continue, Def, Del, Elif, Else,
  Except, Finally, For, From, Global, If, Import, In, Is, Lambda, Nonlocal, Not, Or, Pass, Raise,
  Return, Try, While, With, Yield,
};

// How a keyword is written: keyword_text(Kw::Lambda) is "lambda".
const char* keyword_text(Kw kw);

struct Token {
  TokenKind kind;
  std::string text;
  int line;    // 1-based
  int column;  // 1-based, in UTF-16 code units (Note [Columns])
  Op op = Op::None;  // which operator, when kind is Op
  Kw kw = Kw::NotKeyword;  // which keyword, when kind is Keyword
  size_t offset = 0;       // its first byte in the text
  int width = 0;           // the UTF-16 code units it covers (a string: with its quotes)
  bool is(TokenKind k, const char* t) const { return kind == k && text == t; }
  bool is_op(Op o) const { return op == o; }
  bool is_kw(Kw k) const { return kw == k; }
};

// Note [Columns]: a column is counted in UTF-16 code units, 1-based, as
// JavaScript counts a string's characters: the column of a token after
// "中文" is 3 more than the quote's, not 7 (its bytes) or 3 (Python's code
// points; the same but past U+FFFF). Every position the core reports in
// text a person typed (a token, a read problem, a program's statements,
// calls and errors) is one, so the package and the page can mark it with
// string indices as they are. `offset` is the byte a token starts at.

// Note [Read problems]: why a text could not be read, as data, for a
// caller that words it itself (the playground, in two languages, marks
// the place). Every refusal of the lexer and the grammars on it
// (subscript.h, view_chain.h) is a ReadError: its message is the text
// tc::Error always had, its problem says the same in parts.
struct ReadProblem {
  enum class Kind {
    Unexpected,  // `found` cannot stand here (a character, a token; "" for the end)
    PyTorch,     // PyTorch refuses it with its own text (the message): a float index
    Number,      // an integer too large to represent; `found` as written
    TooDeep,     // brackets nested past `limit`
  };
  Kind kind = Kind::Unexpected;
  std::string found;  // as typed (raw bytes, not escaped)
  size_t offset = 0;  // its first byte in the text
  int line = 1, column = 1;  // the same as a token's line and column (Note [Columns])
  int64_t limit = 0;  // TooDeep
  std::string what;   // the message without "cannot read ...:" and the place
};

class ReadError : public Error {
 public:
  ReadError(ErrorKind kind, const std::string& message, ReadProblem problem)
      : Error(kind, message), problem_(std::move(problem)) {}
  const ReadProblem& problem() const { return problem_; }

 private:
  ReadProblem problem_;
};

// Every token of `text`, ending with one End token. Newline, Indent and
// Dedent follow Python's rules (comments and blank lines ignored, no
// newlines inside brackets; a line ends at \n, \r\n or a lone \r; a
// leading UTF-8 byte-order mark is skipped, as Python skips it reading a
// file, and line 1's columns count from after it); a text without line breaks gives none but
// the final Newline before End when it had any token.
//   tokenize("x[0, 1:3]") // Name x, Op [, Int 0, Op ,, Int 1, Op :, Int 3, Op ], Newline, End
// `what` names the text in messages: "cannot read <what>: ...".
//   tokenize("1 $", "index") // throws "cannot read index: unexpected
//                            //   character '$' at column 3"
std::vector<Token> tokenize(const std::string& text, const char* what = "text");

// Where a token starts, as messages say it: "column 3" for a text of one
// line, else "line 2, column 3".
std::string position(const std::string& text, int line, int column);

// An Int token's value; false when it does not fit int64 (Python's ints
// are unbounded: the caller words the error).
bool int_value(const Token& token, int64_t* out);

// The UTF-16 code units of text's first `offset` bytes: where JavaScript's
// string index puts that byte (a byte that is not UTF-8 counts as one).
int64_t utf16_index(const std::string& text, size_t offset);

// `text` as a message may quote it: printable ASCII kept, other bytes \xNN.
std::string printable(const std::string& text);

}  // namespace tc::syntax
