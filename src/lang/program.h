// Running a program: PyTorch code in, every statement's results and traces
// out (Note [Programs]).
//
// Note [Programs]: a program is PyTorch code as a course writes it (loops,
// if, def, with torch.no_grad()), read by the parser of src/lang/parser.h
// (never evaluated as code by anything else) and run step by step against
// the core (Note [Program steps] in src/lang/run.cpp). Each step runs
// inside its own TraceScope, so its traces are exactly the events the ops
// it called recorded (the same objects tc.explain.op returns). The first
// statement that raises stops the program: its error carries the line and
// column of the expression that raised and PyTorch's text; the steps
// before it keep their results. A syntax error is reported before anything
// runs, with its own line and column, as Python does; a construct the
// subset leaves out that Python reads (class, lambda, other imports) raises
// when its statement runs (Note [Refused constructs] in src/lang/parser.cpp). Limits (ProgramLimits) keep a
// hostile program from hanging or exhausting the module: they are errors
// like any other. Lines and columns are 1-based, columns in UTF-16 code
// units (Note [Columns] in src/syntax/lexer.h).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../trace.h"
#include "value.h"

namespace tc::lang {

struct ProgramLimits {
  int64_t max_source_bytes = 1 << 20;  // a megabyte of text
  int64_t max_statements = 10000;     // written in the program
  int64_t max_steps = 10000;          // run, counting each run of a loop's (Note [Program steps])
  int64_t max_nesting = 100;           // brackets, calls, operators inside each other
  int64_t max_elements = 1 << 24;      // of any tensor a statement creates (64 MB of float32)
  // Work units the whole program may spend (Note [Work budget], src/work.h):
  // at most about 200 ms of any kind of op in wasm here; a 4096 x 4096 add
  // is an eighth of it, a 512 x 512 matmul a fifteenth.
  int64_t max_work = 500000000;
  // Bytes the program's tensors may hold at once (Note [Live memory
  // limit], src/storage.h): 512 MiB, eight of the largest tensors.
  int64_t max_memory = int64_t{1} << 29;
};

// A value as a statement left it: Python's repr (PyTorch's for a tensor,
// with the values it held then, whatever happens to them later: see Note
// [Tensor repr]), and for a tensor its geometry and autograd state.
struct ValueInfo {
  std::string type;                 // type_name(value): "Tensor", "int", "torch.Size", ...
  std::string repr;                 // repr(value), bounded: see describe() in run.cpp
  // tensors only
  uint64_t id = 0;                  // TensorImpl id
  uint64_t storage = 0;             // the storage, numbered 1, 2, ... in order of appearance
  Shape shape;
  Strides strides;
  int64_t offset = 0;
  DType dtype = DType::Float32;
  bool requires_grad = false;
  std::string grad_fn;              // "SubBackward0"; empty for a leaf
  bool is_leaf = true;
  std::vector<ValueInfo> items;     // tuples, lists, named tuples: each item
};

// Note [Call values]: the calls of one statement, the one asked for
// (run_program's values_line), hand back the values they read and wrote,
// so that a view can show that line's op with the program's own numbers
// (never an op run again on numbers made up for it). Each tensor comes as
// its geometry and its storage's cells, from the first to the last it
// reaches (so that its offset and strides count in them): an input as the
// call found it (before an in-place op changed it), an output as the call
// left it. Bounds, so that a big tensor makes no big result: a tensor
// that reaches past its storage's kMaxValueCells-th cell comes without them,
// and a statement's calls hand back at most kMaxStatementCells cells in
// all (later tensors without theirs). Being bounded by these constants,
// the cells are not charged to the work or output budgets (Note [Work
// budget], Note [Bounded output]): which line is asked about never changes
// what a program does. Other statements' calls hand back no values.
constexpr int64_t kMaxValueCells = 4096;
constexpr int64_t kMaxStatementCells = int64_t{1} << 16;

struct TensorValues {
  Shape shape;
  Strides strides;
  int64_t offset = 0;  // its storage offset: where its first element is in `cells`
  DType dtype = DType::Float32;
  bool complete = false;           // false: past a bound, and `cells` is empty
  // Each cell as decimal text that reads back exactly: Scalar::exact_text,
  // a float32 in the 9 significant digits that read back as it.
  std::vector<std::string> cells;
};

// Note [Call gradients]: the asked statement's calls (Note [Call values])
// also hand back the numbers a backward pass computed through them, so
// that the gradient view shows the program's own gradients (never a
// backward run again on a loss made up for it). For each call whose
// result autograd recorded, the first backward pass later in the program
// that ran the call's node (Note [Gradient observer]) gives: the complete
// gradient of the call's result (every use of it summed, as the engine
// hands it to the node), and for each input that requires grad what this
// call handed it: in the result's shape, then summed to the input's shape
// (Note [Gradient reduction]). An input that does not require grad gets
// none, as in PyTorch. Only a pass whose statement ran without an error
// counts. A backward() of the asked statement hands back the numbers of
// its own pass: for each step of it (each reduce-grad event its call
// recorded, in order), the gradient the step received and what it summed
// that to, so that the backward view shows each step's values beside its
// shapes. Bounded as the values are: each tensor by kMaxValueCells, all of
// a statement's gradients together by kMaxStatementCells.
struct CallGradients {
  int line = 0;         // the line of the statement whose backward pass computed them
  // The gradient that reached the call's result; nullopt when the node that
  // ran was another of the call's (a call made of several ops).
  std::optional<TensorValues> result;
  // One per id of the call's inputs; nullopt where it handed that input nothing.
  std::vector<std::optional<TensorValues>> inputs;   // in the result's shape
  std::vector<std::optional<TensorValues>> reduced;  // summed to the input's shape
};

// One step of a backward pass (a ReduceGradTrace) with its numbers (Note
// [Call gradients]).
struct StepGradients {
  TensorValues incoming;  // the gradient the op's backward handed the input, in the op's result shape
  TensorValues reduced;   // summed to the input's shape: what the input received
};

// One call the statement made: an operator, a function, a method, or an
// index. For the graph view: which tensors went in and came out (by
// TensorImpl id), and whether the output shares storage with an input.
struct CallRecord {
  std::string op;          // "torch.arange", "Tensor.reshape", "sub" (for -), "index" (for x[...]),
                           // "add_" (for +=), "matmul" (for @), "backward"
  int line = 0, column = 0, end_line = 0, end_column = 0;  // the expression, 1-based, end exclusive
  std::vector<uint64_t> inputs;   // tensor ids, in argument order (self first)
  std::vector<uint64_t> outputs;  // tensor ids of the result (two for max(dim))
  bool view = false;              // an output shares storage with an input
  bool failed = false;            // it raised (the program's error): no outputs, its events up to the error
  size_t first_event = 0, end_event = 0;  // its events in StatementResult::events
  // Each output as the call left it (shape, dtype, strides, storage): an
  // unnamed intermediate (the x.T of x.T @ y) is described by nothing else.
  std::vector<ValueInfo> output_info;
  // The asked statement's calls only (Note [Call values]), else empty: one
  // per id of inputs and of outputs.
  std::vector<TensorValues> input_values, output_values;
  // The asked statement's calls only (Note [Call gradients]); nullopt when
  // no later backward pass ran through the call.
  std::optional<CallGradients> grads;
  // A backward() of the asked statement only (Note [Call gradients]): one
  // per reduce-grad event among its events, in order; else empty.
  std::vector<StepGradients> steps;
};

// How deep the program's calls of its own functions may nest, and how
// many runs of a statement keep their calls and traces (Note [Program
// steps] in src/lang/run.cpp).
constexpr int64_t kMaxCallDepth = 100;
constexpr int64_t kDetailedRuns = 50;

// One step of the program (Note [Program steps]): a run of a statement, or
// of a compound statement's header.
struct StatementResult {
  int line = 0, column = 0, end_line = 0, end_column = 0;  // 1-based, end exclusive
  std::string source;                       // the statement's text
  int64_t run = 0;                          // how many times the statement ran before this step
  bool detailed = true;                     // false past its kDetailedRuns: no calls, traces or reads
  int depth = 0;                            // calls of the program's functions it runs inside
  std::string function;                     // the function whose body it is in; "" outside any
  std::map<std::string, ValueInfo> names;   // names it bound (a = ..., a, b = ..., a += ...)
  std::vector<std::string> reads;           // bound names it read, in the order first read
  std::vector<CallRecord> calls;            // in the order they ran
  std::vector<TraceEvent> events;           // everything recorded while it ran
  // What its print() calls wrote, formatted as they ran (a tensor as its
  // values were then: Note [Tensor repr]).
  std::string output;
  // backward() only: each leaf that now holds a gradient, by the name it is
  // bound to ("w" for w.grad), with the gradient's info.
  std::map<std::string, ValueInfo> grads;
};

struct ProgramError {
  int line = 0, column = 0, end_line = 0, end_column = 0;  // 1-based, end exclusive
  std::string message;   // PyTorch's text (or Python's: "name 'x' is not defined")
  // One of the program's kinds of Note [Error kinds] (src/trace_schema.h):
  // the core's ErrorKind, "internal" (a bug, reported rather than thrown),
  // the reader's ("syntax", "unsupported") or a PythonError's type in snake
  // case without "Error" ("name", "zero_division", ...).
  std::string kind;
  std::string python_type;  // the exception PyTorch raises: "RuntimeError", "TypeError", "IndexError", ...
};

// Note [Program warnings]: a warning the core raised while the program ran
// (under the 'warn' broadcast policy, or PyTorch's backcompat warning),
// with the statement that raised it. Once per statement and text, as
// Python's default warnings filter shows a warning once per line: a loop
// that warns on every run warns once. The warning also goes where every
// warning of the core goes, as it is raised (tc.onWarning's listeners, or
// the console).
struct ProgramWarning {
  int line = 0, column = 0, end_line = 0, end_column = 0;  // the statement, 1-based, end exclusive
  std::string message;  // the core's text
  std::string kind;     // a WarningKind: "rank-promotion", "outer-product", "backcompat"
};

struct ProgramResult {
  std::vector<StatementResult> statements;  // the ones that ran, the failing one last
  std::optional<ProgramError> error;
  std::vector<ProgramWarning> warnings;      // Note [Program warnings], in the order raised
  std::map<std::string, Value> globals;      // every name bound at the end (for get(name))
  // The value of the program's last statement when that is an expression
  // at the top level and every statement ran (Note [Program inputs and
  // result] in src/lang/run.cpp); nullopt otherwise.
  std::optional<Value> result;
  double work = 0;                           // work units spent (Note [Work budget])
  // Characters of results counted (Note [Bounded output] in repr.h), each
  // charged to `work` as WorkKind::Described once its statement ended.
  int64_t described = 0;
};

// Runs `source`. Never throws a tc::Error or a std exception for a bad
// program: every user mistake is in `error`. (An InternalError is a bug.)
// Seeds nothing: torch.manual_seed in the program seeds the core's stream.
// values_line: the statement covering this 1-based line hands back its
// calls' values (Note [Call values]) in its run values_run (0: the first);
// 0 for none.
// inputs: names bound before the first statement runs, in order (Note
// [Program inputs and result] in src/lang/run.cpp); each name must be a
// Python identifier that is not a keyword, given once, else a tc::Error
// (ErrorKind::Value) is thrown before anything runs.
using ProgramInputs = std::vector<std::pair<std::string, Value>>;
ProgramResult run_program(const std::string& source, const ProgramLimits& limits = {},
                          int values_line = 0, int values_run = 0,
                          const ProgramInputs& inputs = {});

}  // namespace tc::lang
