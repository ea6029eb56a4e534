// Broadcast diagnostics (Note [Broadcast diagnostics]): PyTorch's opt-in
// backwards-compatibility warning (its broadcasting note, docs/examples.md),
// a broadcast policy in the spirit of JAX's jax_numpy_rank_promotion, and
// the outer-product detector. Warnings go to a
// handler (the bindings forward them to JavaScript) and into the trace.
#pragma once
#include <functional>
#include <vector>

#include "shape.h"
#include "trace.h"

namespace tc {

// PyTorch's torch.utils.backcompat.broadcast_warning.enabled. Off by default.
void set_backcompat_warning(bool enabled);

// What to do with a suspicious broadcast: operands of different ranks
// (implicit rank promotion; 0-D operands and numbers are exempt, as in JAX)
// or operands each stretched along a dim where the other is not (the
// outer-product pattern, e.g. (n,) with (n, 1) giving (n, n)).
enum class BroadcastPolicy { Allow, Warn, Raise };
BroadcastPolicy broadcast_policy();
void set_broadcast_policy(BroadcastPolicy policy);  // for the whole process
class PolicyScope {                                  // for a scope
 public:
  explicit PolicyScope(BroadcastPolicy policy);
  ~PolicyScope();
  PolicyScope(const PolicyScope&) = delete;
  PolicyScope& operator=(const PolicyScope&) = delete;

 private:
  BroadcastPolicy previous_;
};

// Silences diagnostics for its lifetime (the backward pass: its broadcasts
// are the engine's, and a 'raise' policy must not stop it).
class DiagnosticsPause {
 public:
  DiagnosticsPause();
  ~DiagnosticsPause();
  DiagnosticsPause(const DiagnosticsPause&) = delete;
  DiagnosticsPause& operator=(const DiagnosticsPause&) = delete;

 private:
  bool backcompat_;
  BroadcastPolicy policy_;
};

using WarningHandler = std::function<void(const WarningEvent&)>;
// Replaces the handler; an empty one restores the default (stderr).
void set_warning_handler(WarningHandler handler);

// Called by every broadcasting op with its operands' shapes, before it
// allocates anything. Emits warnings, or raises under the 'raise' policy.
void check_broadcast(const char* op, const std::vector<Shape>& shapes,
                     const std::vector<bool>& is_number);

// The heuristics themselves, for the playground's flags and for tests.
bool is_outer_product(const Shape& a, const Shape& b);
bool is_backcompat_case(const Shape& a, const Shape& b);
bool is_rank_promotion(const std::vector<Shape>& shapes, const std::vector<bool>& is_number);

}  // namespace tc
