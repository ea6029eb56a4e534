#include "engine/elementwise.h"

#include <algorithm>
#include <cstdlib>

#include "diagnostics.h"
#include "error.h"

namespace tc {

void check_no_internal_overlap(const Tensor& out) {
  TC_CHECK(Shape, !out.geometry().has_internal_overlap(),
           "unsupported operation: more than one element of the written-to tensor refers to a "
           "single memory location. Please clone() the tensor before performing the operation.");
}

namespace {

bool partially_overlaps(const Tensor& out, const Tensor& in) {
  if (out.impl_ptr() == in.impl_ptr() || !out.shares_storage(in)) return false;
  if (out.numel() == 0 || in.numel() == 0) return false;
  const Geometry& a = out.geometry();
  const Geometry& b = in.geometry();
  if (!a.is_non_overlapping_and_dense() || !b.is_non_overlapping_and_dense()) return false;
  const int64_t a0 = a.offset(), a1 = a0 + a.numel();
  const int64_t b0 = b.offset(), b1 = b0 + b.numel();
  if (a0 == b0 && a1 == b1) return a.strides() != b.strides();
  return a0 < b1 && b0 < a1;
}

// TensorIterator's compute_mem_overlaps runs before compute_shape: a
// written-to tensor that overlaps itself or an input is refused before any
// shape is looked at, even when the shapes would not broadcast either.
void check_overlaps(const ElementwiseSpec& spec) {
  const Tensor& out = spec.out;
  check_no_internal_overlap(out);
  for (const Tensor& in : spec.inputs)
    TC_CHECK(Shape, !partially_overlaps(out, in),
             "unsupported operation: some elements of the input tensor and the written-to tensor "
             "refer to a single memory location. Please clone() the tensor before performing the "
             "operation.");
}

void check_inplace_shape(const ElementwiseSpec& spec, const Shape& shape) {
  const Tensor& out = spec.out;
  // See Note [In-place rules]: the tensor written to keeps its shape, so the
  // broadcast of all operands must already be that shape.
  TC_CHECK(Shape, shape == out.sizes(), "output with shape ", format_shape(out.sizes()),
           " doesn't match the broadcast shape ", format_shape(shape));
}

DType out_dtype(const ElementwiseSpec& spec) {
  return spec.out.defined() ? spec.out.dtype() : spec.out_dtype;
}

// Note [Elementwise work]: an elementwise op reads and writes each operand
// once per element of the result; each access costs, in work units, 1 per
// 4 bytes of the operand's dtype, or per 4 bytes its inner loop steps when
// that is more (a stride of a cache line or more, a copy of a transpose,
// makes every access a miss: work_cost::kMaxElement, measured at 16 times
// a plain copy), except for an operand the tiled kernel reads across
// (transposed_operand, float32 binary ops: dispatch.h), which costs 4. A
// loop over many short rows pays work_cost::kRow for each (rows of two
// elements took ten times the time of long ones).
double access_cost(const ElementwiseSpec& spec, const LoopPlan& plan, size_t k, int tiled) {
  const DType d = k > 0 ? spec.inputs[k - 1].dtype() : out_dtype(spec);
  const int64_t size = dtype_size(d);
  const int64_t step = plan.shape.empty() ? 0 : std::abs(plan.strides[k][0]) * size;
  const double cost = std::min(element_cost(std::max(size, step)), work_cost::kMaxElement);
  return static_cast<int64_t>(k) == tiled ? std::min(cost, 4 * work_cost::kElement) : cost;
}

// Charges the op's work from its plan (Note [Elementwise work]).
void charge(const ElementwiseSpec& spec, const LoopPlan& plan) {
  if (!work_budgeted()) return;  // the plain API: nothing to charge, nothing to look at
  const double elements = static_cast<double>(numel(plan.shape));
  if (!(elements > 0)) return;
  const double rows = plan.shape.empty() ? 1 : elements / static_cast<double>(plan.shape[0]);
  const double row_units = rows * work_cost::kRow;
  if (spec.function_cost > 0) {
    charge_work_units(WorkKind::FunctionValues, elements,
                      elements * spec.function_cost + row_units);
    return;
  }
  bool all_float32 = out_dtype(spec) == DType::Float32;
  for (const Tensor& t : spec.inputs) all_float32 &= t.dtype() == DType::Float32;
  const int tiled = all_float32 ? transposed_operand(plan) : 0;
  double per_element = 0;
  for (size_t k = 0; k < plan.strides.size(); ++k) per_element += access_cost(spec, plan, k, tiled);
  charge_work_units(WorkKind::Elements, elements * static_cast<double>(plan.strides.size()),
                    elements * per_element + row_units);
}

}  // namespace

Elementwise prepare(const ElementwiseSpec& spec) {
  if (spec.out.defined()) check_overlaps(spec);
  std::vector<Shape> shapes;
  for (const Tensor& t : spec.inputs) shapes.push_back(t.sizes());
  if (tracing()) record(trace_broadcast(shapes));
  Elementwise e;
  e.shape = broadcast_shapes(shapes);
  check_broadcast(spec.op, shapes, spec.is_number);
  if (spec.out.defined()) check_inplace_shape(spec, e.shape);

  std::vector<Strides> strides(1 + spec.inputs.size());
  std::vector<int64_t> offsets(1 + spec.inputs.size());
  std::vector<bool> deciding(1 + spec.inputs.size(), true);
  for (size_t k = 0; k < spec.inputs.size(); ++k) {
    const Geometry g = spec.inputs[k].geometry().expand(e.shape);
    strides[k + 1] = g.strides();
    offsets[k + 1] = g.offset();
  }
  if (spec.out.defined()) {
    e.out = spec.out;
    strides[0] = e.out.strides();
    offsets[0] = e.out.offset();
  } else {
    // A new output follows the inputs' memory order (PyTorch keeps, e.g.,
    // a transposed layout), so only the inputs decide.
    deciding[0] = false;
    strides[0] = Strides(e.shape.size(), 0);
  }
  const std::vector<int64_t> order = iteration_order(e.shape, strides, deciding);
  if (!spec.out.defined()) {
    std::vector<const void*> inputs;
    for (const Tensor& t : spec.inputs) inputs.push_back(t.first_element());
    e.out = Tensor::empty(e.shape, spec.out_dtype, inputs);
    bool natural = true;
    for (size_t i = 0; i < order.size(); ++i)
      natural &= order[i] == static_cast<int64_t>(order.size() - 1 - i);
    if (!natural)
      e.out = e.out.with_geometry(Geometry::make(e.shape, strides_for_order(e.shape, order), 0));
    strides[0] = e.out.strides();
  }
  e.plan = make_plan(e.shape, strides, offsets, order);
  // After the output is allocated (a result too large is an out-of-memory
  // error, the apter one) and before anything is written.
  charge(spec, e.plan);
  return e;
}

const char* pattern_name(Pattern pattern) {
  switch (pattern) {
    case Pattern::Contiguous: return "contiguous";
    case Pattern::ScalarA: return "scalar-a";
    case Pattern::ScalarB: return "scalar-b";
    case Pattern::Strided: return "strided";
    case Pattern::Transposed: return "transposed";
  }
  TC_ASSERT(false, "unknown pattern");
}

int transposed_operand(const LoopPlan& plan) {
  if (plan.strides.size() != 3 || plan.shape.size() < 2) return 0;
  if (plan.shape[0] < 4 || plan.shape[1] < 4 || plan.strides[0][0] != 1) return 0;
  for (int t = 1; t <= 2; ++t) {
    const int x = 3 - t;
    const Strides& st = plan.strides[t];
    if (plan.strides[x][0] == 1 && st[1] == 1 && st[0] > 1) return t;
  }
  return 0;
}

int repeated_row(const LoopPlan& plan) {
  if (plan.strides.size() != 3 || plan.shape.size() < 2 || plan.shape[1] < 2) return 0;
  const bool a = plan.strides[1][1] == 0, b = plan.strides[2][1] == 0;
  return a == b ? 0 : a ? 1 : 2;
}

Pattern inner_pattern(const LoopPlan& plan) {
  if (plan.shape.empty() || plan.shape[0] == 1) return Pattern::Contiguous;
  const size_t n = plan.strides.size();
  if (plan.strides[0][0] != 1) return Pattern::Strided;
  bool all_one = true;
  for (const Strides& s : plan.strides) all_one &= s[0] == 1;
  if (all_one) return Pattern::Contiguous;
  if (n == 3 && plan.strides[1][0] == 1 && plan.strides[2][0] == 0) return Pattern::ScalarB;
  if (n == 3 && plan.strides[1][0] == 0 && plan.strides[2][0] == 1) return Pattern::ScalarA;
  return Pattern::Strided;
}

void trace_op(const ElementwiseSpec& spec, const Elementwise& e, const KernelChoice& kernel) {
  if (!tracing()) return;
  OpTrace t;
  t.op = spec.op;
  t.inplace = spec.out.defined();
  std::vector<Shape> shapes;
  for (const Tensor& in : spec.inputs) shapes.push_back(in.sizes());
  t.broadcast = trace_broadcast(shapes);
  auto operand = [&](const std::string& name, const Tensor& x, size_t k) {
    OperandTrace o;
    o.name = name;
    o.shape = x.sizes();
    o.strides = x.strides();
    o.expanded_strides = k == 0 ? x.strides() : x.geometry().expand(e.shape).strides();
    o.offset = x.offset();
    o.dtype = dtype_name(x.dtype());
    return o;
  };
  t.operands.push_back(operand("out", e.out, 0));
  const std::vector<Tensor>& given = spec.given.empty() ? spec.inputs : spec.given;
  for (size_t k = 0; k < given.size(); ++k)
    t.operands.push_back(operand(spec.names[k], given[k], k + 1));
  t.promotion = spec.promotion;
  t.plan.order = e.plan.order;
  t.plan.groups = e.plan.groups();
  t.plan.shape = e.plan.shape;
  t.plan.strides = e.plan.strides;
  t.plan.inner_pattern = pattern_name(kernel.pattern);
  t.kernel = kernel.kernel;
  t.kernel_rows = kernel.rows;
  if (spec.alpha) t.alpha = spec.alpha->exact_text();
  record(std::move(t));
}

}  // namespace tc
