#include "diagnostics.h"

#include <algorithm>
#include <cstdio>

#include "error.h"

namespace tc {

namespace {
bool g_backcompat = false;
BroadcastPolicy g_policy = BroadcastPolicy::Allow;
WarningHandler g_handler;

void emit(WarningEvent event) {
  record(event);
  if (g_handler) g_handler(event);
  else std::fprintf(stderr, "UserWarning: %s\n", event.message.c_str());
}

std::string join_shapes(const std::vector<Shape>& shapes) {
  std::string out;
  for (size_t i = 0; i < shapes.size(); ++i) out += (i ? " and " : "") + format_shape(shapes[i]);
  return out;
}

Shape pad_left(const Shape& s, size_t ndim) {
  Shape out(ndim - s.size(), 1);
  out.insert(out.end(), s.begin(), s.end());
  return out;
}
}  // namespace

void set_backcompat_warning(bool enabled) { g_backcompat = enabled; }
BroadcastPolicy broadcast_policy() { return g_policy; }
void set_broadcast_policy(BroadcastPolicy policy) { g_policy = policy; }
PolicyScope::PolicyScope(BroadcastPolicy policy) : previous_(g_policy) { g_policy = policy; }
PolicyScope::~PolicyScope() { g_policy = previous_; }

DiagnosticsPause::DiagnosticsPause() : backcompat_(g_backcompat), policy_(g_policy) {
  g_backcompat = false;
  g_policy = BroadcastPolicy::Allow;
}
DiagnosticsPause::~DiagnosticsPause() {
  g_backcompat = backcompat_;
  g_policy = policy_;
}

void set_warning_handler(WarningHandler handler) { g_handler = std::move(handler); }

bool is_outer_product(const Shape& a, const Shape& b) {
  const size_t n = std::max(a.size(), b.size());
  const Shape pa = pad_left(a, n), pb = pad_left(b, n);
  bool a_stretched = false, b_stretched = false;
  for (size_t i = 0; i < n; ++i) {
    if (pa[i] == 1 && pb[i] > 1) a_stretched = true;
    if (pb[i] == 1 && pa[i] > 1) b_stretched = true;
  }
  return a_stretched && b_stretched;
}

bool is_backcompat_case(const Shape& a, const Shape& b) {
  if (a == b || numel(a) != numel(b)) return false;
  try {
    infer_size(a, b);
    return true;
  } catch (const Error&) {
    return false;
  }
}

bool is_rank_promotion(const std::vector<Shape>& shapes, const std::vector<bool>& is_number) {
  int64_t rank = -1;
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (is_number[i] || shapes[i].empty()) continue;
    const int64_t r = static_cast<int64_t>(shapes[i].size());
    if (rank >= 0 && r != rank) return true;
    rank = r;
  }
  return false;
}

// Note [Broadcast diagnostics]
// Runs before an op allocates, on shapes that are known to broadcast.
//  - backcompat (opt-in, PyTorch's old warning): two operands of different
//    shapes, broadcastable, with the same number of elements: pre-broadcast
//    PyTorch viewed both as 1-D, so ones(4,1) + ones(4) was [4,1]; now [4,4].
//  - under policy 'warn' or 'raise': rank promotion ([2,3] + [3]) and the
//    outer-product pattern ([3] + [3,1] -> [3,3]); 'allow' stays silent.
void check_broadcast(const char* op, const std::vector<Shape>& shapes,
                     const std::vector<bool>& is_number) {
  if (g_backcompat && shapes.size() == 2 && !is_number[0] && !is_number[1] &&
      is_backcompat_case(shapes[0], shapes[1]))
    emit({"backcompat",
          "self and other do not have the same shape, but are broadcastable, and have the "
          "same number of elements.\nChanging behavior in a backwards incompatible manner to "
          "broadcasting rather than viewing as 1-dimensional.",
          shapes});
  if (g_policy == BroadcastPolicy::Allow) return;
  std::vector<WarningEvent> found;
  if (is_rank_promotion(shapes, is_number))
    found.push_back({"rank-promotion",
                     detail::concat(op, ": operands of shapes ", join_shapes(shapes),
                                    " have different numbers of dimensions; the shorter ones "
                                    "get leading 1s implicitly. Make them explicit with "
                                    "unsqueeze(0) or view()."),
                     shapes});
  if (shapes.size() >= 2 && !is_number[0] && !is_number[1] &&
      is_outer_product(shapes[0], shapes[1]))
    found.push_back({"outer-product",
                     detail::concat(op, ": ", join_shapes({shapes[0], shapes[1]}),
                                    " are each expanded along a dimension where the other is "
                                    "not, giving ", format_shape(infer_size(shapes[0], shapes[1])),
                                    " (an outer product). If you meant an elementwise op, make "
                                    "the shapes match, e.g. with unsqueeze(-1) or squeeze(-1)."),
                     shapes});
  if (found.empty()) return;
  // Not a check of the call: the policy the user chose raises.
  if (g_policy == BroadcastPolicy::Raise)
    fail(ErrorKind::Policy, "broadcast policy 'raise': ", found.front().message);
  for (auto& w : found) emit(std::move(w));
}

}  // namespace tc
