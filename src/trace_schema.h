// Note [Trace schema]: the one description of every trace object the core
// emits (src/trace.h): each field's JSON name and meaning, and the closed
// set of strings each enumerated field may hold. From it come the JSON
// writer (bindings/trace_json.cpp), the package's TypeScript types and the
// tables of docs/trace-schema.md (both written by bindings/gen/contracts.cpp
// at build time). A string outside its set is an internal error when a
// trace is written, so a new pattern, role or note cannot reach JavaScript
// without being declared here, and so in the TypeScript unions and the
// playground's catalogues, whose types require a caption for each.
//
// describe(v, trace) calls v.object(type_name, kind, doc) first (kind: the
// value of the "kind" key of a top-level event, nullptr for the parts of
// one), then v(json_name, member, doc) for a plain field and
// v(json_name, member, enum, doc) for an enumerated one; v decides what to
// do with them (write JSON, check, emit a TypeScript type). A program's
// results (src/lang/program_schema.h) use three more: v.extends(part) for
// fields shared with other objects (a TypeScript base interface),
// v.wire(json_name, member, doc) for a field the core writes and the
// package resolves into another (never handed out as it is), and
// v.resolved(name, typescript_type, doc) for the field the package makes
// of it (never written by the core).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "error.h"
#include "trace.h"

