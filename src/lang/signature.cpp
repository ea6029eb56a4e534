// The argument binder (Note [Signatures] in src/lang/signature.h).
#include "lang/signature.h"

#include <cstdlib>

#include "error.h"
#include "lang/repr.h"

namespace tc::lang {

namespace {

using Type = Param::Type;

struct TypeSpelling {
  const char* spelling;  // in the table's signatures
  Type type;
};
const TypeSpelling kTypes[] = {
    {"Tensor", Type::Tensor},       {"Operand", Type::Operand}, {"Number", Type::Number},
    {"int", Type::Int},             {"float", Type::Float},     {"bool", Type::Bool},
    {"int[]", Type::IntList},       {"SymInt[]", Type::IntList}, {"Tensor[]", Type::TensorList},
    {"ScalarType", Type::DType},    {"str", Type::Str},         {"Device", Type::Device},
    {"Layout", Type::Layout},       {"Generator", Type::Generator},
    {"MemoryFormat", Type::MemoryFormat},                       {"object", Type::Object},
    {"Dimname", Type::Name},        {"Dimname[]", Type::Names},
};

// Values a program cannot make (torch.strided, torch.Generator(), ...):
// whatever is given for them is refused once bound, as a left-out
// parameter's value.
bool is_foreign(Type t) { return t == Type::Layout || t == Type::Generator || t == Type::MemoryFormat; }
bool is_name(Type t) { return t == Type::Name || t == Type::Names; }

Value parse_default(const std::string& s) {
  if (s == "None") return Value();
  if (s == "()") return Value::sequence(Sequence::Kind::Tuple, {});
  if (s == "True") return Value(true);
  if (s == "False") return Value(false);
  if (s.find_first_of(".e") != std::string::npos) return Value(std::strtod(s.c_str(), nullptr));
  return Value(static_cast<int64_t>(std::strtoll(s.c_str(), nullptr, 10)));
}

// "int[1]? dim=None" -> Param.
Param parse_param(std::string text, bool keyword_only) {
  Param p;
  p.keyword_only = keyword_only;
  const size_t eq = text.find('=');
  if (eq != std::string::npos) {
    p.optional = true;
    p.default_value = parse_default(text.substr(eq + 1));
    p.allow_none = p.default_value.is_none();
    text = text.substr(0, eq);
  }
  const size_t space = text.find(' ');
  TC_ASSERT(space != std::string::npos, "malformed parameter: ", text);
  std::string type = text.substr(0, space);
  p.name = text.substr(space + 1);
  for (; type.back() == '?' || type.back() == '!'; type.pop_back()) {
    if (type.back() == '?') p.allow_none = true;
    else p.left_out = true;
  }
  const size_t bracket = type.find('[');
  if (bracket != std::string::npos && type.size() > bracket + 2) {  // int[2], Dimname[1]
    p.list_size = std::atoi(type.c_str() + bracket + 1);
    type = type.substr(0, bracket) + "[]";
  }
  p.symint = type == "SymInt[]";
  for (const TypeSpelling& t : kTypes)
    if (type == t.spelling) {
      p.type = t.type;
      TC_ASSERT(p.left_out || !is_foreign(p.type), "a ", type, " parameter is left out: ", text);
      TC_ASSERT(!p.left_out || p.allow_none || p.optional, "a left-out parameter takes its default: ", text);
      return p;
    }
  TC_ASSERT(false, "unknown parameter type: ", type);
  return p;
}

bool is_int(const Value& v) {
  if (std::holds_alternative<int64_t>(v.v)) return true;
  // a 0-D integer tensor, as PyTorch's THPUtils_checkIndex takes it
  return v.is_tensor() && v.tensor().ndim() == 0 && is_integral(v.tensor().dtype());
}
// PyTorch's THPUtils_checkDimname.
bool is_dimname(const Value& v) { return v.is_none() || v.str() != nullptr; }
// PyTorch's THPUtils_checkDimnameList: a tuple or list, empty or of a
// name first.
bool is_dimname_list(const Value& v, int list_size) {
  if (list_size == 1 && is_dimname(v)) return true;
  const Sequence* s = v.sequence();
  if (s == nullptr || (s->kind != Sequence::Kind::Tuple && s->kind != Sequence::Kind::List)) return false;
  return s->items.empty() || is_dimname(s->items[0]);
}
bool is_number(const Value& v) {
  return std::holds_alternative<bool>(v.v) || std::holds_alternative<int64_t>(v.v) ||
         std::holds_alternative<double>(v.v);
}
// PyTorch's Scalar and float parameters take a 0-D tensor that does not
// require grad.
bool is_scalar_tensor(const Value& v) {
  return v.is_tensor() && v.tensor().ndim() == 0 && !v.tensor().requires_grad();
}

// An int list fits when it is empty or its first item is an int (PyTorch
// 1.13's is_int_or_symint_list); its other items are checked once bound
// (convert_int_list).
bool is_int_list(const Value& v, int list_size) {
  if (list_size > 0 && is_int(v)) return true;
  const Sequence* s = v.sequence();
  if (s == nullptr || s->kind == Sequence::Kind::Named) return false;
  return s->items.empty() || is_int(s->items[0]);
}

// PyTorch's FunctionParameter::check.
bool check(const Param& p, const Value& v) {
  switch (p.type) {
    case Type::Tensor: return v.is_tensor();
    case Type::Operand: return v.is_tensor() || is_number(v);
    case Type::Number:
    case Type::Float: return is_number(v) || is_scalar_tensor(v);
    case Type::Int: return is_int(v);
    case Type::Bool: return std::holds_alternative<bool>(v.v);
    case Type::IntList: return is_int_list(v, p.list_size);
    case Type::TensorList: {
      const Sequence* s = v.sequence();
      return s != nullptr && (s->kind == Sequence::Kind::Tuple || s->kind == Sequence::Kind::List);
    }
    case Type::DType: return dtype_of_value(v).has_value();
    case Type::Str:
    case Type::Device: return v.str() != nullptr;
    case Type::Name: return is_dimname(v);
    case Type::Names: return p.left_out || is_dimname_list(v, p.list_size);
    case Type::Layout:
    case Type::Generator:
    case Type::MemoryFormat:
    case Type::Object: return true;
  }
  return false;
}

// The parameters a call fills: all but a method's tensor and out= (PyTorch's
// methods have none).
std::vector<size_t> call_params(const Signature& s, bool method) {
  std::vector<size_t> out;
  for (size_t i = 0; i < s.params.size(); ++i)
    if (!(method && (s.params[i].name == "input" || s.params[i].name == "out"))) out.push_back(i);
  return out;
}

struct Counts {
  size_t min_args = 0, max_args = 0, max_pos = 0;
};
Counts counts(const Signature& s, const std::vector<size_t>& order) {
  Counts c;
  c.max_args = order.size();
  for (size_t i : order) {
    if (!s.params[i].optional) ++c.min_args;
    if (!s.params[i].keyword_only) ++c.max_pos;
  }
  return c;
}

[[noreturn]] void type_error(const std::string& message) { throw PythonError("TypeError", message); }

[[noreturn]] void extra_args(const Signature& s, const Counts& c, size_t nargs) {
  if (c.min_args != c.max_pos)
    type_error(s.name + "() takes from " + std::to_string(c.min_args) + " to " +
               std::to_string(c.max_pos) + " positional arguments but " + std::to_string(nargs) +
               " were given");
  type_error(s.name + "() takes " + std::to_string(c.max_pos) + " positional argument" +
             (c.max_pos == 1 ? "" : "s") + " but " + std::to_string(nargs) + " " +
             (nargs == 1 ? "was" : "were") + " given");
}

// PyTorch's missing_args, its "arguments" for a single one included.
[[noreturn]] void missing_args(const Signature& s, const std::vector<size_t>& order, size_t from) {
  int missing = 0;
  std::string names;
  for (size_t k = from; k < order.size(); ++k) {
    const Param& p = s.params[order[k]];
    if (p.optional) continue;
    if (missing++ > 0) names += ", ";
    names += "\"" + p.name + "\"";
  }
  type_error(s.name + "() missing " + std::to_string(missing) + " required positional argument" +
             (missing == 1 ? "s" : "") + ": " + names);
}

[[noreturn]] void extra_kwargs(const Signature& s, const std::vector<size_t>& order,
                               const Arguments& args) {
  for (const auto& [key, value] : args.keywords) {
    size_t k = 0;
    while (k < order.size() && s.params[order[k]].name != key) ++k;
    if (k == order.size()) type_error(s.name + "() got an unexpected keyword argument '" + key + "'");
    if (k < args.positional.size())
      type_error(s.name + "() got multiple values for argument '" + key + "'");
  }
  type_error("invalid keyword arguments");
}

// PyTorch's numpy_compatibility_arg_names: x.sum(axis=0, keepdims=True)
// is x.sum(dim=0, keepdim=True).
const std::pair<const char*, std::vector<const char*>> kNumpyNames[] = {
    {"dim", {"axis"}}, {"keepdim", {"keepdims"}}, {"input", {"x", "a", "x1"}}, {"other", {"x2"}}};

const Value* keyword(const Arguments& args, const std::string& name) {
  for (const auto& kv : args.keywords)
    if (kv.first == name) return &kv.second;
  for (const auto& [torch_name, numpy_names] : kNumpyNames) {
    if (name != torch_name) continue;
    for (const char* alias : numpy_names)
      for (const auto& kv : args.keywords)
        if (kv.first == alias) return &kv.second;
  }
  return nullptr;
}

// PyTorch's FunctionSignature::parse: fills `out`, or returns false (or
// raises, when `raise`) when the arguments do not fit.
bool parse(const Signature& s, const Value* self, const Arguments& args, bool raise, Bound& out) {
  const std::vector<size_t> order = call_params(s, self != nullptr);
  const Counts c = counts(s, order);
  const size_t nargs = args.positional.size();
  const bool varargs = c.max_pos == 1 && s.params[order[0]].type == Type::IntList;
  if (nargs > c.max_pos && !varargs) {
    if (raise) extra_args(s, c, nargs);
    return false;
  }
  if (self != nullptr)
    for (size_t i = 0; i < s.params.size(); ++i)
      if (s.params[i].name == "input") out.slot(i) = *self;
  size_t arg_pos = 0;
  size_t remaining = args.keywords.size();
  for (size_t k = 0; k < order.size(); ++k) {
    const Param& p = s.params[order[k]];
    const Value* obj = nullptr;
    bool is_keyword = false;
    if (arg_pos < nargs) {
      if (p.keyword_only) {
        if (raise) extra_args(s, c, nargs);
        return false;
      }
      obj = &args.positional[arg_pos];
    } else {
      obj = keyword(args, p.name);
      is_keyword = true;
    }
    const bool varargs_eligible = varargs && arg_pos == 0 && !is_keyword;
    if ((obj == nullptr && p.optional) || (obj != nullptr && obj->is_none() && p.allow_none)) {
      out.slot(order[k]) = p.default_value;
    } else if (obj == nullptr) {
      if (raise) missing_args(s, order, k);
      return false;
    } else if (check(p, *obj)) {
      out.slot(order[k]) = *obj;
    } else if (varargs_eligible && is_int(args.positional[0])) {
      // permute(1, 0) as permute((1, 0))
      out.slot(order[k]) = Value::sequence(Sequence::Kind::Tuple, args.positional);
      arg_pos = nargs;
      continue;
    } else if (raise) {
      const std::string head = s.name + "(): argument '" + p.name + "'";
      const std::string position = is_keyword ? "" : " (position " + std::to_string(arg_pos + 1) + ")";
      type_error(head + position + " must be " + p.type_name() + ", not " + type_name(*obj));
    } else {
      return false;
    }
    if (!is_keyword) ++arg_pos;
    else if (obj != nullptr) --remaining;
  }
  // positional arguments past a sequence of sizes (x.reshape((6,), 1)):
  // refused, where a function with keyword-only parameters after the
  // sizes refuses them above
  if (arg_pos < nargs) {
    if (raise) extra_args(s, c, nargs);
    return false;
  }
  if (remaining > 0) {
    if (raise) extra_kwargs(s, order, args);
    return false;
  }
  return true;
}

bool is_default(const Param& p, const Value& v) {
  if (v.is_none()) return true;
  const bool* b = std::get_if<bool>(&v.v);
  const bool* d = std::get_if<bool>(&p.default_value.v);
  return b != nullptr && d != nullptr && *b == *d;
}

// PyTorch's intlist conversion of a bound int list: every item an int (a
// bool too, past the first), else "... at pos N", counting from 1.
void convert_int_list(const Signature& s, const Param& p, const Value& v) {
  const Sequence* seq = v.sequence();
  if (seq == nullptr) return;
  for (size_t i = 0; i < seq->items.size(); ++i) {
    const Value& item = seq->items[i];
    if (is_int(item) || std::holds_alternative<bool>(item.v)) continue;
    type_error(s.name + "(): argument '" + p.name + "' must be " + p.type_name() +
               ", but found element of type " + type_name(item) + " at pos " + std::to_string(i + 1));
  }
}

// What PyTorch converts once a signature is chosen, and so raises without
// trying the next one: an int list's items, the device, a left-out
// parameter given (Note [Signatures]).
void convert(const Signature& s, Bound& bound) {
  for (size_t i = 0; i < s.params.size(); ++i) {
    const Param& p = s.params[i];
    const Value& v = bound.slot(i);
    if (p.type == Type::IntList) convert_int_list(s, p, v);
    if (p.type == Type::Device && v.text() != nullptr && *v.text() != "cpu")
      throw PythonError("NotImplementedError",
                        "tensorcast runs on the CPU only: device '" + *v.text() + "' is not available");
    if (p.left_out && !is_default(p, v))
      throw PythonError("NotImplementedError", s.name + "(" + p.name + "=...) is not supported by tensorcast" +
                                                   (p.name == "out" ? ": assign its result instead" : ""));
  }
}

// Note [Keyword order]: PyTorch's format_invalid_args copies the keywords
// into a std::unordered_map<std::string, PyObject*> and writes them in
// its order, libstdc++'s: std::hash<std::string> (_Hash_bytes, seed
// 0xc70f6907) into 13 buckets (the first insertion's size, which holds 13
// keywords), each new key put first among those of its bucket, or first
// of all when its bucket is empty. torch.add(x, x, 1, beta=2, gamma=3)
// says "gamma, beta". Past 13 keywords the map grows and this order is
// not PyTorch's.
uint64_t libstdcxx_string_hash(const std::string& s) {
  const uint64_t mul = (uint64_t{0xc6a4a793} << 32) + uint64_t{0x5bd1e995};
  const auto shift_mix = [](uint64_t v) { return v ^ (v >> 47); };
  const size_t len = s.size();
  const size_t aligned = len & ~size_t{7};
  uint64_t hash = uint64_t{0xc70f6907} ^ (uint64_t{len} * mul);
  for (size_t p = 0; p < aligned; p += 8) {
    uint64_t data = 0;
    for (size_t k = 8; k-- > 0;) data = (data << 8) + static_cast<unsigned char>(s[p + k]);
    hash ^= shift_mix(data * mul) * mul;
    hash *= mul;
  }
  if ((len & 7) != 0) {
    uint64_t data = 0;
    for (size_t k = len & 7; k-- > 0;) data = (data << 8) + static_cast<unsigned char>(s[aligned + k]);
    hash ^= data;
    hash *= mul;
  }
  return shift_mix(shift_mix(hash) * mul);
}

// The keywords of a call in PyTorch's unordered_map order (Note [Keyword
// order]).
std::vector<const std::pair<std::string, Value>*> map_order(const Arguments& args) {
  std::vector<const std::pair<std::string, Value>*> out;
  std::vector<uint64_t> buckets;
  for (const auto& kv : args.keywords) {
    const uint64_t bucket = libstdcxx_string_hash(kv.first) % 13;
    size_t at = 0;
    while (at < out.size() && buckets[at] != bucket) ++at;
    if (at == out.size()) at = 0;
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), &kv);
    buckets.insert(buckets.begin() + static_cast<std::ptrdiff_t>(at), bucket);
  }
  return out;
}

