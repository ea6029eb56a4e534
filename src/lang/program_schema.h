// Note [Program schema]: a program's results (src/lang/program.h) declared
// as the trace objects are (Note [Trace schema]): each field's JSON name,
// meaning and, for enumerated strings, its closed set. From these
// describe()s come the JSON tc.run reads (bindings/bind_program.cpp), the
// package's types (bindings/ts/generated/program-types.ts, re-exported by
// bindings/ts/program-types.ts) and the tables of docs/trace-schema.md (both
// written by bindings/gen/contracts.cpp).
//
// The JSON is what the package's users see but for the fields the facade
// resolves (bindings/ts/program.ts): v.wire() declares what the core
// writes, v.resolved() what the package hands out instead. A type with such
// a field, or holding one, has two TypeScript forms: the public one
// (ProgramCall) and the core's ("Raw" before it: RawProgramCall).
//
// A ValueInfo is written with null for the tensor fields of a value that
// is not a tensor: its describe() makes those fields optional here, from
// the struct's `type`.
#pragma once
#include <optional>
#include <string>

#include "../trace_schema.h"
#include "ast.h"
#include "program.h"
#include "repr.h"

namespace tc::schema {

template <class V>
void describe(V& v, const lang::Span& s) {
  v.object("SourceSpan", nullptr,
           "Where a statement, an expression or an error sits: 1-based, end exclusive.");
  v("line", s.line, "the first line");
  v("column", s.column, "the first column, on the first line");
  v("endLine", s.end_line, "the last line");
  v("endColumn", s.end_column, "the column just past the end, on the last line");
}

// repr's doc states the bounds of Note [Bounded output].
static_assert(lang::kReprLimit == 10000 && lang::kItemReprLimit == 200 &&
              lang::kTensorInfoLimit == 1000);

template <class V>
void describe(V& v, const lang::ValueInfo& info) {
  const bool tensor = info.type == "Tensor";
  // A tensor field: its value for a tensor, else null.
  auto field = [&](const auto& value) {
    using T = std::decay_t<decltype(value)>;
    return tensor ? std::optional<T>(value) : std::nullopt;
  };
  v.object("ValueInfo", nullptr, "A value as a statement left it.");
  v("type", info.type,
    "Python's type name: 'Tensor', 'int', 'float', 'bool', 'torch.Size', 'tuple', 'list', "
    "'torch.dtype', ...");
  v("repr", info.repr,
    "Python's repr as the statement left the value ('torch.Size([2, 3])', '3', 'tensor([1., "
    "2.])': PyTorch's, with the values it held then), cut with '...' past 10000 characters "
    "(a tensor past 1000, an item past 200); '' for a call's output tensor (its values are "
    "outputValues).");
  v("id", field(info.id), "Tensors only (null otherwise): the tensor's id (tensor.id).");
  v("storage", field(info.storage),
    "The storage, numbered 1, 2, ... in order of appearance: equal numbers share memory "
    "(views). Null for a non-tensor.");
  v("shape", field(info.shape), "The tensor's shape; null for a non-tensor.");
  v("strides", field(info.strides), "Its strides, in elements; null for a non-tensor.");
  v("offset", field(info.offset), "Its storage offset, in elements; null for a non-tensor.");
  v("dtype", field(std::string(dtype_name(info.dtype))), kDType,
    "Its dtype; null for a non-tensor.");
  v("requiresGrad", tensor && info.requires_grad,
    "Whether autograd records what is computed from it (false for a non-tensor).");
  v("gradFn", tensor && !info.grad_fn.empty() ? std::optional<std::string>(info.grad_fn) : std::nullopt,
    "'SubBackward0'; null for a leaf or a non-tensor.");
  v("isLeaf", tensor && info.is_leaf,
    "Whether it is a leaf of the autograd graph (false for a non-tensor).");
  v("items", info.items, "Tuples, lists, named tuples (max(dim)): each item.");
}

// detailed's doc states kDetailedRuns.
static_assert(lang::kDetailedRuns == 50);

// complete's doc states the bounds of Note [Call values].
static_assert(lang::kMaxValueCells == 4096 && lang::kMaxStatementCells == 65536);

template <class V>
void describe(V& v, const lang::TensorValues& t) {
  v.object("TensorValues", nullptr,
           "A tensor's values as a call found (an input) or left (an output) it: its geometry, and "
           "its storage's cells from the first to the last it reaches (Note [Call values]).");
  v("shape", t.shape, "Its shape.");
  v("strides", t.strides, "Its strides, in cells.");
  v("offset", t.offset, "Its storage offset: where its first element is in cells.");
  v("dtype", std::string(dtype_name(t.dtype)), kDType, "Its dtype.");
  v("complete", t.complete,
    "False when it reaches past its storage's 4096th cell, or its statement's calls hand back "
    "more than 65536 cells in all: then cells is empty.");
  v.wire("cells", t.cells,
         "Each cell as decimal text that reads back exactly ('0.5', '3', a bool as '1', 'nan', "
         "'inf'; a float32 in the 9 significant digits that read back as it).");
  v.resolved("cells", "number[]",
             "Each cell's value (a bool as 1 or 0; an int64 beyond 2^53 rounded to a double).");
}

template <class V>
void describe(V& v, const lang::CallGradients& g) {
  v.object("CallGradients", nullptr,
           "The gradients the program's first backward pass after a call computed through it "
           "(Note [Call gradients]).");
  v("line", g.line, "The line of the statement whose backward pass computed them.");
  v("result", g.result, "The gradient that reached the call's result (all its uses summed); null when the "
    "pass ran only other nodes of the call.");
  v("inputs", g.inputs,
    "One per id of the call's inputs: what this call handed it, in the result's shape; null "
    "where it handed nothing (the input does not require grad).");
  v("reduced", g.reduced,
    "Likewise, summed to the input's shape: what the input received from this call.");
}

template <class V>
void describe(V& v, const lang::StepGradients& g) {
  v.object("StepGradients", nullptr,
           "The numbers of one step of a backward pass (a reduce-grad event): Note [Call gradients].");
  v("incoming", g.incoming, "The gradient the op's backward handed the input, in the op's result shape.");
  v("reduced", g.reduced, "Summed to the input's shape: what the input received.");
}

template <class V>
void describe(V& v, const lang::CallRecord& c) {
  v.object("ProgramCall", nullptr,
           "One call a statement made: an operator, a function, a method, an index.");
  v("op", c.op,
    "'torch.arange', 'Tensor.reshape', 'sub' (for -), 'matmul' (for @), 'index' (for x[...]), "
    "'add_' (for +=), 'Tensor.backward'.");
  v.extends(lang::Span{c.line, c.column, c.end_line, c.end_column});
  v("inputs", c.inputs, "Tensor ids in, self first.");
  v("outputs", c.outputs, "Tensor ids out (two for max(dim)).");
  v("view", c.view, "An output shares storage with an input.");
  v("failed", c.failed,
    "It raised (the program's error): no outputs; its traces are what it recorded before (a "
    "failed broadcast).");
  v("outputInfo", c.output_info,
    "Each output as the call left it (one per id of outputs): an unnamed intermediate has no "
    "other description.");
  v("inputValues", c.input_values,
    "Only for the statement covering the line run() was asked about (RunOptions.valuesAt): "
    "each input as the call found it; [] otherwise.");
  v("outputValues", c.output_values,
    "Likewise each output as the call left it (one per id of outputs); [] otherwise.");
  v("grads", c.grads,
    "Only for the statement run() was asked about: the gradients a later backward pass computed "
    "through this call; null when none ran through it.");
  v("steps", c.steps,
    "Only for a backward() of the statement run() was asked about: the numbers of each step of its "
    "pass, one per reduce-grad event among its traces, in order; [] otherwise.");
  v.wire("firstEvent", c.first_event, "The first of its events in its statement's traces.");
  v.wire("endEvent", c.end_event, "Just past the last of its events in its statement's traces.");
  v.resolved("traces", "TraceEvent[]",
             "The events this call recorded (a slice of its statement's traces).");
}

template <class V>
void describe(V& v, const lang::StatementResult& s) {
  v.object("ProgramStatement", nullptr,
           "One step of the program: a run of a statement, or of a loop's, if's, def's or with's header "
           "(Note [Program steps]), in the order the steps finished.");
  v.extends(lang::Span{s.line, s.column, s.end_line, s.end_column});
  v("source", s.source, "The statement's text as written (a compound statement's: its header).");
  v("run", s.run,
    "How many times this statement ran before this step: 0 the first time; a loop's body counts its "
    "iterations.");
  v("detailed", s.detailed,
    "False for a statement's runs after its 50th: then calls, traces and reads are empty (names, "
    "output and grads are kept).");
  v("depth", static_cast<int64_t>(s.depth),
    "How many calls of the program's own functions it runs inside: 0 at the top level.");
  v("function", s.function, "The name of the function whose body it is in; '' at the top level.");
  v("names", s.names, "The names it bound.");
  v("reads", s.reads,
    "The names it read that the program had bound, in the order first read; a line that raised "
    "lists those it read before.");
  v("calls", s.calls, "The calls it made, in the order they ran.");
  v("traces", s.events,
    "Everything the core recorded while it ran (the same objects tc.explain.op returns).");
  v("output", s.output,
    "What its print() calls wrote ('' if none), as they ran: a tensor as PyTorch printed it "
    "then.");
  v("grads", s.grads,
    "backward() only: each named leaf that holds a gradient now, e.g. { w: { shape: [3, 1], "
    "... } }.");
}

template <class V>
void describe(V& v, const lang::ProgramError& e) {
  v.object("ProgramError", nullptr, "What stopped a program, and where.");
  v.extends(lang::Span{e.line, e.column, e.end_line, e.end_column});
  v("message", e.message, "PyTorch's text (or Python's: \"name 'x' is not defined\").");
  v("kind", e.kind, kProgramErrorKind,
    "What kind of error it is (Note [Error kinds]; docs/programs.md has an example of each).");
  v("pythonType", e.python_type,
    "The exception PyTorch raises: 'RuntimeError', 'TypeError', 'IndexError', 'NameError', "
    "'SyntaxError', ...");
}

template <class V>
void describe(V& v, const lang::ProgramWarning& w) {
  v.object("ProgramWarning", nullptr,
           "A warning the program raised, once per statement and text (Note [Program warnings]).");
  v.extends(lang::Span{w.line, w.column, w.end_line, w.end_column});
  v("message", w.message, "The warning's text, as tc.onWarning receives it.");
  v("warningKind", w.kind, kWarningKind, "why it was raised");
}

template <class V>
void describe(V& v, const lang::ProgramResult& r) {
  v.object("Program", nullptr,
           "A program run, as the core hands it to the package (tc.run makes a Program of it).");
  v("statements", r.statements, "The statements that ran, the failing one last.");
  v("error", r.error, "What stopped it; null when every statement ran.");
  v("warnings", r.warnings,
    "The warnings it raised (under the 'warn' broadcast policy), each once per statement and "
    "text, in the order raised.");
  v("work", static_cast<int64_t>(r.work), "Work units spent (Note [Work budget]).");
  v.wire("globals", r.globals,
         "Every name bound at the end, for program.get(name); the package owns the tensors' "
         "handles from then on.");
  v.wire("result", r.result,
         "The value of the last statement when it is an expression at the top level and every "
         "statement ran (Note [Program inputs and result]); null otherwise. Written after "
         "globals: a tensor or sequence met in both is one.");
}

// A global: {"t": kind, ...}, as bindings/value_json.h writes any value.
// A string or sequence met again is a 'ref' to the r-th one written,
// counted in the order they begin (Note [Bounded values]); ints and floats
// as text, so that an int64 stays exact.
template <>
struct Custom<lang::Value> : std::true_type {
  static constexpr const char* name = "RawGlobal";
  static constexpr const char* typescript =
      "\n  | { t: 'none' }\n  | { t: 'bool'; v: boolean }\n"
      "  | { t: 'int' | 'float' | 'str' | 'other'; v: string }\n  | { t: 'dtype'; v: DType }\n"
      "  | { t: 'tensor'; h: number }\n  | { t: 'sequence'; items: RawGlobal[]; fields?: string[] }\n"
      "  | { t: 'ref'; r: number }";
  static constexpr const char* doc =
      "A value as the core writes it: ints and floats as text (an int64 stays exact), a "
      "dtype by name, a tensor as a handle, a named tuple with its fields, a string or sequence met "
      "again as a 'ref' to the r-th one written.";
};

}  // namespace tc::schema