namespace tc::schema {

struct EnumValue {
  const char* value;
  const char* doc;
  // false: raised by the npm package, never by the core (its tests meet it
  // there, not in the core's corpus).
  bool from_core = true;
};

struct Enum {
  const char* name;  // the TypeScript type: "InnerPattern"
  const char* doc;
  std::vector<EnumValue> values;
  bool has(const std::string& value) const {
    for (const EnumValue& v : values)
      if (value == v.value) return true;
    return false;
  }
};

inline const Enum kDimRole{
    "DimRole",
    "What one operand does at one dim of a broadcast.",
    {{"missing", "the operand has no such dim: it counts as 1"},
     {"expanded", "its size 1 is stretched to the result's size"},
     {"same", "already the result's size"},
     {"conflict", "on a failing dim: a size other than 1 that disagrees"}}};

inline const Enum kDimRule{
    "DimRule",
    "How one dim of a broadcast was decided.",
    {{"equal", "every operand has the dim, all of the same size"},
     {"one", "a size 1 yields to the other size"},
     {"missing", "an operand lacks the dim, and no size 1 had to yield"},
     {"mismatch", "sizes that differ and are not 1: the broadcast fails here"}}};

inline const Enum kBroadcastNote{
    "BroadcastNote",
    "A legal broadcast that deserves a second look (Note [Broadcast diagnostics]).",
    {{"outer-product", "each operand is stretched along a dim where the other is not"},
     {"backcompat", "same number of elements, different shapes: pre-broadcasting PyTorch "
                    "gave another result"},
     {"rank-promotion", "operands of different ranks (0-D operands and numbers exempt)"}}};

inline const Enum kInnerPattern{
    "InnerPattern",
    "How the operands step along the innermost loop (Note [Iteration plan]).",
    {{"contiguous", "every operand steps by 1"},
     {"scalar-a", "a is one number along the row (stride 0)"},
     {"scalar-b", "b is one number along the row (stride 0)"},
     {"transposed", "one input runs across the rows of the output: the kernel works on tiles "
                    "of the innermost two loop dims"},
     {"strided", "any other strides"},
     {"reduce-inner", "sum: a row summed into one number (the other reductions: reduced)"},
     {"reduce-outer", "sum: a row added into a row of the output"}}};

inline const Enum kDType{"DType",
                         "A tensor's element type (PyTorch's name without 'torch.').",
                         {{"bool", "true or false, one byte"},
                          {"uint8", "8-bit unsigned integer, 0 to 255"},
                          {"int32", "32-bit signed integer"},
                          {"int64", "64-bit signed integer (BigInt in JavaScript)"},
                          {"float32", "32-bit float, the default"},
                          {"float64", "64-bit float (a JavaScript number)"}}};

inline const Enum kPromotionCategory{
    "PromotionCategory",
    "The three kinds of operand type promotion tells apart (Note [Type promotion]).",
    {{"tensor", "a tensor with at least one dim"},
     {"zero-dim", "a 0-D tensor"},
     {"number", "a plain number: counts only by its kind (bool, integer, float)"}}};

inline const Enum kDTypeRule{
    "DTypeRule",
    "How an op's result dtype follows from its operands' common dtype.",
    {{"promote", "the common dtype"},
     {"promote-to-float", "the common dtype, integers and bool then to float32 (div, exp, ...)"},
     {"bool", "computed in the common dtype, the result is bool (comparisons)"},
     {"same", "the input's dtype (neg, abs, relu)"},
     {"sum", "the input's dtype, integers and bool widened to int64 (sum, prod)"},
     // --- reductions over dims (src/ops/reduce_dims.cpp)
     {"index", "int64 positions along the reduced dims (argmax, argmin)"}}};

inline const Enum kWarningKind{
    "WarningKind",
    "Why a warning was raised (Note [Broadcast diagnostics]).",
    {{"backcompat", "PyTorch's opt-in backwards-compatibility warning"},
     {"rank-promotion", "operands of different ranks, under the 'warn' policy"},
     {"outer-product", "an outer-product broadcast, under the 'warn' policy"},
     {"memory", "many tensors made outside tidy() are alive (raised by the npm package)",
      false}}};

// --- matmul (src/ops/matmul.cpp)
inline const Enum kMatmulRoute{
    "MatmulRoute",
    "PyTorch's path through at::matmul for the operands' dims (Note [matmul]); it decides the "
    "error texts and the result's grad_fn.",
    {{"dot", "1-D @ 1-D: the dot product, a 0-D result"},
     {"mv", "2-D @ 1-D: matrix times vector"},
     {"mm", "2-D @ 2-D, or 1-D @ 2-D with a 1 prepended and removed after"},
     {"folded-mv", "N-D @ 1-D or 1-D @ N-D (N >= 3): the batch folded into rows, one mv"},
     {"folded-mm", "N-D @ 2-D or 2-D @ N-D (N >= 3): the batch folded into rows, one mm"},
     {"bmm", "batch dims on both sides: broadcast, then one product per batch index"}}};
// --- indexing (src/ops/indexing.cpp)
inline const Enum kIndexItemKind{
    "IndexItemKind",
    "One item of x[...] (Note [Basic indexing]).",
    {{"integer", "picks one position: the dim goes away (select)"},
     {"slice", "start:stop:step: keeps every step-th position of a range (a view)"},
     {"none", "None: a new dim of size 1 (unsqueeze)"},
     {"ellipsis", "...: stands for as many ':' as the other items leave dims"},
     {"bool", "True or False: a new dim of size 1, kept whole or emptied (a copy)"},
     {"tensor", "an int64 tensor of positions along one dim (advanced indexing: a copy)"},
     {"mask", "a bool tensor: the positions where it is true, over as many dims as it has"}}};

inline const Enum kIndexPlacement{
    "IndexPlacement",
    "Where advanced indexing puts the dims of the broadcast index (Note [Advanced indexing]).",
    {{"adjacent", "the indexed dims are next to each other: the index's dims take their place"},
     {"separated", "a slice, None or ... stands between indexed dims: the index's dims come "
                   "first"}}};

// Note [Error kinds]: the one list of the kinds an error can have, each
// with its meaning and who raises it: the core (tc::ErrorKind, in its
// order: error_kind_name reads the text from here), the package
// (TensorcastError.kind) and a program (ProgramError.kind, with Python's own
// exceptions in snake case without "Error" and the reader's). From it come
// the C++ names (run.cpp, bindings/js_error.cpp), the TypeScript unions
// ErrorKind and ProgramErrorKind (bindings/ts/generated/error-kinds.ts) and
// the table of docs/trace-schema.md; docs/programs.md's table of examples
// is checked against it (tests/js/program-error-kinds.test.js), and a
// program's error of a kind outside it is refused when written.
struct ErrorKindValue {
  const char* value;
  const char* doc;
  bool core;     // a tc::ErrorKind (the first ones, in its order)
  bool package;  // a TensorcastError's kind
  bool program;  // a ProgramError's kind
};

inline const std::vector<ErrorKindValue>& error_kinds() {
  static const std::vector<ErrorKindValue> kinds{
      {"shape", "shapes that do not fit (a broadcast, a view, a matmul)", true, true, true},
      {"index", "an index or dim out of range (Python: an IndexError)", true, true, true},
      {"value", "a bad argument value (Python: a ValueError, e.g. unpacking)", true, true, true},
      {"type", "a dtype or type an op refuses (Python: a TypeError)", true, true, true},
      {"memory", "more memory than allowed or available (Python: a MemoryError)", true, true,
       true},
      {"autograd", "a backward() or gradient rule broken", true, true, true},
      {"policy", "a broadcast refused under tc.withBroadcastPolicy('raise', ...)", true, true,
       true},
      {"limit", "a budget spent: a program's work, statements, nesting or values "
                "(docs/limits.md)", true, true, true},
      {"internal", "a broken invariant inside tensorcast: a bug (please report it)", false, true,
       true},
      {"disposed", "a tensor used after dispose() or tidy() freed it", false, true, false},
      {"instance", "a tensor passed to another instance than the one that made it", false, true,
       false},
      {"load", "the .wasm could not be fetched or compiled", false, true, false},
      {"syntax", "the reader: text Python cannot read (a SyntaxError)", false, false, true},
      {"unsupported", "a construct outside the subset (class, lambda, other imports), refused when its statement runs", false,
       false, true},
      {"name", "Python: a NameError (a name not bound)", false, false, true},
      {"attribute", "Python: an AttributeError", false, false, true},
      {"zero_division", "Python: a ZeroDivisionError", false, false, true},
      {"overflow", "Python: an OverflowError", false, false, true},
      {"import", "Python: an ImportError", false, false, true},
      {"assertion", "Python: an AssertionError (an assert statement's test was false)", false, false,
       true},
      {"not_implemented", "what PyTorch has and tensorcast leaves out (a NotImplementedError)",
       false, false, true},
  };
  return kinds;
}

// The kinds `keep` selects, as an Enum of the schema.
inline Enum error_kind_enum(const char* name, const char* doc, bool ErrorKindValue::*keep) {
  Enum e{name, doc, {}};
  for (const ErrorKindValue& k : error_kinds())
    if (k.*keep) e.values.push_back({k.value, k.doc});
  return e;
}

inline const Enum kErrorKind = error_kind_enum(
    "ErrorKind", "What went wrong, for code that wants to branch on it (TensorcastError.kind).",
    &ErrorKindValue::package);
inline const Enum kProgramErrorKind = error_kind_enum(
    "ProgramErrorKind", "What stopped a program (ProgramError.kind; docs/programs.md has an "
    "example of each).", &ErrorKindValue::program);

// The text of the core's kind: "shape" for ErrorKind::Shape.
inline const char* error_kind_name(ErrorKind kind) {
  const size_t i = static_cast<size_t>(kind);
  TC_ASSERT(i < kErrorKindCount && error_kinds()[i].core, "ErrorKind ", i,
            " is not listed in error_kinds() (src/trace_schema.h)");
  return error_kinds()[i].value;
}

// Every enum, in the order the generated files list them.
inline std::vector<const Enum*> all_enums() {
  return {&kDimRole, &kDimRule, &kBroadcastNote, &kInnerPattern, &kDType, &kPromotionCategory,
          &kDTypeRule, &kWarningKind, &kMatmulRoute, &kIndexItemKind, &kIndexPlacement};
}

template <class V>
void describe(V& v, const DimStep& d) {
  v.object("DimStep", nullptr,
           "One result dim of a broadcast, all operands met there.");
  v("dim", d.dim, "counted from the left of the result");
  v("trailing", d.trailing, "counted from the right: 1 for the last dim");
  v("sizes", d.sizes, "per operand; null where the operand has no such dim");
  v("roles", d.roles, kDimRole, "per operand");
  v("rule", d.rule, kDimRule, "how the dim was decided");
  v("result", d.result, "the result's size; null when this dim failed");
}

template <class V>
void describe(V& v, const BroadcastTrace& t) {
  v.object("BroadcastTrace", "broadcast",
           "How shapes broadcast, dim by dim (tc.explain.broadcast; never throws for a mismatch).");
  v("inputs", t.inputs, "the shapes as given");
  v("padded", t.padded, "left-padded with 1s to the result's number of dims");
  v("dims", t.dims, "in the order the rule is applied, from the right; stops at a failing dim");
  v("result", t.result, "the broadcast shape; null when it fails");
  v("error", t.error, "PyTorch's message when it fails, else null");
  v("failedDim", t.failed_dim,
    "the first column from the right where the rule fails, counted from the left of the "
    "padded shapes");
  v("notes", t.notes, kBroadcastNote, "legal broadcasts that deserve a second look");
}

template <class V>
void describe(V& v, const OperandTrace& o) {
  v.object("OperandTrace", nullptr,
           "One operand of an op, the output first.");
  v("name", o.name, "'out', 'a', 'b' or 'condition'");
  v("shape", o.shape, "its own shape");
  v("strides", o.strides, "its strides before expanding");
  v("expandedStrides", o.expanded_strides,
    "after expanding to the result's shape: 0 where a cell is read again");
  v("offset", o.offset, "storage offset, in elements");
  v("dtype", o.dtype, kDType, "its dtype");
}

template <class V>
void describe(V& v, const PromotionOperandTrace& o) {
  v.object("PromotionOperandTrace", nullptr, "One operand as type promotion sees it.");
  v("name", o.name, "'a', 'b', 'self' or 'other'");
  v("dtype", o.dtype, kDType,
    "its dtype; a number's is the one PyTorch wraps it in (int64, float64 or bool)");
  v("category", o.category, kPromotionCategory, "which of the three kinds of operand it is");
  v("cast", o.cast, "whether it was converted to the compute dtype before the loop");
  v("number", o.number,
    "a number's value as exact decimal text ('2', '0.5', a bool as '1', 'nan', 'inf'); null "
    "for a tensor");
}

template <class V>
void describe(V& v, const PromotionTrace& t) {
  v.object("PromotionTrace", nullptr,
           "How the op's dtypes were decided: torch.result_type, then the op's rule "
           "(Note [Type promotion]).");
  v("operands", t.operands, "the inputs, in order");
  v("tensorDtype", t.tensor_dtype, kDType,
    "the tensors with dims promoted among themselves; null when there are none");
  v("zeroDimDtype", t.zero_dim_dtype, kDType, "the 0-D tensors'; null when there are none");
  v("numberDtype", t.number_dtype, kDType,
    "the plain numbers' (a float counts as float32); null when there are none");
  v("commonDtype", t.common_dtype, kDType, "torch.result_type of the operands");
  v("decidedBy", t.decided_by, kPromotionCategory,
    "the category whose dtype became the common one");
  v("rule", t.rule, kDTypeRule, "the op's rule");
  v("computeDtype", t.compute_dtype, kDType, "the dtype the kernel computes in");
  v("resultDtype", t.result_dtype, kDType, "the result's dtype (in place: self's)");
  v("resultCast", t.result_cast,
    "in place: whether the result was converted into self's dtype after the loop");
}

template <class V>
void describe(V& v, const PlanTrace& p) {
  v.object("PlanTrace", nullptr,
           "The iteration plan (Note [Iteration plan]): loop dims listed innermost first.");
  v("order", p.order, "the original dim at each position, after reordering");
  v("groups", p.groups, "the original dims merged into each loop dim");
  v("shape", p.shape, "loop sizes, innermost first");
  v("strides", p.strides, "per operand, per loop dim");
  v("innerPattern", p.inner_pattern, kInnerPattern, "how the innermost loop steps");
}

template <class V>
void describe(V& v, const MatmulTrace& t) {
  v.object("MatmulTrace", nullptr,
           "How a matmul's operands met (Note [matmul]). The OpTrace's operands give each "
           "operand's strides as a batch of matrices: expandedStrides over [batch..., rows, "
           "cols], a 1-D operand with its promoted 1.");
  v("route", t.route, kMatmulRoute, "PyTorch's path through at::matmul");
  v("aBatch", t.a_batch, "a's dims before its matrix dims (none for 1-D and 2-D)");
  v("bBatch", t.b_batch, "b's dims before its matrix dims");
  v("batch", t.batch, "how the batch dims broadcast");
  v("aContractedDim", t.a_contracted_dim, "a's dim summed over (k): its last");
  v("bContractedDim", t.b_contracted_dim, "b's dim summed over: its second-to-last, 0 if 1-D");
  v("m", t.m, "rows of each product");
  v("n", t.n, "columns of each product");
  v("k", t.k, "the length summed over");
  v("products", t.products, "matrix products the kernel ran (1 when folded)");
  v("folded", t.folded, "whether the batch ran as one tall product (b the same for every index)");
  v("aPromoted", t.a_promoted, "a was 1-D: a 1 was prepended, [k] -> [1, k]");
  v("bPromoted", t.b_promoted, "b was 1-D: a 1 was appended, [k] -> [k, 1]");
  v("removedDims", t.removed_dims,
    "dims of [batch..., m, n] removed after the product: the promoted 1s");
}

template <class V>
void describe(V& v, const IndexStepTrace& s) {
  v.object("IndexStepTrace", nullptr, "One item of x[...] and the view after it.");
  v("item", s.item, "its position in the index");
  v("itemKind", s.kind, kIndexItemKind, "what kind of item it is");
  v("text", s.text, "as Python writes it: '1:3', 'None', '...'; a tensor as 'int64 [2]'");
  v("dim", s.dim, "the dim of the view so far that it acted on; null for '...'");
  v("sizes", s.sizes, "the view's sizes after it");
  v("strides", s.strides, "the view's strides after it");
  v("offset", s.offset, "the view's storage offset after it");
}

template <class V>
void describe(V& v, const IndexingTrace& t) {
  v.object("IndexingTrace", nullptr,
           "What x[...] did: the basic items as views, then the tensors as one gather "
           "(Note [Basic indexing], Note [Advanced indexing]).");
  v("inputShape", t.input_shape, "the indexed tensor's shape");
  v("inputStrides", t.input_strides, "its strides");
  v("inputOffset", t.input_offset, "its storage offset");
  v("steps", t.steps, "each item in order, with the view after it");
  v("view", t.view, "true when no tensor (or bool) was an item: the result shares storage");
  v("indexedDims", t.indexed_dims, "the dims of the view after the steps that tensors index");
  v("indexShapes", t.index_shapes, "the index tensors' shapes (a mask as its nonzero indices)");
  v("broadcast", t.broadcast, "how the index shapes broadcast together");
  v("placement", t.placement, kIndexPlacement,
    "where the index's dims land in the result; null without tensors");
  v("resultDim", t.result_dim, "the first result dim taken by the index's dims; null without tensors");
  v("resultShape", t.result_shape, "the result's shape");
}

template <class V>
void describe(V& v, const OpTrace& t) {
  v.object("OpTrace", "op",
           "One op the engine ran (tc.explain.op).");
  v("op", t.op, "the op's name, as in tc.ops");
  v("inplace", t.inplace, "whether it wrote into its first input");
  v("broadcast", t.broadcast, "how the operands broadcast");
  v("operands", t.operands, "the output first");
  v("promotion", t.promotion, "how the dtypes were decided");
  v("plan", t.plan, "how the engine looped");
  v("kernel", t.kernel, "the inner loop's function, XNNPACK-style (docs/traces.md)");
  v("kernelRows", t.kernel_rows,
    "rows of the output per pass: 2 when a broadcast row is read once for two rows, else 1");
  v("alpha", t.alpha,
    "add's and sub's alpha as exact decimal text ('1', '2.5'); null for an op that takes none");
  v("repeatedDims", t.repeated_dims,
    "reductions only: the reduced dims where the input has stride 0 (not looped: skipped, "
    "or counted by multiplying)");
  // --- reductions over dims (src/ops/reduction.h)
  v("reducedDims", t.reduced_dims,
    "reductions only (sum, mean, amax, max, argmax, prod, var, std, logsumexp, all, any; "
    "softmax and logSoftmax name their dim): the input dims reduced, ascending");
  v("keepdim", t.keepdim, "reductions only: whether the reduced dims stay, as size 1");
  v("matmul", t.matmul, "matmul only: how the operands met; null for every other op");
  v("indexing", t.indexing, "index only: what each item did; null for every other op");
}

template <class V>
void describe(V& v, const ReduceGradTrace& t) {
  v.object("ReduceGradTrace", "reduce-grad",
           "One input's gradient summed back to the input's shape (Note [Gradient reduction]).");
  v("op", t.op, "the op whose backward produced the gradient");
  v("gradFn", t.grad_fn, "that op's node as PyTorch names it (grad_fn=<SubBackward0>)");
  v("call", t.call,
    "in a program, the call that made the node: its index among all the program's calls, in "
    "the order they are listed (each statement's calls, statement by statement); null outside "
    "a program");
  v("inputId", t.input_id, "the id of the input it flows to (tensor.id)");
  v("inputIndex", t.input_index, "which operand of that op");
  v("gradShape", t.grad_shape, "the incoming gradient, in the op's result shape");
  v("targetShape", t.target_shape, "the input's shape");
  v("leadingDims", t.leading_dims, "dims summed away (not kept)");
  v("onesDims", t.ones_dims, "dims where the target has 1 and the gradient not: kept as 1");
  v("keepdimShape", t.keepdim_shape, "after the one sum with keepdim");
  v("resultShape", t.result_shape, "after the view (the target shape)");
  v("viewed", t.viewed, "whether a view was needed");
}

template <class V>
void describe(V& v, const WarningEvent& w) {
  v.object("WarningEvent", "warning",
           "A warning the core raised (also sent to onWarning).");
  v("warningKind", w.kind, kWarningKind, "why it was raised");
  v("message", w.message, "the text, as PyTorch words it where it has one");
  v("shapes", w.shapes, "the operands' shapes");
}

// --- walking a trace

// What describe() says of an object type before its fields.
struct Header {
  const char* name = nullptr;
  const char* kind = nullptr;
  const char* doc = nullptr;
};

// A visitor that only keeps the header (and lets is_object ask whether a
// type has a describe()).
struct HeaderOf {
  Header header;
  void object(const char* name, const char* kind, const char* doc) { header = {name, kind, doc}; }
  template <class T>
  void operator()(const char*, const T&, const char*) {}
  template <class T>
  void operator()(const char*, const T&, const Enum&, const char*) {}
  template <class T>
  void extends(const T&) {}
  template <class T>
  void wire(const char*, const T&, const char*) {}
  void resolved(const char*, const char*, const char*) {}
};

template <class T, class = void>
struct is_object : std::false_type {};
template <class T>
struct is_object<T, std::void_t<decltype(describe(std::declval<HeaderOf&>(), std::declval<const T&>()))>>
    : std::true_type {};

template <class T>
Header header_of() {
  HeaderOf v;
  describe(v, T{});
  return v.header;
}
template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_map : std::false_type {};
template <class T>
struct is_map<std::map<std::string, T>> : std::true_type {};

// A member type the schema names but does not describe field by field: its
// writer is the binding's own (it makes handles). Specialised with
//   static constexpr const char* name, typescript, doc;
// (the TypeScript type it is written as).
template <class T>
struct Custom : std::false_type {};

// Raises InternalError unless every enumerated string in `value` (a string,
// or a vector or optional of them) is one of e's.
inline void check_enum(const Enum& e, const std::string& value) {
  TC_ASSERT(e.has(value), "value '", value, "' is not declared in ", e.name,
            " (Note [Trace schema])");
}
template <class T>
void check_enum(const Enum& e, const std::vector<T>& values) {
  for (const T& value : values) check_enum(e, value);
}
template <class T>
void check_enum(const Enum& e, const std::optional<T>& value) {
  if (value) check_enum(e, *value);
}

// Checks a whole trace, nested objects included (Note [Trace schema]).
struct Checker {
  void object(const char*, const char*, const char*) {}
  template <class T>
  void operator()(const char*, const T& value, const char*) {
    if constexpr (is_object<T>::value) {
      describe(*this, value);
    } else if constexpr (is_vector<T>::value) {
      if constexpr (is_object<typename T::value_type>::value)
        for (const auto& item : value) describe(*this, item);
    } else if constexpr (is_optional<T>::value) {
      if constexpr (is_object<typename T::value_type>::value)
        if (value) describe(*this, *value);
    } else if constexpr (is_map<T>::value) {
      if constexpr (is_object<typename T::mapped_type>::value)
        for (const auto& [key, item] : value) describe(*this, item);
    }
  }
  template <class T>
  void operator()(const char*, const T& value, const Enum& e, const char*) {
    check_enum(e, value);
  }
  template <class T>
  void extends(const T& part) {
    describe(*this, part);
  }
  template <class T>
  void wire(const char* name, const T& value, const char* doc) {
    (*this)(name, value, doc);
  }
  void resolved(const char*, const char*, const char*) {}
};

template <class T>
void check(const T& trace) {
  Checker checker;
  describe(checker, trace);
}

}  // namespace tc::schema