// An argument of a listed signature as invalid_arguments.cpp's
// _parseOption reads "(Tensor input, *, int dim)": split at ", ", the type
// before the last space; "*" is an argument of type "*", "()" one of
// type "".
struct OptionArg {
  std::string type, name;
};
std::vector<OptionArg> parse_option(const std::string& option) {
  std::vector<OptionArg> out;
  const std::string body = option.substr(1, option.size() - 2);
  size_t start = 0;
  while (true) {
    const size_t end = body.find(", ", start);
    const std::string arg = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const size_t space = arg.find_last_of(' ');
    out.push_back(space == std::string::npos ? OptionArg{arg, arg} : OptionArg{arg.substr(0, space), arg.substr(space + 1)});
    if (end == std::string::npos) return out;
    start = end + 2;
  }
}

// _buildType's is_matching: by the Python type's name.
bool option_matches(const std::string& type, const Value& v) {
  const std::string given = type_name(v);
  if (type == "float") return given == "float" || given == "int";
  return given == type;
}

bool argcount_match(const std::vector<OptionArg>& option, const Arguments& args) {
  return args.positional.size() + args.keywords.size() == option.size();
}

// _tryMatchKwargs: the keywords not among the option's last ones.
std::vector<std::string> unmatched_keywords(const std::vector<OptionArg>& option, const Arguments& args) {
  std::vector<std::string> out;
  const size_t start = option.size() > args.keywords.size() ? option.size() - args.keywords.size() : 0;
  for (const auto* kv : map_order(args)) {
    bool found = false;
    for (size_t i = start; i < option.size(); ++i) found = found || option[i].name == kv->first;
    if (!found) out.push_back(kv->first);
  }
  return out;
}

