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
#include "lang/operators.h"
#include "lang/parser.h"
#include "lang/program.h"
#include "lang/repr.h"
#include "ops.h"
#include "storage.h"
#include "trace_schema.h"
#include "work.h"

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

class Interpreter {
 public:
  Interpreter(const std::string& source, ProgramResult& result, int values_line)
      : source_(source), result_(result), values_line_(values_line) {
    // as the lexer reads lines (Note [Python text]): after a leading BOM,
    // broken by \n, \r\n or a lone \r
    line_starts_.push_back(source.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0);
    for (size_t i = 0; i < source.size(); ++i)
      if (source[i] == '\n' || (source[i] == '\r' && (i + 1 == source.size() || source[i + 1] != '\n')))
        line_starts_.push_back(i + 1);
  }

  void run(const Module& module) {
    if (auto e = check_imports(module)) {
      result_.error = *e;
      return;
    }
    for (const Statement& s : module.statements)
      if (!run_statement(s)) break;
  }

  std::map<std::string, Value>& globals() { return globals_; }
  int64_t described() const { return output_.used(); }

 private:
  // --- statements

  // Imports the subset has no module for are refused before anything runs.
  std::optional<ProgramError> check_imports(const Module& module) const {
    for (const Statement& s : module.statements)
      for (const ImportName& name : s.imports)
        if (!is_known_module(name.module))
          return error_of(name.span,
                          "`import " + name.module +
                              "` is not supported: programs may import torch, torch.nn and "
                              "torch.nn.functional",
                          "unsupported", "SyntaxError");
    return std::nullopt;
  }

  std::string text_of(const Span& span) const {
    auto offset = [this](int line, int column) {
      const size_t l = static_cast<size_t>(std::max(line, 1)) - 1;
      const size_t start = l < line_starts_.size() ? line_starts_[l] : source_.size();
      return std::min(source_.size(), start + static_cast<size_t>(std::max(column, 1)) - 1);
    };
    const size_t a = offset(span.line, span.column), b = offset(span.end_line, span.end_column);
    return b > a ? source_.substr(a, b - a) : std::string();
  }

  // Runs one statement in its own TraceScope; false when it raised (the
  // error is in the result, the statement last in its list).
  bool run_statement(const Statement& s) {
    result_.statements.emplace_back();
    StatementResult& out = result_.statements.back();
    out.line = s.span.line;
    out.column = s.span.column;
    out.end_line = s.span.end_line;
    out.end_column = s.span.end_column;
    out.source = text_of(s.span);
    current_ = &out;
    values_wanted_ = values_line_ >= out.line && values_line_ <= out.end_line;
    cells_left_ = kMaxStatementCells;
    read_.clear();
    raised_at_.reset();
    std::optional<ProgramError> error;
    {
      TraceScope scope;
      scope_ = &scope;
      try {
        execute(s);
        output_.settle();
      } catch (const PythonError& e) {
        error = error_of(where(s), e.what(), kind_of_python(e.type()), e.type());
      } catch (const Error& e) {
        error = error_of(where(s), e.what(), schema::error_kind_name(e.kind()), python_type_of(e.kind()));
      } catch (const std::bad_alloc&) {
        error = error_of(where(s), "out of memory", "memory", "RuntimeError");
      } catch (const std::exception& e) {
        error = error_of(where(s), e.what(), "internal", "RuntimeError");
      }
      out.events = scope.events();
      index_backward_steps(out.events);
      scope_ = nullptr;
    }
    if (!error && called_backward(out)) fill_grads(out);
    current_ = nullptr;
    if (error) result_.error = *error;
    return !error;
  }

  Span where(const Statement& s) const { return raised_at_ ? *raised_at_ : s.span; }

  static bool called_backward(const StatementResult& s) {
    for (const CallRecord& c : s.calls)
      if (c.op.size() >= 8 && c.op.compare(c.op.size() - 8, 8, "backward") == 0) return true;
    return false;
  }

  void fill_grads(StatementResult& out) {
    for (const auto& [name, value] : globals_) {
      if (!value.is_tensor()) continue;
      const Tensor grad = value.tensor().grad();
      if (grad.defined()) out.grads[name] = info_of(grad);
    }
  }

