// Python's builtins a program may call: print, len, int, float, bool, str,
// abs, round, min, max, sum, any, all, tuple, list, range (src/lang/library.h). Their errors
// are Python's own texts (CPython's builtins).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "lang/library.h"
#include "lang/operators.h"  // truth: Python's bool() of a value, one for the interpreter and bool()
#include "lang/repr.h"
#include "work.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::lang {

namespace {

[[noreturn]] void type_error(const std::string& message) { throw PythonError("TypeError", message); }

void no_keywords(const Arguments& args, const char* fn) {
  if (!args.keywords.empty()) type_error(std::string(fn) + "() takes no keyword arguments");
}

const Value& exactly_one(const Arguments& args, const char* fn) {
  no_keywords(args, fn);
  if (args.positional.size() != 1)
    type_error(std::string(fn) + "() takes exactly one argument (" +
               std::to_string(args.positional.size()) + " given)");
  return args.positional[0];
}

// int(), float(), bool(), list(), tuple(): none or one argument.
const Value* at_most_one(const Arguments& args, const char* fn) {
  no_keywords(args, fn);
  if (args.positional.size() > 1)
    type_error(std::string(fn) + "() takes at most 1 argument (" +
               std::to_string(args.positional.size()) + " given)");
  return args.positional.empty() ? nullptr : &args.positional[0];
}

// PyTorch's Tensor.__int__/__float__/__bool__ take one element only.
Scalar one_element(const Tensor& t) {
  if (t.numel() != 1)
    throw PythonError("ValueError", "only one element tensors can be converted to Python scalars");
  return t.scalar_item();
}

// --- print(*values, sep=' ', end='\n')

Value print(const Arguments& args, CallContext& context) {
  std::string sep = " ", end = "\n";
  for (const auto& [name, value] : args.keywords) {
    if (name != "sep" && name != "end")
      type_error("'" + name + "' is an invalid keyword argument for print()");
    std::string& target = name == "sep" ? sep : end;
    if (value.is_none()) continue;
    const std::string* s = value.text();
    if (s == nullptr)
      type_error(name + " must be None or a string, not " + type_name(value));
    target = *s;
  }
  // What it writes counts against the program's output (Note [Bounded
  // output]) one argument at a time, so that print(x, x, ...) stops early.
  // Written now: a tensor shows the values it holds at this moment.
  std::string text;
  auto spend = [&context](int64_t chars) {
    if (context.budget != nullptr) context.budget->spend(chars);
  };
  for (size_t i = 0; i < args.positional.size(); ++i) {
    if (i > 0) {
      spend(static_cast<int64_t>(sep.size()));
      text += sep;
    }
    spend(write_str(args.positional[i], text));
  }
  spend(static_cast<int64_t>(end.size()));
  text += end;
  if (context.output != nullptr) *context.output += text;
  return Value();
}

// --- type, len, int, float, bool, abs, round

// Python's type(v): the class, a Callable named "class.<its name>" whose
// repr is "<class 'torch.Tensor'>" (value.cpp, is_class).
Value type_of(const Arguments& args, CallContext&) {
  if (!args.keywords.empty() || args.positional.size() != 1) type_error("type() takes 1 or 3 arguments");
  const Value& v = args.positional[0];
  return Value(Callable{std::string("class.") + (v.is_tensor() ? "torch.Tensor" : type_name(v)), std::nullopt});
}

Value len(const Arguments& args, CallContext&) {
  const Value& v = exactly_one(args, "len");
  if (v.is_tensor()) {
    if (v.tensor().ndim() == 0) type_error("len() of a 0-d tensor");
    return Value(v.tensor().sizes()[0]);
  }
  if (const Sequence* s = v.sequence()) return Value(static_cast<int64_t>(s->items.size()));
  if (const Str* s = v.str()) return Value(s->length);  // characters, as Python counts them
  type_error(std::string("object of type '") + type_name(v) + "' has no len()");
}

// tensorcast's ints are 64-bit: a float past them is refused, where
// Python's unbounded int would hold it.
int64_t float_to_int(double d) {
  if (std::isnan(d)) throw PythonError("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(d)) throw PythonError("OverflowError", "cannot convert float infinity to integer");
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) int_overflow();
  return static_cast<int64_t>(d);
}

Value to_int(const Arguments& args, CallContext&) {
  const Value* v = at_most_one(args, "int");
  if (v == nullptr) return Value(int64_t{0});
  if (auto b = std::get_if<bool>(&v->v)) return Value(int64_t{*b});
  if (auto i = std::get_if<int64_t>(&v->v)) return Value(*i);
  if (auto d = std::get_if<double>(&v->v)) return Value(float_to_int(*d));
  if (v->is_tensor()) {
    const Scalar s = one_element(v->tensor());
    return Value(s.kind() == Scalar::Kind::Float ? float_to_int(s.to_double()) : s.to_int());
  }
  if (const std::string* s = v->text()) {
    errno = 0;
    char* end = nullptr;
    const long long n = std::strtoll(s->c_str(), &end, 10);
    while (end && *end == ' ') ++end;
    if (s->empty() || end == s->c_str() || *end != '\0')
      // CPython quotes at most 200 characters of the repr (%.200R)
      throw PythonError("ValueError", "invalid literal for int() with base 10: " +
                                          repr(*v, 200).substr(0, 200));
    if (errno == ERANGE) int_overflow();  // a valid literal Python would hold as a big int
    return Value(static_cast<int64_t>(n));
  }
  type_error(std::string("int() argument must be a string, a bytes-like object or a real number, not '") +
             type_name(*v) + "'");
}

Value to_float(const Arguments& args, CallContext&) {
  const Value* v = at_most_one(args, "float");
  if (v == nullptr) return Value(0.0);
  if (auto b = std::get_if<bool>(&v->v)) return Value(*b ? 1.0 : 0.0);
  if (auto i = std::get_if<int64_t>(&v->v)) return Value(static_cast<double>(*i));
  if (auto d = std::get_if<double>(&v->v)) return Value(*d);
  if (v->is_tensor()) return Value(one_element(v->tensor()).to_double());
  if (const std::string* s = v->text()) {
    char* end = nullptr;
    const double d = std::strtod(s->c_str(), &end);
    while (end && *end == ' ') ++end;
    if (s->empty() || end == s->c_str() || *end != '\0')
      throw PythonError("ValueError", "could not convert string to float: " + string_repr(*s));
    return Value(d);
  }
  type_error(std::string("float() argument must be a string or a real number, not '") +
             type_name(*v) + "'");
}

Value to_bool(const Arguments& args, CallContext&) {
  const Value* v = at_most_one(args, "bool");
  return Value(v != nullptr && truth(*v));
}

Value absolute(const Arguments& args, CallContext&) {
  const Value& v = exactly_one(args, "abs");
  if (auto b = std::get_if<bool>(&v.v)) return Value(int64_t{*b});
  if (auto i = std::get_if<int64_t>(&v.v)) {
    if (*i == std::numeric_limits<int64_t>::min()) int_overflow();  // 2**63 is past int64
    return Value(*i < 0 ? -*i : *i);
  }
  if (auto d = std::get_if<double>(&v.v)) return Value(std::fabs(*d));
  if (v.is_tensor()) return unary(UnaryOp::Abs, v.tensor());
  type_error(std::string("bad operand type for abs(): '") + type_name(v) + "'");
}

// round(n, digits) of an int: n itself for digits >= 0, else n rounded to
// a multiple of 10**-digits, halves to even (Python's long_round).
int64_t round_int(int64_t n, int64_t digits) {
  if (digits >= 0) return n;
  if (digits < -19) return 0;  // 10**20 / 2 is past every int64
  __int128 unit = 1;
  for (int64_t k = 0; k < -digits; ++k) unit *= 10;
  const __int128 x = n;
  __int128 q = x / unit, r = x % unit;
  if (r < 0) {  // floor division, remainder in [0, unit)
    q -= 1;
    r += unit;
  }
  if (2 * r > unit || (2 * r == unit && (q & 1) != 0)) q += 1;
  const __int128 out = q * unit;
  if (out > std::numeric_limits<int64_t>::max() || out < std::numeric_limits<int64_t>::min())
    int_overflow();
  return static_cast<int64_t>(out);
}

// round(x, digits) of a float: Python's double_round, correctly rounded
// (printf's exact decimal, halves to even) for digits >= 0.
double round_float(double x, int64_t digits) {
  if (!std::isfinite(x) || x == 0) return x;
  if (digits > 323) return x;                    // every double is exact there
  if (digits < -308) return std::copysign(0.0, x);
  if (digits >= 0) {
    char text[800];
    std::snprintf(text, sizeof text, "%.*f", static_cast<int>(digits), x);
    return std::copysign(std::strtod(text, nullptr), x);
  }
  const double unit = std::pow(10.0, static_cast<double>(-digits));
  return std::copysign(std::nearbyint(x / unit) * unit, x);
}

// round(x): Python's, halves to even, an int; round(x, n) a float (an int
// for an int); round(tensor, n) is Tensor.__round__: torch.round(x, decimals=n).
Value round_(const Arguments& args, CallContext&) {
  no_keywords(args, "round");
  if (args.positional.empty() || args.positional.size() > 2)
    type_error("round() takes at most 2 arguments (" + std::to_string(args.positional.size()) +
               " given)");
  const Value& v = args.positional[0];
  const Value* digits = args.positional.size() == 2 ? &args.positional[1] : nullptr;
  if (digits && !digits->is_none() && !std::holds_alternative<int64_t>(digits->v))
    type_error(std::string("'") + type_name(*digits) + "' object cannot be interpreted as an integer");
  const bool has_digits = digits && !digits->is_none();
  const int64_t n = has_digits ? std::get<int64_t>(digits->v) : 0;
  if (v.is_tensor()) return has_digits ? tc::round(v.tensor(), n) : unary(UnaryOp::Round, v.tensor());
  if (auto b = std::get_if<bool>(&v.v)) return Value(round_int(*b ? 1 : 0, n));
  if (auto i = std::get_if<int64_t>(&v.v)) return Value(round_int(*i, n));
  if (auto d = std::get_if<double>(&v.v)) {
    if (!has_digits) return Value(float_to_int(std::nearbyint(*d)));
    return Value(round_float(*d, n));
  }
  type_error(std::string("type ") + type_name(v) + " doesn't define __round__ method");
}

// --- tuple, list, range, min, max

// Python's iteration of v, for a `kind` to be made of its items: checked
// against Note [Bounded values] before any item is made, and charged to
// the work budget.
std::vector<Value> items_of(const Value& v, const char* fn, Sequence::Kind kind) {
  if (const Sequence* s = v.sequence()) {
    charge_work(WorkKind::Elements, static_cast<double>(s->items.size()));
    return s->items;
  }
  if (const Str* str = v.str()) {
    check_new_sequence(kind, static_cast<double>(str->length), 2.0 * static_cast<double>(str->length));
    return characters(*str);
  }
  if (v.is_tensor()) {
    // Tensor.__iter__: its rows (unbind(0); here each a select view)
    const Tensor& t = v.tensor();
    if (t.ndim() == 0) type_error("iteration over a 0-d tensor");
    check_value_count(t.sizes()[0] * 8, fn);  // each row a tensor: a handful of values' worth
    check_new_sequence(kind, static_cast<double>(t.sizes()[0]), static_cast<double>(t.sizes()[0]));
    charge_work(WorkKind::Elements, static_cast<double>(t.sizes()[0]));
    std::vector<Value> out;
    for (int64_t i = 0; i < t.sizes()[0]; ++i) out.emplace_back(select(t, 0, i));
    return out;
  }
  type_error(std::string("'") + type_name(v) + "' object is not iterable");
}

Value make_tuple(const Arguments& args, CallContext&) {
  const Value* v = at_most_one(args, "tuple");
  return Value::sequence(Sequence::Kind::Tuple,
                         v ? items_of(*v, "tuple", Sequence::Kind::Tuple) : std::vector<Value>{});
}

Value make_list(const Arguments& args, CallContext&) {
  const Value* v = at_most_one(args, "list");
  return Value::sequence(Sequence::Kind::List,
                         v ? items_of(*v, "list", Sequence::Kind::List) : std::vector<Value>{});
}

int64_t range_int(const Value& v) {
  if (auto i = std::get_if<int64_t>(&v.v)) return *i;
  if (auto b = std::get_if<bool>(&v.v)) return *b;
  type_error(std::string("'") + type_name(v) + "' object cannot be interpreted as an integer");
}

}  // namespace

