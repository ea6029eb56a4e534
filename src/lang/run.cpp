// run_program (src/lang/program.h, Note [Programs]): the interpreter of the
// syntax tree src/lang/parser.h reads. It evaluates what the syntax says
// (names, literals, operators, x[...], assignments) and leaves everything
// reached through a dot or a call to the library (src/lang/builtins.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <new>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "autograd/node.h"
#include "error.h"
#include "lang/builtins.h"
#include "lang/format_spec.h"
#include "lang/library.h"
#include "lang/operators.h"
#include "lang/parser.h"
#include "lang/program.h"
#include "lang/repr.h"
#include "ops.h"
#include "storage.h"
#include "syntax/lexer.h"
#include "trace_schema.h"
#include "work.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::lang {

namespace {

// An error raised by the interpreter with the exception Python raises and
// the kind ProgramError gives it.
ProgramError error_of(const Span& span, std::string message, std::string kind,
                      std::string python_type) {
  ProgramError e;
  e.line = span.line;
  e.column = span.column;
  e.end_line = span.end_line;
  e.end_column = span.end_column;
  e.message = std::move(message);
  e.kind = std::move(kind);
  e.python_type = std::move(python_type);
  return e;
}

// The exception PyTorch raises for the core's errors: an index out of
// range is an IndexError (PyTorch's IndexError from TORCH_CHECK_INDEX);
// the rest, "not implemented for 'Bool'" (Type) included, RuntimeError.
const char* python_type_of(ErrorKind kind) {
  return kind == ErrorKind::Index ? "IndexError" : "RuntimeError";
}

// "ZeroDivisionError" -> "zero_division", "NameError" -> "name".
std::string kind_of_python(const std::string& type) {
  std::string base = type;
  if (base.size() > 5 && base.compare(base.size() - 5, 5, "Error") == 0)
    base = base.substr(0, base.size() - 5);
  if (base == "Recursion") return "limit";  // only the interpreter's own limits raise it
  if (base == "UnboundLocal") return "name";  // Python's UnboundLocalError is a NameError
  std::string out;
  for (size_t i = 0; i < base.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(base[i]);
    if (std::isupper(c) && i > 0) out += '_';
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

// Note [Program limits]: ProgramLimits bound what a hostile program may
// cost. The parser refuses a text too long, with too many statements or
// nested too deeply (Note [Program syntax]). max_elements bounds the bytes
// of any one tensor, read as float32 elements (the limit's "64 MB of
// float32"; an int64 tensor may have half as many): the core refuses a
// larger buffer before allocating it (Storage::allocate, ErrorKind::Memory),
// during the program only. max_memory bounds the bytes all the program's
// tensors hold at once (Note [Live memory limit]), max_work what its ops
// compute (Note [Work budget]): both count over the whole program, not
// per statement. An out-of-memory error gets advice in PyTorch's manner
// (memory_advice). Strings, tuples and lists are bounded by Note
// [Bounded values] (src/lang/value.h), what a program describes and prints
// by Note [Bounded output] (src/lang/repr.h).
class MemoryLimitScope {
 public:
  MemoryLimitScope(int64_t max_elements, int64_t max_memory)
      : previous_(memory_limit()), previous_live_(live_memory_limit()) {
    const int64_t cap = std::numeric_limits<int64_t>::max() / 4;
    const int64_t bytes = (max_elements > cap ? cap : std::max<int64_t>(max_elements, 0)) * 4;
    set_memory_limit(std::min(previous_, bytes));
    set_live_memory_limit({memory_stats().bytes, std::max<int64_t>(max_memory, 0)});
  }
  ~MemoryLimitScope() {
    set_memory_limit(previous_);
    set_live_memory_limit(previous_live_);
  }
  MemoryLimitScope(const MemoryLimitScope&) = delete;
  MemoryLimitScope& operator=(const MemoryLimitScope&) = delete;

 private:
  int64_t previous_;
  LiveMemoryLimit previous_live_;
};

// Storages numbered 1, 2, ... in the order a program first shows them, so
// that views share a number (ValueInfo::storage). A storage freed and
// another allocated at its address gets a new number.
class StorageNumbers {
 public:
  uint64_t of(const Tensor& t) {
    const std::shared_ptr<Storage>& s = t.impl().storage;
    auto it = numbers_.find(s.get());
    if (it != numbers_.end() && !it->second.first.expired()) return it->second.second;
    const uint64_t n = ++count_;
    numbers_[s.get()] = {s, n};
    return n;
  }

 private:
  std::map<const Storage*, std::pair<std::weak_ptr<Storage>, uint64_t>> numbers_;
  uint64_t count_ = 0;
};

// The tensors in `v`, looking 4 levels into tuples and lists; charged to
// the work budget by what it may visit (Note [Bounded values]).
void collect_tensors(const Value& v, std::vector<Tensor>& out, int depth = 0) {
  if (v.is_tensor()) {
    out.push_back(v.tensor());
  } else if (const Sequence* s = v.sequence()) {
    if (depth == 0) charge_work(WorkKind::Elements, static_cast<double>(s->size));
    if (depth < 4)
      for (const Value& item : s->items) collect_tensors(item, out, depth + 1);
  }
}

// Note [Program steps]: a program runs as a list of steps, in the order
// they finished: each run of a simple statement is one, and so is each run
// of a compound statement's header (Note [Compound statements] in ast.h):
// a `for` binding its next item (the first run also computes what it
// loops over), a `while` or `if` testing its condition, a `def` binding
// its function, a `with` entering its block. A statement inside a loop or
// a function has one step per run (StatementResult::run counts them). A
// call of the program's own function runs the function's steps while the
// calling statement runs, so they come before the calling statement's
// step. Each step has its own TraceScope (its events are its own ops).
// Bounds: a program runs at most ProgramLimits::max_steps steps, calls
// nest at most kMaxCallDepth deep; a statement's first kDetailedRuns runs
// keep their calls and events, later runs only what they bound and
// printed (StatementResult::detailed), so that a long loop costs little
// to record and to hand to the page.

// How control leaves a block: on to the next statement, or by break,
// continue or return.
enum class Flow { Next, Break, Continue, Return };

// A construct the subset leaves out, raised when its statement runs (Note
// [Refused constructs] in src/lang/parser.cpp): kind "unsupported".
struct Refusal {
  std::string message;
};

// Unwinds every block and call once a step has raised: the error is in
// the result already (not a std::exception, so that no handler for the
// program's own errors takes it).
struct Stop {};

class Interpreter : private GradientObserver {
 public:
  Interpreter(const std::string& source, ProgramResult& result, const ProgramLimits& limits,
              int values_line, int values_run)
      : source_(source), result_(result), limits_(limits), values_line_(values_line),
        values_run_(values_run) {
    // as the lexer reads lines (Note [Python text]): after a leading BOM,
    // broken by \n, \r\n or a lone \r
    line_starts_.push_back(source.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0);
    for (size_t i = 0; i < source.size(); ++i)
      if (source[i] == '\n' || (source[i] == '\r' && (i + 1 == source.size() || source[i + 1] != '\n')))
        line_starts_.push_back(i + 1);
  }

  // Note [Program inputs and result]: a caller may bind names before the
  // program runs (an exercise's inputs: tc.run(code, { inputs })), as
  // globals the program reads and may rebind; a tensor is the caller's own
  // (the program changes it only as its in-place ops do, and nothing of
  // the program frees it). A program whose last statement is an
  // expression at the top level hands back that expression's value as
  // its result, as a notebook cell shows its last expression: an answer
  // may be one expression over its inputs, after the definitions it calls.
  void run(const Module& module, const ProgramInputs& inputs) {
    for (const auto& [name, value] : inputs) globals_[name] = value;
    if (!module.statements.empty() && module.statements.back().kind == Statement::Kind::Expression)
      result_statement_ = &module.statements.back();
    // Only a program asked about a line watches its backward passes (Note [Call gradients]).
    std::optional<ObserveGradients> observing;
    if (values_line_ > 0) observing.emplace(static_cast<GradientObserver*>(this));
    try {
      run_block(module.statements);
    } catch (const Stop&) {
      // the error is in the result
    }
    index_backward_steps();
  }

  std::map<std::string, Value>& globals() { return globals_; }
  int64_t described() const { return output_.used(); }

 private:
  // --- statements

  // --- blocks (Note [Program steps])

  Flow run_block(const std::vector<Statement>& block) {
    for (const Statement& s : block) {
      const Flow flow = run_one(s);
      if (flow != Flow::Next) return flow;
    }
    return Flow::Next;
  }

  Flow run_one(const Statement& s) {
    using K = Statement::Kind;
    switch (s.kind) {
      case K::For: return run_for(s);
      case K::While: return run_while(s);
      case K::If: return run_if(s);
      case K::With: return run_with(s);
      case K::FunctionDef:
        step(s, [&] { define(s); });
        return Flow::Next;
      case K::Return:
        step(s, [&] { frames_.back().returned = s.value ? eval(*s.value) : Value(); });
        return Flow::Return;
      case K::Break: step(s, [] {}); return Flow::Break;
      case K::Continue: step(s, [] {}); return Flow::Continue;
      case K::Pass: step(s, [] {}); return Flow::Next;
      case K::Refused:
        step(s, [&] {
          raised_at_ = s.refused_at;
          throw Refusal{s.refusal};
        });
        return Flow::Next;
      default:
        step(s, [&] { execute(s); });
        return Flow::Next;
    }
  }

  // What a `for` loops over, item by item: a sequence's items, a string's
  // characters, a tensor's rows (each a select, recorded as the call
  // Tensor.unbind as unpacking records them) or range(...)'s numbers, made
  // one at a time.
  struct Loop {
    std::shared_ptr<const Sequence> items;
    std::vector<Value> characters;
    std::optional<Tensor> rows;
    std::optional<RangeBounds> range;
    int64_t count = 0;
  };

  Loop loop_over(const Expr& e) {
    Loop loop;
    if (std::optional<RangeBounds> r = range_call(e)) {
      loop.range = r;
      loop.count = r->count;
      return loop;
    }
    const Value v = eval(e);
    if (auto p = std::get_if<std::shared_ptr<const Sequence>>(&v.v)) {
      loop.items = *p;
      loop.count = static_cast<int64_t>((*p)->items.size());
    } else if (const Str* str = v.str()) {
      loop.characters = characters(*str);
      loop.count = str->length;
    } else if (v.is_tensor()) {
      if (v.tensor().ndim() == 0) {
        raised_at_ = e.span;
        throw PythonError("TypeError", "iteration over a 0-d tensor");
      }
      loop.rows = v.tensor();
      loop.count = v.tensor().sizes()[0];
    } else {
      raised_at_ = e.span;
      throw PythonError("TypeError", "'" + std::string(type_name(v)) + "' object is not iterable");
    }
    return loop;
  }

  // `range(...)` written as what a `for` loops over: its bounds, the call
  // recorded as any call is, without making the list of its numbers.
  std::optional<RangeBounds> range_call(const Expr& e) {
    if (e.kind != Expr::Kind::Call || !e.keywords.empty() || e.items[0]->kind != Expr::Kind::Name)
      return std::nullopt;
    const Value function = eval(*e.items[0]);
    const Callable* fn = std::get_if<Callable>(&function.v);
    if (fn == nullptr || fn->self || fn->qualname != "range") return std::nullopt;
    Arguments args;
    for (size_t i = 1; i < e.items.size(); ++i) args.positional.push_back(eval(*e.items[i]));
    const size_t first = scope_->events().size();
    const int64_t number = ++calls_started_;
    try {
      const RangeBounds r = range_bounds(args);
      record(call_name(*fn), e.span, {}, {}, Value(), first, number);
      return r;
    } catch (...) {
      raised_at_ = e.span;
      record_failed(call_name(*fn), e.span, {}, {}, first, number);
      throw;
    }
  }

  // One statement run (or a comprehension's item) against ProgramLimits::max_steps.
  void spend_step() {
    if (++steps_ > limits_.max_steps)
      throw Error(ErrorKind::Limit,
                  "the program has run " + std::to_string(limits_.max_steps) +
                      " statements, as many as a program may (the maxSteps limit): does a loop "
                      "never end?");
  }

  Value item_of(Loop& loop, int64_t i, const Span& span) {
    if (loop.range) return Value(loop.range->at(i));
    if (loop.items) return loop.items->items[static_cast<size_t>(i)];
    if (loop.rows) {
      const Tensor x = *loop.rows;
      return Value(core_call(span)("Tensor.unbind", {x}, [&] { return select(x, 0, i); }));
    }
    return loop.characters[static_cast<size_t>(i)];
  }

  // for target in value: each header step binds the next item; the first
  // also computes what the loop goes over (once, as Python does).
  Flow run_for(const Statement& s) {
    Loop loop;
    const Expr& target = *s.targets[0];
    step(s, [&] {
      loop = loop_over(*s.value);
      if (loop.count > 0) assign(target, item_of(loop, 0, s.value->span), s);
    });
    for (int64_t i = 0; i < loop.count;) {
      const Flow flow = run_block(s.body);
      if (flow == Flow::Break) break;
      if (flow == Flow::Return) return flow;
      if (++i < loop.count) step(s, [&] { assign(target, item_of(loop, i, s.value->span), s); });
    }
    return Flow::Next;
  }

  // while test: a header step for each test, the last one false.
  Flow run_while(const Statement& s) {
    bool go = false;
    step(s, [&] { go = truth(eval(*s.value)); });
    while (go) {
      const Flow flow = run_block(s.body);
      if (flow == Flow::Break) break;
      if (flow == Flow::Return) return flow;
      step(s, [&] { go = truth(eval(*s.value)); });
    }
    return Flow::Next;
  }

  Flow run_if(const Statement& s) {
    bool taken = false;
    step(s, [&] { taken = truth(eval(*s.value)); });
    return run_block(taken ? s.body : s.orelse);
  }

  // with torch.no_grad(): (or enable_grad(), set_grad_enabled(b)): the
  // body in that grad mode, the mode before restored however it ends.
  Flow run_with(const Statement& s) {
    bool previous = grad_enabled();
    step(s, [&] {
      const Value v = eval(*s.value);
      const GradMode* mode = std::get_if<GradMode>(&v.v);
      if (mode == nullptr) {
        raised_at_ = s.value->span;
        throw PythonError("TypeError", "'" + std::string(type_name(v)) +
                                           "' object does not support the context manager protocol");
      }
      // set_grad_enabled(b) set the mode when it was called; it restores the one before
      previous = mode->kind == GradMode::Kind::SetGradEnabled ? mode->previous : grad_enabled();
      set_grad_enabled(mode->enabled);
      if (!s.targets.empty()) assign(*s.targets[0], Value(), s);  // __enter__ returns None
    });
    struct Restore {
      bool mode;
      ~Restore() { set_grad_enabled(mode); }
    } restore{previous};
    return run_block(s.body);
  }

  // def: the function, its defaults computed now (Note [Program functions]).
  void define(const Statement& s) {
    auto f = std::make_shared<UserFunction>();
    f->def = s.function;
    for (const Parameter& p : s.function->parameters)
      if (p.default_value) f->defaults.push_back(eval(*p.default_value));
    bind(s.function->name, Value(std::shared_ptr<const UserFunction>(std::move(f))));
  }

  // A call of the program's own function: its parameters bound as Python
  // binds them (and refused in Python's words), its body run in a frame
  // of its own.
  Value call_function(const UserFunction& f, const Arguments& args) {
    const FunctionDef& def = *f.def;
    if (static_cast<int64_t>(frames_.size()) >= kMaxCallDepth)
      throw PythonError("RecursionError", "maximum recursion depth exceeded (a program's calls nest at most " +
                                              std::to_string(kMaxCallDepth) + " deep)");
    Frame frame;
    frame.function = &f;
    bind_parameters(f, args, frame.locals);
    frames_.push_back(std::move(frame));
    struct Pop {
      std::vector<Frame>& frames;
      ~Pop() { frames.pop_back(); }
    } pop{frames_};
    const Flow flow = run_block(def.body);
    return flow == Flow::Return ? frames_.back().returned : Value();
  }

  static void bind_parameters(const UserFunction& f, const Arguments& args,
                              std::map<std::string, Value>& locals) {
    const FunctionDef& def = *f.def;
    const std::string name = def.name + "()";
    const size_t n = def.parameters.size();
    const size_t required = n - f.defaults.size();
    if (args.positional.size() > n) {
      const std::string takes = required == n ? std::to_string(n)
                                              : "from " + std::to_string(required) + " to " + std::to_string(n);
      const size_t given = args.positional.size();
      throw PythonError("TypeError", name + " takes " + takes + " positional argument" +
                                         (n == 1 && required == n ? "" : "s") + " but " +
                                         std::to_string(given) + (given == 1 ? " was" : " were") + " given");
    }
    for (size_t i = 0; i < args.positional.size(); ++i) locals[def.parameters[i].name] = args.positional[i];
    for (const auto& keyword : args.keywords) {
      const std::string& key = keyword.first;
      const auto p = std::find_if(def.parameters.begin(), def.parameters.end(),
                                  [&](const Parameter& q) { return q.name == key; });
      if (p == def.parameters.end())
        throw PythonError("TypeError", name + " got an unexpected keyword argument '" + key + "'");
      if (!locals.emplace(key, keyword.second).second)
        throw PythonError("TypeError", name + " got multiple values for argument '" + key + "'");
    }
    std::vector<std::string> missing;
    for (size_t i = 0; i < n; ++i) {
      const std::string& p = def.parameters[i].name;
      if (locals.count(p) != 0) continue;
      if (i >= required) locals[p] = f.defaults[i - required];
      else missing.push_back("'" + p + "'");
    }
    if (!missing.empty()) {
      std::string list;
      for (size_t i = 0; i < missing.size(); ++i)
        list += (i == 0 ? "" : i + 1 == missing.size() ? (missing.size() > 2 ? ", and " : " and ") : ", ") + missing[i];
      throw PythonError("TypeError", name + " missing " + std::to_string(missing.size()) +
                                         " required positional argument" + (missing.size() == 1 ? "" : "s") +
                                         ": " + list);
    }
  }

  // The source a span covers; its columns count UTF-16 code units (Note
  // [Columns] in src/syntax/lexer.h).
  std::string text_of(const Span& span) const {
    auto offset = [this](int line, int column) {
      const size_t l = static_cast<size_t>(std::max(line, 1)) - 1;
      size_t at = l < line_starts_.size() ? line_starts_[l] : source_.size();
      for (int units = std::max(column, 1) - 1; units > 0 && at < source_.size();) {
        const size_t next = utf8_next(source_, at);
        units -= next - at == 4 ? 2 : 1;  // past U+FFFF: a surrogate pair
        at = next;
      }
      return std::min(source_.size(), at);
    };
    const size_t a = offset(span.line, span.column), b = offset(span.end_line, span.end_column);
    return b > a ? source_.substr(a, b - a) : std::string();
  }

  // Runs `body` as one step of statement `s` (Note [Program steps]), in
  // its own TraceScope. When it raises, the error goes in the result and
  // Stop unwinds the program; a step that a Stop passes through (the call
  // of a function whose step raised) is kept as far as it ran.
  template <class Body>
  void step(const Statement& s, Body&& body) {
    auto out = std::make_unique<StatementResult>();
    out->line = s.span.line;
    out->column = s.span.column;
    out->end_line = s.span.end_line;
    out->end_column = s.span.end_column;
    out->source = text_of(s.span);
    out->run = runs_[&s]++;
    out->detailed = out->run < kDetailedRuns;
    out->depth = static_cast<int>(frames_.size());
    if (!frames_.empty()) out->function = frames_.back().function->def->name;
    // what a step in progress keeps of its own, while a call runs others
    StatementResult* const outer = current_;
    TraceScope* const outer_scope = scope_;
    const bool outer_values = values_wanted_;
    const int64_t outer_cells = cells_left_;
    std::unordered_set<std::string> outer_read = std::move(read_);
    const std::optional<Span> outer_raised = raised_at_;
    const int64_t serial = steps_started_++;
    const int64_t outer_serial = serial_;
    serial_ = serial;
    current_ = out.get();
    values_wanted_ = out->detailed && values_line_ >= out->line && values_line_ <= out->end_line &&
                     out->run == values_run_;
    if (values_wanted_) asked_live_ = out.get();
    cells_left_ = kMaxStatementCells;
    read_.clear();
    raised_at_.reset();
    std::optional<ProgramError> error;
    bool stopped = false;
    {
      TraceScope scope;
      scope_ = &scope;
      try {
        spend_step();
        body();
        output_.settle();
      } catch (const Stop&) {
        stopped = true;
      } catch (const Refusal& r) {
        error = error_of(where(s), r.message, "unsupported", "NotImplementedError");
      } catch (const PythonError& e) {
        error = error_of(where(s), e.what(), kind_of_python(e.type()), e.type());
      } catch (const Error& e) {
        error = error_of(where(s), e.what(), schema::error_kind_name(e.kind()), python_type_of(e.kind()));
      } catch (const std::bad_alloc&) {
        error = error_of(where(s), "out of memory", "memory", "RuntimeError");
      } catch (const std::exception& e) {
        error = error_of(where(s), e.what(), "internal", "RuntimeError");
      }
      note_warnings(s, scope.events());
      if (out->detailed) out->events = scope.events();
    }
    if (!error && !stopped && called_backward(*out)) fill_grads(*out);
    position_of_serial_[serial] = static_cast<int64_t>(result_.statements.size());
    if (asked_live_ == out.get()) {
      asked_live_ = nullptr;
      asked_position_ = static_cast<int64_t>(result_.statements.size());
    }
    result_.statements.push_back(std::move(*out));
    settle_call_gradients(!error && !stopped);
    current_ = outer;
    scope_ = outer_scope;
    values_wanted_ = outer_values;
    cells_left_ = outer_cells;
    read_ = std::move(outer_read);
    raised_at_ = outer_raised;
    serial_ = outer_serial;
    if (error) {
      result_.error = *error;
      throw Stop{};
    }
    if (stopped) throw Stop{};
  }

  Span where(const Statement& s) const { return raised_at_ ? *raised_at_ : s.span; }

  // The step's warnings, each the first of its text on its statement (Note [Program warnings]).
  void note_warnings(const Statement& s, const std::vector<TraceEvent>& events) {
    for (const TraceEvent& event : events) {
      const auto* w = std::get_if<WarningEvent>(&event);
      if (w == nullptr || !warned_.insert({&s, w->message}).second) continue;
      result_.warnings.push_back(
          {s.span.line, s.span.column, s.span.end_line, s.span.end_column, w->message, w->kind});
    }
  }

  static bool called_backward(const StatementResult& s) {
    for (const CallRecord& c : s.calls)
      if (c.op.size() >= 8 && c.op.compare(c.op.size() - 8, 8, "backward") == 0) return true;
    return false;
  }

  // The names the running code sees: a function's locals over the program's globals.
  void fill_grads(StatementResult& out) {
    auto add = [&](const std::map<std::string, Value>& names) {
      for (const auto& [name, value] : names) {
        if (!value.is_tensor() || out.grads.count(name) != 0) continue;
        const Tensor grad = value.tensor().grad();
        if (grad.defined()) out.grads[name] = info_of(grad);
      }
    };
    if (!frames_.empty()) add(frames_.back().locals);
    add(globals_);
  }

  void execute(const Statement& s) {
    switch (s.kind) {
      case Statement::Kind::Import:
        import(s);
        return;
      case Statement::Kind::Expression:
        expression_statement(*s.value, &s == result_statement_);
        return;
      case Statement::Kind::Assign: {
        const Value value = eval(*s.value);
        for (const ExprPtr& target : s.targets) assign(*target, value, s);
        return;
      }
      case Statement::Kind::AugAssign: {
        const Expr& target = *s.targets[0];
        const Value current = eval(target);
        const Value value = eval(*s.value);
        const Value updated = augmented_operator(s.op, current, value, core_call(s.span));
        bind(target.text, updated);
        return;
      }
      case Statement::Kind::Assert: {
        if (truth(eval(*s.value))) return;
        const std::string message = s.message ? str_text(eval(*s.message)) : std::string();
        raised_at_ = s.span;
        throw PythonError("AssertionError", message);
      }
      default:
        // compound statements and jumps run in run_one
        throw InternalError("internal error (please report): a statement run as a simple one");
    }
  }

  void import(const Statement& s) {
    for (const ImportName& name : s.imports) {
      if (!is_known_module(name.module)) {
        raised_at_ = name.span;
        throw Refusal{"`import " + name.module +
                      "` is not supported: programs may import torch, torch.nn and torch.nn.functional"};
      }
      Value value;
      if (name.member.empty()) {
        // import torch.nn binds torch; import torch.nn as nn binds torch.nn
        value = ModuleRef{name.aliased ? name.module : name.module.substr(0, name.module.find('.'))};
      } else {
        try {
          value = get_attribute(ModuleRef{name.module}, name.member);
        } catch (const PythonError& e) {
          raised_at_ = name.span;
          if (e.type() != "AttributeError") throw;
          throw PythonError("ImportError", "cannot import name '" + name.member + "' from '" +
                                               name.module + "'");
        }
      }
      bind(name.bound, value);
    }
  }

  // A name a function binds is its local (Python's rule: any name its body
  // binds, FunctionDef::locals); any other name is the program's.
  bool is_local(const std::string& name) const {
    if (frames_.empty()) return false;
    const std::vector<std::string>& locals = frames_.back().function->def->locals;
    return std::binary_search(locals.begin(), locals.end(), name);
  }

  // Note [Changed in place]: a statement that binds nothing, `a.relu_()`
  // or `F.relu(a, inplace=True)`, still changes a's values and grad_fn. A
  // call that hands back a tensor it was given (what every in-place op
  // does; record() collects them in returned_inputs_) shows, under the
  // statement, each name of the running scope bound to that tensor (in a
  // function its locals, else the program's names), as an
  // assignment shows the names it binds: the chip and the views then read
  // a as the statement left it, not as an earlier line did. Only where the
  // statement binds nothing: an assignment's own names are what it shows.
  // keep: the statement whose value is the program's result (Note [Program
  // inputs and result]); any other's is dropped at once, as Python drops it.
  void expression_statement(const Expr& e, bool keep) {
    std::vector<uint64_t> outer;
    outer.swap(returned_inputs_);  // a call of the program's own function runs steps of its own
    struct Restore {
      std::vector<uint64_t>& now;
      std::vector<uint64_t>& outer;
      ~Restore() { now.swap(outer); }
    } restore{returned_inputs_, outer};
    const Value value = eval(e);
    if (keep) result_.result = value;
    if (returned_inputs_.empty()) return;
    const auto show = [&](const std::map<std::string, Value>& scope) {
      bool shown = false;
      for (const auto& [name, value] : scope)
        if (value.is_tensor() && std::find(returned_inputs_.begin(), returned_inputs_.end(),
                                           value.tensor().id()) != returned_inputs_.end()) {
          current_->names[name] = info_of(value);
          shown = true;
        }
      return shown;
    };
    // in a function, its own names; the program's when none of its own is the tensor
    if (frames_.empty() || !show(frames_.back().locals)) show(globals_);
  }

  void bind(const std::string& name, const Value& value) {
    if (std::map<std::string, Value>* names = comprehension_names()) {
      (*names)[name] = value;
      return;
    }
    (is_local(name) ? frames_.back().locals : globals_)[name] = value;
    current_->names[name] = info_of(value);
  }

  void assign(const Expr& target, const Value& value, const Statement& s) { assign(target, value, s.span); }
  void assign(const Expr& target, const Value& value, const Span& span) {
    switch (target.kind) {
      case Expr::Kind::Name:
        bind(target.text, value);
        return;
      case Expr::Kind::Attribute: {
        const Value object = eval(*target.items[0]);
        try {
          set_attribute(object, target.text, value);
        } catch (...) {
          if (!raised_at_) raised_at_ = target.span;
          throw;
        }
        // the tensor changed: show it again under its name
        if (target.items[0]->kind == Expr::Kind::Name)
          current_->names[target.items[0]->text] = info_of(object);
        return;
      }
      case Expr::Kind::Tuple:
      case Expr::Kind::List: {
        const std::vector<Value> items = unpack(value, target.items.size(), span);
        for (size_t i = 0; i < items.size(); ++i) assign(*target.items[i], items[i], span);
        return;
      }
      default:
        // the parser lets no other target through
        throw InternalError("internal error (please report): assignment to an expression");
    }
  }

  // Python's iteration for a, b = value: a sequence's items, a string's
  // characters, a tensor's rows (Tensor.__iter__ is unbind(0); here each
  // row is a select, SelectBackward0 where PyTorch says UnbindBackward0).
  std::vector<Value> unpack(const Value& value, size_t expected, const Span& span) {
    std::vector<Value> items;
    if (const Sequence* seq = value.sequence()) {
      if (seq->items.size() == expected) items = seq->items;
      else items.resize(std::min(seq->items.size(), expected + 1));  // the count is wrong: the error below
    } else if (const Str* str = value.str()) {
      if (str->length == static_cast<int64_t>(expected)) items = characters(*str);
      else items.resize(static_cast<size_t>(std::min<int64_t>(str->length, static_cast<int64_t>(expected) + 1)));
    } else if (value.is_tensor()) {
      const Tensor x = value.tensor();
      if (x.ndim() == 0) throw PythonError("TypeError", "iteration over a 0-d tensor");
      const int64_t n = x.sizes()[0];
      if (n == static_cast<int64_t>(expected)) {
        for (int64_t i = 0; i < n; ++i)
          items.emplace_back(
              core_call(span)("Tensor.unbind", {x}, [&] { return select(x, 0, i); }));
      } else if (n > static_cast<int64_t>(expected)) {
        items.resize(expected + 1);  // too many: the error below
      } else {
        throw PythonError("ValueError", "not enough values to unpack (expected " +
                                            std::to_string(expected) + ", got " +
                                            std::to_string(n) + ")");
      }
    } else {
      throw PythonError("TypeError",
                        "cannot unpack non-iterable " + std::string(type_name(value)) + " object");
    }
    if (items.size() > expected)
      throw PythonError("ValueError",
                        "too many values to unpack (expected " + std::to_string(expected) + ")");
    if (items.size() < expected)
      throw PythonError("ValueError", "not enough values to unpack (expected " +
                                          std::to_string(expected) + ", got " +
                                          std::to_string(items.size()) + ")");
    return items;
  }

  // --- expressions

  // Evaluates e; whatever it raises is pinned to the innermost expression
  // that raised (the first to see the exception).
  Value eval(const Expr& e) {
    try {
      return eval_node(e);
    } catch (...) {
      if (!raised_at_) raised_at_ = e.span;
      throw;
    }
  }

  Value eval_node(const Expr& e) {
    using K = Expr::Kind;
    switch (e.kind) {
      case K::Name: return lookup(e.text);
      case K::Int: return e.int_value;
      case K::Float: return e.float_value;
      case K::Bool: return e.bool_value;
      case K::None: return Value();
      case K::Ellipsis: return EllipsisValue{};
      case K::String: return e.text;
      case K::Tuple:
      case K::List: return literal(e);
      case K::ListComp: return list_comprehension(e);
      case K::Unary: {
        const Value a = eval(*e.items[0]);
        return unary_operator(e.unary_op, a, core_call(e.span));
      }
      case K::BoolOp: {
        // Python's and/or: the first operand that decides, itself (not a bool)
        Value v;
        for (const ExprPtr& item : e.items) {
          v = eval(*item);
          if (truth(v) == (e.bool_op == BoolOperator::Or)) return v;
        }
        return v;
      }
      case K::IfExp: return truth(eval(*e.items[1])) ? eval(*e.items[0]) : eval(*e.items[2]);
      case K::FString: return f_string(e);
      case K::FormattedValue: return formatted(e);
      case K::Binary: {
        const Value a = eval(*e.items[0]);
        const Value b = eval(*e.items[1]);
        return binary_operator(e.op, a, b, core_call(e.span));
      }
      case K::Compare: return comparison(e);
      case K::Attribute: return attribute(e);
      case K::Call: return call(e);
      case K::Subscript: return subscript(e);
      case K::Slice: return slice(e);
      case K::CompFor: break;  // read by list_comprehension, never alone
    }
    throw InternalError("internal error (please report): an expression of no kind");
  }

  // Python's str(v) as one string (what an f-string and an assert's
  // message write).
  static std::string str_text(const Value& v) {
    std::string out;
    write_str(v, out);
    return out;
  }

  // f"...": its literal text and each field's formatted value (Note [F-strings]).
  Value f_string(const Expr& e) {
    std::string out;
    for (const ExprPtr& piece : e.items) {
      if (piece->kind == Expr::Kind::String) {
        out += piece->text;
      } else {
        out += *eval(*piece).text();
        check_new_string(static_cast<double>(utf8_length(out)), static_cast<double>(out.size()));
      }
    }
    return Value(std::move(out));
  }

  // {value!conversion:spec}: format(value, spec), after repr() or str() when converted.
  Value formatted(const Expr& e) {
    const Value v = eval(*e.items[0]);
    const std::string text = e.conversion == 'r' ? repr(v) : str_text(v);
    output_.spend(static_cast<int64_t>(text.size()));
    return Value(e.conversion != 0 ? format_value(Value(text), e.text, text) : format_value(v, e.text, text));
  }

  // A tuple or list as written: its item count checked before any item
  // runs, what it holds as each one comes (Note [Bounded values]), so that
  // [x, x, x, ...] stops at the item that passes a limit.
  // Note [Comprehensions]: [element for x in xs if c] runs in a scope of
  // its own, as Python 3's does: what its clauses bind (x) is its own, never
  // a name of the program or of the function it is in (x is not defined
  // after it, and a function it calls does not see it); every other name is
  // read as the statement reads it. The first iterable is evaluated before
  // anything is bound, as Python evaluates it outside the scope. Each item
  // a clause takes counts as a statement run (ProgramLimits::max_steps), so
  // `[0 for i in range(10**9)]` stops at the limit with its line, and the
  // list is bounded as every list is (check_new_sequence). One departure:
  // the record shows the statement's calls, not a step per item.
  struct Comprehension {
    size_t frame;  // frames_.size() when it started: a call it makes does not see its names
    std::map<std::string, Value> names;
  };

  std::map<std::string, Value>* comprehension_names() {
    if (comprehensions_.empty() || comprehensions_.back().frame != frames_.size()) return nullptr;
    return &comprehensions_.back().names;
  }

  Value list_comprehension(const Expr& e) {
    comprehensions_.push_back({frames_.size(), {}});
    struct Leave {
      std::vector<Comprehension>& scopes;
      ~Leave() { scopes.pop_back(); }
    } leave{comprehensions_};
    std::vector<Value> items;
    double size = 0;
    comprehend(e, 1, items, size);
    return Value::sequence(Sequence::Kind::List, std::move(items));
  }

  // The clauses from e.items[clause] on, adding each element they reach to items.
  void comprehend(const Expr& e, size_t clause, std::vector<Value>& items, double& size) {
    if (clause == e.items.size()) {
      items.push_back(eval(*e.items[0]));
      size += 1 + static_cast<double>(value_size(items.back()));
      check_new_sequence(Sequence::Kind::List, static_cast<double>(items.size()), size);
      return;
    }
    const Expr& c = *e.items[clause];
    Loop loop = loop_over(*c.items[1]);
    for (int64_t i = 0; i < loop.count; ++i) {
      spend_step();
      assign(*c.items[0], item_of(loop, i, c.items[1]->span), c.span);
      bool kept = true;
      for (size_t k = 2; kept && k < c.items.size(); ++k) kept = truth(eval(*c.items[k]));
      if (kept) comprehend(e, clause + 1, items, size);
    }
  }

  Value literal(const Expr& e) {
    const Sequence::Kind kind = e.kind == Expr::Kind::Tuple ? Sequence::Kind::Tuple : Sequence::Kind::List;
    const double count = static_cast<double>(e.items.size());
    check_new_sequence(kind, count, count);
    std::vector<Value> items;
    items.reserve(e.items.size());
    double size = count;
    for (const ExprPtr& item : e.items) {
      items.push_back(eval(*item));
      size += static_cast<double>(value_size(items.back()));
      check_new_sequence(kind, count, size);
    }
    return Value::sequence(kind, std::move(items));
  }

  Value lookup(const std::string& name) {
    // The comprehensions being run in this frame, innermost first (Note [Comprehensions]).
    for (auto c = comprehensions_.rbegin(); c != comprehensions_.rend() && c->frame == frames_.size(); ++c) {
      auto found = c->names.find(name);
      if (found != c->names.end()) return found->second;
    }
    if (is_local(name)) {
      const std::map<std::string, Value>& locals = frames_.back().locals;
      auto local = locals.find(name);
      if (local == locals.end())
        throw PythonError("UnboundLocalError", "cannot access local variable '" + name +
                                                   "' where it is not associated with a value");
      noted_read(name);
      return local->second;
    }
    auto it = globals_.find(name);
    if (it != globals_.end()) {
      noted_read(name);
      return it->second;
    }
    Value builtin;
    if (builtin_global(name, &builtin)) return builtin;
    throw PythonError("NameError", "name '" + name + "' is not defined");
  }

  // The statement read `name` (StatementResult::reads), once, counted
  // against the program's output.
  void noted_read(const std::string& name) {
    if (current_ == nullptr || !current_->detailed || read_.count(name) != 0) return;
    output_.spend(static_cast<int64_t>(name.size()) + 3);
    read_.insert(name);
    current_->reads.push_back(name);
  }

  // a < b < c is (a < b) and (b < c), b evaluated once: the first false
  // link is the result (Python's chaining; a tensor's truth raises unless
  // it has one element).
  Value comparison(const Expr& e) {
    Value left = eval(*e.items[0]);
    Value result;
    for (size_t i = 0; i < e.ops.size(); ++i) {
      const Expr& right_expr = *e.items[i + 1];
      Value right = eval(right_expr);
      const Span span{e.items[i]->span.line, e.items[i]->span.column, right_expr.span.end_line,
                      right_expr.span.end_column};
      result = compare_operator(e.ops[i], left, right, core_call(span));
      if (i + 1 < e.ops.size() && !truth(result)) return result;
      left = std::move(right);
    }
    return result;
  }

  Value attribute(const Expr& e) {
    const Value object = eval(*e.items[0]);
    const size_t first = scope_->events().size();
    const int64_t number = ++calls_started_;
    const std::vector<Tensor> inputs = object.is_tensor() ? std::vector<Tensor>{object.tensor()} : std::vector<Tensor>{};
    std::vector<TensorValues> found = values_of(inputs);
    Value value;
    {
      CallNumber numbered(number);
      value = get_attribute(object, e.text);
    }
    // x.T, x.mT, x.data make new tensors: the graph shows where they came from
    if (object.is_tensor() && value.is_tensor() && e.text != "grad" &&
        value.tensor().impl_ptr() != object.tensor().impl_ptr())
      record("Tensor." + e.text, e.span, inputs, std::move(found), value, first, number);
    return value;
  }

  Value call(const Expr& e) {
    const Value function = eval(*e.items[0]);
    const Callable* fn = std::get_if<Callable>(&function.v);
    Arguments args;
    for (size_t i = 1; i < e.items.size(); ++i) args.positional.push_back(eval(*e.items[i]));
    for (const Keyword& k : e.keywords) {
      try {
        args.keywords.emplace_back(k.name, eval(*k.value));
      } catch (...) {
        if (!raised_at_) raised_at_ = k.span;
        throw;
      }
    }
    const auto* user = std::get_if<std::shared_ptr<const UserFunction>>(&function.v);
    if (user != nullptr) return call_recorded(**user, args, e.span);
    if (fn == nullptr)
      throw PythonError("TypeError", "'" + std::string(type_name(function)) + "' object is not callable");
    std::vector<Tensor> inputs;
    if (fn->self) inputs.push_back(*fn->self);
    for (const Value& v : args.positional) collect_tensors(v, inputs);
    for (const auto& kv : args.keywords) collect_tensors(kv.second, inputs);
    const size_t first = scope_->events().size();
    CallContext context{&current_->output, &output_};
    const int64_t number = ++calls_started_;
    std::vector<TensorValues> found = values_of(inputs);
    Value result;
    try {
      CallNumber numbered(number);
      result = lang::call(*fn, args, context);
    } catch (...) {
      record_failed(call_name(*fn), e.span, inputs, std::move(found), first, number);
      throw;
    }
    record(call_name(*fn), e.span, inputs, std::move(found), result, first, number);
    return result;
  }

  // A call of the program's function, recorded by its name as any call is
  // (its own ops are its steps').
  Value call_recorded(const UserFunction& f, const Arguments& args, const Span& span) {
    std::vector<Tensor> inputs;
    for (const Value& v : args.positional) collect_tensors(v, inputs);
    for (const auto& kv : args.keywords) collect_tensors(kv.second, inputs);
    const size_t first = scope_->events().size();
    const int64_t number = ++calls_started_;
    std::vector<TensorValues> found = values_of(inputs);
    Value result;
    try {
      result = call_function(f, args);
    } catch (...) {
      record_failed(f.def->name, span, inputs, std::move(found), first, number);
      throw;
    }
    record(f.def->name, span, inputs, std::move(found), result, first, number);
    return result;
  }

  // A call that raised is recorded too (CallRecord::failed): the views read
  // its op and inputs from it, as they do for a call that ran.
  void record_failed(const std::string& op, const Span& span, const std::vector<Tensor>& inputs,
                     std::vector<TensorValues> found, size_t first_event, int64_t number) {
    if (!record(op, span, inputs, std::move(found), Value(), first_event, number)) return;
    current_->calls.back().failed = true;
  }

  // `number`: the CallNumber the call ran under (Note [Call numbers]);
  // `found`: the inputs' values before it ran (values_of). False for a
  // step past its statement's detailed runs, which keeps no calls.
  bool record(const std::string& op, const Span& span, const std::vector<Tensor>& inputs,
              std::vector<TensorValues> found, const Value& result, size_t first_event,
              int64_t number) {
    if (result.is_tensor())  // Note [Changed in place]
      for (const Tensor& t : inputs)
        if (t.id() == result.tensor().id()) returned_inputs_.push_back(t.id());
    if (!current_->detailed) return false;
    CallRecord r;
    r.op = op;
    r.line = span.line;
    r.column = span.column;
    r.end_line = span.end_line;
    r.end_column = span.end_column;
    for (const Tensor& t : inputs) r.inputs.push_back(t.id());
    std::vector<Tensor> outputs;
    collect_tensors(result, outputs);
    output_.spend(kInfoOverhead + 10 * static_cast<int64_t>(inputs.size() + outputs.size()) +
                  kEventOverhead * static_cast<int64_t>(scope_->events().size() - first_event));
    for (const Tensor& out : outputs) {
      r.outputs.push_back(out.id());
      r.output_info.push_back(info_of(Value(out), false));
      if (values_wanted_) r.output_values.push_back(values_of(out));
      // the same tensor back (add_, requires_grad_) is not a view of itself
      for (const Tensor& in : inputs) r.view |= out.id() != in.id() && out.shares_storage(in);
    }
    r.input_values = std::move(found);
    // The pass this call ran, if it was backward() (the first call to end after the pass).
    if (values_wanted_) r.steps = std::move(pass_steps_);
    pass_steps_.clear();
    r.first_event = first_event;
    r.end_event = scope_->events().size();
    place_of_call_[number] = {serial_, static_cast<int64_t>(current_->calls.size())};
    if (values_wanted_) asked_calls_[number] = {current_->calls.size(), r.inputs, r.outputs};
    current_->calls.push_back(std::move(r));
    return true;
  }

  // --- the asked statement's gradients (Note [Call gradients])

  // What the interpreter knows of one of the asked statement's calls: its
  // index in the statement's calls, its inputs' and outputs' ids.
  struct AskedCall {
    size_t index = 0;
    std::vector<uint64_t> inputs, outputs;
  };

  // A node made by one of the asked statement's calls ran (Note [Gradient
  // observer]). The gradient of the call's result is the one its node got
  // (the node whose result is the call's output); each input's, what a
  // node of the call handed the tensor of that id. Kept for the first pass
  // that ran the call's nodes, until its statement ends (settle_call_gradients).
  void ran(const Node& node, const Tensor& result, const Tensor& grad,
           const std::vector<Tensor>& input_grads, const std::vector<Tensor>& reduced) override {
    // The asked statement's own pass: each step's numbers, in the order the
    // engine records its reduce-grad events (an input it handed a gradient).
    if (values_wanted_)
      for (size_t i = 0; i < node.inputs.size() && i < input_grads.size(); ++i)
        if (node.inputs[i].defined() && input_grads[i].defined())
          pass_steps_.push_back({gradient_values(input_grads[i]), gradient_values(reduced[i])});
    const auto asked = asked_calls_.find(node.call);
    if (asked == asked_calls_.end() || current_ == nullptr) return;
    const AskedCall& call = asked->second;
    const std::vector<CallRecord>* asked_calls = asked_step_calls();
    if (asked_calls == nullptr) return;
    const std::vector<CallRecord>& calls = *asked_calls;
    if (call.index >= calls.size() || calls[call.index].grads) return;  // an earlier pass's stay
    CallGradients& g = pending_grads_[call.index];
    if (g.line == 0) {
      g.line = current_->line;
      g.inputs.resize(call.inputs.size());
      g.reduced.resize(call.inputs.size());
    }
    if (!g.result &&
        std::find(call.outputs.begin(), call.outputs.end(), result.id()) != call.outputs.end())
      g.result = gradient_values(grad);
    for (size_t i = 0; i < node.inputs.size() && i < input_grads.size(); ++i) {
      if (!node.inputs[i].defined() || !input_grads[i].defined()) continue;
      for (size_t k = 0; k < call.inputs.size(); ++k)
        if (call.inputs[k] == node.inputs[i].id() && !g.inputs[k]) {
          g.inputs[k] = gradient_values(input_grads[i]);
          g.reduced[k] = gradient_values(reduced[i]);
          break;  // x * x: the node's second x is the call's second
        }
    }
  }

  // A gradient's values within the statement's bound for gradients.
  TensorValues gradient_values(const Tensor& t) {
    std::swap(cells_left_, grad_cells_left_);
    TensorValues v = values_of(t);
    std::swap(cells_left_, grad_cells_left_);
    return v;
  }

  // The running statement ended: a backward pass that ran in it without an
  // error hands its gradients to the asked statement's calls.
  void settle_call_gradients(bool ok) {
    std::vector<CallRecord>* calls = asked_step_calls();
    if (ok && calls != nullptr)
      for (auto& [index, g] : pending_grads_)
        if (index < calls->size()) (*calls)[index].grads = std::move(g);
    pending_grads_.clear();
  }

  // The asked step's calls: the step's own while it runs (x.sum().backward()
  // asked about), its place in the result once it has finished; none before.
  std::vector<CallRecord>* asked_step_calls() {
    if (asked_live_ != nullptr) return &asked_live_->calls;
    if (asked_position_ >= 0) return &result_.statements[static_cast<size_t>(asked_position_)].calls;
    return nullptr;
  }

  // Each backward step's call, from the number its node recorded to the
  // call's index among the program's recorded calls, counted through the
  // steps in their final order (what ReduceGradTrace::call promises); a
  // node made by a call that was not recorded (x.grad read, a step past
  // its detailed runs) has none.
  void index_backward_steps() {
    std::vector<int64_t> first_call(result_.statements.size() + 1, 0);
    for (size_t i = 0; i < result_.statements.size(); ++i)
      first_call[i + 1] = first_call[i] + static_cast<int64_t>(result_.statements[i].calls.size());
    for (StatementResult& s : result_.statements)
      for (TraceEvent& event : s.events) {
        auto* step = std::get_if<ReduceGradTrace>(&event);
        if (step == nullptr || !step->call) continue;
        const auto it = place_of_call_.find(*step->call);
        if (it == place_of_call_.end()) {
          step->call = std::nullopt;
          continue;
        }
        const auto position = position_of_serial_.find(it->second.first);
        step->call = position == position_of_serial_.end()
                         ? std::nullopt
                         : std::optional<int64_t>(first_call[static_cast<size_t>(position->second)] +
                                                  it->second.second);
      }
  }

  // The hook operators run the core through (src/lang/operators.h).
  CoreCall core_call(const Span& span) {
    return [this, span](const std::string& op, const std::vector<Tensor>& inputs,
                        const std::function<Tensor()>& run) {
      const size_t first = scope_->events().size();
      const int64_t number = ++calls_started_;
      std::vector<TensorValues> found = values_of(inputs);
      Tensor out;
      try {
        CallNumber numbered(number);
        out = run();
      } catch (...) {
        record_failed(op, span, inputs, std::move(found), first, number);
        throw;
      }
      record(op, span, inputs, std::move(found), Value(out), first, number);
      return out;
    };
  }

  // --- x[...]

  Value slice(const Expr& e) {
    SliceValue s;
    std::optional<int64_t>* parts[] = {&s.start, &s.stop, &s.step};
    for (size_t i = 0; i < 3; ++i) {
      if (!e.items[i]) continue;
      const Value v = eval(*e.items[i]);
      if (v.is_none()) continue;
      if (auto b = std::get_if<bool>(&v.v)) *parts[i] = *b ? 1 : 0;
      else if (auto n = std::get_if<int64_t>(&v.v)) *parts[i] = *n;
      else
        throw PythonError("TypeError",
                          "slice indices must be integers or None or have an __index__ method");
    }
    return s;
  }

  Value subscript(const Expr& e) {
    const Value object = eval(*e.items[0]);
    const Expr& index_expr = *e.items[1];
    const Value index = eval(index_expr);
    if (object.is_tensor()) return index_tensor(e, object.tensor(), index, index_expr.kind == Expr::Kind::Tuple);
    if (const Sequence* s = object.sequence()) return index_sequence(*s, index, concat_kind(*s));
    if (const Str* str = object.str()) return index_string(*str, index);
    throw PythonError("TypeError", "'" + std::string(type_name(object)) + "' object is not subscriptable");
  }

  static const char* concat_kind(const Sequence& s) { return s.kind == Sequence::Kind::List ? "list" : "tuple"; }

  // Python's slice.indices(length): the positions a slice picks.
  static std::vector<int64_t> slice_positions(const SliceValue& s, int64_t length) {
    const int64_t step = s.step.value_or(1);
    if (step == 0) throw PythonError("ValueError", "slice step cannot be zero");
    auto adjust = [length, step](std::optional<int64_t> v, bool is_start) {
      if (!v) return step > 0 ? (is_start ? int64_t{0} : length) : (is_start ? length - 1 : int64_t{-1});
      int64_t x = *v;
      if (x < 0) {
        x += length;
        if (x < 0) x = step < 0 ? -1 : 0;
      } else if (x >= length) {
        x = step < 0 ? length - 1 : length;
      }
      return x;
    };
    const int64_t start = adjust(s.start, true), stop = adjust(s.stop, false);
    std::vector<int64_t> out;
    // start and stop are in [-1, length]: the next position, in 128 bits,
    // cannot wrap past them whatever the step
    for (__int128 i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(static_cast<int64_t>(i));
    return out;
  }

  static int64_t position(const Value& index, int64_t length, const char* what) {
    int64_t i = 0;
    if (auto b = std::get_if<bool>(&index.v)) i = *b ? 1 : 0;
    else if (auto n = std::get_if<int64_t>(&index.v)) i = *n;
    else if (std::string(what) == "string")
      throw PythonError("TypeError", "string indices must be integers, not '" +
                                         std::string(type_name(index)) + "'");
    else
      throw PythonError("TypeError", std::string(what) + " indices must be integers or slices, not " +
                                         type_name(index));
    if (i < 0) i += length;
    if (i < 0 || i >= length) throw PythonError("IndexError", std::string(what) + " index out of range");
    return i;
  }

  static Value index_sequence(const Sequence& s, const Value& index, const char* what) {
    const int64_t n = static_cast<int64_t>(s.items.size());
    if (const auto* sl = std::get_if<SliceValue>(&index.v)) {
      charge_work(WorkKind::Elements, static_cast<double>(n));
      std::vector<Value> items;
      for (int64_t i : slice_positions(*sl, n)) items.push_back(s.items[static_cast<size_t>(i)]);
      const Sequence::Kind kind = s.kind == Sequence::Kind::Named ? Sequence::Kind::Tuple : s.kind;
      return Value::sequence(kind, std::move(items));
    }
    return s.items[static_cast<size_t>(position(index, n, what))];
  }

  // s[i] and s[a:b:c] by characters (code points), as Python indexes a str.
  static Value index_string(const Str& s, const Value& index) {
    const int64_t n = s.length;
    const bool ascii = static_cast<size_t>(n) == s.utf8.size();  // one byte a character
    std::vector<size_t> starts;  // otherwise where each character starts, and the end
    if (!ascii) {
      charge_work(WorkKind::Elements, static_cast<double>(s.utf8.size()));
      for (size_t at = 0; at < s.utf8.size(); at = utf8_next(s.utf8, at)) starts.push_back(at);
      starts.push_back(s.utf8.size());
    }
    auto character = [&](int64_t i) {
      const size_t k = static_cast<size_t>(i);
      return ascii ? s.utf8.substr(k, 1) : s.utf8.substr(starts[k], starts[k + 1] - starts[k]);
    };
    if (const auto* sl = std::get_if<SliceValue>(&index.v)) {
      charge_work(WorkKind::Elements, static_cast<double>(s.utf8.size()));
      std::string out;
      for (int64_t i : slice_positions(*sl, n)) out += character(i);
      return out;
    }
    return character(position(index, n, "string"));
  }

  // PyTorch's treatSequenceAsTuple (python_variable_indexing.cpp): a list
  // index holding a tensor, a list, a slice, ... or None is the tuple of
  // its items (x[[0, 1], [1, 2]] is x[[0, 1], [1, 2]] with two items).
  static bool list_as_tuple(const Sequence& s) {
    if (s.kind != Sequence::Kind::List || s.items.size() >= 32) return false;
    for (const Value& v : s.items)
      if (v.is_tensor() || v.sequence() || v.is_none() ||
          std::holds_alternative<SliceValue>(v.v) || std::holds_alternative<EllipsisValue>(v.v))
        return true;
    return false;
  }

  static bool all_bools(const Value& v, int depth = 0) {
    if (const Sequence* s = v.sequence()) {
      if (depth > 32) return false;
      for (const Value& item : s->items)
        if (!all_bools(item, depth + 1)) return false;
      return !s->items.empty();
    }
    return std::holds_alternative<bool>(v.v);
  }

  TensorIndex index_item(const Value& v) {
    if (auto b = std::get_if<bool>(&v.v)) return TensorIndex::of_bool(*b);
    if (auto n = std::get_if<int64_t>(&v.v)) return TensorIndex::of_integer(*n);
    if (v.is_none()) return TensorIndex::none();
    if (std::holds_alternative<EllipsisValue>(v.v)) return TensorIndex::ellipsis();
    if (const auto* s = std::get_if<SliceValue>(&v.v)) return TensorIndex::of_slice(s->start, s->stop, s->step);
    if (v.is_tensor()) return TensorIndex::of_tensor(v.tensor());
    if (v.sequence() != nullptr) {
      // a list is a tensor: bool when every value is, else int64
      // (PyTorch's indexing_tensor_from_data)
      Arguments args{{v}, {}};
      if (!all_bools(v)) args.keywords.emplace_back("dtype", Value(DType::Int64));
      CallContext context{&current_->output, &output_};
      const Value t = lang::call(Callable{"torch.tensor", std::nullopt}, args, context);
      if (t.is_tensor()) return TensorIndex::of_tensor(t.tensor());
    }
    throw Error(ErrorKind::Index,
                "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                "valid indices (got " + std::string(type_name(v)) + ")");
  }

  Value index_tensor(const Expr& e, const Tensor& x, const Value& index, bool written_tuple) {
    std::vector<Value> values;
    bool tuple = written_tuple;
    const Sequence* s = index.sequence();
    if (s && (s->kind != Sequence::Kind::List || list_as_tuple(*s))) {
      values = s->items;
      tuple = true;
    } else {
      values.push_back(index);
    }
    std::vector<TensorIndex> items;
    std::vector<Tensor> inputs{x};
    for (const Value& v : values) {
      items.push_back(index_item(v));
      if (items.back().kind == TensorIndex::Kind::Tensor) inputs.push_back(items.back().tensor);
    }
    const size_t first = scope_->events().size();
    const int64_t number = ++calls_started_;
    std::vector<TensorValues> found = values_of(inputs);
    Value result;
    try {
      CallNumber numbered(number);
      result = tc::index(x, items, tuple);
    } catch (const Error& err) {
      record_failed("index", e.span, inputs, std::move(found), first, number);
      // PyTorch's Python indexing raises the core's refusal of a negative
      // or zero step as a ValueError (x[::-1], x[::0]); its other errors as
      // the core's.
      const bool step_refused = std::any_of(items.begin(), items.end(), [](const TensorIndex& i) {
        return i.kind == TensorIndex::Kind::Slice && i.step.value_or(1) <= 0;
      });
      if (err.kind() == ErrorKind::Value && step_refused) throw PythonError("ValueError", err.what());
      throw;
    } catch (...) {
      record_failed("index", e.span, inputs, std::move(found), first, number);
      throw;
    }
    record("index", e.span, inputs, std::move(found), result, first, number);
    return result;
  }

  // --- what a statement shows of a value (Note [Bounded output])

  // The asked statement's tensors as a call finds them (Note [Call
  // values]); nothing for any other statement's.
  std::vector<TensorValues> values_of(const std::vector<Tensor>& tensors) {
    std::vector<TensorValues> out;
    if (!values_wanted_) return out;
    for (const Tensor& t : tensors) out.push_back(values_of(t));
    return out;
  }

  // One tensor: its geometry, and its storage's cells from the first to
  // the last it reaches while the bounds allow.
  TensorValues values_of(const Tensor& t) {
    TensorValues v;
    v.shape = t.sizes();
    v.strides = t.strides();
    v.offset = t.offset();
    v.dtype = t.dtype();
    int64_t last = t.offset();
    for (size_t d = 0; d < v.shape.size(); ++d) {
      if (v.shape[d] == 0) {
        v.complete = true;  // no element: no cell
        return v;
      }
      if (v.strides[d] < 0) return v;  // no view of the core's has one; none is guessed at
      last += (v.shape[d] - 1) * v.strides[d];
    }
    const int64_t count = last + 1;
    if (count > kMaxValueCells || count > cells_left_) return v;
    cells_left_ -= count;
    v.complete = true;
    v.cells.reserve(static_cast<size_t>(count));
    visit_dtype(t.dtype(), [&](auto tag) {
      using T = decltype(tag);
      const T* cell = t.data<T>();
      for (int64_t i = 0; i < count; ++i) v.cells.push_back(cell_text(cell[i]));
    });
    return v;
  }

  // A cell as TensorValues::cells has it: Scalar::exact_text, but a
  // float32 in the 9 significant digits that read back as the same float32
  // (half the text of a double's 17, and quicker to write).
  template <class T>
  static std::string cell_text(T x) {
    if constexpr (std::is_same_v<T, float>) {
      if (std::isfinite(x) && x != std::trunc(x)) {
        char text[24];
        std::snprintf(text, sizeof text, "%.9g", static_cast<double>(x));
        return text;
      }
    }
    return scalar_of(x).exact_text();
  }

  template <class T>
  static Scalar scalar_of(T x) {
    if constexpr (std::is_same_v<T, bool>) return Scalar(x);
    else if constexpr (std::is_floating_point_v<T>) return Scalar(static_cast<double>(x));
    else return Scalar(static_cast<int64_t>(x));
  }

  // Its description: its repr as of now (summarised past kReprLimit
  // characters, a tensor's cut past kTensorInfoLimit; a tensor's only with
  // tensor_text, which a call's output goes without: Note [Call values]
  // has its values), for a tensor its geometry and autograd state and, for
  // a tuple or list, its items' descriptions: kMaxInfoItems in all through
  // 4 levels, each item's repr summarised past kItemReprLimit. Counted
  // against the program's output.
  ValueInfo info_of(const Value& v, bool tensor_text = true) {
    int64_t items_left = kMaxInfoItems;
    return describe(v, 0, items_left, tensor_text);
  }

  ValueInfo describe(const Value& v, int depth, int64_t& items_left, bool tensor_text) {
    ValueInfo info;
    info.type = type_name(v);
    output_.spend(kInfoOverhead);
    if (!v.is_tensor() || tensor_text) {
      const int64_t limit = depth > 0 ? kItemReprLimit : v.is_tensor() ? kTensorInfoLimit : kReprLimit;
      info.repr = repr(v, limit);
      output_.spend(static_cast<int64_t>(info.repr.size()));
    }
    if (!v.is_tensor()) {
      if (const Sequence* s = v.sequence())
        for (size_t i = 0; depth < 4 && i < s->items.size() && items_left > 0; ++i) {
          --items_left;
          info.items.push_back(describe(s->items[i], depth + 1, items_left, tensor_text));
        }
      return info;
    }
    const Tensor& t = v.tensor();
    info.id = t.id();
    info.storage = storages_.of(t);
    info.shape = t.sizes();
    info.strides = t.strides();
    info.offset = t.offset();
    info.dtype = t.dtype();
    info.requires_grad = t.requires_grad();
    info.is_leaf = t.is_leaf();
    if (t.impl().grad_fn) info.grad_fn = t.impl().grad_fn->grad_fn;
    return info;
  }

  // A call of the program's function: its locals, and what it returned.
  struct Frame {
    const UserFunction* function = nullptr;
    std::map<std::string, Value> locals;
    Value returned;
  };

  const std::string& source_;
  ProgramResult& result_;
  const ProgramLimits& limits_;
  std::vector<size_t> line_starts_;
  std::map<std::string, Value> globals_;
  std::vector<Frame> frames_;  // the calls running, innermost last
  std::vector<uint64_t> returned_inputs_;  // Note [Changed in place]
  const Statement* result_statement_ = nullptr;  // Note [Program inputs and result]
  // Each statement's runs so far, the steps run (Note [Program steps]),
  // and each step's place: started as serial n, it is statement
  // position_of_serial_[n] of the result once it has finished.
  std::unordered_map<const Statement*, int64_t> runs_;
  int64_t steps_ = 0;
  std::set<std::pair<const Statement*, std::string>> warned_;  // Note [Program warnings]
  std::vector<Comprehension> comprehensions_;  // being run, innermost last (Note [Comprehensions])
  int64_t steps_started_ = 0;
  int64_t serial_ = -1;  // the running step's
  std::unordered_map<int64_t, int64_t> position_of_serial_;
  StatementResult* current_ = nullptr;
  TraceScope* scope_ = nullptr;
  std::optional<Span> raised_at_;
  StorageNumbers storages_;
  OutputBudget output_;
  // Each call's number (Note [Call numbers]) and where it was recorded: the
  // serial of its step and its index among the step's calls.
  int64_t calls_started_ = 0;
  std::unordered_map<int64_t, std::pair<int64_t, int64_t>> place_of_call_;
  // The names the running statement read so far (StatementResult::reads,
  // checked in constant time: a line may read thousands).
  std::unordered_set<std::string> read_;
  // The line asked about (Note [Call values]), whether the running
  // statement covers it, and the cells its calls may still hand back.
  int values_line_ = 0;
  int values_run_ = 0;  // which run of that line's statement (StatementResult::run)
  bool values_wanted_ = false;
  int64_t cells_left_ = 0;
  // For Note [Call gradients]: the asked statement (an index into the
  // result's statements once it ran; past the end before), its calls by
  // number, the gradients of the pass now running, and the cells gradients
  // may still take.
  StatementResult* asked_live_ = nullptr;
  int64_t asked_position_ = -1;
  std::unordered_map<int64_t, AskedCall> asked_calls_;
  std::map<size_t, CallGradients> pending_grads_;
  // The asked statement's backward pass, step by step, until its call is recorded.
  std::vector<StepGradients> pass_steps_;
  int64_t grad_cells_left_ = kMaxStatementCells;
};

// What the program's names hold, largest first: each storage counted once
// (under the first name that holds it, alphabetically); a tensor's
// gradient under "<name>.grad", the tensors of a tuple or list under its
// name: "a (64.00 MiB), w.grad (4.00 KiB)".
struct Held {
  std::vector<std::pair<std::string, int64_t>> names;
  int64_t named = 0;
};
Held held_by_names(const std::map<std::string, Value>& globals) {
  std::set<const Storage*> seen;
  std::map<std::string, int64_t> bytes;
  std::set<const Sequence*> walked;
  auto add = [&](const std::string& name, const Tensor& t) {
    if (!t.defined() || !seen.insert(t.impl().storage.get()).second) return;
    bytes[name] += t.impl().storage->nbytes();
  };
  std::function<void(const std::string&, const Value&, int)> walk = [&](const std::string& name,
                                                                        const Value& v, int depth) {
    if (v.is_tensor()) {
      add(name, v.tensor());
      add(name + ".grad", v.tensor().grad());
    } else if (const Sequence* seq = v.sequence()) {
      // a list shared by many items ([[t] * 32] * 32 ...) is walked once
      if (depth < kMaxNesting && walked.insert(seq).second)
        for (const Value& item : seq->items) walk(name, item, depth + 1);
    }
  };
  for (const auto& [name, value] : globals) walk(name, value, 0);
  Held held;
  for (const auto& [name, n] : bytes) {
    held.names.push_back({name, n});
    held.named += n;
  }
  std::stable_sort(held.names.begin(), held.names.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return held;
}

// Note [Program memory advice]: an out-of-memory error in a program says,
// as the package's own does (bindings/ts/memory-advice.ts) and in
// PyTorch's manner ("Tried to allocate 64.00 MiB ... 448.00 MiB already
// allocated"), what holds the memory and what to do. Past the per-tensor
// limit, freeing cannot help: it says how large a tensor may be. Past the
// live limit or the allocator, it names the largest tensors by name and
// the ways to free them. `live_bytes`: what the program's tensors hold now.
// Called while the program's limits are set (memory_limit() is its own).
std::string memory_advice(const std::string& message, const std::map<std::string, Value>& globals,
                          const ProgramLimits& limits, int64_t live_bytes) {
  const std::string per_tensor = "tensorcast may allocate";  // Storage::allocate's words
  if (message.size() >= per_tensor.size() &&
      message.compare(message.size() - per_tensor.size(), per_tensor.size(), per_tensor) == 0)
    return ". Each tensor of a program may hold at most " + bytes_text(memory_limit()) + " (" +
           std::to_string(limits.max_elements) +
           " float32 elements, the maxElements limit): make smaller tensors, or compute in parts";
  const Held held = held_by_names(globals);
  std::string out = ". The program's names hold " + bytes_text(held.named);
  const size_t shown = std::min<size_t>(held.names.size(), 5);
  int64_t rest = held.named;
  for (size_t i = 0; i < shown; ++i) {
    out += (i ? ", " : ": ") + held.names[i].first + " (" + bytes_text(held.names[i].second) + ")";
    rest -= held.names[i].second;
  }
  if (held.names.size() > shown)
    out += " and " + std::to_string(held.names.size() - shown) + " more names (" +
           bytes_text(rest) + ")";
  if (live_bytes > held.named)
    out += "; " + bytes_text(live_bytes - held.named) +
           " more are in tensors without a name (kept for backward)";
  out += ". Free memory before this line: make smaller tensors, reuse a name (x = x * 2 frees the "
         "old x) or set names you no longer need to None";
  if (message.find(kPastLiveLimit) != std::string::npos)
    out += "; or raise the limit (maxMemory, " + bytes_text(limits.max_memory) + " now)";
  return out;
}

}  // namespace

// A program starts with autograd on (as a Python process does) and leaves
// the module's grad mode as it found it, whatever it set.
class GradModeScope {
 public:
  GradModeScope() : previous_(grad_enabled()) { set_grad_enabled(true); }
  ~GradModeScope() { set_grad_enabled(previous_); }
  GradModeScope(const GradModeScope&) = delete;
  GradModeScope& operator=(const GradModeScope&) = delete;

 private:
  bool previous_;
};

namespace {

// Each input's name as Python would let a program bind it.
void check_inputs(const ProgramInputs& inputs) {
  std::set<std::string> seen;
  for (const auto& input : inputs) {
    const std::string& name = input.first;
    bool identifier = false;
    try {
      const std::vector<syntax::Token> tokens = syntax::tokenize(name, "an input's name");
      identifier = tokens.size() == 3 && tokens[0].kind == syntax::TokenKind::Name &&
                   tokens[0].text == name;
    } catch (const Error&) {
    }
    if (!identifier)
      throw Error(ErrorKind::Value, "run(): the input name '" + syntax::printable(name) +
                                        "' is not a Python name (letters, digits and _, "
                                        "not starting with a digit, not a keyword)");
    if (!seen.insert(name).second)
      throw Error(ErrorKind::Value, "run(): the input '" + name + "' is given twice");
  }
}

}  // namespace

ProgramResult run_program(const std::string& source, const ProgramLimits& limits, int values_line,
                          int values_run, const ProgramInputs& inputs) {
  check_inputs(inputs);
  ProgramResult result;
  try {
    ParseResult parsed = parse_program(source, limits);
    if (parsed.error) {
      result.error = parsed.error;
      return result;
    }
    MemoryLimitScope memory(limits.max_elements, limits.max_memory);
    WorkScope work(static_cast<double>(limits.max_work));
    GradModeScope grad_mode;
    Interpreter interpreter(source, result, limits, values_line, values_run);
    interpreter.run(parsed.module, inputs);
    result.globals = std::move(interpreter.globals());
    result.work = work.used();
    result.described = interpreter.described();
    ProgramError* e = result.error ? &*result.error : nullptr;
    if (e && e->kind == "memory" && e->python_type == "RuntimeError")  // the core's, not Python's
      e->message += memory_advice(e->message, result.globals, limits,
                                  memory_stats().bytes - live_memory_limit().baseline);
  } catch (const std::bad_alloc&) {
    result.error = error_of({1, 1, 1, 2}, "out of memory", "memory", "RuntimeError");
  } catch (const std::exception& e) {
    result.error = error_of({1, 1, 1, 2}, e.what(), "internal", "RuntimeError");
  }
  return result;
}

}  // namespace tc::lang

TC_FOR_SIZE_END
