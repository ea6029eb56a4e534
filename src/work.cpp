#include "work.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "error.h"

namespace tc {

namespace {
WorkScope* g_scope = nullptr;

// "this line would <verb> <count> <noun>"
struct Words {
  const char* verb;
  const char* noun;
};

Words words(WorkKind kind) {
  switch (kind) {
    case WorkKind::Elements: return {"read and write", "elements"};
    case WorkKind::MultiplyAdds: return {"compute", "multiply-adds"};
    case WorkKind::FunctionValues: return {"compute", "values of exp, log, pow or the like"};
    case WorkKind::Gathers: return {"gather", "elements by index"};
    case WorkKind::Described: return {"describe", "characters of its results"};
    case WorkKind::Items: return {"make", "items of tuples and lists"};
  }
  TC_ASSERT(false, "unknown work kind");
}

// A count as a person reads it: whole below a million, else two
// significant digits ("1.1e12", "2e9").
std::string count_text(double x) {
  char buf[32];
  if (!std::isfinite(x)) return "infinitely many";
  if (x < 1e6) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  const int exponent = static_cast<int>(std::floor(std::log10(x)));
  double mantissa = std::round(x / std::pow(10.0, exponent) * 10) / 10;
  int e = exponent;
  if (mantissa >= 10) mantissa /= 10, ++e;
  std::snprintf(buf, sizeof buf, "%ge%d", mantissa, e);
  return buf;
}

}  // namespace

double default_cost(WorkKind kind) {
  switch (kind) {
    case WorkKind::Elements: return work_cost::kElement;
    case WorkKind::MultiplyAdds: return work_cost::kMultiplyAdd;
    case WorkKind::FunctionValues: return work_cost::kFunctionValue;
    case WorkKind::Gathers: return work_cost::kGathered;
    case WorkKind::Described: return work_cost::kDescribedChar;
    case WorkKind::Items: return work_cost::kItem;
  }
  TC_ASSERT(false, "unknown work kind");
}

bool work_budgeted() { return g_scope != nullptr; }

WorkScope::WorkScope(double budget) : budget_(budget), previous_(g_scope) { g_scope = this; }
WorkScope::~WorkScope() { g_scope = previous_; }

PaidWork::PaidWork() : paused_(g_scope) { g_scope = nullptr; }
PaidWork::~PaidWork() { g_scope = paused_; }

void charge_work_units(WorkKind kind, double count, double units) {
  WorkScope* scope = g_scope;
  if (scope == nullptr || !(count > 0)) return;
  const double after = scope->used_ + units;
  if (!(after <= scope->budget_)) {
    const Words w = words(kind);
    fail(ErrorKind::Limit, "this line would ", w.verb, " ", count_text(count), " ", w.noun, " (",
         count_text(units), " work units); the limit is ", count_text(scope->budget_),
         " work units per program, ", count_text(scope->budget_ - scope->used_), " of them left");
  }
  scope->used_ = after;
}

}  // namespace tc