RangeBounds range_bounds(const Arguments& args) {
  no_keywords(args, "range");
  const size_t n = args.positional.size();
  if (n == 0) type_error("range expected at least 1 argument, got 0");
  if (n > 3) type_error("range expected at most 3 arguments, got " + std::to_string(n));
  RangeBounds r;
  r.start = n == 1 ? 0 : range_int(args.positional[0]);
  const int64_t stop = range_int(args.positional[n == 1 ? 0 : 1]);
  r.step = n == 3 ? range_int(args.positional[2]) : 1;
  if (r.step == 0) throw PythonError("ValueError", "range() arg 3 must not be zero");
  // the count exactly (Python's range length), in 128 bits: stop - start
  // may be past int64
  const __int128 span = r.step > 0 ? __int128{stop} - r.start : __int128{r.start} - stop;
  const __int128 stride = r.step > 0 ? __int128{r.step} : -__int128{r.step};
  const __int128 count = span <= 0 ? 0 : (span + stride - 1) / stride;
  r.count = static_cast<int64_t>(std::min<__int128>(count, std::numeric_limits<int64_t>::max()));
  return r;
}

namespace {

// range(stop), range(start, stop[, step]): a list here (there is no lazy
// range value), so list(range(n)) and torch.tensor(range(n)) work; it
// counts against the program's memory as its values would. A `for` loop
// over range(...) takes its numbers one at a time instead (run.cpp).
Value make_range(const Arguments& args, CallContext&) {
  const RangeBounds r = range_bounds(args);
  check_value_count(r.count, "range()");
  check_new_sequence(Sequence::Kind::List, static_cast<double>(r.count), static_cast<double>(r.count));
  charge_work(WorkKind::Elements, static_cast<double>(r.count));
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(r.count));
  for (int64_t i = 0; i < r.count; ++i) items.emplace_back(r.at(i));
  return Value::sequence(Sequence::Kind::List, std::move(items));
}

