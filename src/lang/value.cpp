// Values (src/lang/value.h): how strings and sequences are made, checked
// and counted (Note [Bounded values]); type_name and repr, and what print()
// writes (src/lang/repr.h): Python's own texts for Python's values,
// PyTorch's for tensors (Note [Tensor repr] in src/tensor_repr.h),
// torch.Size, dtypes and named tuples, bounded (Note [Bounded reprs]).
#include "lang/repr.h"

#include "lang/ast.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "autograd/node.h"
#include "error.h"
#include "shape.h"
#include "storage.h"
#include "tensor_repr.h"
#include "work.h"

namespace tc::lang {

namespace {

// Items and characters of the strings and sequences alive (Note [Bounded
// values]).
int64_t g_live = 0;

// Adds `size` to the live count, or raises if it would pass kMaxLiveSize.
int64_t enter_live(int64_t size) {
  if (g_live + size > kMaxLiveSize)
    fail(ErrorKind::Limit, "the strings, tuples and lists alive would hold ", g_live + size,
         " items and characters in all, more than the ", kMaxLiveSize,
         " tensorcast lets a program's values hold at once; bind names you no longer need "
         "to something else (x = None) to free what they hold, or keep numbers in tensors");
  g_live += size;
  return size;
}

const char* kind_name(Sequence::Kind kind) {
  switch (kind) {
    case Sequence::Kind::List: return "list";
    case Sequence::Kind::Size: return "torch.Size";
    default: return "tuple";
  }
}

std::string count_text(double n) {
  if (n < 9.2e18) return std::to_string(static_cast<int64_t>(n));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", n);
  return buf;
}

// "<SubBackward0 object at 0x55d0c0a8e2f0>": grad_fn is a Callable named
// "grad_fn.<class>" bound to its tensor (builtins.cpp, Note [grad_fn]);
// the address is the node's, as Python prints an object's id.
std::string grad_fn_repr(const Callable& fn) {
  const std::string cls = fn.qualname.substr(8);
  const void* node = fn.self && fn.self->defined() ? fn.self->impl().grad_fn.get() : nullptr;
  char address[32];
  std::snprintf(address, sizeof address, "0x%" PRIxPTR, reinterpret_cast<uintptr_t>(node));
  return "<" + cls + " object at " + address + ">";
}

bool is_grad_fn(const Callable& fn) { return fn.qualname.rfind("grad_fn.", 0) == 0; }

// Python's builtins that are classes (type(int) is type), torch.Size, and
// what type(v) gives: "class.<name>" (lib_python.cpp).
bool is_class(const Callable& fn) {
  if (fn.qualname.rfind("class.", 0) == 0) return true;
  for (const char* name : {"int", "float", "bool", "tuple", "list", "range", "torch.Size"})
    if (fn.qualname == name) return true;
  return false;
}

// A class's name as its repr shows it: "torch.Tensor", "int".
std::string class_name(const Callable& fn) {
  return fn.qualname.rfind("class.", 0) == 0 ? fn.qualname.substr(6) : fn.qualname;
}

// Python's reprs of callables, without the addresses Python adds to
// methods (an address would change from run to run).
std::string callable_repr(const Callable& fn) {
  const std::string& q = fn.qualname;
  if (is_grad_fn(fn)) return grad_fn_repr(fn);
  if (is_class(fn)) return "<class '" + class_name(fn) + "'>";
  const size_t dot = q.rfind('.');
  const std::string name = dot == std::string::npos ? q : q.substr(dot + 1);
  if (q.rfind("Tensor.", 0) == 0) return "<built-in method " + name + " of Tensor object>";
  if (q.rfind("torch.nn.functional.", 0) == 0) return "<function " + name + ">";
  if (q.rfind("torch.", 0) == 0) return "<built-in method " + name + " of type object>";
  return "<built-in function " + name + ">";
}

std::string optional_int(const std::optional<int64_t>& v) {
  return v ? std::to_string(*v) : std::string("None");
}

const char* grad_mode_name(const GradMode& m) {
  switch (m.kind) {
    case GradMode::Kind::NoGrad: return "no_grad";
    case GradMode::Kind::EnableGrad: return "enable_grad";
    case GradMode::Kind::SetGradEnabled: return "set_grad_enabled";
  }
  return "";
}

// repr of anything but a tuple or list.
std::string leaf_repr(const Value& value) {
  struct Visitor {
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return float_repr(d); }
    std::string operator()(const std::shared_ptr<const Str>& s) const { return string_repr(s->utf8); }
    std::string operator()(const Tensor& t) const {
      return t.defined() ? tensor_repr(t, kReprLimit).text : "None";
    }
    std::string operator()(const std::shared_ptr<const Sequence>&) const { return "[...]"; }  // not reached
    std::string operator()(DType d) const { return std::string("torch.") + dtype_name(d); }
    std::string operator()(const ModuleRef& m) const { return "<module '" + m.path + "'>"; }
    std::string operator()(const Callable& fn) const { return callable_repr(fn); }
    std::string operator()(const SliceValue& s) const {
      return "slice(" + optional_int(s.start) + ", " + optional_int(s.stop) + ", " +
             optional_int(s.step) + ")";
    }
    std::string operator()(EllipsisValue) const { return "Ellipsis"; }
    // Python writes the object's address after "at"; a program's objects have none to show.
    std::string operator()(const std::shared_ptr<const UserFunction>& f) const {
      return "<function " + f->def->name + ">";
    }
    std::string operator()(const GradMode& m) const {
      return std::string("<torch.autograd.grad_mode.") + grad_mode_name(m) + " object>";
    }
  };
  return std::visit(Visitor{}, value.v);
}

// Characters [from, to) of UTF-8 text.
std::string utf8_substr(const std::string& text, int64_t from, int64_t to) {
  size_t at = 0, begin = text.size();
  for (int64_t k = 0; at < text.size() && k < to; ++k) {
    if (k == from) begin = at;
    at = utf8_next(text, at);
  }
  return begin < at ? text.substr(begin, at - begin) : std::string();
}

// Note [Bounded reprs]: a value's text (ValueInfo::repr, print(), a repr
// in a message) is Python's repr exactly when it is at most kReprLimit
// characters long, as every value a lesson prints is. A longer one is
// summarised in Python's manner, so that its text and the time to write it
// stay bounded whatever the value holds:
//  - a string whose repr passes 60 characters is cut as Python's reprlib
//    cuts it (maxstring 60): the first 28 and the last 29 characters of
//    its repr around "...": 'aaaaaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaaaaaaaa';
//  - a tuple or list of more than six items shows its first three and last
//    three around ..., as PyTorch summarises a tensor's rows (edgeitems 3):
//    [0, 1, 2, ..., 65533, 65534, 65535];
//  - tuples and lists nested more than six deep show as [...] (reprlib's
//    maxlevel 6);
//  - and once the summary has kReprLimit characters, the items not yet
//    written are one "...".
// A tensor is PyTorch's repr, summarised by PyTorch's own rules and
// bounded by Note [Tensor repr]'s limit: in a value's text the characters
// left of its limit (at least 16); in print(), which shows a tensor whole
// as PyTorch does, kMaxTensorRepr (Note [Bounded output] bounds what all
// the prints write). Writing is charged to the program's work budget, a
// character a unit (Note [Work budget], src/work.h).
constexpr int64_t kSummaryString = 60;
constexpr size_t kEdgeItems = 3;
constexpr int kSummaryLevels = 6;

// reprlib.Repr.repr_str with maxstring kSummaryString.
std::string cut_string_repr(const Str& s) {
  const std::string whole = string_repr(utf8_substr(s.utf8, 0, kSummaryString));
  if (utf8_length(whole) <= kSummaryString) return whole;
  const int64_t i = (kSummaryString - 3) / 2, j = kSummaryString - 3 - i;
  const std::string ends = string_repr(utf8_substr(s.utf8, 0, i) + utf8_substr(s.utf8, s.length - j, s.length));
  const int64_t n = utf8_length(ends);
  return utf8_substr(ends, 0, i) + "..." + utf8_substr(ends, n - j, n);
}

// Writes a repr, exactly (stopping once it passes its limit) or as the
// summary of Note [Bounded reprs].
class ReprWriter {
 public:
  // whole_tensors: print()'s, which shows each tensor whole in a summary.
  ReprWriter(std::string& out, bool summary, int64_t limit, bool whole_tensors)
      : out_(out), summary_(summary), whole_tensors_(whole_tensors), limit_(limit) {}

