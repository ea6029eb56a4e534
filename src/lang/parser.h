// Reading a program: Python's grammar for the subset tensorcast runs
// (Note [Program syntax]), over the tokens of src/syntax/lexer.h.
//
// Note [Program syntax]: recursive descent with Python's precedence,
// lowest first: comparisons (== != < <= > >=, chained as Python chains
// them: a < b < c is a < b and b < c), + -, * / // % @, unary + -, **
// (right-associative, and tighter than a unary minus on its left:
// -2**2 == -4), then attribute access, calls and x[...]. Statements are
// imports of torch, assignments (chained, to tuples and lists of names, to
// an attribute), augmented assignments, and expressions, one per line or
// separated by ';'. A construct the subset leaves out that Python reads
// (class, lambda, x[...] = v, generator expressions) is read as a Refused
// statement, kind "unsupported" when it runs (Note [Refused constructs]);
// text Python cannot read is refused before anything runs, with kind
// "syntax" and Python's words ("invalid syntax", and what was expected).
// Limits keep a hostile text from costing more than it may: its size, its
// number of statements, and how deeply its expressions nest (brackets,
// calls, operators inside each other: counted on the tree, so that neither
// the parser's recursion nor the interpreter's can exhaust the stack).
#pragma once
#include <optional>
#include <string>

#include "ast.h"
#include "program.h"

namespace tc::lang {

struct ParseResult {
  Module module;
  std::optional<ProgramError> error;  // kind "syntax" or "limit"
};

// Never throws for bad text: the first problem is in `error`, with the
// line and columns of the token or construct it names.
//   parse_program("x = (1 +")            // error "invalid syntax: expected an expression,
//                                        //   found the end of the text", line 1
//   parse_program("class A:\n  pass")     // no error: a Refused statement, raising
//                                        //   "classes are not supported: ..." when it runs
ParseResult parse_program(const std::string& source, const ProgramLimits& limits = {});

}  // namespace tc::lang
