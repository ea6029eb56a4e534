// Traces: what the engine did, as plain data (Note [Traces]).
// Off by default and free then: ops check one pointer. A TraceScope turns
// recording on for its lifetime; the bindings turn these structs into plain
// JavaScript objects and the playground draws only from them. What each
// field means, its JSON name, and the strings an enumerated field may hold
// are declared once, in src/trace_schema.h (Note [Trace schema]).
#pragma once
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "shape.h"

namespace tc {

// One result dim of a broadcast, N operands met there.
struct DimStep {
  int64_t dim;        // counted from the left of the result
  int64_t trailing;   // 1 for the last dim ("1st trailing dimension")
  std::vector<std::optional<int64_t>> sizes;  // per operand; nullopt: missing
  std::vector<std::string> roles;  // per operand, a DimRole
  std::string rule;                // a DimRule
  std::optional<int64_t> result;  // nullopt when this dim failed
};

struct BroadcastTrace {
  std::vector<Shape> inputs;
  std::vector<Shape> padded;  // left-padded with 1s to the result's ndim
  std::vector<DimStep> dims;  // in the order the rule is applied: from the right
  std::optional<Shape> result;
  std::optional<std::string> error;     // PyTorch's text
  // The first column from the right where the rule fails, counted from the
  // left of the padded shapes (so the dim PyTorch names, for two operands).
  std::optional<int64_t> failed_dim;
  std::vector<std::string> notes;       // BroadcastNotes
};

struct OperandTrace {
  std::string name;  // "out", "a", "b", "condition"
  Shape shape;
  Strides strides;           // before expanding
  Strides expanded_strides;  // after expanding to the result's shape (0 = reused)
  int64_t offset = 0;
  std::string dtype;  // a DType
};

// One operand as Note [Type promotion] sees it.
struct PromotionOperandTrace {
  std::string name;      // "a", "b", "self", "other"
  std::string dtype;     // a DType: a number's is the one PyTorch wraps it in (int64, float64, bool)
  std::string category;  // a PromotionCategory
  bool cast = false;     // converted to the compute dtype before the loop
  // A number's value (Scalar::exact_text: "2", "0.5", a bool as "1"), for
  // a view that shows it as the op saw it; nullopt for a tensor.
  std::optional<std::string> number;
};

// How an op's dtypes were decided (torch.result_type, then the op's rule).
struct PromotionTrace {
  std::vector<PromotionOperandTrace> operands;
  // Each category's operands promoted among themselves; nullopt: none.
  std::optional<std::string> tensor_dtype, zero_dim_dtype, number_dtype;
  std::string common_dtype;   // torch.result_type of the operands
  std::string decided_by;     // a PromotionCategory
  std::string rule;           // a DTypeRule
  std::string compute_dtype;  // what the kernel computes in
  std::string result_dtype;   // the result's dtype (self's, in place)
  bool result_cast = false;   // in place: the result was converted into self's dtype
};

// See Note [Iteration plan]: dims are listed innermost first, as they are looped.
struct PlanTrace {
  std::vector<int64_t> order;                // original dim at each position
  std::vector<std::vector<int64_t>> groups;  // original dims merged into each loop dim
  Shape shape;                               // loop sizes, innermost first
  std::vector<Strides> strides;              // per operand, per loop dim
  std::string inner_pattern;  // an InnerPattern
};

// --- matmul (src/ops/matmul.cpp, Note [matmul])
// How the operands of a matmul met: their batch dims, the dims summed over,
// and the 1s a 1-D operand was given for the product.
struct MatmulTrace {
  std::string route;       // a MatmulRoute: PyTorch's path through at::matmul
  Shape a_batch, b_batch;  // each operand's dims before its matrix dims
  BroadcastTrace batch;    // how the batch dims broadcast
  int64_t a_contracted_dim = 0;  // a's dim summed over: its last
  int64_t b_contracted_dim = 0;  // b's: its second-to-last (0 for a 1-D b)
  int64_t m = 0, n = 0, k = 0;   // each product: [m, k] times [k, n]
  int64_t products = 0;    // products the kernel ran (1 when folded)
  bool folded = false;     // the batch ran as one tall product
  bool a_promoted = false;  // a was 1-D: a 1 prepended ([k] -> [1, k])
  bool b_promoted = false;  // b was 1-D: a 1 appended ([k] -> [k, 1])
  std::vector<int64_t> removed_dims;  // of [batch..., m, n]: the promoted 1s, removed after
};

// --- indexing (Note [Basic indexing], Note [Advanced indexing], src/ops/indexing.cpp)
// One item of x[...] and the view after it.
struct IndexStepTrace {
  int64_t item = 0;            // its position in the index
  std::string kind;            // an IndexItemKind
  std::string text;            // as Python writes it: "1:3", "None", "...", "int64 [2]"
  std::optional<int64_t> dim;  // the dim of the view so far it acted on; null for "..."
  Shape sizes;                 // the view after it
  Strides strides;
  int64_t offset = 0;
};

struct IndexingTrace {
  Shape input_shape;
  Strides input_strides;
  int64_t input_offset = 0;
  std::vector<IndexStepTrace> steps;
  bool view = true;                   // no tensor (or bool) items: the result shares storage
  std::vector<int64_t> indexed_dims;  // dims of the view after the steps that tensors index
  std::vector<Shape> index_shapes;    // their index tensors (a mask as its nonzero indices)
  BroadcastTrace broadcast;           // how index_shapes broadcast
  std::optional<std::string> placement;  // an IndexPlacement; null without tensors
  std::optional<int64_t> result_dim;     // where the broadcast dims start in the result
  Shape result_shape;
};

struct OpTrace {
  std::string op;
  bool inplace = false;
  BroadcastTrace broadcast;
  std::vector<OperandTrace> operands;  // the output first
  PromotionTrace promotion;
  PlanTrace plan;
  std::string kernel;
  int64_t kernel_rows = 1;  // rows of the output per pass: 2 for a broadcast row (*_2x8)
  // add's and sub's alpha (Scalar::exact_text: "1", "2.5"); nullopt for
  // an op that takes none.
  std::optional<std::string> alpha;
  // Reductions only: the reduced dims of size > 1 where the input has
  // stride 0; not looped (Note [Reductions through strides],
  // src/ops/reduction.h: sum multiplies by their sizes, amax skips them).
  std::vector<int64_t> repeated_dims;
  // --- reductions over dims (sum, mean, amax, max, prod, var, softmax, ...;
  // src/ops/reduction.h): the input dims reduced, wrapped and ascending
  // (every dim when none were named), and whether they stay as size 1.
  std::vector<int64_t> reduced_dims;
  bool keepdim = false;
  std::optional<MatmulTrace> matmul;  // matmul only
  // index only (src/ops/indexing.cpp): what each item did.
  std::optional<IndexingTrace> indexing;
};

// See Note [Gradient reduction]: one input's gradient brought back to its shape
// (PyTorch's validate_outputs -> reduce_grad -> sum_to).
struct ReduceGradTrace {
  std::string op;          // the node whose backward produced the gradient
  std::string grad_fn;     // that node's PyTorch class name (SubBackward0)
  // The call that made the node (Note [Call numbers]): the CallNumber the
  // caller gave; a program's interpreter hands back the index of that
  // call among all the program's calls. nullopt: made outside any call.
  std::optional<int64_t> call;
  uint64_t input_id = 0;   // TensorImpl id of the input it flows to
  int input_index = 0;     // which operand of that op
  Shape grad_shape;        // the incoming gradient, in the op's result shape
  Shape target_shape;      // the input's shape
  std::vector<int64_t> leading_dims;  // summed away (not kept)
  std::vector<int64_t> ones_dims;     // target 1, gradient not: kept as 1
  Shape keepdim_shape;     // after the one sum with keepdim
  Shape result_shape;      // after the view (== target_shape)
  bool viewed = false;     // whether a view was needed
};

struct WarningEvent {
  std::string kind;  // a WarningKind
  std::string message;
  std::vector<Shape> shapes;
};

using TraceEvent = std::variant<BroadcastTrace, OpTrace, ReduceGradTrace, WarningEvent>;

class TraceScope {
 public:
  TraceScope();
  ~TraceScope();
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;
  const std::vector<TraceEvent>& events() const { return events_; }

 private:
  friend void record(TraceEvent event);
  friend class TracePause;
  std::vector<TraceEvent> events_;
  TraceScope* previous_;
};

// Stops recording for its lifetime: the ops a backward formula runs are
// arithmetic of the engine's own, not steps a user took.
class TracePause {
 public:
  TracePause();
  ~TracePause();
  TracePause(const TracePause&) = delete;
  TracePause& operator=(const TracePause&) = delete;

 private:
  TraceScope* saved_;
};

// Records into the innermost TraceScope, if any.
bool tracing();
void record(TraceEvent event);

// Never throws: a failing broadcast yields a trace with `error` set.
BroadcastTrace trace_broadcast(const std::vector<Shape>& shapes);

}  // namespace tc
