// type_name and repr (src/lang/value.h), and the pieces print() writes
// (src/lang/repr.h): Python's own texts for Python's values, PyTorch's for
// torch.Size, dtypes and named tuples.
//
// Note [Reprs without a formatter]: a tensor's text is PyTorch's repr,
// which only the package's formatter writes (bindings/ts/format.ts). So
// write_repr leaves tensors as pieces for it, and repr(), which must
// return one string (ValueInfo::repr of a tuple holding tensors), writes a
// tensor as "<Tensor of shape [2, 3], float32>": plainly not PyTorch's
// text, rather than a guess at it.
#include "lang/repr.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "autograd/node.h"
#include "shape.h"

namespace tc::lang {

namespace {

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

// Python's reprs of callables, without the addresses Python adds to
// methods (an address would change from run to run).
std::string callable_repr(const Callable& fn) {
  const std::string& q = fn.qualname;
  if (is_grad_fn(fn)) return grad_fn_repr(fn);
  const size_t dot = q.rfind('.');
  const std::string name = dot == std::string::npos ? q : q.substr(dot + 1);
  if (q.rfind("Tensor.", 0) == 0) return "<built-in method " + name + " of Tensor object>";
  if (q.rfind("torch.nn.functional.", 0) == 0) return "<function " + name + ">";
  if (q.rfind("torch.", 0) == 0) return "<built-in method " + name + " of type object>";
  return "<built-in function " + name + ">";
}

void text(std::vector<OutputPiece>& out, const std::string& s) {
  if (!out.empty() && !out.back().tensor.defined()) out.back().text += s;
  else out.push_back(OutputPiece{s, Tensor()});
}

void write_sequence(const Sequence& s, std::vector<OutputPiece>& out) {
  using K = Sequence::Kind;
  if (s.kind == K::Named) {
    // PyTorch's structseq repr (torch/csrc/utils/structseq.cpp): one field
    // a line.
    text(out, s.name + "(\n");
    for (size_t i = 0; i < s.items.size(); ++i) {
      text(out, (i < s.fields.size() ? s.fields[i] : std::string("?")) + "=");
      write_repr(s.items[i], out);
      text(out, i + 1 < s.items.size() ? ",\n" : "");
    }
    text(out, ")");
    return;
  }
  const bool list = s.kind == K::List || s.kind == K::Size;
  text(out, s.kind == K::Size ? "torch.Size([" : list ? "[" : "(");
  for (size_t i = 0; i < s.items.size(); ++i) {
    if (i > 0) text(out, ", ");
    write_repr(s.items[i], out);
  }
  if (s.kind == K::Tuple && s.items.size() == 1) text(out, ",");
  text(out, s.kind == K::Size ? "])" : list ? "]" : ")");
}

std::string optional_int(const std::optional<int64_t>& v) {
  return v ? std::to_string(*v) : std::string("None");
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

const char* type_name(const Value& value) {
  struct Visitor {
    const char* operator()(std::monostate) const { return "NoneType"; }
    const char* operator()(bool) const { return "bool"; }
    const char* operator()(int64_t) const { return "int"; }
    const char* operator()(double) const { return "float"; }
    const char* operator()(const std::string&) const { return "str"; }
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
      return fn.qualname.rfind("torch.nn.functional.", 0) == 0 ? "function"
                                                                : "builtin_function_or_method";
    }
    const char* operator()(const SliceValue&) const { return "slice"; }
    const char* operator()(EllipsisValue) const { return "ellipsis"; }
  };
  return std::visit(Visitor{}, value.v);
}

void write_repr(const Value& value, std::vector<OutputPiece>& out) {
  if (value.is_tensor()) {
    out.push_back(OutputPiece{std::string(), value.tensor()});
    return;
  }
  if (const Sequence* s = value.sequence()) {
    write_sequence(*s, out);
    return;
  }
  text(out, repr(value));
}

void write_str(const Value& value, std::vector<OutputPiece>& out) {
  if (const auto* s = std::get_if<std::string>(&value.v)) text(out, *s);
  else write_repr(value, out);
}

std::string repr(const Value& value) {
  struct Visitor {
    const Value& value;
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return float_repr(d); }
    std::string operator()(const std::string& s) const { return string_repr(s); }
    std::string operator()(const Tensor& t) const {
      // Note [Reprs without a formatter]
      if (!t.defined()) return "None";
      return "<Tensor of shape " + format_shape(t.sizes()) + ", " + dtype_name(t.dtype()) + ">";
    }
    std::string operator()(const std::shared_ptr<const Sequence>&) const {
      std::vector<OutputPiece> pieces;
      write_repr(value, pieces);
      std::string out;
      for (const OutputPiece& p : pieces) out += p.tensor.defined() ? (*this)(p.tensor) : p.text;
      return out;
    }
    std::string operator()(DType d) const { return std::string("torch.") + dtype_name(d); }
    std::string operator()(const ModuleRef& m) const { return "<module '" + m.path + "'>"; }
    std::string operator()(const Callable& fn) const { return callable_repr(fn); }
    std::string operator()(const SliceValue& s) const {
      return "slice(" + optional_int(s.start) + ", " + optional_int(s.stop) + ", " +
             optional_int(s.step) + ")";
    }
    std::string operator()(EllipsisValue) const { return "Ellipsis"; }
  };
  return std::visit(Visitor{value}, value.v);
}

}  // namespace tc::lang