  // False when an exact repr passed the limit (what it wrote is to be dropped).
  bool value(const Value& v, int level = 0) {
    if (over_) return false;
    if (v.is_tensor() && v.tensor().defined()) {
      tensor(v.tensor());
    } else if (const Sequence* s = v.sequence()) {
      sequence(*s, level);
    } else if (const Str* s = v.str(); s != nullptr && summary_) {
      emit(cut_string_repr(*s));
    } else if (s != nullptr && s->length > limit_) {
      over_ = true;  // its repr alone is longer: no need to write it
    } else {
      emit(leaf_repr(v));
    }
    return !over_;
  }
  int64_t written() const { return written_; }

 private:
  void spend(int64_t n) {
    written_ += n;
    if (!summary_ && written_ > limit_) over_ = true;
  }
  void emit(const std::string& s) {
    spend(utf8_length(s));
    if (!over_) out_ += s;
  }
  // Exact: within what the limit leaves (passing it shows as over_);
  // summarised: cut at what the limit leaves, or whole (Note [Bounded reprs]).
  void tensor(const Tensor& t) {
    const int64_t room = limit_ - written_;
    const int64_t bound =
        !summary_ ? room : whole_tensors_ ? kMaxTensorRepr : std::max<int64_t>(room, 16);
    const TensorRepr r = tensor_repr(t, bound);
    if (!summary_ && !r.complete) over_ = true;
    else emit(r.text);
  }
  bool full() const { return summary_ && written_ >= limit_; }

