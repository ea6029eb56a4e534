#include "work.h"

#include "error.h"

namespace tc {

namespace {
WorkScope* g_scope = nullptr;

const char* unit_name(WorkKind kind) {
  return kind == WorkKind::MultiplyAdds ? "multiply-adds" : "element reads and writes";
}
}  // namespace

WorkScope::WorkScope(double budget) : budget_(budget), previous_(g_scope) { g_scope = this; }
WorkScope::~WorkScope() { g_scope = previous_; }

void charge_work(WorkKind kind, double count) {
  WorkScope* scope = g_scope;
  if (scope == nullptr || !(count > 0)) return;
  const double after = scope->used_ + count;
  TC_CHECK(Limit, after <= scope->budget_, "this would compute ", count, " ", unit_name(kind),
           ", past the work limit of ", scope->budget_, " (", scope->used_, " used so far)");
  scope->used_ = after;
}

}  // namespace tc