// _formattedArgDesc (no terminal: a mismatch between "!"s), for an option
// whose count matches and whose keywords are its last arguments.
std::string formatted_args(const std::vector<OptionArg>& option, const Arguments& args) {
  std::string out = "(";
  const size_t n = args.positional.size() + args.keywords.size();
  for (size_t i = 0; i < n; ++i) {
    const bool keyword = i >= args.positional.size();
    const Value* v = keyword ? nullptr : &args.positional[i];
    for (size_t k = 0; keyword && k < args.keywords.size(); ++k)
      if (args.keywords[k].first == option[i].name) v = &args.keywords[k].second;
    TC_ASSERT(v != nullptr, "keyword ", option[i].name, " not given");
    const char* mark = option_matches(option[i].type, *v) ? "" : "!";
    out += mark + (keyword ? option[i].name + "=" : "") + type_name(*v) + mark + ", ";
  }
  if (!args.positional.empty()) out.erase(out.size() - 2);
  return out + ")";
}

// PyTorch's _argDesc: "(Tensor, str, dim=int)"; with keywords only, its
// trailing ", " stays ("(dim=int, )"), as PyTorch's does.
std::string describe_args(const Arguments& args) {
  std::string out = "(";
  for (const Value& v : args.positional) out += std::string(type_name(v)) + ", ";
  for (const auto* kv : map_order(args)) out += kv->first + "=" + type_name(kv->second) + ", ";
  if (!args.positional.empty()) out.erase(out.size() - 2);
  return out + ")";
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// PyTorch's format_invalid_args for the listed signatures' texts.
std::string format_invalid_args(const std::string& name, const std::vector<std::string>& options,
                                const Arguments& args) {
  std::string out = name + "() received an invalid combination of arguments - ";
  if (options.size() == 1) {
    const std::vector<OptionArg> option = parse_option(options[0]);
    const std::vector<std::string> unmatched = unmatched_keywords(option, args);
    if (!unmatched.empty()) return out + "got unrecognized keyword arguments: " + joined(unmatched);
    return out + "got " + (argcount_match(option, args) ? formatted_args(option, args) : describe_args(args)) +
           ", but expected " + options[0];
  }
  out += "got " + describe_args(args) + ", but expected one of:\n";
  for (const std::string& text : options) {
    out += " * " + text + "\n";
    const std::vector<OptionArg> option = parse_option(text);
    if (!argcount_match(option, args)) continue;
    const std::vector<std::string> unmatched = unmatched_keywords(option, args);
    if (!unmatched.empty())
      out += "      didn't match because some of the keywords were incorrect: " + joined(unmatched) + "\n";
    else
      out += "      didn't match because some of the arguments have invalid types: " + formatted_args(option, args) + "\n";
  }
  return out;
}

// --- CPython's argument errors, for the "|python" signatures and the
// METH_NOARGS methods (Note [Signatures])

// CPython's missing_arguments names: 'a'; 'a' and 'b'; 'a', 'b', and 'c'.
std::string python_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    out += "'" + names[i] + "'";
  }
  return out;
}