  void execute(const Statement& s) {
    switch (s.kind) {
      case Statement::Kind::Import:
        import(s);
        return;
      case Statement::Kind::Expression:
        eval(*s.value);
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
    }
  }

  void import(const Statement& s) {
    for (const ImportName& name : s.imports) {
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

  void bind(const std::string& name, const Value& value) {
    globals_[name] = value;
    current_->names[name] = info_of(value);
  }

  void assign(const Expr& target, const Value& value, const Statement& s) {
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
        const std::vector<Value> items = unpack(value, target.items.size(), s);
        for (size_t i = 0; i < items.size(); ++i) assign(*target.items[i], items[i], s);
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
  std::vector<Value> unpack(const Value& value, size_t expected, const Statement& s) {
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
              core_call(s.span)("Tensor.unbind", {x}, [&] { return select(x, 0, i); }));
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
      case K::Unary: {
        const Value a = eval(*e.items[0]);
        return unary_operator(e.unary_op, a, core_call(e.span));
      }
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
    }
    return Value();
  }

  // A tuple or list as written: its item count checked before any item
  // runs, what it holds as each one comes (Note [Bounded values]), so that
  // [x, x, x, ...] stops at the item that passes a limit.
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
    if (current_ == nullptr || read_.count(name) != 0) return;
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

  // A call that raised is recorded too (CallRecord::failed): the views read
  // its op and inputs from it, as they do for a call that ran.
  void record_failed(const std::string& op, const Span& span, const std::vector<Tensor>& inputs,
                     std::vector<TensorValues> found, size_t first_event, int64_t number) {
    record(op, span, inputs, std::move(found), Value(), first_event, number);
    current_->calls.back().failed = true;
  }

  // `number`: the CallNumber the call ran under (Note [Call numbers]);
  // `found`: the inputs' values before it ran (values_of).
  void record(const std::string& op, const Span& span, const std::vector<Tensor>& inputs,
              std::vector<TensorValues> found, const Value& result, size_t first_event,
              int64_t number) {
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
    r.first_event = first_event;
    r.end_event = scope_->events().size();
    current_->calls.push_back(std::move(r));
    index_of_call_[number] = calls_recorded_++;
  }

  // Each backward step's call, from the number its node recorded to the
  // call's index among the program's recorded calls (what
  // ReduceGradTrace::call promises); a node made by a call that was not
  // recorded (x.grad read) has none.
  void index_backward_steps(std::vector<TraceEvent>& events) const {
    for (TraceEvent& event : events) {
      auto* step = std::get_if<ReduceGradTrace>(&event);
      if (step == nullptr || !step->call) continue;
      const auto it = index_of_call_.find(*step->call);
      step->call = it == index_of_call_.end() ? std::nullopt : std::optional<int64_t>(it->second);
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

  const std::string& source_;
  ProgramResult& result_;
  std::vector<size_t> line_starts_;
  std::map<std::string, Value> globals_;
  StatementResult* current_ = nullptr;
  TraceScope* scope_ = nullptr;
  std::optional<Span> raised_at_;
  StorageNumbers storages_;
  OutputBudget output_;
  // Each call's number (Note [Call numbers]) and its index among the recorded calls.
  int64_t calls_started_ = 0;
  int64_t calls_recorded_ = 0;
  std::unordered_map<int64_t, int64_t> index_of_call_;
  // The names the running statement read so far (StatementResult::reads,
  // checked in constant time: a line may read thousands).
  std::unordered_set<std::string> read_;
  // The line asked about (Note [Call values]), whether the running
  // statement covers it, and the cells its calls may still hand back.
  int values_line_ = 0;
  bool values_wanted_ = false;
  int64_t cells_left_ = 0;
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

ProgramResult run_program(const std::string& source, const ProgramLimits& limits, int values_line) {
  ProgramResult result;
  try {
    ParseResult parsed = parse_program(source, limits);
    if (parsed.error) {
      result.error = parsed.error;
      return result;
    }
    MemoryLimitScope memory(limits.max_elements, limits.max_memory);
    WorkScope work(static_cast<double>(limits.max_work));
    Interpreter interpreter(source, result, values_line);
    interpreter.run(parsed.module);
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
