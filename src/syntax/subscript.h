// Reading an index written as Python writes it between the brackets of
// x[...]: "0", ":, None, 1:3", "..., -1", "::2", "[0, 2], 1:" (Note
// [Python text] in src/syntax/lexer.h). Only reading: the items are applied
// by tc::index (src/ops/indexing.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "syntax/lexer.h"

namespace tc::syntax {

// Note [Subscript grammar]: x[...] has one grammar wherever it is read,
//   subscript := item (',' item)* [',']
//   item      := slice | value
//   slice     := [bound] ':' [bound] [':' [bound]]
// and read_items and read_slice below read it for all of them: a program's
// subscripts (src/lang/parser.cpp, whose values and bounds are
// expressions), a.index(text) and a view chain's x[...] (subscript.cpp,
// whose are literals). A reader says what a value and a bound are and words
// each refusal; docs/programs.md's grammar block states the rule.
//
// read_items(r) needs of r:
//   bool at_end()    the ']' (or the end of the text) that closes the items
//   bool at(Op)      the next token is this operator
//   void skip()      reads one token
//   void item()      reads one item (a slice with read_slice)
//   [[noreturn]] void empty()           nothing before the end
//   [[noreturn]] void expected_comma()  an item followed by neither ',' nor the end
// It returns whether the items are a tuple (a comma at the top level: x[0,]).
template <class R>
bool read_items(R& r) {
  if (r.at_end()) r.empty();
  bool tuple = false;
  for (;;) {
    r.item();
    if (r.at_end()) return tuple;
    if (!r.at(Op::Comma)) r.expected_comma();
    r.skip();
    tuple = true;
    if (r.at_end()) return tuple;
  }
}

// A slice from its ':' on (the lower bound, if any, read): ':' [upper]
// [':' [step]]. r.bound(1) reads the upper bound, r.bound(2) the step,
// each called only where one stands (not before ':', ',' or the end).
template <class R>
void read_slice(R& r) {
  auto ends = [&] { return r.at(Op::Colon) || r.at(Op::Comma) || r.at_end(); };
  r.skip();  // ':'
  if (!ends()) r.bound(1);
  if (!r.at(Op::Colon)) return;
  r.skip();
  if (!ends()) r.bound(2);
}

struct IndexSpecItem {
  enum class Kind { Integer, Slice, None, Ellipsis, Bool, List };
  Kind kind = Kind::None;
  int64_t integer = 0;                       // Integer
  std::optional<int64_t> start, stop, step;  // Slice: nullopt where left out (or None)
  bool boolean = false;                      // Bool
  std::vector<int64_t> list;                 // List: its values, row-major, True and False as 1 and 0
  std::vector<int64_t> list_shape;           // List: [2] for [0, 1], [2, 1] for [[0], [1]]
  bool list_of_bools = false;                // List: every value was True or False
  int column = 0;                            // where the item starts (1-based)
};

struct IndexSpec {
  std::vector<IndexSpecItem> items;
  // Whether the text is a tuple (it has a comma at the top level), as
  // Python tells x[0] from x[0,]: PyTorch takes different paths for them
  // (x[:] is SliceBackward0, x[:,] AliasBackward0). A lone list of lists
  // is read as the tuple of its lists, as PyTorch's treatSequenceAsTuple
  // does: "[[0, 1], [1, 2]]" is "[0, 1], [1, 2]".
  bool tuple = false;
};

//   parse_index(":, None, 1:3")  // Slice, None, Slice(1, 3); tuple
//   parse_index("-1")            // Integer -1; not a tuple
//   parse_index("1.5")           // throws PyTorch's "only integers, slices
//                                //   (`:`), ellipsis (`...`), None and long or
//                                //   byte Variables are valid indices (got
//                                //   float)" with the column
//   parse_index("0 1")           // throws "cannot read index: expected ','
//                                //   or the end, found integer '1' at column 3"
IndexSpec parse_index(const std::string& text);

// The same grammar between brackets: the items from tokens[pos] (just past
// a '[') up to the ']' that closes them; pos ends past it. The view
// chains (view_chain.h) read their x[...] with it. Raises a ReadError
// (Note [Read problems]); the end of the text where an item or ']' should
// be is an Unexpected problem with nothing found.
IndexSpec read_subscript(const std::string& text, const std::vector<Token>& tokens, size_t& pos);

// How an item reads back in Python's syntax: "1:3", "::2", "None", "...".
std::string format_index_item(const IndexSpecItem& item);

}  // namespace tc::syntax
