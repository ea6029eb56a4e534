// The work budget: what a program may compute before it is stopped
// (Note [Work budget]).
//
// Note [Work budget]: memory limits bound what one tensor may hold, never
// how long an op runs: `a = torch.ones(1).expand(2**40); a @ a` holds one
// number and asks for 2^40 multiply-adds (about 25 minutes). So every op
// that loops charges its work to the active WorkScope *before* it starts,
// where its size is known (the result's shape, the reduced extent, m x n x
// k of a matmul), and a charge past the scope's budget raises
// ErrorKind::Limit with nothing computed or written. Outside any WorkScope
// (the package's API, the native tests) a charge costs one branch and
// refuses nothing: only a program (src/lang) opens a scope, with
// ProgramLimits::max_work.
//
// Counts are doubles: an expanded view's element count fits in int64, but
// the multiply-adds of a matmul of two such views need not.
#pragma once
#include <cstdint>

namespace tc {

// What a count counts, as an error names it.
enum class WorkKind {
  Elements,      // elements read and written by an elementwise op, a copy, a reduction, ...
  MultiplyAdds,  // of matmul and its relatives (dot, mv, mm, bmm)
};

// Charges `count` of `kind` to the active WorkScope, if any. Raises
// ErrorKind::Limit, before the caller has done anything, when the scope's
// budget cannot pay for it.
void charge_work(WorkKind kind, double count);

// A budget of work units for everything run while it lives; scopes nest
// (the innermost is charged).
class WorkScope {
 public:
  explicit WorkScope(double budget);
  ~WorkScope();
  WorkScope(const WorkScope&) = delete;
  WorkScope& operator=(const WorkScope&) = delete;

  double budget() const { return budget_; }
  double used() const { return used_; }

 private:
  friend void charge_work(WorkKind kind, double count);
  double budget_;
  double used_ = 0;
  WorkScope* previous_;
};

}  // namespace tc
