// The library programs call (src/lang/builtins.h), called directly: each
// function with values, shapes and dtypes worked out by hand from
// PyTorch's documented semantics, the argument binder's TypeErrors
// (PyTorch's python_arg_parser texts), and the reprs print() writes.
#include <catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "lang/builtins.h"
#include "lang/library.h"
#include "lang/program.h"
#include "lang/repr.h"
#include "ops.h"
#include "storage.h"
#include "tensor_repr.h"

namespace {

using tc::DType;
using tc::Shape;
using tc::Tensor;
using tc::lang::Arguments;
using tc::lang::CallContext;
using tc::lang::Callable;
using tc::lang::PythonError;
using tc::lang::Sequence;
using tc::lang::Value;

using Keywords = std::vector<std::pair<std::string, Value>>;

std::string g_output;

Value call_named(const std::string& qualname, std::optional<Tensor> self, std::vector<Value> positional,
                 Keywords keywords) {
  CallContext context{&g_output};
  return tc::lang::call(Callable{qualname, std::move(self)},
                        Arguments{std::move(positional), std::move(keywords)}, context);
}

Value torch(const std::string& name, std::vector<Value> positional = {}, Keywords keywords = {}) {
  return call_named("torch." + name, std::nullopt, std::move(positional), std::move(keywords));
}
Value method(const Tensor& self, const std::string& name, std::vector<Value> positional = {},
             Keywords keywords = {}) {
  return call_named("Tensor." + name, self, std::move(positional), std::move(keywords));
}
Value builtin(const std::string& name, std::vector<Value> positional = {}, Keywords keywords = {}) {
  return call_named(name, std::nullopt, std::move(positional), std::move(keywords));
}

Value tuple(std::vector<Value> items) { return Value::sequence(Sequence::Kind::Tuple, std::move(items)); }
Value list(std::vector<Value> items) { return Value::sequence(Sequence::Kind::List, std::move(items)); }

Tensor T(const Value& v) {
  REQUIRE(v.is_tensor());
  return v.tensor();
}
std::vector<double> values(const Value& v) { return T(v).values<double>(); }
Shape shape(const Value& v) { return T(v).sizes(); }

// The Python exception a call raised, as "TypeError: text".
std::string raised(const std::function<void()>& f) {
  try {
    f();
  } catch (const PythonError& e) {
    return e.type() + ": " + e.what();
  } catch (const tc::Error& e) {
    return std::string("Error: ") + e.what();
  }
  return "(no error)";
}

Tensor floats(std::vector<float> v, Shape s) { return Tensor::from_data(v, s); }

}  // namespace

TEST_CASE("repr of Python values as Python writes them", "[builtins]") {
  using tc::lang::repr;
  CHECK(repr(Value()) == "None");
  CHECK(repr(Value(true)) == "True");
  CHECK(repr(Value(false)) == "False");
  CHECK(repr(Value(int64_t{-12})) == "-12");
  // floats: the shortest text that reads back, fixed from 1e-4 to 1e16
  CHECK(repr(Value(0.1)) == "0.1");
  CHECK(repr(Value(1.0)) == "1.0");
  CHECK(repr(Value(100.0)) == "100.0");
  CHECK(repr(Value(1e-05)) == "1e-05");
  CHECK(repr(Value(0.0001)) == "0.0001");
  CHECK(repr(Value(1e16)) == "1e+16");
  CHECK(repr(Value(1234567890123456.0)) == "1234567890123456.0");
  CHECK(repr(Value(1.5e300)) == "1.5e+300");
  CHECK(repr(Value(-0.0)) == "-0.0");
  CHECK(repr(Value(0.30000000000000004)) == "0.30000000000000004");
  CHECK(repr(Value(2.5)) == "2.5");
  CHECK(repr(Value(std::numeric_limits<double>::infinity())) == "inf");
  CHECK(repr(Value(-std::numeric_limits<double>::infinity())) == "-inf");
  CHECK(repr(Value(std::nan(""))) == "nan");
  CHECK(repr(Value(5e-324)) == "5e-324");
  // strings: single quotes unless the text holds ' and no "
  CHECK(repr(Value(std::string("a"))) == "'a'");
  CHECK(repr(Value(std::string("it's"))) == "\"it's\"");
  CHECK(repr(Value(std::string("a'\"b"))) == "'a\\'\"b'");
  CHECK(repr(Value(std::string("x\ny\\"))) == "'x\\ny\\\\'");
  // sequences
  CHECK(repr(tuple({})) == "()");
  CHECK(repr(tuple({Value(1)})) == "(1,)");
  CHECK(repr(tuple({Value(2), Value(3)})) == "(2, 3)");
  CHECK(repr(list({Value(1), Value(0.5), Value(true)})) == "[1, 0.5, True]");
  CHECK(repr(list({})) == "[]");
  CHECK(repr(Value::sequence(Sequence::Kind::Size, {Value(2), Value(3)})) == "torch.Size([2, 3])");
  CHECK(repr(Value::sequence(Sequence::Kind::Size, {})) == "torch.Size([])");
  CHECK(repr(Value(DType::Float32)) == "torch.float32");
  CHECK(repr(Value(DType::Int64)) == "torch.int64");
  CHECK(repr(Value(DType::Bool)) == "torch.bool");
  CHECK(repr(Value(tc::lang::SliceValue{1, std::nullopt, 2})) == "slice(1, None, 2)");
  CHECK(repr(Value(tc::lang::EllipsisValue{})) == "Ellipsis");
  CHECK(repr(Value(tc::lang::ModuleRef{"torch"})) == "<module 'torch'>");
  CHECK(repr(Value(Callable{"print", std::nullopt})) == "<built-in function print>");
  CHECK(repr(Value(Callable{"int", std::nullopt})) == "<class 'int'>");
  CHECK(repr(Value(Callable{"torch.Size", std::nullopt})) == "<class 'torch.Size'>");
  CHECK(repr(Value(Callable{"torch.arange", std::nullopt})) == "<built-in method arange of type object>");
  CHECK(repr(Value(Callable{"Tensor.sum", Tensor::zeros({1})})) == "<built-in method sum of Tensor object>");
}

TEST_CASE("type_name as Python's messages name types", "[builtins]") {
  using tc::lang::type_name;
  CHECK(std::string(type_name(Value())) == "NoneType");
  CHECK(std::string(type_name(Value(true))) == "bool");
  CHECK(std::string(type_name(Value(1))) == "int");
  CHECK(std::string(type_name(Value(1.0))) == "float");
  CHECK(std::string(type_name(Value(std::string("s")))) == "str");
  CHECK(std::string(type_name(Value(Tensor::zeros({1})))) == "Tensor");
  CHECK(std::string(type_name(tuple({}))) == "tuple");
  CHECK(std::string(type_name(list({}))) == "list");
  CHECK(std::string(type_name(Value::sequence(Sequence::Kind::Size, {}))) == "torch.Size");
  CHECK(std::string(type_name(Value(DType::Float32))) == "torch.dtype");
  CHECK(std::string(type_name(Value(tc::lang::ModuleRef{"torch"}))) == "module");
  CHECK(std::string(type_name(Value(Callable{"print", std::nullopt}))) == "builtin_function_or_method");
  CHECK(std::string(type_name(Value(Callable{"float", std::nullopt}))) == "type");
  CHECK(std::string(type_name(Value(tc::lang::SliceValue{}))) == "slice");
  CHECK(std::string(type_name(Value(tc::lang::EllipsisValue{}))) == "ellipsis");
}

TEST_CASE("print writes str of each value, a tensor as its repr when print runs", "[builtins]") {
  g_output.clear();
  Tensor x = Tensor::zeros({2});
  builtin("print", {Value(std::string("x:")), Value(x), Value(1.0)});
  // a string's own characters, then sep; the tensor as the formatter writes it now
  const std::string zeros = tc::tensor_repr(x).text;
  CHECK(g_output == "x: " + zeros + " 1.0\n");
  tc::binary_(tc::BinaryOp::Add, x, 1.0);
  CHECK(g_output == "x: " + zeros + " 1.0\n");
  CHECK(tc::tensor_repr(x).text != zeros);
  g_output.clear();
  builtin("print", {Value(1), Value(2)}, {{"sep", Value(std::string(", "))}, {"end", Value(std::string("!"))}});
  CHECK(g_output == "1, 2!");
  g_output.clear();
  builtin("print");
  CHECK(g_output == "\n");
  g_output.clear();
  CHECK(raised([] { builtin("print", {}, {{"file", Value(1)}}); }) ==
        "TypeError: 'file' is an invalid keyword argument for print()");
}