// enumerate(iterable, start=0) and zip(*iterables): lists of tuples here
// (Python's are lazy iterators), made from Python's iteration of each
// argument (items_of) and bounded as a list is.
Value make_enumerate(const Arguments& args, CallContext&) {
  const size_t n = args.positional.size();
  const Value* start = n >= 2 ? &args.positional[1] : nullptr;
  for (const auto& [name, value] : args.keywords) {
    if (name != "start" || start != nullptr)
      type_error(name == "start" ? "argument for enumerate() given by name ('start') and position (2)"
                                 : "'" + name + "' is an invalid keyword argument for enumerate()");
    start = &value;
  }
  if (n > 2) type_error("enumerate() takes at most 2 arguments (" + std::to_string(n) + " given)");
  if (n == 0) type_error("enumerate() missing required argument 'iterable' (pos 1)");
  const int64_t first = start == nullptr ? 0 : range_int(*start);
  std::vector<Value> items = items_of(args.positional[0], "enumerate", Sequence::Kind::List);
  check_new_sequence(Sequence::Kind::List, static_cast<double>(items.size()), 3.0 * static_cast<double>(items.size()));
  std::vector<Value> out;
  out.reserve(items.size());
  for (size_t i = 0; i < items.size(); ++i)
    out.push_back(Value::sequence(Sequence::Kind::Tuple, {Value(first + static_cast<int64_t>(i)), items[i]}));
  return Value::sequence(Sequence::Kind::List, std::move(out));
}

