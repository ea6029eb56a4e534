// Setting up an elementwise op, as TensorIterator's build() does: common
// shape, diagnostics, output, expanded strides, iteration plan; and, when a
// TraceScope is active, the op's trace.
#pragma once
#include <string>
#include <vector>

#include "plan.h"
#include "tensor.h"
#include "trace.h"

namespace tc {

struct ElementwiseSpec {
  const char* op;
  std::vector<Tensor> inputs;
  std::vector<std::string> names;  // "a", "b", "condition", ...
  std::vector<bool> is_number;     // plain numbers are exempt from diagnostics
  DType out_dtype = DType::Float32;
  Tensor out;                      // defined for in-place ops (then not resized)
};

struct Elementwise {
  Shape shape;
  Tensor out;
  LoopPlan plan;  // operand 0 is out, then the inputs in order
};

// Raises PyTorch's messages on a mismatch (Note [Broadcasting: infer_size]),
// and for in-place ops Note [In-place rules]. Nothing is written before it
// returns.
Elementwise prepare(const ElementwiseSpec& spec);

// "contiguous", "scalar-a", "scalar-b", "strided" from the plan's inner strides
// (out, a[, b]).
std::string inner_pattern(const LoopPlan& plan);

// Records the op's trace if a TraceScope is active.
void trace_op(const ElementwiseSpec& spec, const Elementwise& e, const std::string& kernel);

}  // namespace tc