TEST_CASE("torch.tensor infers PyTorch's dtypes and checks the nesting", "[builtins]") {
  const Value ints = torch("tensor", {list({list({Value(1), Value(2)}), list({Value(3), Value(4)})})});
  CHECK(T(ints).dtype() == DType::Int64);
  CHECK(shape(ints) == Shape{2, 2});
  CHECK(values(ints) == std::vector<double>{1, 2, 3, 4});
  const Value mixed = torch("tensor", {list({Value(1), Value(2.5)})});
  CHECK(T(mixed).dtype() == DType::Float32);  // any float: the default dtype
  CHECK(values(mixed) == std::vector<double>{1, 2.5});
  const Value bools = torch("tensor", {list({Value(true), Value(false)})});
  CHECK(T(bools).dtype() == DType::Bool);
  const Value bool_int = torch("tensor", {list({Value(true), Value(2)})});
  CHECK(T(bool_int).dtype() == DType::Int64);  // promote_types(bool, int64)
  CHECK(values(bool_int) == std::vector<double>{1, 2});
  const Value scalar = torch("tensor", {Value(7)});
  CHECK(shape(scalar) == Shape{});
  CHECK(T(scalar).dtype() == DType::Int64);
  const Value empty = torch("tensor", {list({})});
  CHECK(shape(empty) == Shape{0});
  CHECK(T(empty).dtype() == DType::Float32);
  const Value f64 = torch("tensor", {list({Value(1), Value(2)})}, {{"dtype", Value(DType::Float64)}});
  CHECK(T(f64).dtype() == DType::Float64);
  const Value grad = torch("tensor", {list({Value(1.0)})}, {{"requires_grad", Value(true)}});
  CHECK(T(grad).requires_grad());
  CHECK(raised([] { torch("tensor", {list({Value(1)})}, {{"requires_grad", Value(true)}}); }) ==
        "Error: Only Tensors of floating point and complex dtype can require gradients");
  CHECK(raised([] { torch("tensor", {list({list({Value(1), Value(2)}), list({Value(3)})})}); }) ==
        "ValueError: expected sequence of length 2 at dim 1 (got 1)");
  CHECK(raised([] { torch("tensor", {list({list({Value(1), Value(2)}), Value(3)})}); }) ==
        "TypeError: not a sequence");
  CHECK(raised([] { torch("tensor", {list({Value(std::string("a"))})}); }) ==
        "ValueError: too many dimensions 'str'");
  // an integer dtype checks each value as torch.tensor does
  CHECK(raised([] { torch("tensor", {list({Value(300)})}, {{"dtype", Value(DType::UInt8)}}); }) ==
        "Error: value cannot be converted to type uint8 without overflow");
}

TEST_CASE("arange, zeros, ones: PyTorch's dtypes and sizes as varargs or a tuple", "[builtins]") {
  const Value a = torch("arange", {Value(5)});
  CHECK(T(a).dtype() == DType::Int64);
  CHECK(values(a) == std::vector<double>{0, 1, 2, 3, 4});
  const Value f = torch("arange", {Value(6.0)});
  CHECK(T(f).dtype() == DType::Float32);
  CHECK(shape(f) == Shape{6});
  const Value s = torch("arange", {Value(1), Value(2), Value(0.25)});
  CHECK(T(s).dtype() == DType::Float32);
  CHECK(values(s) == std::vector<double>{1, 1.25, 1.5, 1.75});
  const Value k = torch("arange", {}, {{"start", Value(2)}, {"end", Value(5)}});
  CHECK(values(k) == std::vector<double>{2, 3, 4});
  const Value z = torch("zeros", {Value(2), Value(3)});
  CHECK(shape(z) == Shape{2, 3});
  CHECK(T(z).dtype() == DType::Float32);
  const Value o = torch("ones", {tuple({Value(2), Value(3)})}, {{"dtype", Value(DType::Int32)}});
  CHECK(shape(o) == Shape{2, 3});
  CHECK(T(o).dtype() == DType::Int32);
  CHECK(values(o) == std::vector<double>(6, 1));
  const Value w = torch("ones", {Value(3), Value(1)}, {{"requires_grad", Value(true)}});
  CHECK(T(w).requires_grad());
  CHECK(T(w).is_leaf());
  CHECK(shape(torch("zeros", {tuple({})})) == Shape{});
}

TEST_CASE("reshape and sum as methods and torch functions", "[builtins]") {
  const Tensor x = T(torch("arange", {Value(6.0)}));
  const Value r = method(x, "reshape", {Value(2), Value(3)});
  CHECK(shape(r) == Shape{2, 3});
  CHECK(shape(method(x, "reshape", {tuple({Value(3), Value(-1)})})) == Shape{3, 2});
  CHECK(shape(torch("reshape", {Value(x), tuple({Value(2), Value(3)})})) == Shape{2, 3});
  const Tensor m = T(r);  // [[0, 1, 2], [3, 4, 5]]
  CHECK(values(method(m, "sum")) == std::vector<double>{15});
  CHECK(values(method(m, "sum", {Value(0)})) == std::vector<double>{3, 5, 7});
  CHECK(values(method(m, "sum", {}, {{"dim", Value(1)}})) == std::vector<double>{3, 12});
  CHECK(shape(method(m, "sum", {tuple({Value(0), Value(1)})}, {{"keepdim", Value(true)}})) == Shape{1, 1});
  CHECK(shape(torch("sum", {Value(m), Value(-1)}, {{"keepdim", Value(true)}})) == Shape{2, 1});
  CHECK(T(method(m, "sum", {}, {{"dtype", Value(DType::Float64)}})).dtype() == DType::Float64);
  // dtype= is the result's dtype too: PyTorch sums in it
  CHECK(T(method(T(torch("arange", {Value(4)})), "sum", {}, {{"dtype", Value(DType::Int32)}})).dtype() ==
        DType::Int32);
  CHECK(T(method(T(torch("arange", {Value(4)})), "prod", {Value(0)}, {{"dtype", Value(DType::Int32)}})).dtype() ==
        DType::Int32);
  // an int64 sum stays int64
  CHECK(T(torch("sum", {torch("arange", {Value(4)})})).dtype() == DType::Int64);
}

TEST_CASE("the binder raises PyTorch's TypeErrors", "[builtins]") {
  const Tensor m = Tensor::zeros({2, 3});
  // PyTorch 1.13's texts: the named-dim overload listed, "didn't match" lines
  CHECK(raised([&] { method(m, "sum", {}, {{"dims", Value(1)}}); }) ==
        "TypeError: sum() received an invalid combination of arguments - got (dims=int, ), but "
        "expected one of:\n * (*, torch.dtype dtype)\n * (tuple of ints dim, bool keepdim, *, "
        "torch.dtype dtype)\n * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n");
  CHECK(raised([&] { method(m, "reshape", {Value(2), Value(1.5)}); }) ==
        "TypeError: reshape(): argument 'shape' must be tuple of SymInts, but found "
        "element of type float at pos 2");
  CHECK(raised([&] { method(m, "reshape", {tuple({Value(6)}), Value(1)}); }) ==
        "TypeError: reshape() takes 1 positional argument but 2 were given");
  // zeros has PyTorch's two signatures (names= and out=): PyTorch 1.13's texts
  CHECK(raised([&] { torch("zeros", {tuple({Value(6)}), Value(1)}); }) ==
        "TypeError: zeros() received an invalid combination of arguments - got (tuple, int), but expected one of:\n"
        " * (tuple of ints size, *, tuple of names names, torch.dtype dtype, torch.layout layout, "
        "torch.device device, bool pin_memory, bool requires_grad)\n"
        " * (tuple of SymInts size, *, Tensor out, torch.dtype dtype, torch.layout layout, "
        "torch.device device, bool pin_memory, bool requires_grad)\n");
  CHECK(raised([&] { method(m, "sum", {Value(0), Value(1)}); }) ==
        "TypeError: sum() received an invalid combination of arguments - got (int, int), but expected one of:\n"
        " * (*, torch.dtype dtype)\n"
        "      didn't match because some of the arguments have invalid types: (!int!, !int!)\n"
        " * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)\n"
        " * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n");
  CHECK(raised([&] { method(m, "expand"); }) ==
        "TypeError: expand() missing 1 required positional arguments: \"size\"");
  CHECK(raised([&] { torch("reshape", {Value(m)}, {{"shape", Value(2)}, {"input", Value(m)}}); }) ==
        "TypeError: reshape(): argument 'shape' must be tuple of SymInts, not int");
  CHECK(raised([&] { torch("reshape", {Value(m), tuple({Value(6)})}, {{"input", Value(m)}}); }) ==
        "TypeError: reshape() got multiple values for argument 'input'");
  CHECK(raised([&] { torch("reshape", {Value(m), tuple({Value(6)}), Value(1)}); }) ==
        "TypeError: reshape() takes 2 positional arguments but 3 were given");
  CHECK(raised([&] { torch("zeros", {Value(2)}, {{"dtype", Value(1)}}); }) ==
        "TypeError: zeros() received an invalid combination of arguments - got (int, dtype=int), but expected one of:\n"
        " * (tuple of ints size, *, tuple of names names, torch.dtype dtype, torch.layout layout, "
        "torch.device device, bool pin_memory, bool requires_grad)\n"
        " * (tuple of SymInts size, *, Tensor out, torch.dtype dtype, torch.layout layout, "
        "torch.device device, bool pin_memory, bool requires_grad)\n");
  // of arange's two signatures only the first takes one argument: its error
  CHECK(raised([&] { torch("arange", {}, {{"foo", Value(1)}}); }) ==
        "TypeError: arange() missing 1 required positional arguments: \"end\"");
  CHECK(raised([&] { torch("zeros", {Value(2)}, {{"size", Value(2)}}); }) ==
        "TypeError: zeros() received an invalid combination of arguments - got (int, size=int), but expected one of:\n"
        " * (tuple of ints size, *, tuple of names names, torch.dtype dtype, torch.layout layout, "
        "torch.device device, bool pin_memory, bool requires_grad)\n"
        " * (tuple of SymInts size, *, Tensor out, torch.dtype dtype, torch.layout layout, "
        "torch.device device, bool pin_memory, bool requires_grad)\n");
}