Value make_zip(const Arguments& args, CallContext&) {
  no_keywords(args, "zip");
  std::vector<std::vector<Value>> columns;
  size_t rows = std::numeric_limits<size_t>::max();
  for (const Value& v : args.positional) {
    columns.push_back(items_of(v, "zip", Sequence::Kind::List));
    rows = std::min(rows, columns.back().size());
  }
  if (columns.empty()) rows = 0;
  check_new_sequence(Sequence::Kind::List, static_cast<double>(rows),
                     static_cast<double>(rows) * static_cast<double>(columns.size() + 1));
  std::vector<Value> out;
  out.reserve(rows);
  for (size_t r = 0; r < rows; ++r) {
    std::vector<Value> row;
    for (const std::vector<Value>& c : columns) row.push_back(c[r]);
    out.push_back(Value::sequence(Sequence::Kind::Tuple, std::move(row)));
  }
  return Value::sequence(Sequence::Kind::List, std::move(out));
}

// --- grad mode (Note [Program functions]'s neighbour: a `with` enters
// these; run.cpp restores the mode when its block ends)

Value no_grad(const Bound&, CallContext&) { return Value(GradMode{GradMode::Kind::NoGrad, false}); }
Value enable_grad(const Bound&, CallContext&) { return Value(GradMode{GradMode::Kind::EnableGrad, true}); }
// As PyTorch's, it sets the mode when called, not only in a `with`; its
// mode is any object, checked by torch._C._set_grad_enabled's words.
Value set_grad_enabled_(const Bound& b, CallContext&) {
  const Value& mode = b.get("mode");
  if (!std::holds_alternative<bool>(mode.v))
    type_error(std::string("enabled must be a bool (got ") + type_name(mode) + ")");
  GradMode m{GradMode::Kind::SetGradEnabled, b.flag("mode"), grad_enabled()};
  set_grad_enabled(m.enabled);
  return Value(m);
}
Value is_grad_enabled(const Bound&, CallContext&) { return Value(grad_enabled()); }