[[noreturn]] void python_missing(const std::string& qualname, const std::vector<std::string>& names, const char* kind) {
  type_error(qualname + "() missing " + std::to_string(names.size()) + " required " + kind + " argument" +
             (names.size() == 1 ? "" : "s") + ": " + python_names(names));
}

// CPython's initialize_locals for a Python function of those parameters
// (a method, or a "Class.__init__", counts its self): the keywords first,
// then too many positional arguments, then the missing ones. A class of
// no __init__ of its own ("|python object") takes no arguments at all.
void python_arity(const Signature& s, bool method, const Arguments& args) {
  if (s.qualname == "object") {
    if (!args.positional.empty() || !args.keywords.empty()) type_error(s.name + "() takes no arguments");
    return;
  }
  const std::vector<size_t> order = call_params(s, method);
  const std::string qualname = s.qualname.empty() ? s.name : s.qualname;
  const bool init = qualname.size() > 9 && qualname.compare(qualname.size() - 9, 9, ".__init__") == 0;
  const size_t self = method || init ? 1 : 0;
  std::vector<const Param*> positional, keyword_only;
  size_t defaults = 0;
  for (size_t i : order) {
    const Param& p = s.params[i];
    (p.keyword_only ? keyword_only : positional).push_back(&p);
    if (!p.keyword_only && p.optional) ++defaults;
  }
  const size_t given = args.positional.size();
  size_t keyword_only_given = 0;
  std::vector<bool> set(positional.size(), false);
  for (size_t k = 0; k < positional.size() && k < given; ++k) set[k] = true;
  for (const auto& [key, value] : args.keywords) {
    bool found = false;
    for (size_t k = 0; k < positional.size(); ++k) {
      if (positional[k]->name != key) continue;
      if (set[k]) type_error(qualname + "() got multiple values for argument '" + key + "'");
      set[k] = found = true;
    }
    for (const Param* p : keyword_only)
      if (p->name == key) found = true, ++keyword_only_given;
    if (!found) type_error(qualname + "() got an unexpected keyword argument '" + key + "'");
  }
  const size_t count = positional.size() + self;
  if (given > positional.size()) {
    const bool plural = defaults > 0 || count != 1;
    const std::string takes = defaults > 0 ? "from " + std::to_string(count - defaults) + " to " + std::to_string(count)
                                           : std::to_string(count);
    const std::string also = keyword_only_given == 0 ? ""
        : std::string(" positional argument") + (given + self != 1 ? "s" : "") + " (and " +
              std::to_string(keyword_only_given) + " keyword-only argument" + (keyword_only_given != 1 ? "s" : "") + ")";
    type_error(qualname + "() takes " + takes + " positional argument" + (plural ? "s" : "") + " but " +
               std::to_string(given + self) + also + " " + (given + self == 1 && keyword_only_given == 0 ? "was" : "were") +
               " given");
  }
  std::vector<std::string> missing;
  for (size_t k = 0; k < positional.size(); ++k)
    if (!set[k] && !positional[k]->optional) missing.push_back(positional[k]->name);
  if (!missing.empty()) python_missing(qualname, missing, "positional");
  for (const Param* p : keyword_only) {
    bool given_by_keyword = false;
    for (const auto& kv : args.keywords) given_by_keyword = given_by_keyword || kv.first == p->name;
    if (!given_by_keyword && !p->optional) missing.push_back(p->name);
  }
  if (!missing.empty()) python_missing(qualname, missing, "keyword-only");
}