namespace {

// A call of tests/js/fixtures/binder-errors/make_fixture.py with what
// PyTorch raised for it (without the lines tensorcast leaves out), or
// tensorcast's own text where the fixture says it departs.
struct BinderCase {
  const char* code;
  const char* type;  // "" when it runs
  const char* message;
  int line;
};
const BinderCase kBinderCases[] = {
#include "binder_errors.inc"
};

}  // namespace

TEST_CASE("the binder picks PyTorch's overloads and raises its texts, counting the parameters it leaves out",
          "[builtins][binder]") {
  for (const BinderCase& c : kBinderCases) {
    INFO(c.code);
    const tc::lang::ProgramResult r = tc::lang::run_program(c.code);
    if (c.line == 0) {
      CHECK(r.error.has_value() == false);
      if (r.error) CHECK(r.error->message == "");
      continue;
    }
    REQUIRE(r.error.has_value());
    CHECK(r.error->python_type == c.type);
    CHECK(r.error->message == c.message);
    CHECK(r.error->line == c.line);
  }
}

TEST_CASE("attributes of modules and tensors", "[builtins]") {
  using tc::lang::get_attribute;
  const Value torch_module = tc::lang::ModuleRef{"torch"};
  CHECK(std::get<DType>(get_attribute(torch_module, "float32").v) == DType::Float32);
  CHECK(std::get<DType>(get_attribute(torch_module, "long").v) == DType::Int64);
  CHECK(std::get<Callable>(get_attribute(torch_module, "arange").v).qualname == "torch.arange");
  CHECK(raised([&] { get_attribute(torch_module, "foo"); }) ==
        "AttributeError: module 'torch' has no attribute 'foo'");
  const Value x = torch("ones", {Value(2), Value(3)}, {{"requires_grad", Value(true)}});
  CHECK(tc::lang::repr(get_attribute(x, "shape")) == "torch.Size([2, 3])");
  CHECK(std::get<DType>(get_attribute(x, "dtype").v) == DType::Float32);
  CHECK(get_attribute(x, "grad").is_none());
  CHECK(std::get<bool>(get_attribute(x, "requires_grad").v));
  CHECK(raised([&] { get_attribute(x, "foo"); }) == "AttributeError: 'Tensor' object has no attribute 'foo'");
  const Value bound = get_attribute(x, "sum");
  CHECK(std::get<Callable>(bound.v).qualname == "Tensor.sum");
  CHECK(tc::lang::is_known_module("torch.nn.functional"));
  CHECK(!tc::lang::is_known_module("numpy"));
  Value print_fn;
  CHECK(tc::lang::builtin_global("print", &print_fn));
  CHECK(!tc::lang::builtin_global("eval", &print_fn));
}

TEST_CASE("other factories: full, linspace, eye, *_like, random", "[builtins]") {
  // full infers its dtype from the fill value
  CHECK(T(torch("full", {tuple({Value(2)}), Value(7)})).dtype() == DType::Int64);
  CHECK(T(torch("full", {tuple({Value(2)}), Value(true)})).dtype() == DType::Bool);
  const Value f = torch("full", {tuple({Value(2), Value(1)}), Value(0.5)});
  CHECK(T(f).dtype() == DType::Float32);
  CHECK(values(f) == std::vector<double>{0.5, 0.5});
  CHECK(values(torch("empty", {Value(3)})) == std::vector<double>{0, 0, 0});  // zeros here
  // linspace(3, 10, steps=5): torch's doc example
  CHECK(values(torch("linspace", {Value(3), Value(10)}, {{"steps", Value(5)}})) ==
        std::vector<double>{3, 4.75, 6.5, 8.25, 10});
  CHECK(values(torch("eye", {Value(2), Value(3)})) == std::vector<double>{1, 0, 0, 0, 1, 0});
  CHECK(shape(torch("eye", {Value(2)})) == Shape{2, 2});
  const Tensor ints = T(torch("arange", {Value(4)}));
  const Value z = torch("zeros_like", {Value(ints)});
  CHECK(T(z).dtype() == DType::Int64);
  CHECK(values(z) == std::vector<double>{0, 0, 0, 0});
  CHECK(T(torch("ones_like", {Value(ints)}, {{"dtype", Value(DType::Float64)}})).dtype() == DType::Float64);
  CHECK(values(torch("full_like", {Value(ints), Value(3)})) == std::vector<double>{3, 3, 3, 3});
  // random numbers: the core's own stream, the same after the same seed
  CHECK(torch("manual_seed", {Value(0)}).is_none());
  const std::vector<double> a = values(torch("rand", {Value(2), Value(2)}));
  torch("manual_seed", {Value(0)});
  CHECK(values(torch("rand", {tuple({Value(2), Value(2)})})) == a);
  for (double v : a) CHECK((v >= 0 && v < 1));
  CHECK(shape(torch("randn", {Value(3)})) == Shape{3});
  const Value r = torch("randint", {Value(5), tuple({Value(10)})});
  CHECK(T(r).dtype() == DType::Int64);
  for (double v : values(r)) CHECK((v >= 0 && v < 5));
  for (double v : values(torch("randint", {Value(3), Value(5), tuple({Value(10)})}))) CHECK((v >= 3 && v < 5));
}

