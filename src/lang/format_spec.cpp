#include "lang/format_spec.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "lang/library.h"
#include "for_size.h"

// Not on the API's hot path: compiled for size (Note [Compiled for size]).
TC_FOR_SIZE_BEGIN

namespace tc::lang {

namespace {

// [[fill]align][sign][z][#][0][width][grouping][.precision][type]
struct Spec {
  std::string fill = " ";  // one character (UTF-8)
  char align = 0;          // '<' '>' '=' '^', or 0: the type's default
  char sign = '-';
  bool alternate = false;
  bool zero = false;
  int64_t width = 0;
  char grouping = 0;  // ',' or '_'
  int64_t precision = -1;
  char type = 0;
};

[[noreturn]] void value_error(const std::string& message) { throw PythonError("ValueError", message); }

bool is_align(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// Reads `text`; `type` names the value's type in errors.
Spec parse(const std::string& text, const char* type) {
  Spec s;
  size_t i = 0;
  const size_t first = text.empty() ? 0 : utf8_next(text, 0);
  if (first < text.size() && is_align(text[first])) {
    s.fill = text.substr(0, first);
    s.align = text[first];
    i = first + 1;
  } else if (!text.empty() && is_align(text[0])) {
    s.align = text[0];
    i = 1;
  }
  if (i < text.size() && (text[i] == '+' || text[i] == '-' || text[i] == ' ')) s.sign = text[i++];
  if (i < text.size() && text[i] == 'z') ++i;  // negative zero as zero: no -0.0 to print here but as Python
  if (i < text.size() && text[i] == '#') {
    s.alternate = true;
    ++i;
  }
  if (i < text.size() && text[i] == '0') {
    s.zero = true;
    ++i;
  }
  auto digits = [&](int64_t* out) {
    const size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      if (*out > 100000000) value_error("Too many decimal digits in format string");
      *out = *out * 10 + (text[i] - '0');
      ++i;
    }
    return i > start;
  };
  digits(&s.width);
  if (i < text.size() && (text[i] == ',' || text[i] == '_')) s.grouping = text[i++];
  if (i < text.size() && text[i] == '.') {
    ++i;
    s.precision = 0;
    if (!digits(&s.precision)) value_error("Format specifier missing precision");
  }
  if (i + 1 == text.size()) s.type = text[i++];
  if (i != text.size())
    value_error("Invalid format specifier '" + text + "' for object of type '" + type + "'");
  if (s.zero && s.align == 0) {
    s.fill = "0";
    s.align = '=';
  }
  return s;
}

[[noreturn]] void unknown_code(char code, const char* type) {
  value_error(std::string("Unknown format code '") + code + "' for object of type '" + type + "'");
}

// `digits` with its separator every `every` digits from the right.
std::string grouped(const std::string& digits, char separator, size_t every) {
  if (separator == 0) return digits;
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % every == 0) out += separator;
    out += digits[i];
  }
  return out;
}

// sign + prefix + body, padded to the width as the spec aligns it
// (numbers right by default; '=' pads between the sign and the digits).
std::string pad(const Spec& s, const std::string& sign, const std::string& body, char default_align) {
  const int64_t length = utf8_length(sign) + utf8_length(body);
  const int64_t missing = s.width > length ? s.width - length : 0;
  auto fill = [&](int64_t n) {
    std::string out;
    for (int64_t k = 0; k < n; ++k) out += s.fill;
    return out;
  };
  switch (s.align ? s.align : default_align) {
    case '<': return sign + body + fill(missing);
    case '^': return fill(missing / 2) + sign + body + fill(missing - missing / 2);
    case '=': return sign + fill(missing) + body;
    default: return fill(missing) + sign + body;
  }
}

std::string sign_of(const Spec& s, bool negative) {
  if (negative) return "-";
  return s.sign == '+' ? "+" : s.sign == ' ' ? " " : "";
}

std::string format_float(double x, Spec s);

std::string format_int(int64_t n, const Spec& s) {
  if (std::strchr("eEfFgG%", s.type) != nullptr && s.type != 0) return format_float(static_cast<double>(n), s);
  if (s.precision >= 0) value_error("Precision not allowed in integer format specifier");
  const bool negative = n < 0;
  const uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
  std::string digits, prefix;
  size_t every = 3;
  switch (s.type) {
    case 0: case 'd': case 'n': digits = std::to_string(magnitude); break;
    case 'b': case 'o': case 'x': case 'X': {
      const unsigned base = s.type == 'b' ? 2 : s.type == 'o' ? 8 : 16;
      const char* symbols = s.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
      uint64_t m = magnitude;
      do {
        digits.insert(digits.begin(), symbols[m % base]);
        m /= base;
      } while (m != 0);
      if (s.alternate) prefix = std::string("0") + s.type;
      every = 4;
      break;
    }
    case 'c': {
      if (s.sign != '-') value_error("Sign not allowed with integer format specifier 'c'");
      if (n < 0 || n > 0x10FFFF) throw PythonError("OverflowError", "%c arg not in range(0x110000)");
      std::string c;
      const uint32_t v = static_cast<uint32_t>(n);
      if (v < 0x80) {
        c += static_cast<char>(v);
      } else if (v < 0x800) {
        c += static_cast<char>(0xC0 | (v >> 6));
        c += static_cast<char>(0x80 | (v & 0x3F));
      } else if (v < 0x10000) {
        c += static_cast<char>(0xE0 | (v >> 12));
        c += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
        c += static_cast<char>(0x80 | (v & 0x3F));
      } else {
        c += static_cast<char>(0xF0 | (v >> 18));
        c += static_cast<char>(0x80 | ((v >> 12) & 0x3F));
        c += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
        c += static_cast<char>(0x80 | (v & 0x3F));
      }
      return pad(s, "", c, '<');
    }
    default: unknown_code(s.type, "int");
  }
  return pad(s, sign_of(s, negative) + prefix, grouped(digits, s.grouping, every), '>');
}

