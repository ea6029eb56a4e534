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
// ProgramLimits::max_work, so the refusal speaks of "this line".
//
// A charge counts what the op does in its own terms (elements read and
// written, multiply-adds, values of a costly function, elements gathered)
// and says what each costs in work units (namespace work_cost): the
// weights make a unit about the same time whatever the op, measured in
// wasm under Node (bench/work-budget.js; the medians are in
// docs/limits.md, "Programs"), so that a budget spent on the slowest kind
// of op still ends in about 200 ms (175 ms on the machine measured). The
// error names the count, its units and what is left:
//   this line would compute 1.1e12 multiply-adds (1.1e12 work units); the
//   limit is 5e8 work units per program, 5e8 of them left
//
// Counts are doubles: an expanded view's element count fits in int64, but
// the multiply-adds of a matmul of two such views need not.
#pragma once
#include <cstdint>

namespace tc {

// What a count counts, as an error names it.
enum class WorkKind {
  // Elements read and written by a loop: copies and conversions, fills,
  // arithmetic, comparisons, where, clamp, joins, reductions.
  Elements,
  // Multiply-adds of matmul and its relatives (dot, mv, mm, bmm).
  MultiplyAdds,
  // Values of a function that costs tens of instructions per element:
  // exp, log, sin, tanh, sigmoid, pow, floor division, random numbers.
  FunctionValues,
  // Elements copied through index tensors or a mask (x[i], x[mask],
  // gather), each read from wherever its index points.
  Gathers,
  // Characters of what a program hands back (Note [Bounded output] in
  // src/lang/repr.h): the description of each statement's names, calls and
  // traces, and what print() writes. The package turns each into JSON,
  // parses it and formats printed tensors, on the same thread: that is
  // its cost, and it is charged as the work of the line that asks for it.
  Described,
  // Items of a tuple or list a program makes: any may be handed back (the
  // package's get(name) has every value bound to a name as JSON, parsed
  // into arrays), so each is charged what that costs, whether or not it
  // lives to the end: an upper bound known when the list is made.
  Items,
};

// What one count costs, in work units, by what the loop does: each weight
// is what its slowest case took in wasm under Node, in units of about
// 0.3 ns (bench/work-budget.js; docs/limits.md, "Programs").
namespace work_cost {
// An element of a plain loop, per 4 bytes of its dtype (a float64 counts
// two) and per 4 bytes its inner loop steps (stepping a cache line or more
// per element costs kMaxElement: every element a miss).
constexpr double kElement = 1;
constexpr double kMaxElement = 16;
constexpr double kRow = 24;              // a row of an elementwise loop: one call of its kernel
constexpr double kConvertedElement = 12; // an element computed from a double (arange, linspace)
constexpr double kCountedElement = 4;    // an element read or written by an index count (Tensor::values)
constexpr double kMultiplyAdd = 0.25;    // float32, matrix by matrix (the packed SIMD kernel, engine/gemm.h)
constexpr double kVectorMultiplyAdd = 1; // float32 with a vector (dot, mv): memory-bound
constexpr double kScalarMultiplyAdd = 1.5;  // float64 and the integer dtypes (a plain loop)
// A value of a function of tens of instructions: each op says what it
// took (function_cost in src/ops/unary.cpp, binary.cpp: 16 for a float32
// exp, 64 for a float64 tanh); kFunctionValue when nothing is said.
constexpr double kFunctionValue = 24;
constexpr double kRandomValue = 32;      // rand, randint
constexpr double kNormalValue = 128;     // randn: a logarithm, a root, a sine or cosine
constexpr double kGathered = 128;        // an element read through an index, anywhere
// A character of a program's results (WorkKind::Described): written as
// JSON, parsed and made into objects by the package (a statement of one
// small op, 7,000 times), or a printed tensor formatted (print() of 1,000
// elements, 1,000 times).
constexpr double kDescribedChar = 100;
// An item of a tuple or list (WorkKind::Items): [1.5] * 65536 handed back
// took 49 ms more than the same list dropped before the end.
constexpr double kItem = 2000;
}  // namespace work_cost

// What an element of `bytes` bytes costs a plain loop to read or write.
//   element_cost(8)  // returns 2 (a float64)
inline double element_cost(int64_t bytes) {
  return bytes > 4 ? work_cost::kElement * static_cast<double>(bytes) / 4 : work_cost::kElement;
}

// What one `kind` costs when the caller says nothing: kElement,
// kMultiplyAdd, kFunctionValue, kGathered, kDescribedChar, kItem.
double default_cost(WorkKind kind);

// Charges `count` of `kind`, `units` work units in all, to the active
// WorkScope, if any. Raises ErrorKind::Limit, before the caller has done
// anything, when the scope's budget cannot pay for it.
void charge_work_units(WorkKind kind, double count, double units);

// The same at `cost` units each (by default its kind's).
//   charge_work(WorkKind::Elements, 3 * n)                           // n elements of a + b
//   charge_work(WorkKind::Elements, n, work_cost::kConvertedElement)  // arange(n)
inline void charge_work(WorkKind kind, double count, double cost) {
  charge_work_units(kind, count, count * cost);
}
inline void charge_work(WorkKind kind, double count) {
  charge_work(kind, count, default_cost(kind));
}

// Whether a WorkScope is active (a charge would count): lets an op skip
// working out a charge nobody collects.
bool work_budgeted();

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
  friend void charge_work_units(WorkKind kind, double count, double units);
  friend class PaidWork;
  double budget_;
  double used_ = 0;
  WorkScope* previous_;
};

// For an op made of other ops (cat of copies, an in-place op whose result
// is converted into its target): the op charges the whole of its work
// up front, where it knows it, then runs its parts inside a PaidWork, so
// that they charge nothing again and none is refused half-way.
class PaidWork {
 public:
  PaidWork();
  ~PaidWork();
  PaidWork(const PaidWork&) = delete;
  PaidWork& operator=(const PaidWork&) = delete;

 private:
  WorkScope* paused_;
};

}  // namespace tc