// a > b as Python evaluates it for numbers and one-element tensors.
bool greater(const Value& a, const Value& b) {
  auto number = [](const Value& v) -> std::optional<Operand> {
    if (v.is_tensor()) return Operand(v.tensor());
    if (auto x = std::get_if<bool>(&v.v)) return Operand(*x);
    if (auto x = std::get_if<int64_t>(&v.v)) return Operand(*x);
    if (auto x = std::get_if<double>(&v.v)) return Operand(*x);
    return std::nullopt;
  };
  const auto x = number(a), y = number(b);
  if (!x || !y)
    type_error(std::string("'>' not supported between instances of '") + type_name(a) + "' and '" +
               type_name(b) + "'");
  if (!x->is_number() || !y->is_number()) return truth(Value(compare(CompareOp::Gt, *x, *y)));
  return x->number().to_double() > y->number().to_double();
}

Value extreme(const Arguments& args, const char* fn, bool largest) {
  no_keywords(args, fn);
  if (args.positional.empty())
    type_error(std::string(fn) + " expected at least 1 argument, got 0");
  const std::vector<Value> items =
      args.positional.size() == 1 ? items_of(args.positional[0], fn, Sequence::Kind::Tuple)
                                  : args.positional;
  if (items.empty()) throw PythonError("ValueError", std::string(fn) + "() arg is an empty sequence");
  Value best = items[0];
  for (size_t i = 1; i < items.size(); ++i)
    if (largest ? greater(items[i], best) : greater(best, items[i])) best = items[i];
  return best;
}
Value py_max(const Arguments& args, CallContext&) { return extreme(args, "max", true); }
Value py_min(const Arguments& args, CallContext&) { return extreme(args, "min", false); }

// sum(iterable, /, start=0): start + item + item ..., left to right with
// Python's `+` (a tensor's through the core, as 0 + x runs x.add(0)).
Value py_sum(const Arguments& args, CallContext&) {
  const Value* start = nullptr;
  for (const auto& [name, value] : args.keywords) {
    if (name != "start") type_error("'" + name + "' is an invalid keyword argument for sum()");
    start = &value;
  }
  const size_t n = args.positional.size();
  if (n == 0) type_error("sum() takes at least 1 positional argument (0 given)");
  if (n + (start != nullptr ? 1 : 0) > 2)
    type_error("sum() takes at most 2 arguments (" + std::to_string(n + (start != nullptr ? 1 : 0)) + " given)");
  if (n == 2) start = &args.positional[1];
  Value total = start != nullptr ? *start : Value(int64_t{0});
  if (total.str() != nullptr) type_error("sum() can't sum strings [use ''.join(seq) instead]");
  const CoreCall run = [](const std::string&, const std::vector<Tensor>&, const std::function<Tensor()>& op) { return op(); };
  for (const Value& item : items_of(args.positional[0], "sum", Sequence::Kind::List))
    total = binary_operator(Operator::Add, total, item, run);
  return total;
}