// CPython's METH_NOARGS check: "_TensorBase.abs() takes no arguments (2 given)".
void no_arguments(const std::string& qualname, const Arguments& args) {
  if (!args.keywords.empty()) type_error(qualname + "() takes no keyword arguments");
  if (!args.positional.empty())
    type_error(qualname + "() takes no arguments (" + std::to_string(args.positional.size()) + " given)");
}

// What a bound named-dim overload raises on tensorcast's tensors, which
// have no names: PyTorch's text for the first name it looks up.
[[noreturn]] void names_not_found(const Signature& s, Bound& bound, const Value* self) {
  if (s.name == "all" || s.name == "any")  // PyTorch's reportNYIDimnameOverload, before any lookup
    throw Error(ErrorKind::Value, s.name + ": You passed a dimname (string) to this op in place of a dimension index "
                                           "but it does not yet support this behavior. Please pass a dimension index "
                                           "to work around this.");
  const Value* tensor = self;
  const Value* name = nullptr;
  for (size_t i = 0; i < s.params.size(); ++i) {
    const Param& p = s.params[i];
    if (tensor == nullptr && p.name == "input" && bound.slot(i).is_tensor()) tensor = &bound.slot(i);
    if (name != nullptr || !is_name(p.type) || p.left_out) continue;
    const Sequence* seq = bound.slot(i).sequence();
    name = seq == nullptr ? &bound.slot(i) : (seq->items.empty() ? nullptr : &seq->items[0]);
  }
  if (name == nullptr || name->text() == nullptr)
    throw Error(ErrorKind::Value, "Please look up dimensions by name, got: name = None.");
  std::string dims;
  const int64_t ndim = tensor != nullptr && tensor->is_tensor() ? tensor->tensor().ndim() : 0;
  for (int64_t d = 0; d < ndim; ++d) dims += d ? ", None" : "None";
  throw Error(ErrorKind::Value, "Name '" + *name->text() + "' not found in Tensor[" + dims + "].");
}