  void sequence(const Sequence& s, int level) {
    using K = Sequence::Kind;
    const size_t n = s.items.size();
    if (s.kind == K::Named) {
      // PyTorch's structseq repr (torch/csrc/utils/structseq.cpp): one
      // field a line.
      emit(s.name + "(\n");
      for (size_t i = 0; i < n && !over_; ++i) {
        emit((i < s.fields.size() ? s.fields[i] : std::string("?")) + "=");
        value(s.items[i], level + 1);
        emit(i + 1 < n ? ",\n" : "");
      }
      emit(")");
      return;
    }
    const bool list = s.kind == K::List || s.kind == K::Size;
    const char* open = s.kind == K::Size ? "torch.Size([" : list ? "[" : "(";
    const char* close = s.kind == K::Size ? "])" : list ? "]" : ")";
    const char* trail = s.kind == K::Tuple && n == 1 ? "," : "";
    if (summary_ && level >= kSummaryLevels && n > 0) {
      emit(std::string(open) + "..." + trail + close);
      return;
    }
    emit(open);
    const bool edges = summary_ && n > 2 * kEdgeItems;
    for (size_t i = 0; i < n && !over_;) {
      if (i > 0) emit(", ");
      if (full() || (edges && i == kEdgeItems)) {
        emit("...");
        if (full()) break;
        i = n - kEdgeItems;
        continue;
      }
      value(s.items[i], level + 1);
      ++i;
    }
    emit(std::string(trail) + close);
  }

  std::string& out_;
  bool summary_, whole_tensors_;
  int64_t limit_;
  int64_t written_ = 0;
  bool over_ = false;
};

// A tensor's repr within `limit` characters (Note [Tensor repr]), its
// writing charged as every repr's is (Note [Bounded reprs]).
std::string charged_tensor_repr(const Tensor& t, int64_t limit) {
  std::string text = tensor_repr(t, limit).text;
  charge_work(WorkKind::Elements, static_cast<double>(text.size()));
  return text;
}

// Python's repr of `value` appended to `out` within `limit` characters
// (Note [Bounded reprs]; whole_tensors: as ReprWriter's); returns the
// characters it appended.
int64_t write_bounded(const Value& value, std::string& out, int64_t limit, bool whole_tensors) {
  int64_t cost = 0;
  if (value_size(value) <= limit) {
    std::string exact;
    ReprWriter writer(exact, false, limit, whole_tensors);
    const bool fits = writer.value(value);
    cost += writer.written();
    if (fits) {
      charge_work(WorkKind::Elements, static_cast<double>(cost));
      out += exact;
      return writer.written();
    }
  }
  ReprWriter writer(out, true, limit, whole_tensors);
  writer.value(value);
  charge_work(WorkKind::Elements, static_cast<double>(cost + writer.written()));
  return writer.written();
}

}  // namespace

std::string float_repr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  // The fewest significant digits that read back as the same double.
  char buf[40];
  int digits = 1;
  for (; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  // buf is "-d.ddde+XX": split it into sign, digits and exponent.
  std::string s(buf);
  const bool negative = s[0] == '-';
  if (negative) s.erase(0, 1);
  const size_t e = s.find('e');
  const int exponent = std::atoi(s.c_str() + e + 1);
  std::string mantissa = s.substr(0, e);
  mantissa.erase(std::remove(mantissa.begin(), mantissa.end(), '.'), mantissa.end());
  while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
  std::string out;
  // Python's float_repr_style 'short': fixed notation for 1e-4 <= |x| < 1e16.
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + mantissa;
    } else {
      const size_t point = static_cast<size_t>(exponent) + 1;
      if (mantissa.size() <= point)
        out = mantissa + std::string(point - mantissa.size(), '0') + ".0";
      else
        out = mantissa.substr(0, point) + "." + mantissa.substr(point);
    }
  } else {
    out = mantissa.substr(0, 1);
    if (mantissa.size() > 1) out += "." + mantissa.substr(1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += exp;
  }
  return negative ? "-" + out : out;
}

