// Setting up an elementwise op, as TensorIterator's build() does: common
// shape, diagnostics, output, expanded strides, iteration plan; and, when a
// TraceScope is active, the op's trace.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "plan.h"
#include "tensor.h"
#include "trace.h"
#include "work.h"

namespace tc {

struct ElementwiseSpec {
  const char* op;
  std::vector<Tensor> inputs;      // in the dtype the kernel reads
  std::vector<std::string> names;  // "a", "b", "condition", ...
  std::vector<bool> is_number;     // plain numbers are exempt from diagnostics
  DType out_dtype = DType::Float32;
  Tensor out;                      // defined for in-place ops (then not resized)
  // For the trace, when a TraceScope is active: the operands as given
  // (before promotion converted them; empty: the inputs) and how their
  // dtypes were decided.
  std::vector<Tensor> given;
  PromotionTrace promotion;
  std::optional<Scalar> alpha;  // add's and sub's

  // What prepare charges (Note [Work budget]): 0 for a plain loop, its
  // elements read and written (WorkKind::Elements, each operand weighed by
  // its bytes and stride: Note [Elementwise work]); else the work units of
  // one value of a costly function (function_cost in src/ops/internal.h),
  // charged per element of the result as WorkKind::FunctionValues.
  double function_cost = 0;
};

struct Elementwise {
  Shape shape;
  Tensor out;
  LoopPlan plan;  // operand 0 is out, then the inputs in order
};

// PyTorch's refusal to write into a tensor whose elements share memory
// (an expanded one): "unsupported operation: more than one element of the
// written-to tensor refers to a single memory location. ..."
void check_no_internal_overlap(const Tensor& out);

// Raises PyTorch's messages on a mismatch (Note [Broadcasting: infer_size]),
// and for in-place ops Note [In-place rules], allocates the output, then
// charges the op's work (spec.function_cost). Nothing is written before
// it returns.
Elementwise prepare(const ElementwiseSpec& spec);

// The stride pattern of the innermost loop (operand 0 is out):
// Contiguous: every operand steps by 1; ScalarA / ScalarB (two inputs
// only): that input is one number along the row; Strided: anything else.
// Transposed is a Strided plan whose inner two dims form a plane where one
// input runs across the rows (see transposed_operand).
enum class Pattern { Contiguous, ScalarA, ScalarB, Strided, Transposed };
const char* pattern_name(Pattern pattern);  // "contiguous", "scalar-a", ...
Pattern inner_pattern(const LoopPlan& plan);

// For a binary op (operands out, a, b): 1 or 2 when that input is
// transposed against the output on the innermost two loop dims (out and
// the other input step by 1 along dim 0, this one along dim 1, both dims
// at least a 4 x 4 tile), else 0.
//   a.t() + b with a, b [2048, 2048] // returns 2: b runs across a's order
int transposed_operand(const LoopPlan& plan);

// For a binary op with a Contiguous inner pattern: 1 or 2 when that input
// is one row repeated across the next loop dim (stride 0 there, as a
// broadcast row), and the other is not, else 0.
//   [2048, 2048] + [2048] // returns 2
int repeated_row(const LoopPlan& plan);

// The inner loop that ran: its name (an identifier of ukernels.h, Note
// [Kernel names]) and the pattern it was chosen for.
struct KernelChoice {
  const char* kernel;
  Pattern pattern;
  int rows = 1;  // rows of out per pass (2: Note [Broadcast row], dispatch.h)
};

// Records the op's trace if a TraceScope is active.
void trace_op(const ElementwiseSpec& spec, const Elementwise& e, const KernelChoice& kernel);

}  // namespace tc
