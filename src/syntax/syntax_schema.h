// Note [Syntax schema]: what the grammars of src/syntax hand to the
// package (a view chain, a shape with named dims), declared as the trace
// objects are (Note [Trace schema]): each field's JSON name and meaning, and
// the closed sets of ops and problems. From these describe()s come the JSON
// bindings/bind_syntax.cpp writes, the package's types
// (bindings/ts/generated/syntax-types.ts) and their tables in
// docs/trace-schema.md (written by bindings/gen/contracts.cpp). A problem
// kind outside its set cannot reach the page, whose catalogues must word
// each one (web/src/i18n).
#pragma once
#include <string>

#include "syntax/shape_text.h"
#include "syntax/view_chain.h"
#include "trace_schema.h"

namespace tc::schema {

inline const Enum kChainOp{
    "ChainOp",
    "A view op of a view chain, as PyTorch names it.",
    {{"T", "x.T: every dim reversed"},
     {"mT", "x.mT: the last two dims swapped"},
     {"t", "x.t(): a matrix transposed (at most 2 dims)"},
     {"transpose", "x.transpose(dim0, dim1)"},
     {"permute", "x.permute(*dims)"},
     {"narrow", "x.narrow(dim, start, length)"},
     {"expand", "x.expand(*sizes)"},
     {"view", "x.view(*sizes)"},
     {"unsqueeze", "x.unsqueeze(dim)"},
     {"squeeze", "x.squeeze() or x.squeeze(dim)"},
     {"index", "x[...]: the subscript of a.index(text)"}}};

inline const Enum kChainProblem{
    "ChainProblemKind",
    "Why a view chain cannot be read (Note [Read problems]).",
    {{"unexpected", "found is not part of a view chain there ('' where the chain ends too early)"},
     {"unknown", "found is not a view op read here"},
     {"arity", "the op found takes `expected` integers ('0-1': none or one; 'n': any), not `got`"},
     {"unclosed", "the bracket found at `at` is never closed"},
     {"number", "the integer found is too large for a size, a dim or an index"},
     {"too-long", "more than `limit` ops"},
     {"text-too-long", "more than `limit` characters"},
     {"too-deep", "lists nested more than `limit` deep in an index"},
     {"pytorch", "PyTorch refuses the index with its own text (message): a float, a string"}}};

inline const Enum kShapeProblem{
    "ShapeProblemKind",
    "Why a shape cannot be read (Note [Read problems]).",
    {{"empty", "nothing typed: () is the 0-dimensional shape"},
     {"unexpected", "found cannot stand there"},
     {"negative", "a size below 0"},
     {"fraction", "a size with a fraction"},
     {"too-large", "a size too large to represent (int64)"},
     {"too-many-dims", "more dims than a tensor may have"},
     {"unclosed", "a bracket never closed: found is the closer expected"},
     {"not-text", "a byte that is not UTF-8 text"}}};

inline const Enum kIndexTextKind{
    "IndexTextKind",
    "One item of x[...] as typed (Note [Basic indexing] says what each does).",
    {{"integer", "an integer: value"},
     {"slice", "start:stop:step, each null where left out"},
     {"none", "None"},
     {"ellipsis", "..."},
     {"bool", "True or False: value 1 or 0"},
     {"list", "a (nested) list of integers or of True/False: values, row-major, and shape"}}};

inline const char* index_text_kind(syntax::IndexSpecItem::Kind kind) {
  using K = syntax::IndexSpecItem::Kind;
  switch (kind) {
    case K::Integer: return "integer";
    case K::Slice: return "slice";
    case K::None: return "none";
    case K::Ellipsis: return "ellipsis";
    case K::Bool: return "bool";
    case K::List: return "list";
  }
  return "";
}

template <class V>
void describe(V& v, const syntax::IndexSpecItem& item) {
  using K = syntax::IndexSpecItem::Kind;
  v.object("IndexTextItem", nullptr, "One item between the brackets of x[...].");
  v("kind", std::string(index_text_kind(item.kind)), kIndexTextKind, "what it is");
  v("value",
    item.kind == K::Integer ? std::optional<int64_t>(item.integer)
    : item.kind == K::Bool  ? std::optional<int64_t>(item.boolean)
                            : std::nullopt,
    "integer: it; bool: 1 or 0; else null");
  v("start", item.start, "slice: its start; null where left out (or None), and for the others");
  v("stop", item.stop, "slice: its stop; null where left out (or None)");
  v("step", item.step, "slice: its step; null where left out (or None)");
  v("values", item.list, "list: its values, row-major (True and False as 1 and 0); else []");
  v("shape", item.list_shape, "list: its shape ([2] for [0, 1]); else []");
  v("text", format_index_item(item), "the item as Python writes it: '1:3', 'None', '[0, 1]'");
}

template <class V>
void describe(V& v, const syntax::ChainLink& l) {
  v.object("ChainLink", nullptr, "One view op of a view chain, as typed.");
  v("op", l.op, kChainOp, "the op");
  v("args", l.args, "a call's integers (a tuple or list of them as its items); [] for T, mT, index");
  v("dim", l.dim, "squeeze: the dim given; null for squeeze() and the other ops");
  v("items", l.items, "index: the items between the brackets; [] for the other ops");
  v("index", l.index,
    "index: the items as a.index(text) reads them (':, 1:3'); null for the other ops");
  v("at", l.at, "where the link starts in the text (UTF-16 code units from 0)");
  v("text", l.text, "the link as typed: '.transpose(0, 1)', '[:, 1:3]'");
}

template <class V>
void describe(V& v, const syntax::ChainProblem& p) {
  v.object("ChainProblem", nullptr, "Why a view chain cannot be read, and where.");
  v("kind", p.kind, kChainProblem, "what is wrong");
  v("at", p.at, "where (UTF-16 code units from 0)");
  v("found", p.found,
    "unexpected: what stands there ('' at the end); unknown, arity: the op's name; unclosed: "
    "the bracket; "
    "number: the integer as typed; else ''");
  v("expected", p.expected, "arity: '0', '1', '2', '3', '0-1' or 'n'; else ''");
  v("got", p.got, "arity: the integers given; else 0");
  v("limit", p.limit, "too-long, text-too-long, too-deep: the limit; else 0");
  v("message", p.message, "the same in English; pytorch: PyTorch's own text");
}

template <class V>
void describe(V& v, const syntax::ViewChain& c) {
  v.object("ViewChain", nullptr,
           "A view chain read by the core's grammar (tc.readViewChain; never throws).");
  v("links", c.links, "the ops in order; [] for an empty text or a problem");
  v("problem", c.problem, "why it cannot be read; null when it can");
}

template <class V>
void describe(V& v, const syntax::ShapeDim& d) {
  v.object("ShapeTextDim", nullptr, "One dim of a shape as typed: a size or a name.");
  v("size", d.size, "its size; null for a name");
  v("name", d.name, "its name ('B' in 'B,3'); null for a size");
}

template <class V>
void describe(V& v, const syntax::ShapeProblem& p) {
  v.object("ShapeProblem", nullptr, "Why a shape cannot be read, and where.");
  v("kind", p.kind, kShapeProblem, "what is wrong");
  v("at", p.at, "where (UTF-16 code units from 0)");
  v("found", p.found, "unexpected: the character found; unclosed: the closer expected; else ''");
  v("message", p.message, "the same in English, as tc.parseShape says it");
}

template <class V>
void describe(V& v, const syntax::ShapeReading& r) {
  v.object("ShapeReading", nullptr,
           "A shape read by the core's grammar, named dims kept (tc.readShape; never throws).");
  v("dims", r.dims, "the dims in order; [] for () or a problem");
  v("problem", r.problem, "why it cannot be read; null when it can");
}

// The enums of this schema, in the order the generated files list them.
inline std::vector<const Enum*> syntax_enums() {
  return {&kChainOp, &kChainProblem, &kShapeProblem, &kIndexTextKind};
}

}  // namespace tc::schema