std::string string_repr(const std::string& s) {
  const bool double_quotes = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
  const char quote = double_quotes ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == quote || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else {
      out += static_cast<char>(c);  // UTF-8 bytes of printable characters pass as they are
    }
  }
  return out + quote;
}

void OutputBudget::spend(int64_t chars) {
  if (used_ + chars > kMaxOutput)
    fail(ErrorKind::Limit, "the program's results would pass ", kMaxOutput,
         " characters (what print() writes, and each statement's names, calls and traces "
         "described), more than tensorcast hands back for one program; print less, or run fewer "
         "statements");
  used_ += chars;
  unpaid_ += chars;
  if (unpaid_ >= kDescribedBatch) settle();
}

void OutputBudget::settle() {
  const double chars = static_cast<double>(unpaid_);
  unpaid_ = 0;  // a refusal stops the program: nothing is charged twice
  charge_work(WorkKind::Described, chars);
}

Sequence::~Sequence() { g_live -= live_; }
Str::~Str() { g_live -= length; }

Value::Value(std::string s) {
  const int64_t length = utf8_length(s);
  check_new_string(static_cast<double>(length), static_cast<double>(s.size()));
  auto str = std::make_shared<Str>();
  str->length = enter_live(length);  // counted once it exists: ~Str uncounts it
  str->utf8 = std::move(s);
  v = std::shared_ptr<const Str>(std::move(str));
}

Value Value::sequence(Sequence::Kind kind, std::vector<Value> items) {
  return make_sequence(kind, std::move(items), std::string(), {});
}

Value Value::named(std::string name, std::vector<std::string> fields, std::vector<Value> items) {
  return make_sequence(Sequence::Kind::Named, std::move(items), std::move(name), std::move(fields));
}

Value Value::make_sequence(Sequence::Kind kind, std::vector<Value> items, std::string name,
                           std::vector<std::string> fields) {
  double size = static_cast<double>(items.size());
  int depth = 0;
  for (const Value& item : items) {
    size += static_cast<double>(value_size(item));
    depth = std::max(depth, value_depth(item));
  }
  check_new_sequence(kind, static_cast<double>(items.size()), size);
  charge_work(WorkKind::Items, static_cast<double>(items.size()));
  if (depth + 1 > kMaxNesting)
    throw PythonError("RecursionError", "tuples and lists may be nested " +
                                            std::to_string(kMaxNesting) +
                                            " deep in a program (each inside the one before)");
  auto s = std::make_shared<Sequence>();
  s->live_ = enter_live(static_cast<int64_t>(items.size()));
  s->kind = kind;
  s->items = std::move(items);
  s->name = std::move(name);
  s->fields = std::move(fields);
  s->size = static_cast<int64_t>(size);
  s->depth = depth + 1;
  Value out;
  out.v = std::shared_ptr<const Sequence>(std::move(s));
  return out;
}

int64_t live_value_size() { return g_live; }

int64_t value_size(const Value& value) {
  if (const Str* s = value.str()) return s->length;
  if (const Sequence* s = value.sequence()) return s->size;
  return 0;
}

int value_depth(const Value& value) {
  const Sequence* s = value.sequence();
  return s ? s->depth : 0;
}

void check_new_sequence(Sequence::Kind kind, double items, double size) {
  const std::string what = std::string("a ") + kind_name(kind);
  if (items * sizeof(Value) > static_cast<double>(memory_limit()))
    throw PythonError("MemoryError", what + " of " + count_text(items) +
                                         " items would need more memory than a program may use");
  if (items > kMaxItems)
    fail(ErrorKind::Limit, what, " of ", count_text(items), " items is more than the ", kMaxItems,
         " tensorcast lets a program's tuples and lists have; keep many numbers in a tensor "
         "(torch.zeros(n), torch.arange(n)) instead");
  if (size > kMaxValueSize)
    fail(ErrorKind::Limit, what, " holding ", count_text(size),
         " items and characters in all (counted through its nesting) is more than the ",
         kMaxValueSize, " tensorcast lets one value of a program hold; keep many numbers in a "
         "tensor instead");
}