// A signature that bound: what it takes converted (or a named one's
// error, Note [Signatures]).
Bound finish(const Signature& s, Bound bound, const Value* self) {
  if (s.named) names_not_found(s, bound, self);
  convert(s, bound);
  return bound;
}

}  // namespace

std::string Param::type_name() const {
  switch (type) {
    case Type::Tensor:
    case Type::Operand: return "Tensor";
    case Type::Number: return "Number";
    case Type::Int: return "int";
    case Type::Float: return "float";
    case Type::Bool: return "bool";
    case Type::IntList: return symint ? "tuple of SymInts" : "tuple of ints";
    case Type::TensorList: return "tuple of Tensors";
    case Type::DType: return "torch.dtype";
    case Type::Str: return "str";
    case Type::Device: return "torch.device";
    case Type::Layout: return "torch.layout";
    case Type::Generator: return "torch.Generator";
    case Type::MemoryFormat: return "torch.memory_format";
    case Type::Name: return "name";
    case Type::Names: return "tuple of names";
    case Type::Object: return "object";
  }
  return "object";
}

Signature::Signature(const std::string& written) : text(written) {
  std::string text = written;
  const size_t bar = text.rfind('|');
  if (bar != std::string::npos) {
    const std::string suffix = text.substr(bar + 1);
    text = text.substr(0, bar);
    hidden = suffix == "deprecated" || suffix == "hidden";
    python = suffix.compare(0, 6, "python") == 0;
    if (python && suffix.size() > 7) qualname = suffix.substr(7);
    TC_ASSERT(hidden || python, "unknown signature suffix: ", written);
  }
  const size_t arrow = text.rfind(" -> ");
  if (arrow != std::string::npos) {
    returns = text.substr(arrow + 4);
    text = text.substr(0, arrow);
  }
  const size_t open = text.find('(');
  TC_ASSERT(open != std::string::npos && text.back() == ')', "malformed signature: ", text);
  name = text.substr(0, open);
  const std::string body = text.substr(open + 1, text.size() - open - 2);
  bool keyword_only = false;
  size_t start = 0;
  while (start < body.size()) {
    size_t end = body.find(", ", start);
    if (end == std::string::npos) end = body.size();
    const std::string part = body.substr(start, end - start);
    if (part == "*") keyword_only = true;
    else params.push_back(parse_param(part, keyword_only));
    start = end + 2;
  }
  for (const Param& p : params) named = named || (is_name(p.type) && !p.left_out);
}

