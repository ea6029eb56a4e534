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
    {"Dimname[]", Type::Names},
};

// Values a program cannot make (torch.strided, torch.Generator(), ...):
// whatever is given for them is refused once bound, as a left-out
// parameter's value.
bool is_foreign(Type t) {
  return t == Type::Layout || t == Type::Generator || t == Type::MemoryFormat || t == Type::Names;
}

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
  if (bracket != std::string::npos && type.compare(0, 3, "int") == 0) {
    p.list_size = std::atoi(type.c_str() + bracket + 1);
    type = "int[]";
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
    case Type::Layout:
    case Type::Generator:
    case Type::MemoryFormat:
    case Type::Names:
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

// PyTorch's _argDesc: "(Tensor, str, dim=int)"; with keywords only, its
// trailing ", " stays ("(dim=int, )"), as PyTorch's does.
std::string describe_args(const Arguments& args) {
  std::string out = "(";
  for (const Value& v : args.positional) out += std::string(type_name(v)) + ", ";
  for (const auto& kv : args.keywords) out += kv.first + "=" + type_name(kv.second) + ", ";
  if (!args.positional.empty()) out.erase(out.size() - 2);
  return out + ")";
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
    case Type::Names: return "tuple of names";
    case Type::Object: return "object";
  }
  return "object";
}

Signature::Signature(const std::string& written) : text(written) {
  std::string text = written;
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

Bound bind_arguments(const std::vector<Signature>& signatures, const Value* self, const Arguments& args) {
  TC_ASSERT(!signatures.empty());
  if (signatures.size() == 1) {
    Bound out(signatures[0], 0);
    parse(signatures[0], self, args, true, out);
    convert(signatures[0], out);
    return out;
  }
  for (size_t i = 0; i < signatures.size(); ++i) {
    Bound out(signatures[i], i);
    if (!parse(signatures[i], self, args, false, out)) continue;
    convert(signatures[i], out);
    return out;
  }
  // PyTorch's print_error: the one signature that takes that many
  // arguments says what is wrong; else every signature is listed.
  const size_t given = args.positional.size() + args.keywords.size();
  std::vector<size_t> plausible;
  for (size_t i = 0; i < signatures.size(); ++i) {
    const Counts c = counts(signatures[i], call_params(signatures[i], self != nullptr));
    if (given >= c.min_args && given <= c.max_args) plausible.push_back(i);
  }
  if (plausible.size() == 1) {
    Bound out(signatures[plausible[0]], plausible[0]);
    parse(signatures[plausible[0]], self, args, true, out);
  }
  std::string message = signatures[0].name + "() received an invalid combination of arguments - got " +
                        describe_args(args) + ", but expected one of:";
  for (const Signature& s : signatures) message += "\n * " + s.to_string(self != nullptr);
  type_error(message + "\n");
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