void check_new_string(double length, double bytes) {
  if (length >= 9223372036854775808.0)  // CPython: len * n > PY_SSIZE_T_MAX
    throw PythonError("OverflowError", "repeated string is too long");
  if (bytes > static_cast<double>(memory_limit()))
    throw PythonError("MemoryError", "a string of " + count_text(length) +
                                         " characters would need more memory than a program may use");
  if (length > kMaxItems)
    fail(ErrorKind::Limit, "a string of ", count_text(length), " characters is more than the ",
         kMaxItems, " tensorcast lets a program's strings have");
}

std::vector<Value> characters(const Str& s) {
  charge_work(WorkKind::Elements, static_cast<double>(s.length));
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(s.length));
  for (size_t at = 0; at < s.utf8.size();) {
    const size_t next = utf8_next(s.utf8, at);
    out.emplace_back(s.utf8.substr(at, next - at));
    at = next;
  }
  return out;
}

size_t utf8_next(const std::string& text, size_t at) {
  const unsigned char lead = static_cast<unsigned char>(text[at]);
  const size_t continuation = lead >= 0xF0 && lead < 0xF8 ? 3 : lead >= 0xE0 && lead < 0xF0 ? 2
                              : lead >= 0xC0 && lead < 0xE0                ? 1
                                                                            : 0;
  size_t end = at + 1;
  for (size_t k = 0; k < continuation && end < text.size(); ++k, ++end)
    if ((static_cast<unsigned char>(text[end]) & 0xC0) != 0x80) break;
  return end;
}

int64_t utf8_length(const std::string& text) {
  int64_t n = 0;
  for (size_t at = 0; at < text.size(); at = utf8_next(text, at)) ++n;
  return n;
}

const char* type_name(const Value& value) {
  struct Visitor {
    const char* operator()(std::monostate) const { return "NoneType"; }
    const char* operator()(bool) const { return "bool"; }
    const char* operator()(int64_t) const { return "int"; }
    const char* operator()(double) const { return "float"; }
    const char* operator()(const std::shared_ptr<const Str>&) const { return "str"; }
    const char* operator()(const Tensor&) const { return "Tensor"; }
    const char* operator()(const std::shared_ptr<const Sequence>& s) const {
      switch (s->kind) {
        case Sequence::Kind::Tuple: return "tuple";
        case Sequence::Kind::List: return "list";
        case Sequence::Kind::Size: return "torch.Size";
        case Sequence::Kind::Named: break;
      }
      return s->name.c_str();  // "torch.return_types.max"
    }
    const char* operator()(DType) const { return "torch.dtype"; }
    const char* operator()(const ModuleRef&) const { return "module"; }
    const char* operator()(const Callable& fn) const {
      if (is_grad_fn(fn)) return fn.qualname.c_str() + 8;  // "SubBackward0"
      if (is_class(fn)) return "type";
      return fn.qualname.rfind("torch.nn.functional.", 0) == 0 ? "function"
                                                                : "builtin_function_or_method";
    }
    const char* operator()(const SliceValue&) const { return "slice"; }
    const char* operator()(EllipsisValue) const { return "ellipsis"; }
    const char* operator()(const std::shared_ptr<const UserFunction>&) const { return "function"; }
    const char* operator()(const GradMode& m) const { return grad_mode_name(m); }
  };
  return std::visit(Visitor{}, value.v);
}

int64_t write_repr(const Value& value, std::string& out) {
  if (value.is_tensor() && value.tensor().defined()) {
    // whole, as PyTorch prints it (Note [Tensor repr] bounds it)
    const std::string text = charged_tensor_repr(value.tensor(), kMaxTensorRepr);
    out += text;
    return static_cast<int64_t>(text.size());
  }
  return write_bounded(value, out, kReprLimit, true);
}

int64_t write_str(const Value& value, std::string& out) {
  if (const std::string* s = value.text()) {
    charge_work(WorkKind::Elements, static_cast<double>(s->size()));
    out += *s;
    return static_cast<int64_t>(s->size());
  }
  return write_repr(value, out);
}

std::string repr(const Value& value, int64_t limit) {
  // a tensor: cut at the limit; a number, None, a dtype, ...: short, whatever the limit
  if (value.is_tensor() && value.tensor().defined())
    return charged_tensor_repr(value.tensor(), limit);
  if (value.sequence() == nullptr && value.str() == nullptr) return leaf_repr(value);
  std::string out;
  write_bounded(value, out, limit, false);
  return out;
}

}  // namespace tc::lang
