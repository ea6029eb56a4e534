// The library programs call (src/lang/builtins.h), called directly: each
// function with values, shapes and dtypes worked out by hand from
// PyTorch's documented semantics, the argument binder's TypeErrors
// (PyTorch's python_arg_parser texts), and the reprs print() writes.
#include <catch.hpp>
#include <cmath>
#include <limits>

#include "lang/builtins.h"
#include "lang/program.h"
#include "lang/repr.h"
#include "ops.h"

namespace {

using tc::DType;
using tc::Shape;
using tc::Tensor;
using tc::lang::Arguments;
using tc::lang::CallContext;
using tc::lang::Callable;
using tc::lang::OutputPiece;
using tc::lang::PythonError;
using tc::lang::Sequence;
using tc::lang::Value;

using Keywords = std::vector<std::pair<std::string, Value>>;

std::vector<OutputPiece> g_output;

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
  CHECK(std::string(type_name(Value(tc::lang::SliceValue{}))) == "slice");
  CHECK(std::string(type_name(Value(tc::lang::EllipsisValue{}))) == "ellipsis");
}

TEST_CASE("print writes str of each value, tensors as pieces", "[builtins]") {
  g_output.clear();
  const Tensor x = Tensor::zeros({2});
  builtin("print", {Value(std::string("x:")), Value(x), Value(1.0)});
  REQUIRE(g_output.size() == 3);
  CHECK(g_output[0].text == "x: ");  // a string's own characters, then sep
  CHECK(g_output[1].tensor.id() == x.id());
  CHECK(g_output[2].text == " 1.0\n");
  g_output.clear();
  builtin("print", {Value(1), Value(2)}, {{"sep", Value(std::string(", "))}, {"end", Value(std::string("!"))}});
  REQUIRE(g_output.size() == 1);
  CHECK(g_output[0].text == "1, 2!");
  g_output.clear();
  builtin("print");
  REQUIRE(g_output.size() == 1);
  CHECK(g_output[0].text == "\n");
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
  // an int64 sum stays int64
  CHECK(T(torch("sum", {torch("arange", {Value(4)})})).dtype() == DType::Int64);
}

TEST_CASE("the binder raises PyTorch's TypeErrors", "[builtins]") {
  const Tensor m = Tensor::zeros({2, 3});
  CHECK(raised([&] { method(m, "sum", {}, {{"dims", Value(1)}}); }) ==
        "TypeError: sum() received an invalid combination of arguments - got (dims=int, ), but "
        "expected one of:\n * (*, torch.dtype dtype)\n * (tuple of ints dim, bool keepdim, *, "
        "torch.dtype dtype)");
  CHECK(raised([&] { method(m, "reshape", {Value(2), Value(1.5)}); }) ==
        "TypeError: reshape(): argument 'shape' (position 1) must be tuple of ints, but found "
        "element of type float at pos 1");
  CHECK(raised([&] { method(m, "sum", {Value(0), Value(1)}); }) ==
        "TypeError: sum(): argument 'keepdim' (position 2) must be bool, not int");
  CHECK(raised([&] { method(m, "view"); }) ==
        "TypeError: view() missing 1 required positional arguments: \"size\"");
  CHECK(raised([&] { torch("reshape", {Value(m)}, {{"shape", Value(2)}, {"input", Value(m)}}); }) ==
        "TypeError: reshape(): argument 'shape' must be tuple of ints, not int");
  CHECK(raised([&] { torch("reshape", {Value(m), tuple({Value(6)})}, {{"input", Value(m)}}); }) ==
        "TypeError: reshape() got multiple values for argument 'input'");
  CHECK(raised([&] { torch("reshape", {Value(m), tuple({Value(6)}), Value(1)}); }) ==
        "TypeError: reshape() takes 2 positional arguments but 3 were given");
  CHECK(raised([&] { torch("zeros", {Value(2)}, {{"dtype", Value(1)}}); }) ==
        "TypeError: zeros(): argument 'dtype' must be torch.dtype, not int");
  // of arange's two signatures only the first takes one argument: its error
  CHECK(raised([&] { torch("arange", {}, {{"foo", Value(1)}}); }) ==
        "TypeError: arange() missing 1 required positional arguments: \"end\"");
  CHECK(raised([&] { torch("zeros", {Value(2)}, {{"size", Value(2)}}); }) ==
        "TypeError: zeros() got multiple values for argument 'size'");
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