TEST_CASE("elementwise ops as functions and methods, PyTorch's parameter names", "[builtins]") {
  const Tensor a = floats({1, 2, 3}, {3});
  const Tensor b = floats({10, 20, 30}, {3});
  CHECK(values(torch("add", {Value(a), Value(b)}, {{"alpha", Value(2)}})) == std::vector<double>{21, 42, 63});
  CHECK(values(method(a, "sub", {Value(1)})) == std::vector<double>{0, 1, 2});
  CHECK(values(torch("subtract", {Value(b), Value(a)})) == std::vector<double>{9, 18, 27});
  CHECK(values(method(a, "mul", {Value(b)})) == std::vector<double>{10, 40, 90});
  CHECK(values(torch("div", {Value(b), Value(4)})) == std::vector<double>{2.5, 5, 7.5});
  CHECK(values(torch("pow", {Value(a)}, {{"exponent", Value(2)}})) == std::vector<double>{1, 4, 9});
  CHECK(values(torch("pow", {Value(2), Value(a)})) == std::vector<double>{2, 4, 8});
  CHECK(values(torch("maximum", {Value(a), Value(floats({2, 2, 2}, {3}))})) == std::vector<double>{2, 2, 3});
  CHECK(values(torch("minimum", {Value(a), Value(floats({2, 2, 2}, {3}))})) == std::vector<double>{1, 2, 2});
  // maximum takes no number (PyTorch's signature has Tensor other)
  CHECK(raised([&] { torch("maximum", {Value(a), Value(2)}); }) ==
        "TypeError: maximum(): argument 'other' (position 2) must be Tensor, not int");
  const Tensor n = T(torch("tensor", {list({Value(-7), Value(7)})}));
  CHECK(values(torch("floor_divide", {Value(n), Value(2)})) == std::vector<double>{-4, 3});
  CHECK(values(method(n, "remainder", {Value(3)})) == std::vector<double>{2, 1});
  CHECK(values(torch("eq", {Value(a), Value(2)})) == std::vector<double>{0, 1, 0});
  CHECK(T(method(a, "gt", {Value(1.5)})).dtype() == DType::Bool);
  CHECK(values(torch("greater_equal", {Value(a), Value(2)})) == std::vector<double>{0, 1, 1});
  CHECK(values(method(a, "ne", {Value(b)})) == std::vector<double>{1, 1, 1});
  CHECK(values(method(a, "lt", {Value(3)})) == std::vector<double>{1, 1, 0});
  CHECK(values(method(a, "le", {Value(2)})) == std::vector<double>{1, 1, 0});
  CHECK(raised([&] { torch("add", {Value(1), Value(2)}); }) ==
        "TypeError: add(): argument 'input' (position 1) must be Tensor, not int");
  // unary ops
  const Tensor u = floats({-1.5, 0, 2.25}, {3});
  CHECK(values(torch("neg", {Value(u)})) == std::vector<double>{1.5, 0, -2.25});
  CHECK(values(method(u, "abs")) == std::vector<double>{1.5, 0, 2.25});
  CHECK(values(torch("relu", {Value(u)})) == std::vector<double>{0, 0, 2.25});
  CHECK(values(method(u, "sign")) == std::vector<double>{-1, 0, 1});
  CHECK(values(method(u, "floor")) == std::vector<double>{-2, 0, 2});
  CHECK(values(method(u, "ceil")) == std::vector<double>{-1, 0, 3});
  CHECK(values(method(u, "square")) == std::vector<double>{2.25, 0, 5.0625});
  CHECK(values(torch("sqrt", {Value(floats({4, 9}, {2}))})) == std::vector<double>{2, 3});
  CHECK(values(method(floats({4, 0.25}, {2}), "rsqrt")) == std::vector<double>{0.5, 2});
  CHECK(values(method(floats({4, 0.5}, {2}), "reciprocal")) == std::vector<double>{0.25, 2});
  CHECK(values(torch("exp", {Value(floats({0}, {1}))})) == std::vector<double>{1});
  CHECK(values(torch("log", {Value(floats({1}, {1}))})) == std::vector<double>{0});
  CHECK(values(torch("log1p", {Value(floats({0}, {1}))})) == std::vector<double>{0});
  CHECK(values(torch("expm1", {Value(floats({0}, {1}))})) == std::vector<double>{0});
  CHECK(values(torch("sigmoid", {Value(floats({0}, {1}))})) == std::vector<double>{0.5});
  CHECK(values(torch("tanh", {Value(floats({0}, {1}))})) == std::vector<double>{0});
  CHECK(values(torch("sin", {Value(floats({0}, {1}))})) == std::vector<double>{0});
  CHECK(values(torch("cos", {Value(floats({0}, {1}))})) == std::vector<double>{1});
  // round: halves to even; decimals= is PyTorch's second overload
  CHECK(values(torch("round", {Value(floats({0.5, 1.5, 2.5}, {3}))})) == std::vector<double>{0, 2, 2});
  CHECK(values(method(floats({1250}, {1}), "round", {}, {{"decimals", Value(-2)}})) ==
        std::vector<double>{1200});
  CHECK(T(method(floats({1.25f}, {1}), "round", {}, {{"decimals", Value(1)}})).defined());
  // clamp / clip with min= and max=
  CHECK(values(torch("clamp", {Value(u)}, {{"min", Value(0.0)}, {"max", Value(1.0)}})) ==
        std::vector<double>{0, 0, 1});
  CHECK(values(method(u, "clip", {}, {{"max", Value(0)}})) == std::vector<double>{-1.5, 0, 0});
  CHECK(values(method(u, "clamp_min", {Value(0)})) == std::vector<double>{0, 0, 2.25});
  // where(condition, input, other), a number for either; the method binds
  // its tensor as input and takes a tensor other
  const Tensor c = T(torch("tensor", {list({Value(true), Value(false), Value(true)})}));
  CHECK(values(torch("where", {Value(c), Value(a), Value(b)})) == std::vector<double>{1, 20, 3});
  CHECK(values(torch("where", {Value(c), Value(a), Value(0.0)})) == std::vector<double>{1, 0, 3});
  CHECK(values(torch("where", {Value(c), Value(0.0), Value(b)})) == std::vector<double>{0, 20, 0});
  CHECK(values(method(a, "where", {Value(c), Value(b)})) == std::vector<double>{1, 20, 3});
}

TEST_CASE("in-place methods write into their tensor", "[builtins]") {
  const Tensor a = floats({1, 2, 3}, {3});
  const Value r = method(a, "add_", {Value(1)}, {{"alpha", Value(2)}});
  CHECK(T(r).id() == a.id());
  CHECK(values(Value(a)) == std::vector<double>{3, 4, 5});
  method(a, "mul_", {Value(2)});
  CHECK(values(Value(a)) == std::vector<double>{6, 8, 10});
  method(a, "sub_", {Value(floats({1, 1, 1}, {3}))});
  method(a, "div_", {Value(5)});
  CHECK(values(Value(a)) == std::vector<double>{1, 7.0f / 5, 9.0f / 5});
  method(a, "ge_", {Value(1.5)});
  CHECK(values(Value(a)) == std::vector<double>{0, 0, 1});
  CHECK(raised([&] { call_named("torch.add_", std::nullopt, {Value(a), Value(1)}, {}); }) ==
        "AttributeError: no function named 'torch.add_'");
  CHECK(raised([&] { tc::lang::get_attribute(tc::lang::ModuleRef{"torch"}, "add_"); }) ==
        "AttributeError: module 'torch' has no attribute 'add_'");
}

TEST_CASE("reductions: PyTorch's overloads and named tuples", "[builtins]") {
  const Tensor m = T(method(T(torch("arange", {Value(6.0)})), "reshape", {Value(2), Value(3)}));
  CHECK(values(method(m, "mean")) == std::vector<double>{2.5});
  CHECK(values(torch("mean", {Value(m)}, {{"dim", Value(0)}})) == std::vector<double>{1.5, 2.5, 3.5});
  CHECK(values(method(m, "amax", {Value(1)})) == std::vector<double>{2, 5});
  CHECK(values(method(m, "amin")) == std::vector<double>{0});
  CHECK(values(method(m, "max")) == std::vector<double>{5});
  CHECK(values(torch("min", {Value(m)})) == std::vector<double>{0});
  const Value mx = method(m, "max", {Value(1)});
  const Sequence* s = mx.sequence();
  REQUIRE(s != nullptr);
  CHECK(s->name == "torch.return_types.max");
  CHECK(values(tc::lang::get_attribute(mx, "values")) == std::vector<double>{2, 5});
  CHECK(values(tc::lang::get_attribute(mx, "indices")) == std::vector<double>{2, 2});
  CHECK(T(tc::lang::get_attribute(mx, "indices")).dtype() == DType::Int64);
  g_output.clear();
  builtin("print", {mx});
  CHECK(g_output == "torch.return_types.max(\nvalues=" + tc::tensor_repr(T(s->items[0])).text +
                        ",\nindices=" + tc::tensor_repr(T(s->items[1])).text + ")\n");
  const Value mn = torch("min", {Value(m)}, {{"dim", Value(0)}, {"keepdim", Value(true)}});
  CHECK(shape(tc::lang::get_attribute(mn, "values")) == Shape{1, 3});
  const std::string min_values = tc::tensor_repr(T(tc::lang::get_attribute(mn, "values"))).text;
  CHECK(tc::lang::repr(mn).rfind("torch.return_types.min(\nvalues=" + min_values, 0) == 0);
  // max(a, b) of two tensors is maximum
  CHECK(values(torch("max", {Value(m), Value(T(torch("full", {tuple({Value(3)}), Value(3.0)})))})) ==
        std::vector<double>{3, 3, 3, 3, 4, 5});
  // a str binds PyTorch's named-dim overload; tensorcast's tensors have no names
  CHECK(raised([&] { method(m, "max", {Value(std::string("a"))}); }) == "Error: Name 'a' not found in Tensor[None, None].");
  CHECK(values(method(m, "argmax")) == std::vector<double>{5});
  CHECK(values(torch("argmin", {Value(m), Value(1)})) == std::vector<double>{0, 0});
  CHECK(values(method(floats({1, 2, 3, 4}, {2, 2}), "prod")) == std::vector<double>{24});
  CHECK(values(method(floats({1, 2, 3, 4}, {2, 2}), "prod", {Value(1)})) == std::vector<double>{2, 12});
  // var: unbiased by default; correction=0 and unbiased=False are the population's
  const Tensor v = floats({1, 2, 3, 4}, {4});
  CHECK(values(method(v, "var")) == std::vector<double>{5.0f / 3});
  CHECK(values(method(v, "var", {Value()}, {{"correction", Value(0)}})) == std::vector<double>{1.25});
  CHECK(values(method(v, "var", {}, {{"unbiased", Value(false)}})) == std::vector<double>{1.25});
  CHECK(values(torch("var", {Value(v), Value(0), Value(false)})) == std::vector<double>{1.25});
  CHECK(values(torch("std", {Value(floats({0, 2}, {2}))}, {{"unbiased", Value(false)}})) ==
        std::vector<double>{1});
  CHECK(values(torch("logsumexp", {Value(floats({0, 0}, {2})), Value(0)})) ==
        std::vector<double>{static_cast<float>(std::log(2.0))});
  const Value sm = method(floats({0, 0, 0, 0}, {2, 2}), "softmax", {Value(-1)});
  CHECK(values(sm) == std::vector<double>{0.5, 0.5, 0.5, 0.5});
  CHECK(values(torch("log_softmax", {Value(floats({0, 0}, {2})), Value(0)})) ==
        std::vector<double>{static_cast<float>(-std::log(2.0)), static_cast<float>(-std::log(2.0))});
  CHECK(raised([&] { method(m, "softmax"); }) ==
        "TypeError: softmax() received an invalid combination of arguments - got (), but expected one of:\n"
        " * (int dim, torch.dtype dtype)\n * (name dim, *, torch.dtype dtype)\n");
  const Tensor bools = T(torch("tensor", {list({list({Value(true), Value(false)}), list({Value(true), Value(true)})})}));
  CHECK(values(method(bools, "all")) == std::vector<double>{0});
  CHECK(values(method(bools, "all", {Value(1)})) == std::vector<double>{0, 1});
  CHECK(values(torch("any", {Value(bools)})) == std::vector<double>{1});
}