// any(iterable), all(iterable): Python's truth of each item, stopping at
// the first that decides (a tensor of more than one element raises).
Value any_or_all(const Arguments& args, const char* fn, bool any) {
  no_keywords(args, fn);
  if (args.positional.size() != 1)
    type_error(std::string(fn) + "() takes exactly one argument (" + std::to_string(args.positional.size()) + " given)");
  for (const Value& item : items_of(args.positional[0], fn, Sequence::Kind::List))
    if (truth(item) == any) return Value(any);
  return Value(!any);
}
Value py_any(const Arguments& args, CallContext&) { return any_or_all(args, "any", true); }
Value py_all(const Arguments& args, CallContext&) { return any_or_all(args, "all", false); }

// str(value): Python's str (a tensor's PyTorch repr); str() is ''.
Value to_str(const Arguments& args, CallContext&) {
  for (const auto& keyword : args.keywords)
    type_error("'" + keyword.first + "' is an invalid keyword argument for str()");
  if (args.positional.empty()) return Value(std::string());
  if (args.positional.size() > 1) {
    const Value& encoding = args.positional[1];
    if (encoding.str() == nullptr)
      type_error(std::string("str() argument 'encoding' must be str, not ") + type_name(encoding));
    type_error("decoding str is not supported");
  }
  std::string out;
  write_str(args.positional[0], out);
  return Value(std::move(out));
}

}  // namespace

void add_python(std::vector<Entry>& t) {
  t.push_back(raw_entry("print", kBuiltin, print));
  t.push_back(raw_entry("type", kBuiltin, type_of));
  t.push_back(raw_entry("len", kBuiltin, len));
  t.push_back(raw_entry("int", kBuiltin, to_int));
  t.push_back(raw_entry("float", kBuiltin, to_float));
  t.push_back(raw_entry("bool", kBuiltin, to_bool));
  t.push_back(raw_entry("abs", kBuiltin, absolute));
  t.push_back(raw_entry("round", kBuiltin, round_));
  t.push_back(raw_entry("tuple", kBuiltin, make_tuple));
  t.push_back(raw_entry("list", kBuiltin, make_list));
  t.push_back(raw_entry("range", kBuiltin, make_range));
  t.push_back(raw_entry("max", kBuiltin, py_max));
  t.push_back(raw_entry("min", kBuiltin, py_min));
  t.push_back(raw_entry("enumerate", kBuiltin, make_enumerate));
  t.push_back(raw_entry("zip", kBuiltin, make_zip));
  t.push_back(raw_entry("sum", kBuiltin, py_sum));
  t.push_back(raw_entry("any", kBuiltin, py_any));
  t.push_back(raw_entry("all", kBuiltin, py_all));
  t.push_back(raw_entry("str", kBuiltin, to_str));
  const char* const context = "a program's `with` block; the package has tc.noGrad(fn)";
  t.push_back(entry("no_grad", kTorch, {"no_grad()|python no_grad.__init__"}, no_grad)
                  .in(Family::Autograd, std::nullopt, false)
                  .not_in_package(context)
                  .says("Autograd off inside `with torch.no_grad():`."));
  t.push_back(entry("enable_grad", kTorch, {"enable_grad()|python object"}, enable_grad)
                  .in(Family::Autograd, std::nullopt, false)
                  .not_in_package(context)
                  .says("Autograd on inside `with torch.enable_grad():`."));
  t.push_back(entry("set_grad_enabled", kTorch, {"set_grad_enabled(object mode)|python set_grad_enabled.__init__"}, set_grad_enabled_)
                  .in(Family::Autograd, std::nullopt, false)
                  .not_in_package(context)
                  .says("Turns autograd on or off (inside a `with`, until its block ends)."));
  t.push_back(entry("is_grad_enabled", kTorch, {"is_grad_enabled() -> bool"}, is_grad_enabled)
                  .in(Family::Autograd, std::nullopt, false)
                  .not_in_package("the package's tc.noGrad(fn) says where autograd is off")
                  .says("Whether autograd records what is computed now."));
}

}  // namespace tc::lang

TC_FOR_SIZE_END