std::string Signature::to_string(bool method) const {
  std::string out = "(";
  bool first = true, keyword_shown = false;
  for (size_t i : call_params(*this, method)) {
    const Param& p = params[i];
    if (!first) out += ", ";
    first = false;
    if (p.keyword_only && !keyword_shown) {
      out += "*, ";
      keyword_shown = true;
    }
    out += p.type_name() + " " + p.name;
  }
  return out + ")";
}

namespace {

// Whether a signature is one of a method's: PyTorch's methods have no
// overload of a number first ("pow(Number self, Tensor exponent)").
bool is_method_signature(const Signature& s) {
  for (const Param& p : s.params)
    if (p.name == "input") return true;
  return false;
}

}  // namespace

Bound bind_arguments(const std::vector<Signature>& signatures, const Value* self, const Arguments& args) {
  const bool method = self != nullptr;
  std::vector<size_t> usable;  // PyTorch's parser's signatures, by index in the table
  for (size_t i = 0; i < signatures.size(); ++i)
    if (!method || is_method_signature(signatures[i])) usable.push_back(i);
  TC_ASSERT(!usable.empty());
  const Signature& first = signatures[usable[0]];
  const Signature* python = nullptr;  // the Python function's own parameters, if it is one
  for (size_t i : usable)
    if (signatures[i].python) python = &signatures[i];
  bool takes_nothing = python == nullptr;
  for (size_t i : usable) takes_nothing = takes_nothing && call_params(signatures[i], method).empty();
  if (takes_nothing) no_arguments((method ? "_TensorBase." : "torch.") + first.name, args);
  if (python != nullptr) python_arity(*python, method, args);
  if (usable.size() == 1) {
    Bound out(first, usable[0]);
    parse(first, self, args, true, out);
    return finish(first, std::move(out), self);
  }
  for (size_t i : usable) {
    Bound out(signatures[i], i);
    if (parse(signatures[i], self, args, false, out)) return finish(signatures[i], std::move(out), self);
  }
  // PyTorch's print_error: the one listed signature that takes that many
  // arguments says what is wrong; else format_invalid_args.
  const size_t given = args.positional.size() + args.keywords.size();
  std::vector<size_t> plausible;
  std::vector<std::string> options;
  for (size_t i : usable) {
    if (signatures[i].hidden) continue;
    options.push_back(signatures[i].to_string(method));
    const Counts c = counts(signatures[i], call_params(signatures[i], method));
    if (given >= c.min_args && given <= c.max_args) plausible.push_back(i);
  }
  if (plausible.size() == 1) {
    Bound out(signatures[plausible[0]], plausible[0]);
    parse(signatures[plausible[0]], self, args, true, out);
  }
  type_error(format_invalid_args(first.name, options, args));
}