TEST_CASE("torch.nn.functional", "[builtins]") {
  const Value f = tc::lang::ModuleRef{"torch.nn.functional"};
  const Value relu = tc::lang::get_attribute(f, "relu");
  CHECK(tc::lang::repr(relu) == "<function relu>");
  CHECK(std::string(tc::lang::type_name(relu)) == "function");
  auto F = [](const std::string& name, std::vector<Value> p, Keywords k = {}) {
    return call_named("torch.nn.functional." + name, std::nullopt, std::move(p), std::move(k));
  };
  CHECK(values(F("relu", {Value(floats({-1, 2}, {2}))})) == std::vector<double>{0, 2});
  CHECK(values(F("sigmoid", {Value(floats({0}, {1}))})) == std::vector<double>{0.5});
  CHECK(values(F("tanh", {Value(floats({0}, {1}))})) == std::vector<double>{0});
  // without dim: PyTorch's implicit dim, 1 for a matrix
  CHECK(values(F("softmax", {Value(floats({0, 0, 5, 5}, {2, 2}))})) == std::vector<double>{0.5, 0.5, 0.5, 0.5});
  CHECK(shape(F("log_softmax", {Value(floats({0, 0}, {1, 2}))}, {{"dim", Value(0)}})) == Shape{1, 2});
  // linear: x @ W.T + b
  const Value y = F("linear", {Value(floats({1, 2}, {1, 2})), Value(floats({1, 0, 0, 1, 1, 1}, {3, 2})),
                               Value(floats({10, 20, 30}, {3}))});
  CHECK(values(y) == std::vector<double>{11, 22, 33});
  CHECK(raised([&] { tc::lang::get_attribute(f, "gelu2"); }) ==
        "AttributeError: module 'torch.nn.functional' has no attribute 'gelu2'");
  const Value nn = tc::lang::get_attribute(tc::lang::ModuleRef{"torch"}, "nn");
  CHECK(std::get<tc::lang::ModuleRef>(tc::lang::get_attribute(nn, "functional").v).path == "torch.nn.functional");
}

