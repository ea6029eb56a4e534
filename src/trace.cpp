#include "trace.h"

#include <algorithm>

#include "diagnostics.h"
#include "error.h"

namespace tc {

namespace {
TraceScope* g_current = nullptr;
}

TraceScope::TraceScope() : previous_(g_current) { g_current = this; }
TraceScope::~TraceScope() { g_current = previous_; }

TracePause::TracePause() : saved_(g_current) { g_current = nullptr; }
TracePause::~TracePause() { g_current = saved_; }

bool tracing() { return g_current != nullptr; }

void record(TraceEvent event) {
  if (g_current) g_current->events_.push_back(std::move(event));
}

namespace {

// The size an operand has at a result dim counted from the right, or
// nullopt when it has no such dim.
std::optional<int64_t> size_from_right(const Shape& s, size_t offset) {
  if (offset >= s.size()) return std::nullopt;
  return s[s.size() - 1 - offset];
}

}  // namespace

BroadcastTrace trace_broadcast(const std::vector<Shape>& shapes) {
  BroadcastTrace t;
  t.inputs = shapes;
  size_t ndim = 0;
  for (const Shape& s : shapes) ndim = std::max(ndim, s.size());
  for (const Shape& s : shapes) {
    Shape padded(ndim - s.size(), 1);
    padded.insert(padded.end(), s.begin(), s.end());
    t.padded.push_back(std::move(padded));
  }
  // The message is PyTorch's own (Note [Broadcasting: infer_size]). The
  // steps apply the documented rule to all operands at once, column by
  // column from the right, and stop at the first column that fails. With
  // two operands that is the dim PyTorch names; with three (where), its
  // left fold can name another failing column of the same call.
  try {
    t.result = broadcast_shapes(shapes);
  } catch (const Error& e) {
    t.error = e.what();
  }
  for (size_t offset = 0; offset < ndim; ++offset) {
    DimStep step;
    step.dim = static_cast<int64_t>(ndim - 1 - offset);
    step.trailing = static_cast<int64_t>(offset + 1);
    int64_t result = 1;
    bool conflict = false, missing = false;
    for (const Shape& s : shapes) {
      auto size = size_from_right(s, offset);
      step.sizes.push_back(size);
      if (!size) {
        missing = true;
      } else if (*size != 1) {
        if (result != 1 && result != *size) conflict = true;
        result = *size;
      }
    }
    bool yielded = false;
    for (const auto& size : step.sizes) {
      if (!size) step.roles.push_back("missing");
      else if (conflict && *size != 1) step.roles.push_back("conflict");
      else if (*size != result || (conflict && *size == 1)) step.roles.push_back("expanded"), yielded = true;
      else step.roles.push_back("same");
    }
    if (conflict) step.rule = "mismatch";
    else if (yielded) step.rule = "one";
    else if (missing) step.rule = "missing";
    else step.rule = "equal";
    if (conflict) t.failed_dim = step.dim;
    else step.result = result;
    t.dims.push_back(std::move(step));
    if (conflict) break;
  }
  if (shapes.size() == 2 && t.result) {
    if (is_outer_product(shapes[0], shapes[1])) t.notes.push_back("outer-product");
    if (is_backcompat_case(shapes[0], shapes[1])) t.notes.push_back("backcompat");
  }
  if (t.result && is_rank_promotion(shapes, std::vector<bool>(shapes.size(), false)))
    t.notes.push_back("rank-promotion");
  return t;
}

}  // namespace tc
