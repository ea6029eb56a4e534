// Elementwise ops and reductions (src/lang/library.h): the op table's
// binary, comparison and unary ops (src/op_table.h) with PyTorch's
// parameter names, their in-place methods, clamp, where, and the
// reductions of src/ops/reduce*.cpp with PyTorch's overloads.
#include "autograd/node.h"
#include "lang/library.h"
#include "op_table.h"
#include "shape.h"

#include <cmath>
#include <set>

namespace tc::lang {

TC_BUILT_ONCE void add_reductions(std::vector<Entry>& t);

namespace {

// PyTorch's name of an op of the table: "floor_divide" for floorDivide.
std::string torch_name(const OpInfo& op) {
  const size_t dot = op.torch.find('.');
  return op.torch.substr(dot + 1);
}

// PyTorch's signatures of a binary or comparison op, by its name (its
// python_torch_functions' and, for a method, python_variable_methods'):
// a Tensor and a Number overload, the deprecated add(input, alpha, other),
// PyTorch's "Number self" overloads (torch.pow(2, x)), which no method has.
// "Operand" where PyTorch lets numbers be tensors (should_allow_numbers_as_tensors:
// add, sub, mul, div and their aliases). A binary op of another name has
// PyTorch's one signature of two tensors (logical_and's) unless it is
// written here; torch.<name>(*[x] * 12) lists PyTorch's.
TC_BUILT_ONCE std::vector<std::string> binary_signatures(const std::string& name) {
  static const std::set<std::string> numbers = {"add", "sub", "mul", "div", "divide", "multiply",
                                                "subtract", "true_divide", "floor_divide"};
  const std::string n = name + "(";
  const std::string t = numbers.count(name) ? "Operand" : "Tensor";
  const std::string in = t + " input, ";
  const std::string out = "*, Tensor! out=None)";
  if (name == "add" || name == "sub")
    return {n + in + t + " other, *, Number alpha=1, Tensor! out=None)",
            n + in + "Number alpha, " + t + " other, " + out + "|deprecated"};
  if (name == "subtract")
    return {n + in + t + " other, *, Number alpha=1, Tensor! out=None)", n + in + "Number other, Number alpha=1)"};
  if (name == "mul" || name == "maximum" || name == "minimum") return {n + in + t + " other, " + out};
  if (name == "multiply" || name == "true_divide" || name == "floor_divide")
    return {n + in + t + " other, " + out, n + in + "Number other)"};
  if (name == "div")
    return {n + in + t + " other, " + out, n + in + t + " other, *, str? rounding_mode, Tensor! out=None)",
            n + in + "Number other, *, str? rounding_mode)"};
  if (name == "divide")
    return {n + in + t + " other, " + out, n + in + t + " other, *, str? rounding_mode, Tensor! out=None)",
            n + in + "Number other)", n + in + "Number other, *, str? rounding_mode)"};
  if (name == "pow")
    return {n + in + "Tensor exponent, " + out, n + "Number self, Tensor exponent, " + out,
            n + in + "Number exponent, " + out};
  if (name == "remainder" || name.compare(0, 8, "bitwise_") == 0)
    return {n + in + "Tensor other, " + out, n + "Number self, Tensor other)", n + in + "Number other, " + out};
  static const std::set<std::string> comparisons = {"eq", "ne", "lt", "le", "gt", "ge", "greater", "greater_equal",
                                                    "less", "less_equal", "not_equal"};
  if (comparisons.count(name)) return {n + in + "Tensor other, " + out, n + in + "Number other, " + out};
  return {n + in + "Tensor other, " + out};  // logical_and, ...: one signature
}

// An in-place op's method signatures: its function's, of a tensor input,
// without out= ("add_(Tensor input, Operand other, *, Number alpha=1)").
TC_BUILT_ONCE std::vector<std::string> inplace_signatures(const std::string& name) {
  std::vector<std::string> out;
  for (std::string s : binary_signatures(name.substr(0, name.size() - 1))) {
    if (s.find("Number self") != std::string::npos) continue;
    s.insert(name.size() - 1, "_");
    for (const char* tail : {", *, Tensor! out=None)", ", Tensor! out=None)"}) {
      const size_t at = s.find(tail);
      if (at != std::string::npos) s.replace(at, std::string(tail).size(), ")");
    }
    const size_t operand = s.find("Operand input");
    if (operand != std::string::npos) s.replace(operand, 7, "Tensor");
    out.push_back(s);
  }
  return out;
}

// The first operand: "input", or "self" in PyTorch's Number-first overloads.
Operand first_operand(const Bound& b) { return b.operand(b.takes("input") ? "input" : "self"); }

Impl op_impl(const OpInfo* op) {
  return [op](const Bound& b, CallContext&) -> Value {
    const Scalar alpha = op->alpha ? b.number("alpha") : Scalar(1);
    const Operand other = b.operand(op->family == OpFamily::Binary &&
                                            static_cast<BinaryOp>(op->code) == BinaryOp::Pow
                                        ? "exponent"
                                        : "other");
    if (op->inplace) {
      Tensor self = b.tensor("input");
      if (op->family == OpFamily::Compare) return compare_(static_cast<CompareOp>(op->code), self, other);
      return binary_(static_cast<BinaryOp>(op->code), self, other, alpha);
    }
    const Operand input = first_operand(b);
    if (op->family == OpFamily::Compare) return compare(static_cast<CompareOp>(op->code), input, other);
    return binary(static_cast<BinaryOp>(op->code), input, other, alpha);
  };
}

// PyTorch's other names for the same ops (torch/_torch_docs.py "Alias for").
const std::pair<const char*, const char*> kAliases[] = {
    {"subtract", "sub"},       {"multiply", "mul"},      {"divide", "div"},
    {"true_divide", "div"},    {"greater", "gt"},        {"greater_equal", "ge"},
    {"less", "lt"},            {"less_equal", "le"},     {"not_equal", "ne"},
    {"negative", "neg"},       {"absolute", "abs"},
};

// div(input, other, *, rounding_mode=None): PyTorch's true division, or
// floor division for 'floor'. 'trunc' would need a trunc op the core lacks.
Value div_rounding(const Bound& b, const Impl& plain, CallContext& c) {
  if (!b.takes("rounding_mode") || !b.has("rounding_mode")) return plain(b, c);
  const std::string mode = b.str("rounding_mode");
  if (mode == "floor") return floor_divide(first_operand(b), b.operand("other"));
  if (mode == "trunc")
    throw PythonError("NotImplementedError", "div(rounding_mode='trunc') is not supported by tensorcast");
  throw Error(ErrorKind::Value, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" +
                                    mode + "'");
}

// An op of the table under its own name is called by the package through
// the table's export (JsForm::OpTable); an alias through the generic call.
Entry table_entry(Entry e, const OpInfo& op, const std::string& name) {
  Entry out = std::move(e).in(Family::Elementwise, op.dtype_rule, op.backward).says(op.doc);
  if (name == torch_name(op)) {
    out.js_form = JsForm::OpTable;
    out.js = op.name;
  }
  return out;
}

// x.exp_() ... (Note [Unary ops in place] in src/ops/fill.cpp): PyTorch
// 1.13 has each as a method and as torch.<op>_, but sign_ (a method only).
void add_unary_inplace(std::vector<Entry>& t, const OpInfo& op, UnaryOp code) {
  const std::string name = torch_name(op) + "_";
  const std::string signature = name + "(Tensor input)";
  const unsigned where = code == UnaryOp::Sign ? kMethod : kTorch | kMethod;
  t.push_back(entry(name.c_str(), where, {signature.c_str()},
                    [code](const Bound& b, CallContext&) -> Value {
                      Tensor self = b.tensor("input");
                      return unary_(code, self);
                    })
                  .in(Family::Elementwise, DTypeRule::Same, op.backward)
                  .says(torch_name(op) + " written into this tensor, in its own dtype."));
}

TC_BUILT_ONCE void add_op(std::vector<Entry>& t, const OpInfo& op, const std::string& name) {
  const OpInfo* p = &op;
  if (op.family == OpFamily::Unary) {
    if (static_cast<UnaryOp>(op.code) == UnaryOp::Round) return;  // below, with decimals
    const UnaryOp code = static_cast<UnaryOp>(op.code);
    // PyTorch's unary ops take out=, but relu
    const std::string signature = name + (name == "relu" ? "(Tensor input)" : "(Tensor input, *, Tensor! out=None)");
    t.push_back(table_entry(entry(name.c_str(), kTorch | kMethod, {signature.c_str()},
                                  [code](const Bound& b, CallContext&) -> Value { return unary(code, b.tensor("input")); }),
                            op, name));
    if (name == torch_name(op)) add_unary_inplace(t, op, code);
    return;
  }
  if (op.family != OpFamily::Binary && op.family != OpFamily::Compare) return;
  const std::vector<std::string> signatures = op.inplace ? inplace_signatures(name) : binary_signatures(name);
  const bool div = op.family == OpFamily::Binary && static_cast<BinaryOp>(op.code) == BinaryOp::Div;
  // a number first is PyTorch's too (torch.pow(2, x), torch.remainder(2, x)),
  // but one of the two must be a tensor: input is refused as a number when
  // other is one as well (below).
  Impl impl = op_impl(p);
  if (div && !op.inplace) impl = [plain = impl](const Bound& b, CallContext& c) { return div_rounding(b, plain, c); };
  if (div && op.inplace)  // PyTorch's div_ takes rounding_mode= too; the core has no in-place form of it
    impl = [plain = impl, name](const Bound& b, CallContext& c) {
      if (b.takes("rounding_mode") && b.has("rounding_mode"))
        throw PythonError("NotImplementedError", name + "(rounding_mode=...) is not supported by tensorcast: "
                                                        "assign div(..., rounding_mode=...) instead");
      return plain(b, c);
    };
  const bool pow = op.family == OpFamily::Binary && static_cast<BinaryOp>(op.code) == BinaryOp::Pow;
  Impl checked = [impl, name, pow](const Bound& b, CallContext& c) -> Value {
    const Value& input = b.get(b.takes("input") ? "input" : "self");
    if (!input.is_tensor() && !b.get(pow ? "exponent" : "other").is_tensor())
      throw PythonError("TypeError", name + "(): argument 'input' (position 1) must be Tensor, not " +
                                         type_name(input));
    return impl(b, c);
  };
  std::vector<const char*> texts;
  for (const std::string& s : signatures) texts.push_back(s.c_str());
  t.push_back(table_entry(entry(name.c_str(), op.inplace ? kMethod : kTorch | kMethod, texts, checked), op, name));
}

// --- reductions: PyTorch's overloads (its python signatures, without the
// named-dim ones); dtype= converts the input first, as PyTorch's sum does.

Tensor input_as(const Bound& b) {
  const Tensor x = b.tensor("input");
  const std::optional<DType> d = b.optional_dtype("dtype");
  return d ? to(x, *d) : x;
}

// sum and prod compute in dtype= when given: the core's integer sum is
// int64, so an int32 (or bool) dtype converts the result back; its low
// bits are those an int32 accumulator would hold.
Value in_dtype(const Bound& b, const Tensor& result) {
  const std::optional<DType> d = b.optional_dtype("dtype");
  return d && result.dtype() != *d ? to(result, *d) : result;
}

// None (or no dim) reduces every dim.
Value do_sum(const Bound& b, CallContext&) {
  const Tensor x = input_as(b);
  if (b.overload() == 0) return in_dtype(b, sum(x));
  return in_dtype(b, sum(x, b.ints("dim"), b.flag("keepdim")));
}

Value do_mean(const Bound& b, CallContext&) {
  const Tensor x = input_as(b);
  if (b.overload() == 0) return mean(x);
  return mean(x, b.ints("dim"), b.flag("keepdim"));
}

// nansum(dim=None): every dim.
Value do_nansum(const Bound& b, CallContext&) {
  const std::vector<int64_t> dims = b.has("dim") ? b.ints("dim") : std::vector<int64_t>{};
  return in_dtype(b, nansum(input_as(b), dims, b.flag("keepdim")));
}

Value do_amax(const Bound& b, CallContext&) { return amax(b.tensor("input"), b.ints("dim"), b.flag("keepdim")); }
Value do_amin(const Bound& b, CallContext&) { return amin(b.tensor("input"), b.ints("dim"), b.flag("keepdim")); }

// max(): 0-D; max(other): maximum; max(dim): torch.return_types.max.
Value extreme(const Bound& b, bool largest) {
  const Tensor x = b.tensor("input");
  switch (b.overload()) {
    case 0: return largest ? max(x) : min(x);
    case 1: return largest ? maximum(x, b.tensor("other")) : minimum(x, b.tensor("other"));
    default: break;
  }
  const ValuesIndices r = largest ? max(x, b.integer("dim"), b.flag("keepdim"))
                                  : min(x, b.integer("dim"), b.flag("keepdim"));
  return Value::named(largest ? "torch.return_types.max" : "torch.return_types.min",
                      {"values", "indices"}, {Value(r.values), Value(r.indices)});
}
Value do_max(const Bound& b, CallContext&) { return extreme(b, true); }
Value do_min(const Bound& b, CallContext&) { return extreme(b, false); }

Value do_argmax(const Bound& b, CallContext&) {
  return argmax(b.tensor("input"), b.optional_int("dim"), b.flag("keepdim"));
}
Value do_argmin(const Bound& b, CallContext&) {
  return argmin(b.tensor("input"), b.optional_int("dim"), b.flag("keepdim"));
}

Value do_prod(const Bound& b, CallContext&) {
  const Tensor x = input_as(b);
  if (b.overload() == 0) return in_dtype(b, prod(x, std::nullopt, false));
  return in_dtype(b, prod(x, b.integer("dim"), b.flag("keepdim")));
}

// var/std: PyTorch 1.13's three overloads, in its order: (dim, *,
// correction=None, keepdim), (dim, unbiased, keepdim), (unbiased).
int64_t correction_of(const Bound& b) {
  if (!b.takes("correction")) return b.flag("unbiased") ? 1 : 0;
  return b.optional_int("correction").value_or(1);
}
Value spread(const Bound& b, bool root) {
  const Tensor x = b.tensor("input");
  const std::vector<int64_t> dims = b.takes("dim") ? b.ints("dim") : std::vector<int64_t>{};
  const bool keepdim = b.takes("keepdim") && b.flag("keepdim");
  return root ? tc::std(x, dims, correction_of(b), keepdim) : var(x, dims, correction_of(b), keepdim);
}
Value do_var(const Bound& b, CallContext&) { return spread(b, false); }
Value do_std(const Bound& b, CallContext&) { return spread(b, true); }

Value do_logsumexp(const Bound& b, CallContext&) {
  return logsumexp(b.tensor("input"), b.ints("dim"), b.flag("keepdim"));
}

// softmax(dim, dtype=None): dtype converts the input first.
Value do_softmax(const Bound& b, CallContext&) { return softmax(input_as(b), b.integer("dim")); }
Value do_log_softmax(const Bound& b, CallContext&) { return log_softmax(input_as(b), b.integer("dim")); }

// cumsum/cumprod(dim, *, dtype=None): the core converts to dtype= itself,
// before the scan and outside the autograd graph (its backward converts the
// gradient back, as PyTorch's does); the in-place forms return the tensor.
std::optional<DType> cumulative_dtype(const Bound& b) { return b.optional_dtype("dtype"); }
Value do_cumsum(const Bound& b, CallContext&) {
  return cumsum(b.tensor("input"), b.integer("dim"), cumulative_dtype(b));
}
Value do_cumprod(const Bound& b, CallContext&) {
  return cumprod(b.tensor("input"), b.integer("dim"), cumulative_dtype(b));
}
Value do_cumsum_(const Bound& b, CallContext&) {
  Tensor self = b.tensor("input");
  return cumsum_(self, b.integer("dim"), cumulative_dtype(b));
}
Value do_cumprod_(const Bound& b, CallContext&) {
  Tensor self = b.tensor("input");
  return cumprod_(self, b.integer("dim"), cumulative_dtype(b));
}

// What a Python function of torch.nn.functional raises when its input has
// no such method: "'str' object has no attribute 'dim'".
const Tensor& functional_input(const Bound& b, const std::string& attribute) {
  const Value& input = b.get("input");
  if (!input.is_tensor())
    throw PythonError("AttributeError",
                      "'" + std::string(type_name(input)) + "' object has no attribute '" + attribute + "'");
  return input.tensor();
}

// F.softmax(input, dim=None, _stacklevel=3, dtype=None) as its Python body
// runs: without a dim, PyTorch's _get_softmax_dim (0 for 0, 1 and 3 dims,
// else 1, which PyTorch warns about) of input.dim(); then
// input.softmax(dim) or input.softmax(dim, dtype=dtype), through the
// method's binder (its errors are the method's).
Value functional_softmax(const Bound& b, CallContext& c, const char* name) {
  Arguments args;
  if (b.has("dim")) {
    functional_input(b, name);
    args.positional.push_back(b.get("dim"));
  } else {
    const int64_t n = functional_input(b, "dim").ndim();
    args.positional.push_back(Value(static_cast<int64_t>(n == 0 || n == 1 || n == 3 ? 0 : 1)));
  }
  if (b.has("dtype")) args.keywords.push_back({"dtype", b.get("dtype")});
  const Value input = b.get("input");
  const Entry* method = find_entry(name, kMethod);
  return method->impl(bind_arguments(method->signatures, &input, args), c);
}
Value f_softmax(const Bound& b, CallContext& c) { return functional_softmax(b, c, "softmax"); }
Value f_log_softmax(const Bound& b, CallContext& c) { return functional_softmax(b, c, "log_softmax"); }

Value do_all(const Bound& b, CallContext&) {
  if (b.overload() == 0) return all(b.tensor("input"), std::nullopt, false);
  return all(b.tensor("input"), b.integer("dim"), b.flag("keepdim"));
}
Value do_any(const Bound& b, CallContext&) {
  if (b.overload() == 0) return any(b.tensor("input"), std::nullopt, false);
  return any(b.tensor("input"), b.integer("dim"), b.flag("keepdim"));
}

// --- clamp, round, where, and the functional forms

std::optional<Operand> bound_of(const Bound& b, const char* name) {
  if (!b.has(name)) return std::nullopt;
  return b.operand(name);
}
Value do_clamp(const Bound& b, CallContext&) {
  return clamp(b.tensor("input"), bound_of(b, "min"), bound_of(b, "max"));
}
// clamp_min and clamp_max are clamp with one bound, under PyTorch's own
// node names: ClampMinBackward0 (a number bound), ClampMinBackward1 (a
// tensor bound); ClampMax likewise.
Tensor& named_bound_node(Tensor& t, const char* node, const Operand& bound) {
  set_grad_fn(t, (std::string(node) + (bound.is_number() ? "0" : "1")).c_str());
  return t;
}
Value do_clamp_min(const Bound& b, CallContext&) {
  Tensor out = clamp(b.tensor("input"), b.operand("min"), std::nullopt);
  return named_bound_node(out, "ClampMinBackward", b.operand("min"));
}
Value do_clamp_max(const Bound& b, CallContext&) {
  Tensor out = clamp(b.tensor("input"), std::nullopt, b.operand("max"));
  return named_bound_node(out, "ClampMaxBackward", b.operand("max"));
}
Value do_clamp_(const Bound& b, CallContext&) {
  Tensor self = b.tensor("input");
  return clamp_(self, bound_of(b, "min"), bound_of(b, "max"));
}
Value do_clamp_min_(const Bound& b, CallContext&) {
  Tensor self = b.tensor("input");
  return named_bound_node(clamp_(self, b.operand("min"), std::nullopt), "ClampMinBackward", b.operand("min"));
}
Value do_clamp_max_(const Bound& b, CallContext&) {
  Tensor self = b.tensor("input");
  return named_bound_node(clamp_(self, std::nullopt, b.operand("max")), "ClampMaxBackward", b.operand("max"));
}
Value do_round_(const Bound& b, CallContext&) {
  Tensor self = b.tensor("input");
  if (b.overload() == 0) return unary_(UnaryOp::Round, self);
  return round_(self, b.integer("decimals"));
}

// round(x) and round(x, decimals=d) are two overloads in PyTorch
// (RoundBackward0 and RoundBackward1).
Value do_round(const Bound& b, CallContext&) {
  if (b.overload() == 0) return unary(UnaryOp::Round, b.tensor("input"));
  return tc::round(b.tensor("input"), b.integer("decimals"));
}

// where(condition) alone is PyTorch's nonzero(as_tuple=True), which the
// core lacks. Of the others, a number is PyTorch's "self" where it comes
// first.
Value do_where(const Bound& b, CallContext&) {
  if (!b.takes("other"))
    throw PythonError("NotImplementedError", "where(condition) (nonzero) is not supported by tensorcast");
  return where(b.tensor("condition"), b.operand(b.takes("self") ? "self" : "input"), b.operand("other"));
}

// F.relu(input, inplace=False): inplace=True is input.relu_().
Value f_relu(const Bound& b, CallContext&) {
  Tensor input = b.tensor("input");
  if (b.flag("inplace")) return unary_(UnaryOp::Relu, input);
  return unary(UnaryOp::Relu, input);
}

// F.sigmoid and F.tanh: input.sigmoid(), input.tanh().
Value f_sigmoid(const Bound& b, CallContext&) { return unary(UnaryOp::Sigmoid, functional_input(b, "sigmoid")); }
Value f_tanh(const Bound& b, CallContext&) { return unary(UnaryOp::Tanh, functional_input(b, "tanh")); }

// torch.equal and torch.allclose: Python bools. allclose broadcasts and
// refuses two dtypes as PyTorch's isclose does ("Float did not match Long").
Value do_equal(const Bound& b, CallContext&) {
  const Tensor x = b.tensor("input"), y = b.tensor("other");
  return Value(x.sizes() == y.sizes() && x.values<double>() == y.values<double>());
}
Value do_allclose(const Bound& b, CallContext&) {
  const Tensor x = b.tensor("input"), y = b.tensor("other");
  TC_CHECK(Type, x.dtype() == y.dtype(), dtype_c10_name(x.dtype()), " did not match ",
           dtype_c10_name(y.dtype()));
  const double rtol = b.real("rtol"), atol = b.real("atol");
  TC_CHECK(Value, rtol >= 0, "rtol must be greater than or equal to zero, but got ", rtol);
  TC_CHECK(Value, atol >= 0, "atol must be greater than or equal to zero, but got ", atol);
  const Shape shape = infer_size(x.sizes(), y.sizes());
  const std::vector<double> u = broadcast_to(x, shape).values<double>();
  const std::vector<double> v = broadcast_to(y, shape).values<double>();
  const bool equal_nan = b.flag("equal_nan");
  for (size_t i = 0; i < u.size(); ++i) {
    if (std::isnan(u[i]) || std::isnan(v[i])) {
      if (!(equal_nan && std::isnan(u[i]) && std::isnan(v[i]))) return Value(false);
      continue;
    }
    if (u[i] == v[i]) continue;  // equal infinities
    // torch.isclose: an infinity is close only to itself (the error must be finite)
    const double error = std::fabs(u[i] - v[i]);
    if (!(std::isfinite(error) && error <= atol + rtol * std::fabs(v[i]))) return Value(false);
  }
  return Value(true);
}

#define TC_DTYPE_KW "*, ScalarType? dtype=None)"
#define TC_DTYPE_OUT_KW "*, ScalarType? dtype=None, Tensor! out=None)"

}  // namespace

void add_reductions(std::vector<Entry>& t) {
  const unsigned both = kTorch | kMethod;
  t.push_back(entry("sum", both,
                    {"sum(Tensor input, " TC_DTYPE_KW,
                     "sum(Tensor input, int[1]? dim, bool keepdim=False, " TC_DTYPE_OUT_KW,
                     "sum(Tensor input, Dimname[1] dim, bool keepdim=False, " TC_DTYPE_OUT_KW},
                    do_sum)
                    .in(Family::Reduction, DTypeRule::Sum, true)
                    .says("The sum over every dim, or over dim (a dim or a list of dims); integers and bool give int64."));
  t.push_back(entry("mean", both,
                    {"mean(Tensor input, " TC_DTYPE_KW,
                     "mean(Tensor input, int[1]? dim, bool keepdim=False, " TC_DTYPE_OUT_KW,
                     "mean(Tensor input, Dimname[1] dim, bool keepdim=False, " TC_DTYPE_OUT_KW},
                    do_mean)
                    .in(Family::Reduction, DTypeRule::Same, true)
                    .says("The mean over every dim, or over dim; floating dtypes only (dtype= converts first)."));
  t.push_back(entry("nansum", both,
                    {"nansum(Tensor input, int[1]? dim=None, bool keepdim=False, " TC_DTYPE_OUT_KW},
                    do_nansum)
                    .in(Family::Reduction, DTypeRule::Sum, true)
                    .says("The sum with NaN counted as zero, over every dim or over dim; integers and bool give int64."));
  t.push_back(entry("amax", both, {"amax(Tensor input, int[1] dim=None, bool keepdim=False, *, Tensor! out=None)"}, do_amax)
                  .in(Family::Reduction, DTypeRule::Same, true)
                  .says("The largest values over dim (every dim by default); NaN wins, as in PyTorch."));
  t.push_back(entry("amin", both, {"amin(Tensor input, int[1] dim=None, bool keepdim=False, *, Tensor! out=None)"}, do_amin)
                  .in(Family::Reduction, DTypeRule::Same, true)
                  .says("The smallest values over dim (every dim by default); NaN wins, as in PyTorch."));
  t.push_back(entry("max", both,
                    {"max(Tensor input)", "max(Tensor input, Tensor other, *, Tensor! out=None)",
                     "max(Tensor input, int dim, bool keepdim=False, *, Tensor[]! out=None) -> (Tensor values, Tensor indices)",
                     "max(Tensor input, Dimname dim, bool keepdim=False, *, Tensor[]! out=None) -> (Tensor values, Tensor indices)"},
                    do_max)
                    .in(Family::Reduction, DTypeRule::Same, true)
                    .says("The largest value (0-D); with other, maximum(); along dim, the values and their int64 indices."));
  t.push_back(entry("min", both,
                    {"min(Tensor input)", "min(Tensor input, Tensor other, *, Tensor! out=None)",
                     "min(Tensor input, int dim, bool keepdim=False, *, Tensor[]! out=None) -> (Tensor values, Tensor indices)",
                     "min(Tensor input, Dimname dim, bool keepdim=False, *, Tensor[]! out=None) -> (Tensor values, Tensor indices)"},
                    do_min)
                    .in(Family::Reduction, DTypeRule::Same, true)
                    .says("The smallest value (0-D); with other, minimum(); along dim, the values and their int64 indices."));
  t.push_back(entry("argmax", both, {"argmax(Tensor input, int? dim=None, bool keepdim=False, *, Tensor! out=None)"}, do_argmax)
                  .in(Family::Reduction, DTypeRule::Index, false)
                  .says("The int64 position of the largest value along dim, or in the flattened tensor."));
  t.push_back(entry("argmin", both, {"argmin(Tensor input, int? dim=None, bool keepdim=False, *, Tensor! out=None)"}, do_argmin)
                  .in(Family::Reduction, DTypeRule::Index, false)
                  .says("The int64 position of the smallest value along dim, or in the flattened tensor."));
  t.push_back(entry("prod", both,
                    {"prod(Tensor input, " TC_DTYPE_KW,
                     "prod(Tensor input, int dim, bool keepdim=False, " TC_DTYPE_OUT_KW,
                     "prod(Tensor input, Dimname dim, bool keepdim=False, " TC_DTYPE_OUT_KW},
                    do_prod)
                    .in(Family::Reduction, DTypeRule::Sum, true)
                    .says("The product over every dim, or along dim; integers and bool give int64."));
  const std::vector<const char*> spread = {
      "(Tensor input, int[1]? dim, *, int? correction=None, bool keepdim=False, Tensor! out=None)",
      "(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor! out=None)",
      "(Tensor input, bool unbiased=True)",
      "(Tensor input, Dimname[1] dim, *, int? correction=None, bool keepdim=False, Tensor! out=None)",
      "(Tensor input, Dimname[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor! out=None)"};
  t.push_back(shared_entry("var", both, spread, do_var)
                  .in(Family::Reduction, DTypeRule::Same, true)
                  .says("The variance over dim (every dim by default), divided by n - correction (1 by default)."));
  t.push_back(shared_entry("std", both, spread, do_std)
                  .in(Family::Reduction, DTypeRule::Same, true)
                  .says("The standard deviation over dim, divided by n - correction (1 by default)."));
  t.push_back(entry("logsumexp", both, {"logsumexp(Tensor input, int[1] dim, bool keepdim=False, *, Tensor! out=None)",
                                        "logsumexp(Tensor input, Dimname[1] dim, bool keepdim=False, *, Tensor! out=None)"},
                    do_logsumexp)
                    .in(Family::Reduction, DTypeRule::PromoteToFloat, true)
                    .says("log(sum(exp(x))) over dim, without overflow; integers give the default float."));
  t.push_back(entry("softmax", both, {"softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor! out=None)",
                                      "softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)"},
                    do_softmax)
                    .in(Family::Reduction, DTypeRule::Same, true)
                    .says("exp(x) / sum(exp(x)) along dim; floating dtypes only (dtype= converts first)."));
  t.push_back(entry("log_softmax", both,
                    {"log_softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor! out=None)",
                     "log_softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)"},
                    do_log_softmax)
                    .in(Family::Reduction, DTypeRule::Same, true)
                    .says("x - logsumexp(x) along dim, computed without overflow."));
  t.push_back(entry("cumsum", both, {"cumsum(Tensor input, int dim, " TC_DTYPE_OUT_KW,
                     "cumsum(Tensor input, Dimname dim, " TC_DTYPE_OUT_KW}, do_cumsum)
                  .in(Family::Reduction, DTypeRule::Sum, true)
                  .says("The running sum along dim (same shape); integers and bool give int64, dtype= converts first."));
  t.push_back(entry("cumprod", both, {"cumprod(Tensor input, int dim, " TC_DTYPE_OUT_KW,
                     "cumprod(Tensor input, Dimname dim, " TC_DTYPE_OUT_KW}, do_cumprod)
                  .in(Family::Reduction, DTypeRule::Sum, true)
                  .says("The running product along dim (same shape); integers and bool give int64, dtype= converts first."));
  t.push_back(entry("cumsum_", kMethod, {"cumsum_(Tensor input, int dim, " TC_DTYPE_KW,
                     "cumsum_(Tensor input, Dimname dim, " TC_DTYPE_KW}, do_cumsum_)
                  .in(Family::Reduction, DTypeRule::Same, false)
                  .says("cumsum written into this tensor, in its own dtype."));
  t.push_back(entry("cumprod_", kMethod, {"cumprod_(Tensor input, int dim, " TC_DTYPE_KW,
                     "cumprod_(Tensor input, Dimname dim, " TC_DTYPE_KW}, do_cumprod_)
                  .in(Family::Reduction, DTypeRule::Same, false)
                  .says("cumprod written into this tensor, in its own dtype."));
  const std::vector<const char*> logical = {"(Tensor input, *, Tensor! out=None)",
                                            "(Tensor input, int dim, bool keepdim=False, *, Tensor! out=None)",
                                            "(Tensor input, Dimname dim, bool keepdim=False, *, Tensor! out=None)"};
  t.push_back(shared_entry("all", both, logical, do_all)
                  .in(Family::Reduction, DTypeRule::Bool, false)
                  .says("Whether every element is nonzero, over everything or along dim (uint8 stays uint8)."));
  t.push_back(shared_entry("any", both, logical, do_any)
                  .in(Family::Reduction, DTypeRule::Bool, false)
                  .says("Whether any element is nonzero, over everything or along dim (uint8 stays uint8)."));
}

void add_math(std::vector<Entry>& t) {
  for (const OpInfo& op : op_list()) add_op(t, op, torch_name(op));
  for (const auto& [alias, target] : kAliases)
    if (const OpInfo* op = find_op(target)) add_op(t, *op, alias);
  add_reductions(t);
  const unsigned both = kTorch | kMethod;
  t.push_back(entry("equal", both, {"equal(Tensor input, Tensor other) -> bool"}, do_equal)
                  .in(Family::Elementwise, std::nullopt, false)
                  .says("Whether the two tensors have the same shape and the same values."));
  t.push_back(entry("allclose", both,
                    {"allclose(Tensor input, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> bool"},
                    do_allclose)
                    .in(Family::Elementwise, std::nullopt, false)
                    .says("Whether |input - other| <= atol + rtol * |other| everywhere (they broadcast; one dtype)."));
  for (const char* name : {"clamp", "clip"})
    t.push_back(shared_entry(name, both,
                             {"(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor! out=None)",
                              "(Tensor input, Number? min=None, Number? max=None, *, Tensor! out=None)"},
                             do_clamp)
                    .says("Each element limited to [min, max] (numbers or tensors that broadcast); min > max gives max."));
  t.push_back(entry("clamp_min", both,
                    {"clamp_min(Tensor input, Tensor min, *, Tensor! out=None)",
                     "clamp_min(Tensor input, Number min, *, Tensor! out=None)"},
                    do_clamp_min)
                    .says("Each element at least min: clamp(min, None)."));
  t.push_back(entry("clamp_max", both,
                    {"clamp_max(Tensor input, Tensor max, *, Tensor! out=None)",
                     "clamp_max(Tensor input, Number max, *, Tensor! out=None)"},
                    do_clamp_max)
                    .says("Each element at most max: clamp(None, max)."));
  for (const char* name : {"clamp_", "clip_"})
    t.push_back(shared_entry(name, both,
                             {"(Tensor input, Tensor? min=None, Tensor? max=None)",
                              "(Tensor input, Number? min=None, Number? max=None)"},
                             do_clamp_)
                    .says("clamp written into this tensor, in its own dtype."));
  t.push_back(entry("clamp_min_", both, {"clamp_min_(Tensor input, Tensor min)", "clamp_min_(Tensor input, Number min)"},
                    do_clamp_min_)
                    .says("clamp_min written into this tensor, in its own dtype."));
  t.push_back(entry("clamp_max_", both, {"clamp_max_(Tensor input, Tensor max)", "clamp_max_(Tensor input, Number max)"},
                    do_clamp_max_)
                    .says("clamp_max written into this tensor, in its own dtype."));
  t.push_back(entry("round_", both, {"round_(Tensor input)", "round_(Tensor input, *, int decimals)"}, do_round_)
                  .in(Family::Elementwise, DTypeRule::Same, true)
                  .says("round written into this tensor, in its own dtype."));
  t.push_back(entry("round", both,
                    {"round(Tensor input, *, Tensor! out=None)", "round(Tensor input, *, int decimals, Tensor! out=None)"},
                    do_round)
                    .says("Rounds half to even, to decimals places when given.")
                    .hand_written("round"));
  // torch.where's overloads; the method has one (x.where(condition, other)).
  t.push_back(entry("where", kTorch,
                    {"where(Tensor condition)", "where(Tensor condition, Tensor input, Tensor other, *, Tensor! out=None)",
                     "where(Tensor condition, Number self, Tensor other)",
                     "where(Tensor condition, Tensor input, Number other)",
                     "where(Tensor condition, Number self, Number other)"},
                    do_where)
                    .says("input where condition is true, other where it is false (all three broadcast).")
                    .op_table("where"));
  t.push_back(entry("where", kMethod, {"where(Tensor condition, Tensor input, Tensor other)"}, do_where)
                  .says("This tensor where condition is true, other where it is false."));
  // torch.nn.functional
  t.push_back(entry("relu", kFunctional, {"relu(Tensor input, bool inplace=False)|python"}, f_relu));
  t.push_back(entry("sigmoid", kFunctional, {"sigmoid(object input)|python"}, f_sigmoid));
  t.push_back(entry("tanh", kFunctional, {"tanh(object input)|python"}, f_tanh));
  t.push_back(entry("softmax", kFunctional,
                    {"softmax(object input, object dim=None, object _stacklevel=3, object dtype=None)|python"},
                    f_softmax));
  t.push_back(entry("log_softmax", kFunctional,
                    {"log_softmax(object input, object dim=None, object _stacklevel=3, object dtype=None)|python"},
                    f_log_softmax));
}

}  // namespace tc::lang