TEST_CASE("views, joins and matrix products", "[builtins]") {
  const Tensor x = T(torch("arange", {Value(24.0)}));
  const Tensor m = T(method(x, "view", {Value(2), Value(3), Value(4)}));
  CHECK(shape(method(x, "view", {Value(-1)})) == Shape{24});
  CHECK(shape(method(m, "permute", {Value(2), Value(0), Value(1)})) == Shape{4, 2, 3});
  CHECK(shape(torch("permute", {Value(m), tuple({Value(1), Value(0), Value(2)})})) == Shape{3, 2, 4});
  CHECK(T(method(m, "transpose", {Value(0), Value(2)})).strides() == tc::Strides{1, 4, 12});
  CHECK(shape(torch("swapaxes", {Value(m), Value(0), Value(1)})) == Shape{3, 2, 4});
  CHECK(shape(method(m, "swapdims", {Value(0), Value(1)})) == Shape{3, 2, 4});
  CHECK(shape(method(m, "unsqueeze", {Value(1)})) == Shape{2, 1, 3, 4});
  CHECK(shape(method(T(torch("zeros", {Value(1), Value(3), Value(1)})), "squeeze")) == Shape{3});
  CHECK(shape(method(T(torch("zeros", {Value(1), Value(3), Value(1)})), "squeeze", {Value(0)})) == Shape{3, 1});
  CHECK(shape(method(m, "flatten", {Value(1)})) == Shape{2, 12});
  CHECK(shape(torch("flatten", {Value(m)})) == Shape{24});
  CHECK(shape(method(m, "unflatten", {Value(2), tuple({Value(2), Value(-1)})})) == Shape{2, 3, 2, 2});
  CHECK(shape(method(m, "movedim", {Value(0), Value(-1)})) == Shape{3, 4, 2});
  CHECK(values(method(x, "narrow", {Value(0), Value(2), Value(3)})) == std::vector<double>{2, 3, 4});
  CHECK(T(method(x, "narrow", {Value(0), Value(2), Value(3)})).offset() == 2);
  const Tensor mat = T(method(T(torch("arange", {Value(6.0)})), "reshape", {Value(2), Value(3)}));
  CHECK(T(method(mat, "t")).strides() == tc::Strides{1, 3});
  CHECK(shape(tc::lang::get_attribute(mat, "T")) == Shape{3, 2});
  CHECK(shape(tc::lang::get_attribute(m, "mT")) == Shape{2, 4, 3});
  CHECK(shape(method(T(torch("ones", {Value(3), Value(1)})), "expand", {Value(3), Value(4)})) == Shape{3, 4});
  CHECK(shape(method(T(torch("ones", {Value(3), Value(1)})), "expand_as", {torch("zeros", {Value(3), Value(2)})})) ==
        Shape{3, 2});
  CHECK(shape(torch("broadcast_to", {torch("ones", {Value(3)}), tuple({Value(2), Value(3)})})) == Shape{2, 3});
  CHECK(tc::lang::repr(torch("broadcast_shapes", {tuple({Value(2), Value(1)}), tuple({Value(3)})})) ==
        "torch.Size([2, 3])");
  CHECK(!T(method(mat, "t")).is_contiguous());
  CHECK(T(method(T(method(mat, "t")), "contiguous")).is_contiguous());
  CHECK(T(torch("clone", {Value(mat)})).id() != mat.id());
  CHECK(values(torch("gather", {Value(mat), Value(1), torch("tensor", {list({list({Value(2)}), list({Value(0)})})})})) ==
        std::vector<double>{2, 3});
  CHECK(shape(torch("cat", {list({Value(mat), Value(mat)})}, {{"dim", Value(1)}})) == Shape{2, 6});
  CHECK(shape(torch("concat", {tuple({Value(mat), Value(mat)})})) == Shape{4, 3});
  CHECK(shape(torch("stack", {list({Value(mat), Value(mat)}), Value(1)})) == Shape{2, 2, 3});
  CHECK(raised([&] { torch("cat", {list({Value(mat), Value(1)})}); }) ==
        "TypeError: expected Tensor as element 1 in argument 0, but got int");
  // matrix products: [[0, 1, 2], [3, 4, 5]] @ [1, 1, 1]
  const Tensor ones3 = T(torch("ones", {Value(3)}));
  CHECK(values(torch("matmul", {Value(mat), Value(ones3)})) == std::vector<double>{3, 12});
  CHECK(values(method(mat, "mv", {Value(ones3)})) == std::vector<double>{3, 12});
  CHECK(values(torch("dot", {Value(ones3), Value(ones3)})) == std::vector<double>{3});
  CHECK(shape(torch("mm", {Value(mat), tc::lang::get_attribute(mat, "T")})) == Shape{2, 2});
  CHECK(shape(torch("bmm", {Value(m), torch("ones", {Value(2), Value(4), Value(5)})})) == Shape{2, 3, 5});
  CHECK(raised([&] { torch("mm", {Value(ones3), Value(mat)}); }) == "Error: self must be a matrix");
  CHECK(raised([&] { torch("mm", {Value(mat), Value(mat)}); }) ==
        "Error: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  CHECK(raised([&] { torch("bmm", {Value(mat), Value(m)}); }) == "Error: batch1 must be a 3D tensor");
  CHECK(raised([&] { torch("bmm", {Value(m), Value(m)}); }) ==
        "Error: Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [2, 3].");
  CHECK(raised([&] { torch("mv", {Value(mat), Value(mat)}); }) ==
        "Error: vector + matrix @ vector expected, got 1, 2, 2");
  CHECK(raised([&] { torch("mv", {Value(mat), torch("ones", {Value(4)})}); }) ==
        "Error: size mismatch, got 2, 2x3,4");
  CHECK(raised([&] { torch("dot", {Value(mat), Value(ones3)}); }) ==
        "Error: 1D tensors expected, but got 2D and 1D tensors");
  CHECK(raised([&] { torch("dot", {Value(ones3), torch("ones", {Value(2)})}); }) ==
        "Error: inconsistent tensor size, expected tensor [3] and src [2] to have the same number of "
        "elements, but got 3 and 2 elements respectively");
  CHECK(raised([&] { torch("dot", {Value(ones3), torch("arange", {Value(3)})}); }) ==
        "Error: dot : expected both vectors to have same dtype, but found Float and Long");
}

TEST_CASE("a tensor's own methods and attributes", "[builtins]") {
  const Tensor mat = T(method(T(torch("arange", {Value(6)})), "reshape", {Value(2), Value(3)}));
  CHECK(tc::lang::repr(method(mat, "size")) == "torch.Size([2, 3])");
  CHECK(std::get<int64_t>(method(mat, "size", {Value(-1)}).v) == 3);
  CHECK(tc::lang::repr(method(mat, "stride")) == "(3, 1)");
  CHECK(std::get<int64_t>(method(mat, "stride", {Value(0)}).v) == 3);
  CHECK(raised([&] { method(T(torch("tensor", {Value(1)})), "size", {Value(0)}); }) ==
        "Error: Dimension specified as 0 but tensor has no dimensions");
  CHECK(std::get<int64_t>(method(mat, "dim").v) == 2);
  CHECK(std::get<int64_t>(torch("numel", {Value(mat)}).v) == 6);
  CHECK(std::get<int64_t>(method(mat, "storage_offset").v) == 0);
  CHECK(std::get<bool>(method(mat, "is_contiguous").v));
  CHECK(std::get<int64_t>(method(mat, "element_size").v) == 8);
  CHECK(!std::get<bool>(method(mat, "is_floating_point").v));
  CHECK(std::get<bool>(torch("is_tensor", {Value(mat)}).v));
  CHECK(!std::get<bool>(torch("is_tensor", {Value(1)}).v));
  CHECK(std::get<int64_t>(tc::lang::get_attribute(mat, "ndim").v) == 2);
  CHECK(tc::lang::repr(method(mat, "tolist")) == "[[0, 1, 2], [3, 4, 5]]");
  CHECK(tc::lang::repr(method(T(torch("tensor", {list({Value(0.5), Value(1)})})), "tolist")) == "[0.5, 1.0]");
  CHECK(tc::lang::repr(method(T(torch("tensor", {Value(true)})), "tolist")) == "True");
  CHECK(tc::lang::repr(method(T(torch("tensor", {Value(2.5)})), "item")) == "2.5");
  CHECK(tc::lang::repr(method(T(torch("tensor", {Value(3)})), "item")) == "3");
  // dtypes: to(dtype), to(other), the casts; dtype=float is torch.float64
  CHECK(T(method(mat, "to", {Value(DType::Float32)})).dtype() == DType::Float32);
  CHECK(T(method(mat, "to", {}, {{"dtype", Value(Callable{"float", std::nullopt})}})).dtype() == DType::Float64);
  CHECK(T(method(mat, "to", {Value(mat)})).id() == mat.id());  // nothing to change: itself
  CHECK(T(method(mat, "to", {Value(mat)}, {{"copy", Value(true)}})).id() != mat.id());
  CHECK(T(method(mat, "float")).dtype() == DType::Float32);
  CHECK(T(method(mat, "double")).dtype() == DType::Float64);
  CHECK(T(method(mat, "int")).dtype() == DType::Int32);
  CHECK(T(method(mat, "long")).dtype() == DType::Int64);
  CHECK(T(method(mat, "bool")).dtype() == DType::Bool);
  CHECK(T(method(mat, "byte")).dtype() == DType::UInt8);
  CHECK(T(method(mat, "type_as", {torch("ones", {Value(1)})})).dtype() == DType::Float32);
  CHECK(std::get<DType>(torch("result_type", {Value(mat), Value(1.5)}).v) == DType::Float32);
  CHECK(std::get<DType>(torch("result_type", {Value(mat), Value(1)}).v) == DType::Int64);
  // autograd: w.grad of (x * w).sum() is x, summed as PyTorch's sum_to does
  const Tensor w = T(torch("ones", {Value(3), Value(1)}, {{"requires_grad", Value(true)}}));
  const Tensor xs = T(method(T(torch("arange", {Value(6.0)})), "reshape", {Value(2), Value(3), Value(1)}));
  const Tensor loss = T(method(T(torch("mul", {Value(xs), Value(w)})), "sum"));
  CHECK(tc::lang::repr(tc::lang::get_attribute(loss, "grad_fn")).rfind("<SumBackward0 object at 0x", 0) == 0);
  CHECK(std::string(tc::lang::type_name(tc::lang::get_attribute(loss, "grad_fn"))) == "SumBackward0");
  CHECK(tc::lang::get_attribute(w, "grad_fn").is_none());
  CHECK(!std::get<bool>(tc::lang::get_attribute(loss, "is_leaf").v));
  CHECK(method(loss, "backward").is_none());
  CHECK(values(tc::lang::get_attribute(w, "grad")) == std::vector<double>{3, 5, 7});
  tc::lang::set_attribute(w, "grad", Value());
  CHECK(tc::lang::get_attribute(w, "grad").is_none());
  // grad_fn.name()
  const Value name = tc::lang::get_attribute(tc::lang::get_attribute(loss, "grad_fn"), "name");
  CallContext context{&g_output};
  CHECK(tc::lang::repr(tc::lang::call(std::get<Callable>(name.v), {}, context)) == "'SumBackward0'");
  // requires_grad: set on a leaf, refused elsewhere with PyTorch's words
  const Tensor leaf = T(torch("zeros", {Value(2)}));
  tc::lang::set_attribute(leaf, "requires_grad", Value(true));
  CHECK(leaf.requires_grad());
  CHECK(raised([&] { tc::lang::set_attribute(loss, "requires_grad", Value(false)); }) ==
        "Error: you can only change requires_grad flags of leaf variables.");
  CHECK(raised([&] { tc::lang::set_attribute(mat, "requires_grad", Value(true)); }) ==
        "Error: only Tensors of floating point and complex dtype can require gradients");
  CHECK(raised([&] { tc::lang::set_attribute(mat, "shape", Value(1)); }) ==
        "AttributeError: attribute 'shape' of 'torch._C._TensorBase' objects is not writable");
  const Tensor other = T(torch("zeros", {Value(2)}));
  CHECK(T(method(other, "requires_grad_")).id() == other.id());
  CHECK(other.requires_grad());
  // backward with a gradient of the output's shape
  const Tensor y = T(torch("mul", {Value(other), Value(2)}));
  method(y, "backward", {torch("ones", {Value(2)})});
  CHECK(values(tc::lang::get_attribute(other, "grad")) == std::vector<double>{2, 2});
}

TEST_CASE("Python's builtins", "[builtins]") {
  const Tensor mat = T(torch("zeros", {Value(2), Value(3)}));
  CHECK(std::get<int64_t>(builtin("len", {Value(mat)}).v) == 2);
  CHECK(std::get<int64_t>(builtin("len", {list({Value(1), Value(2), Value(3)})}).v) == 3);
  CHECK(raised([] { builtin("len", {torch("tensor", {Value(1.0)})}); }) == "TypeError: len() of a 0-d tensor");
  CHECK(raised([] { builtin("len", {Value(1)}); }) == "TypeError: object of type 'int' has no len()");
  CHECK(raised([] { builtin("len"); }) == "TypeError: len() takes exactly one argument (0 given)");
  CHECK(tc::lang::repr(builtin("int", {Value(-2.7)})) == "-2");
  CHECK(tc::lang::repr(builtin("int", {torch("tensor", {Value(3.9)})})) == "3");
  CHECK(tc::lang::repr(builtin("int", {Value(std::string("42"))})) == "42");
  CHECK(raised([] { builtin("int", {Value(std::string("x"))}); }) ==
        "ValueError: invalid literal for int() with base 10: 'x'");
  CHECK(raised([&] { builtin("int", {Value(mat)}); }) ==
        "ValueError: only one element tensors can be converted to Python scalars");
  CHECK(tc::lang::repr(builtin("float", {Value(2)})) == "2.0");
  CHECK(tc::lang::repr(builtin("float", {Value(std::string("inf"))})) == "inf");
  CHECK(tc::lang::repr(builtin("float", {torch("tensor", {list({Value(0.5)})})})) == "0.5");
  CHECK(tc::lang::repr(builtin("bool", {Value(0)})) == "False");
  CHECK(tc::lang::repr(builtin("bool", {torch("tensor", {Value(2)})})) == "True");
  CHECK(raised([&] { builtin("bool", {Value(mat)}); }) ==
        "Error: Boolean value of Tensor with more than one value is ambiguous");
  CHECK(tc::lang::repr(builtin("abs", {Value(-3)})) == "3");
  CHECK(values(builtin("abs", {torch("tensor", {list({Value(-1.5)})})})) == std::vector<double>{1.5});
  CHECK(tc::lang::repr(builtin("round", {Value(2.5)})) == "2");  // halves to even
  CHECK(tc::lang::repr(builtin("round", {Value(0.125), Value(2)})) == "0.12");
  CHECK(tc::lang::repr(builtin("tuple", {list({Value(1), Value(2)})})) == "(1, 2)");
  CHECK(tc::lang::repr(builtin("list", {tc::lang::get_attribute(mat, "shape")})) == "[2, 3]");
  CHECK(tc::lang::repr(builtin("list", {builtin("range", {Value(4)})})) == "[0, 1, 2, 3]");
  CHECK(tc::lang::repr(builtin("range", {Value(5), Value(0), Value(-2)})) == "[5, 3, 1]");
  CHECK(values(torch("tensor", {builtin("range", {Value(3)})})) == std::vector<double>{0, 1, 2});
  CHECK(raised([] { builtin("range", {Value(1), Value(2), Value(0)}); }) == "ValueError: range() arg 3 must not be zero");
  CHECK(tc::lang::repr(builtin("max", {Value(1), Value(2.5), Value(2)})) == "2.5");
  CHECK(tc::lang::repr(builtin("min", {list({Value(3), Value(1), Value(2)})})) == "1");
  CHECK(raised([] { builtin("max", {list({})}); }) == "ValueError: max() arg is an empty sequence");
  CHECK(builtin("list", {Value(mat)}).sequence()->items.size() == 2);  // a tensor's rows
}

TEST_CASE("div's rounding_mode, grad assignment, torch.Size, dtypes left out", "[builtins]") {
  const Tensor n = T(torch("tensor", {list({Value(-7.0), Value(7.0)})}));
  CHECK(values(torch("div", {Value(n), Value(2)}, {{"rounding_mode", Value(std::string("floor"))}})) ==
        std::vector<double>{-4, 3});
  CHECK(values(method(n, "div", {Value(2)}, {{"rounding_mode", Value()}})) == std::vector<double>{-3.5, 3.5});
  CHECK(raised([&] { torch("div", {Value(n), Value(2)}, {{"rounding_mode", Value(std::string("up"))}}); }) ==
        "Error: div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'up'");
  // x.grad = g, with PyTorch's checks
  const Tensor w = T(torch("zeros", {Value(2)}, {{"requires_grad", Value(true)}}));
  tc::lang::set_attribute(w, "grad", torch("ones", {Value(2)}));
  CHECK(values(tc::lang::get_attribute(w, "grad")) == std::vector<double>{1, 1});
  CHECK(raised([&] { tc::lang::set_attribute(w, "grad", torch("ones", {Value(3)})); }) ==
        "Error: assigned grad has data of a different size");
  CHECK(raised([&] { tc::lang::set_attribute(w, "grad", torch("arange", {Value(2)})); }) ==
        "Error: assigned grad has data of a different type");
  CHECK(raised([&] { tc::lang::set_attribute(w, "grad", Value(1)); }) ==
        "TypeError: assigned grad expected to be a Tensor or None but got grad of type int");
  CHECK(tc::lang::repr(torch("Size", {list({Value(2), Value(3)})})) == "torch.Size([2, 3])");
  CHECK(raised([] { tc::lang::get_attribute(tc::lang::ModuleRef{"torch"}, "float16"); }) ==
        "NotImplementedError: torch.float16 is not supported by tensorcast: its dtypes are bool, uint8, "
        "int32, int64, float32 and float64");
}

TEST_CASE("values made one by one count against the memory limit", "[builtins]") {
  const Tensor big = T(torch("zeros", {Value(1000)}));
  const int64_t previous = tc::memory_limit();
  tc::set_memory_limit(1000);
  const std::string list_error = raised([&] { method(big, "tolist"); });
  const std::string range_error = raised([] { builtin("range", {Value(int64_t{1} << 40)}); });
  tc::set_memory_limit(previous);
  CHECK(list_error.rfind("MemoryError: tolist() would make 1000 Python values", 0) == 0);
  CHECK(range_error.rfind("MemoryError: range() would make 1099511627776 Python values", 0) == 0);
}

TEST_CASE("NumPy's argument names, outer, equal, allclose", "[builtins]") {
  const Tensor m = T(method(T(torch("arange", {Value(6.0)})), "reshape", {Value(2), Value(3)}));
  CHECK(values(method(m, "sum", {}, {{"axis", Value(0)}})) == std::vector<double>{3, 5, 7});
  CHECK(shape(torch("mean", {}, {{"x", Value(m)}, {"axis", Value(1)}, {"keepdims", Value(true)}})) == Shape{2, 1});
  // dim= is taken first; axis= is then left over (two of sum's listed
  // signatures take two arguments: the list, its keywords in PyTorch's
  // unordered_map order, Note [Keyword order])
  CHECK(raised([&] { method(m, "sum", {}, {{"dim", Value(0)}, {"axis", Value(1)}}); }) ==
        "TypeError: sum() received an invalid combination of arguments - got (axis=int, dim=int, ), but expected one of:\n"
        " * (*, torch.dtype dtype)\n"
        "      didn't match because some of the keywords were incorrect: axis, dim\n"
        " * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)\n"
        " * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n");
  const Tensor a = floats({1, 2}, {2}), b = floats({3, 4, 5}, {3});
  const Value o = torch("outer", {Value(a), Value(b)});
  CHECK(shape(o) == Shape{2, 3});
  CHECK(values(o) == std::vector<double>{3, 4, 5, 6, 8, 10});
  CHECK(T(o).impl().grad_fn == nullptr);  // no input requires grad
  CHECK(raised([&] { torch("outer", {Value(m), Value(b)}); }) == "Error: outer: Expected 1-D argument self, but got 2-D");
  CHECK(std::get<bool>(torch("equal", {Value(a), Value(floats({1, 2}, {2}))}).v));
  CHECK(!std::get<bool>(torch("equal", {Value(a), Value(floats({1, 2, 3}, {3}))}).v));
  CHECK(std::get<bool>(torch("allclose", {Value(a), Value(floats({1.000001f, 2}, {2}))}).v));
  CHECK(!std::get<bool>(method(a, "allclose", {Value(floats({1.1f, 2}, {2}))}).v));
  CHECK(std::get<bool>(torch("allclose", {Value(a), Value(floats({1.1f, 2}, {2}))}, {{"atol", Value(0.2)}}).v));
  const Tensor nan = floats({std::nanf("")}, {1});
  CHECK(!std::get<bool>(torch("allclose", {Value(nan), Value(nan)}).v));
  CHECK(std::get<bool>(torch("allclose", {Value(nan), Value(nan)}, {{"equal_nan", Value(true)}}).v));
  CHECK(raised([&] { torch("allclose", {Value(a), torch("arange", {Value(2)})}); }) ==
        "Error: Float did not match Long");
}

TEST_CASE("what PyTorch has and the core lacks is refused as such", "[builtins]") {
  const Tensor x = T(torch("zeros", {Value(2)}));
  CHECK(raised([&] { tc::lang::get_attribute(x, "index_select"); }) ==
        "NotImplementedError: Tensor.index_select is not supported by tensorcast");
  CHECK(raised([] { tc::lang::get_attribute(tc::lang::ModuleRef{"torch"}, "einsum"); }) ==
        "NotImplementedError: torch.einsum is not supported by tensorcast");
  CHECK(raised([] { tc::lang::get_attribute(tc::lang::ModuleRef{"torch.nn"}, "Linear"); }) ==
        "NotImplementedError: torch.nn.Linear is not supported by tensorcast");
  CHECK(raised([] { tc::lang::get_attribute(tc::lang::ModuleRef{"torch.nn.functional"}, "gelu"); }) ==
        "NotImplementedError: torch.nn.functional.gelu is not supported by tensorcast");
  CHECK(T(method(x, "cpu")).id() == x.id());
}

TEST_CASE("aliases and the remaining entries", "[builtins]") {
  const Tensor a = floats({-2, 3}, {2});
  CHECK(values(method(a, "clamp_max", {Value(0)})) == std::vector<double>{-2, 0});
  const Tensor g = T(torch("ones", {Value(2)}, {{"requires_grad", Value(true)}}));
  const Tensor d = T(torch("detach", {torch("mul", {Value(g), Value(2)})}));
  CHECK(!d.requires_grad());
  CHECK(d.is_leaf());
  CHECK(T(torch("empty_like", {Value(a)})).sizes() == Shape{2});
  CHECK(values(torch("ger", {Value(a), Value(a)})) == std::vector<double>{4, -6, -6, 9});
  const Tensor m = T(torch("zeros", {Value(2), Value(3), Value(4)}));
  CHECK(shape(torch("moveaxis", {Value(m), Value(0), Value(2)})) == Shape{3, 4, 2});
  CHECK(std::get<int64_t>(method(m, "ndimension").v) == 3);
  CHECK(std::get<int64_t>(method(m, "nelement").v) == 24);
  const Value s = method(T(torch("arange", {Value(6)})), "select", {Value(0), Value(-1)});
  CHECK(shape(s) == Shape{});
  CHECK(values(s) == std::vector<double>{5});
  CHECK(shape(torch("concatenate", {list({Value(a), Value(a)})})) == Shape{4});
  // PyTorch's other names for the table's ops
  CHECK(values(torch("multiply", {Value(a), Value(2)})) == std::vector<double>{-4, 6});
  CHECK(values(torch("divide", {Value(a), Value(2)})) == std::vector<double>{-1, 1.5});
  CHECK(values(torch("true_divide", {Value(a), Value(4)})) == std::vector<double>{-0.5, 0.75});
  CHECK(values(torch("greater", {Value(a), Value(0)})) == std::vector<double>{0, 1});
  CHECK(values(torch("less", {Value(a), Value(0)})) == std::vector<double>{1, 0});
  CHECK(values(torch("less_equal", {Value(a), Value(3)})) == std::vector<double>{1, 1});
  CHECK(values(torch("not_equal", {Value(a), Value(3)})) == std::vector<double>{1, 0});
  CHECK(values(torch("negative", {Value(a)})) == std::vector<double>{2, -3});
  CHECK(values(torch("absolute", {Value(a)})) == std::vector<double>{2, 3});
  // the remaining in-place forms: Python's // and % and ** in place
  const Tensor n = T(torch("tensor", {list({Value(-7), Value(7)})}));
  method(n, "floor_divide_", {Value(2)});
  CHECK(values(Value(n)) == std::vector<double>{-4, 3});
  method(n, "remainder_", {Value(3)});
  CHECK(values(Value(n)) == std::vector<double>{2, 0});
  method(n, "pow_", {Value(2)});
  CHECK(values(Value(n)) == std::vector<double>{4, 0});
  method(n, "eq_", {Value(4)});
  CHECK(values(Value(n)) == std::vector<double>{1, 0});
  CHECK(T(Value(n)).dtype() == DType::Int64);  // written in self's dtype
  // an in-place op cannot change self's dtype (PyTorch's canCast)
  CHECK(raised([&] { method(n, "div_", {Value(2)}); }).rfind("Error: result type Float can't be cast", 0) == 0);
}

TEST_CASE("broadcast_tensors, type, get_default_dtype, where(condition)", "[builtins]") {
  const Tensor a = T(torch("zeros", {Value(3), Value(1)}));
  const Tensor b = T(torch("zeros", {Value(3), Value(4)}));
  const Value r = torch("broadcast_tensors", {Value(a), Value(b)});
  const Sequence* s = r.sequence();
  REQUIRE(s != nullptr);
  CHECK(tc::lang::repr(r) == "(" + tc::tensor_repr(T(s->items[0])).text + ", " +
                                 tc::tensor_repr(T(s->items[1])).text + ")");
  CHECK(T(s->items[0]).strides() == tc::Strides{1, 0});  // an expand view
  CHECK(T(s->items[1]).id() == b.id());                 // already that shape: itself
  CHECK(raised([&] { torch("broadcast_tensors", {Value(a), torch("zeros", {Value(4), Value(2)})}); }) ==
        "Error: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
  CHECK(tc::lang::repr(method(a, "type")) == "'torch.FloatTensor'");
  CHECK(T(method(a, "type", {Value(DType::Int64)})).dtype() == DType::Int64);
  CHECK(tc::lang::repr(torch("get_default_dtype")) == "torch.float32");
  CHECK(raised([&] { torch("where", {torch("gt", {Value(a), Value(0)})}); }) ==
        "NotImplementedError: where(condition) (nonzero) is not supported by tensorcast");
}

// Every entry of the table called with random arguments, well-formed or
// not: each call returns, or raises a Python error or the core's Error,
// never an InternalError (a broken invariant) or anything else.
TEST_CASE("every function refuses bad arguments with an error, never a crash", "[builtins]") {
  std::mt19937 gen(14);
  auto pick = [&](size_t n) { return static_cast<size_t>(std::uniform_int_distribution<size_t>(0, n - 1)(gen)); };
  const std::vector<Value> pool = {
      Value(), Value(true), Value(false), Value(0), Value(1), Value(2), Value(-1), Value(3), Value(0.5),
      Value(-2.0), Value(std::string("floor")), Value(std::string("cpu")), Value(DType::Float32),
      Value(DType::Int64), Value(DType::Bool), tuple({}), tuple({Value(2), Value(3)}), tuple({Value(0)}),
      list({Value(1), Value(2)}), list({list({Value(1.5)}), list({Value(2)})}),
      Value(T(torch("ones", {Value(2), Value(3)}))), Value(T(torch("arange", {Value(3)}))),
      Value(T(torch("tensor", {Value(2.5)}))), Value(T(torch("zeros", {Value(0), Value(2)}))),
      Value(T(torch("tensor", {list({Value(true), Value(false)})}))),
      Value(T(torch("ones", {Value(2), Value(2), Value(2)}, {{"requires_grad", Value(true)}}))),
      Value(Callable{"float", std::nullopt}), Value(tc::lang::SliceValue{}),
  };
  const std::vector<std::string> keywords = {"dim", "keepdim", "dtype", "alpha", "min", "max", "other",
                                             "input", "size", "requires_grad", "correction", "unbiased",
                                             "decimals", "gradient", "axis", "foo", "end", "sep", "steps"};
  const int64_t limit = tc::memory_limit();
  tc::set_memory_limit(1 << 20);
  // A draw may call torch.set_grad_enabled(False): the mode is put back for
  // the tests after this one (the wasm build runs them all in one process).
  struct RestoreGradMode {
    bool mode = tc::grad_enabled();
    ~RestoreGradMode() { tc::set_grad_enabled(mode); }
  } restore_grad_mode;
  int calls = 0, internal = 0;
  std::string first_internal;
  for (const tc::lang::Entry& e : tc::lang::library()) {
    for (int round = 0; round < 60; ++round) {
      std::vector<Value> positional;
      Keywords kw;
      for (size_t n = pick(4); n > 0; --n) positional.push_back(pool[pick(pool.size())]);
      for (size_t n = pick(3); n > 0; --n) kw.emplace_back(keywords[pick(keywords.size())], pool[pick(pool.size())]);
      const char* prefix = (e.where & tc::lang::kTorch) ? "torch."
                           : (e.where & tc::lang::kFunctional) ? "torch.nn.functional."
                           : (e.where & tc::lang::kMethod) ? "Tensor." : "";
      std::optional<Tensor> self;
      if (std::string(prefix) == "Tensor.") self = T(pool[20 + pick(6)]);
      try {
        ++calls;
        call_named(prefix + e.name, self, positional, kw);
      } catch (const PythonError&) {
      } catch (const tc::Error&) {
      } catch (const std::exception& x) {
        if (internal++ == 0) first_internal = e.name + ": " + x.what();
      }
    }
  }
  tc::set_memory_limit(limit);
  g_output.clear();
  INFO(first_internal);
  CHECK(internal == 0);
  CHECK(calls > 5000);
}

TEST_CASE("0-D and 1-D tensors' T, mT and sizes", "[builtins]") {
  const Tensor s = T(torch("tensor", {Value(1.5)}));
  CHECK(shape(tc::lang::get_attribute(s, "T")) == Shape{});
  CHECK(tc::lang::repr(method(s, "size")) == "torch.Size([])");
  CHECK(tc::lang::repr(method(s, "stride")) == "()");
  CHECK(tc::lang::repr(tc::lang::get_attribute(s, "shape")) == "torch.Size([])");
  const Tensor v = T(torch("arange", {Value(3)}));
  CHECK(shape(tc::lang::get_attribute(v, "T")) == Shape{3});
  // mT needs a matrix: PyTorch's text, passed through from the core
  CHECK(raised([&] { tc::lang::get_attribute(v, "mT"); }).rfind("Error: tensor.mT is only supported on matrices", 0) == 0);
}
