// Reading a view chain, the text a person types after an operand to view
// it: ".T", ".transpose(0, 1)", "[:, 1:3]", ".expand(2, -1)",
// ".permute(1, 0).unsqueeze(0)[..., 1:]". Python's syntax for PyTorch's
// view methods, read with the lexer (lexer.h) and, between brackets, the
// subscript grammar x[...] and a.index(text) read (subscript.h): one
// grammar. Only reading, never throwing: what the links mean is done by
// the view ops they name (the playground asks the core through the
// package, bindings/bind_syntax.cpp). Positions are UTF-16 code units from
// 0, as a JavaScript string indexes the text.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "syntax/subscript.h"

namespace tc::syntax {

// One view op of the chain.
struct ChainLink {
  std::string op;              // "T", "mT", "t", "transpose", ..., "index" (kChainOp)
  std::vector<int64_t> args;   // a call's integers, a tuple or list of them as its items
  std::optional<int64_t> dim;  // squeeze: its dim, when given
  std::vector<IndexSpecItem> items;  // index: the items between the brackets
  std::optional<std::string> index;  // index: them as a.index(text) reads them (":, 1:3")
  int64_t at = 0;              // where the link starts
  std::string text;            // the link as typed: ".transpose(0, 1)", "[:, 1:3]"
};

// Why a chain could not be read (Note [Read problems]), in parts a page
// words in its own language.
struct ChainProblem {
  std::string kind;       // kChainProblem: "unexpected", "unknown", "arity", ...
  int64_t at = 0;         // where
  std::string found;      // unexpected: what stands there ("" for the end); unknown, arity:
                          // the name; unclosed: the bracket; number: the integer as typed
  std::string expected;   // arity: "0", "1", "2", "3", "0-1" or "n"
  int64_t got = 0;        // arity: the arguments given
  int64_t limit = 0;      // too-long: the most links; too-deep: the most nested lists;
                          // text-too-long: the most characters
  std::string message;    // the same in English (pytorch: PyTorch's own text)
};

struct ViewChain {
  std::vector<ChainLink> links;         // empty text: no link (the operand as it is)
  std::optional<ChainProblem> problem;  // set: the chain cannot be read, links is empty
};

// More links than this is not a chain anyone types; it also bounds the work.
inline constexpr int64_t kMaxChainLinks = 32;
// Nor is a longer text (in UTF-16 code units): refused before it is lexed,
// so that a pasted megabyte costs no more than a chain.
inline constexpr int64_t kMaxChainText = 4096;
// Integers beyond this (in magnitude) are no size, dim or index a chain
// could use; they also stay exact as JavaScript numbers.
inline constexpr int64_t kMaxChainInt = 1000000000;

//   parse_view_chain(".T[0]")        // links T at 0, index at 2 (items: integer 0)
//   parse_view_chain(".transpose(0)")// problem: arity, expected "2", got 1, at 1
//   parse_view_chain("[:, 1")        // problem: unclosed "[" at 0
ViewChain parse_view_chain(const std::string& text);

}  // namespace tc::syntax