// C's printf of x in `format` with `precision`.
std::string printed(const char* format, int64_t precision, double x) {
  const int p = static_cast<int>(precision > 1000 ? 1000 : precision);
  const int n = std::snprintf(nullptr, 0, format, p, x);
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), format, p, x);
  out.resize(static_cast<size_t>(n));
  return out;
}

// Python's general format: `precision` significant digits, fixed when the
// exponent is in [-4, switch_at), scientific otherwise; trailing zeros
// dropped unless `keep_zeros`.
std::string general(double x, int64_t precision, int64_t switch_at, bool keep_zeros) {
  const int64_t p = precision == 0 ? 1 : precision;
  const std::string sci = printed("%.*e", p - 1, x);
  const int exponent = std::atoi(sci.c_str() + sci.find('e') + 1);
  std::string out = exponent >= -4 && exponent < switch_at ? printed("%.*f", p - 1 - exponent, x) : sci;
  if (keep_zeros) return out;
  const size_t e = out.find('e');
  std::string mantissa = out.substr(0, e), rest = e == std::string::npos ? "" : out.substr(e);
  if (mantissa.find('.') != std::string::npos) {
    while (mantissa.back() == '0') mantissa.pop_back();
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  return mantissa + rest;
}

std::string format_float(double x, Spec s) {
  const bool negative = std::signbit(x);
  const double magnitude = std::fabs(x);
  std::string body;
  const bool upper = s.type == 'E' || s.type == 'F' || s.type == 'G';
  if (std::isnan(x) || std::isinf(x)) {
    body = std::isnan(x) ? "nan" : "inf";
    if (upper) body = std::isnan(x) ? "NAN" : "INF";
    if (s.type == '%') body += "%";
    return pad(s, sign_of(s, negative && !std::isnan(x)), body, '>');
  }
  const int64_t precision = s.precision < 0 ? 6 : s.precision;
  switch (s.type) {
    case 'f': case 'F': body = printed(s.alternate ? "%#.*f" : "%.*f", precision, magnitude); break;
    case 'e': case 'E': body = printed(s.alternate ? "%#.*e" : "%.*e", precision, magnitude); break;
    case '%': body = printed(s.alternate ? "%#.*f" : "%.*f", precision, magnitude * 100) + "%"; break;
    case 'g': case 'G': case 'n':
      body = general(magnitude, precision, precision == 0 ? 1 : precision, s.alternate);
      break;
    case 0:
      if (s.precision < 0) {
        body = repr(Value(magnitude));
      } else {
        // like 'g', but scientific from an exponent of precision - 1, and a
        // fixed result keeps a digit after its point
        body = general(magnitude, precision, (precision == 0 ? 1 : precision) - 1, s.alternate);
        if (body.find_first_of(".e") == std::string::npos) body += ".0";
      }
      break;
    default: unknown_code(s.type, "float");
  }
  if (upper)
    for (char& c : body) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (s.grouping != 0) {
    const size_t end = body.find_first_of(".eE%");
    body = grouped(body.substr(0, end), s.grouping, 3) + (end == std::string::npos ? "" : body.substr(end));
  }
  return pad(s, sign_of(s, negative), body, '>');
}

std::string format_str(const std::string& text, const Spec& s) {
  if (s.type != 0 && s.type != 's') unknown_code(s.type, "str");
  if (s.sign != '-') value_error("Sign not allowed in string format specifier");
  if (s.align == '=' && s.fill != "0") value_error("'=' alignment not allowed in string format specifier");
  std::string body = text;
  if (s.precision >= 0) {
    size_t at = 0;
    for (int64_t k = 0; k < s.precision && at < body.size(); ++k) at = utf8_next(body, at);
    body.resize(at);
  }
  Spec left = s;
  if (left.align == '=') left.align = '<';
  return pad(left, "", body, '<');
}

}  // namespace

std::string format_value(const Value& value, const std::string& spec, const std::string& str) {
  if (value.is_tensor()) {
    const Tensor& t = value.tensor();
    // Tensor.__format__: a 0-dim tensor formats its item, f"{loss}" is "3.5"
    if (t.ndim() == 0) {
      const Value item = item_value(t);
      return format_value(item, spec, repr(item));
    }
    if (!spec.empty()) throw PythonError("TypeError", "unsupported format string passed to Tensor.__format__");
    return str;
  }
  if (spec.empty()) return str;
  if (auto b = std::get_if<bool>(&value.v)) return format_int(*b ? 1 : 0, parse(spec, "int"));
  if (auto i = std::get_if<int64_t>(&value.v)) return format_int(*i, parse(spec, "int"));
  if (auto d = std::get_if<double>(&value.v)) return format_float(*d, parse(spec, "float"));
  if (const std::string* text = value.text()) return format_str(*text, parse(spec, "str"));
  throw PythonError("TypeError", std::string("unsupported format string passed to ") + type_name(value) +
                                     ".__format__");
}

}  // namespace tc::lang

TC_FOR_SIZE_END