size_t Bound::index(const char* name) const {
  for (size_t i = 0; i < signature_->params.size(); ++i)
    if (signature_->params[i].name == name) return i;
  TC_ASSERT(false, "no parameter named ", name, " in ", signature_->name);
  return 0;
}

const Value& Bound::get(const char* name) const { return values_[index(name)]; }

bool Bound::takes(const char* name) const {
  for (const Param& p : signature_->params)
    if (p.name == name) return true;
  return false;
}

Tensor Bound::tensor(const char* name) const {
  const Value& v = get(name);
  TC_ASSERT(v.is_tensor(), "parameter ", name, " is not a tensor");
  return v.tensor();
}

Scalar Bound::number(const char* name) const {
  const Value& v = get(name);
  if (auto b = std::get_if<bool>(&v.v)) return Scalar(*b);
  if (auto i = std::get_if<int64_t>(&v.v)) return Scalar(*i);
  if (auto d = std::get_if<double>(&v.v)) return Scalar(*d);
  TC_ASSERT(v.is_tensor(), "parameter ", name, " is not a number");
  return v.tensor().scalar_item();
}

Operand Bound::operand(const char* name) const {
  const Value& v = get(name);
  if (v.is_tensor()) return Operand(v.tensor());
  return Operand(number(name));
}

int64_t Bound::integer(const char* name) const {
  const Value& v = get(name);
  if (auto i = std::get_if<int64_t>(&v.v)) return *i;
  if (auto b = std::get_if<bool>(&v.v)) return *b ? 1 : 0;
  TC_ASSERT(v.is_tensor(), "parameter ", name, " is not an int");
  return v.tensor().scalar_item().to_int();
}

double Bound::real(const char* name) const { return number(name).to_double(); }

bool Bound::flag(const char* name) const {
  const Value& v = get(name);
  TC_ASSERT(std::holds_alternative<bool>(v.v), "parameter ", name, " is not a bool");
  return std::get<bool>(v.v);
}

std::vector<int64_t> Bound::ints(const char* name) const {
  const Value& v = get(name);
  std::vector<int64_t> out;
  if (v.is_none()) return out;
  const Sequence* s = v.sequence();
  if (s == nullptr) return {integer(name)};
  for (const Value& item : s->items) {
    if (auto i = std::get_if<int64_t>(&item.v)) out.push_back(*i);
    else if (auto f = std::get_if<bool>(&item.v)) out.push_back(*f ? 1 : 0);
    else out.push_back(item.tensor().scalar_item().to_int());
  }
  return out;
}

// PyTorch's TensorList conversion: "expected Tensor as element 1 in
// argument 0, but got int" (python_arg_parser.h, tensorlist).
std::vector<Tensor> Bound::tensors(const char* name) const {
  const size_t i = index(name);
  const Sequence* s = values_[i].sequence();
  TC_ASSERT(s != nullptr, "parameter ", name, " is not a sequence");
  std::vector<Tensor> out;
  for (size_t k = 0; k < s->items.size(); ++k) {
    if (!s->items[k].is_tensor())
      throw PythonError("TypeError", "expected Tensor as element " + std::to_string(k) +
                                         " in argument " + std::to_string(i) + ", but got " +
                                         type_name(s->items[k]));
    out.push_back(s->items[k].tensor());
  }
  return out;
}

DType Bound::dtype(const char* name) const {
  const std::optional<DType> d = dtype_of_value(get(name));
  TC_ASSERT(d.has_value(), "parameter ", name, " is not a dtype");
  return *d;
}

std::optional<DType> Bound::optional_dtype(const char* name) const {
  if (!has(name)) return std::nullopt;
  return dtype(name);
}

std::optional<int64_t> Bound::optional_int(const char* name) const {
  if (!has(name)) return std::nullopt;
  return integer(name);
}

std::string Bound::str(const char* name) const { return *get(name).text(); }

std::optional<DType> dtype_of_value(const Value& v) {
  if (auto d = std::get_if<DType>(&v.v)) return *d;
  if (auto fn = std::get_if<Callable>(&v.v)) {
    if (fn->qualname == "float") return DType::Float64;
    if (fn->qualname == "int") return DType::Int64;
    if (fn->qualname == "bool") return DType::Bool;
  }
  return std::nullopt;
}

}  // namespace tc::lang
