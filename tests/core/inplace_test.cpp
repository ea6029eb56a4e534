// See Note [In-place rules]: the tensor written to keeps its shape; refusals
// happen before any write, so the tensor is as it was.
#include "engine/simd.h"
#include "op_table.h"
#include "support.h"
#include "trace.h"

using namespace tct;
using tc::BinaryOp;
using tc::CompareOp;
using tc::DType;
using tc::ErrorKind;

TEST_CASE("in place: other broadcasts to self, any op, any layout", "[inplace][property]") {
  Random rng(21);
  for (int trial = 0; trial < 3000; ++trial) {
    const Shape shape = rng.shape(4, 5);
    naive::Dense self{shape, rng.values(naive::count(shape))};
    Shape os = shape;
    os.erase(os.begin(), os.begin() + rng.integer(0, static_cast<int64_t>(os.size())));
    for (int64_t& d : os)
      if (rng.coin()) d = 1;
    naive::Dense other{os, rng.values(naive::count(os))};
    // The binary ops with an in-place form: add sub mul div pow (PyTorch has
    // no maximum_ or minimum_).
    const auto op = static_cast<BinaryOp>(rng.integer(0, 4));
    const float alpha = op == BinaryOp::Add || op == BinaryOp::Sub ? 2.0f : 1.0f;
    INFO(tc::op_name(op) << "_ " << naive::show(shape) << " " << naive::show(os));
    Tensor x = strided_copy(self, rng);
    const Tensor before = x;
    const naive::Dense want = naive::elementwise(shape, {&self, &other}, [&](const std::vector<float>& v) {
      return naive::binary(op, v[0], v[1], alpha);
    });
    Tensor& r = tc::binary_(op, x, strided_copy(other, rng), alpha);
    CHECK(&r == &x);
    CHECK(x.impl_ptr() == before.impl_ptr());
    CHECK(x.sizes() == shape);
    CHECK(naive::first_difference(values(x), want.v, naive::binary_exact(op)) < 0);
  }
}

TEST_CASE("in place: refusals leave self unchanged", "[inplace]") {
  Tensor x = Tensor::from_data({1, 2, 3}, {1, 3, 1});
  const std::vector<float> before = values(x);
  SECTION("the broadcast would change self's shape (PyTorch's in-place semantics, docs/examples.md)") {
    refuses([&] { tc::binary_(BinaryOp::Add, x, Tensor::ones({3, 1, 7})); }, ErrorKind::Shape,
            "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
    refuses([&] { tc::binary_(BinaryOp::Mul, x, Tensor::ones({2, 1, 3, 1})); }, ErrorKind::Shape,
            "output with shape [1, 3, 1] doesn't match the broadcast shape [2, 1, 3, 1]");
  }
  SECTION("the shapes do not broadcast at all") {
    refuses([&] { tc::binary_(BinaryOp::Sub, x, Tensor::ones({2, 1})); }, ErrorKind::Shape,
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1");
  }
  SECTION("a bool tensor cannot hold a float result") {
    Tensor c = tc::compare(tc::CompareOp::Gt, x, 1.0);
    refuses([&] { tc::binary_(BinaryOp::Add, c, 1.0); }, ErrorKind::Type,
            "result type Float can't be cast to the desired output type Bool");
  }
  CHECK(x.sizes() == Shape{1, 3, 1});
  CHECK(values(x) == before);
}

TEST_CASE("in place: an expanded view is refused, as PyTorch does", "[inplace]") {
  Tensor base = Tensor::from_data({1, 2, 3}, {3, 1});
  Tensor e = tc::expand(base, {3, 4});
  refuses([&] { tc::binary_(BinaryOp::Add, e, 1.0); }, ErrorKind::Shape,
          "unsupported operation: more than one element of the written-to tensor refers to a "
          "single memory location. Please clone() the tensor before performing the operation.");
  CHECK(values(base) == std::vector<float>{1, 2, 3});
  // A size-1 dim with stride 0 is no overlap: one element, one cell.
  Tensor one = tc::expand(Tensor::from_data({5}, {1}), {1, 1});
  tc::binary_(BinaryOp::Mul, one, 2.0);
  CHECK(values(one) == std::vector<float>{10});
}

TEST_CASE("in place: input and output overlapping partly is refused", "[inplace]") {
  Tensor base = Tensor::arange(0, 6);
  Tensor head = tc::narrow(base, 0, 0, 4);
  const Tensor tail = tc::narrow(base, 0, 2, 4);
  refuses([&] { tc::binary_(BinaryOp::Add, head, tail); }, ErrorKind::Shape,
          "unsupported operation: some elements of the input tensor and the written-to tensor "
          "refer to a single memory location. Please clone() the tensor before performing the "
          "operation.");
  CHECK(values(base) == std::vector<float>{0, 1, 2, 3, 4, 5});
  // The same tensor as input is fine: x.add_(x) doubles it.
  tc::binary_(BinaryOp::Add, head, head);
  CHECK(values(base) == std::vector<float>{0, 2, 4, 6, 4, 5});
}

TEST_CASE("in place: writes go through views into the shared storage", "[inplace]") {
  Tensor base = Tensor::zeros({2, 3});
  Tensor col = tc::narrow(base, 1, 1, 1);         // [2, 1], strides [3, 1], offset 1
  tc::binary_(BinaryOp::Add, col, Tensor::from_data({7, 8}, {2, 1}));
  CHECK(values(base) == std::vector<float>{0, 7, 0, 0, 8, 0});
  Tensor t = tc::transpose(base, 0, 1);           // [3, 2]
  tc::binary_(BinaryOp::Add, t, Tensor::from_data({1, 2}, {2}));
  CHECK(values(base) == std::vector<float>{1, 8, 1, 2, 10, 2});
}

TEST_CASE("in place and autograd", "[inplace][autograd]") {
  Tensor leaf = Tensor::ones({2});
  leaf.set_requires_grad(true);
  refuses([&] { tc::binary_(BinaryOp::Add, leaf, 1.0); }, ErrorKind::Autograd,
          "a leaf Variable that requires grad is being used in an in-place operation.");
  SECTION("on a tensor in a graph: tensorcast asks for the out-of-place op") {
    Tensor y = tc::mul(leaf, 2.0);
    refuses([&] { tc::binary_(BinaryOp::Mul, y, 3.0); }, ErrorKind::Autograd,
            "mul_: tensorcast does not record in-place ops for autograd; use the out-of-place "
            "mul on tensors that require grad");
  }
  SECTION("under no_grad a leaf may be updated (an optimiser step)") {
    tc::NoGradGuard no_grad;
    tc::binary_(BinaryOp::Sub, leaf, 0.5);
    CHECK(values(leaf) == std::vector<float>{0.5f, 0.5f});
  }
  SECTION("a saved tensor modified in place is caught at backward") {
    Tensor a = Tensor::from_data({1, 2}, {2});
    const Tensor y = tc::mul(leaf, a);  // saves a
    tc::binary_(BinaryOp::Add, a, 1.0);
    refuses([&] { tc::backward(tc::sum(y)); }, ErrorKind::Autograd,
            "one of the variables needed for gradient computation has been modified by an "
            "inplace operation: [torch.FloatTensor [2]] is at version 1; expected version 0 "
            "instead.");
    CHECK_FALSE(leaf.grad().defined());
  }
}

TEST_CASE("in place: the table gives every binary op and comparison PyTorch's in-place form", "[inplace][table]") {
  // PyTorch's Tensor methods (docs/source/tensors.rst): pow_, eq_ ... ge_
  // exist; maximum_ and minimum_ do not.
  for (const char* base : {"add", "sub", "mul", "div", "pow", "eq", "ne", "lt", "le", "gt", "ge"}) {
    INFO(base);
    const tc::OpInfo* op = tc::find_op(base);
    REQUIRE(op != nullptr);
    CHECK(op->inplace_form == std::string(base) + "_");
    const tc::OpInfo* form = tc::find_op(op->inplace_form);
    REQUIRE(form != nullptr);
    CHECK(form->inplace);
    CHECK(form->base == base);
    CHECK(form->torch == "Tensor." + op->inplace_form);
  }
  for (const char* base : {"maximum", "minimum", "where", "neg", "exp"}) {
    INFO(base);
    CHECK(tc::find_op(base)->inplace_form.empty());
    CHECK(tc::find_op(std::string(base) + "_") == nullptr);
  }
  // binary_ refuses an op without one, as an internal error (the table is the one source).
  Tensor x = Tensor::ones({2});
  CHECK_THROWS_AS(tc::binary_(BinaryOp::Maximum, x, 0.0), tc::InternalError);
  CHECK(values(x) == std::vector<float>{1, 1});
}

TEST_CASE("in place: a comparison writes into self in self's dtype", "[inplace]") {
  SECTION("a float32 self gets 1 and 0 and stays float32 (a.eq_(b) in PyTorch)") {
    Tensor x = Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 3});
    const auto before = x.impl_ptr();
    Tensor& r = tc::compare_(CompareOp::Eq, x, Tensor::from_data({1, 5, 3}, {3}));
    CHECK(&r == &x);
    CHECK(x.impl_ptr() == before);
    CHECK(x.dtype() == DType::Float32);
    CHECK(x.sizes() == Shape{2, 3});
    CHECK(values(x) == std::vector<float>{1, 0, 1, 0, 1, 0});
    Tensor y = Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 3});
    tc::compare_(CompareOp::Gt, y, 3.0);
    CHECK(values(y) == std::vector<float>{0, 0, 0, 1, 1, 1});
  }
  SECTION("every comparison against the reference, through a column view (strided self)") {
    for (int code = 0; code < 6; ++code) {
      const auto op = static_cast<CompareOp>(code);
      INFO(tc::op_name(op));
      Tensor base = Tensor::from_data({1, 2, 3, 4, 5, 6}, {2, 3});
      Tensor col = tc::narrow(base, 1, 1, 1);  // [[2], [5]]
      tc::compare_(op, col, 2.0);
      CHECK(values(base) == std::vector<float>{1, naive::compare(op, 2, 2), 3, 4,
                                               naive::compare(op, 5, 2), 6});
    }
  }
  SECTION("a bool self stays bool") {
    Tensor c = tc::compare(CompareOp::Gt, Tensor::from_data({1, 2, 3}, {3}), 1.5);  // F T T
    tc::compare_(CompareOp::Eq, c, Tensor::from_data({0, 0, 1}, {3}));
    CHECK(c.dtype() == DType::Bool);
    CHECK(values(c) == std::vector<float>{1, 0, 1});
    tc::compare_(CompareOp::Lt, c, 0.5);
    CHECK(c.dtype() == DType::Bool);
    CHECK(values(c) == std::vector<float>{0, 1, 0});
  }
  SECTION("the shape rules of every in-place op hold") {
    Tensor x = Tensor::from_data({1, 2, 3}, {1, 3, 1});
    refuses([&] { tc::compare_(CompareOp::Lt, x, Tensor::ones({3, 1, 7})); }, ErrorKind::Shape,
            "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
    Tensor e = tc::expand(Tensor::from_data({1, 2, 3}, {3, 1}), {3, 4});
    refuses([&] { tc::compare_(CompareOp::Eq, e, 1.0); }, ErrorKind::Shape,
            "unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation.");
    CHECK(values(x) == std::vector<float>{1, 2, 3});
  }
}

TEST_CASE("in place: pow_ writes self ** other", "[inplace]") {
  Tensor x = Tensor::from_data({1, 2, 3, 4}, {2, 2});
  tc::binary_(BinaryOp::Pow, x, 2.0);
  CHECK(values(x) == std::vector<float>{1, 4, 9, 16});
  tc::binary_(BinaryOp::Pow, x, Tensor::from_data({0.5f, 0}, {2}));
  CHECK(values(x) == std::vector<float>{1, 1, 3, 1});
}

TEST_CASE("in place: Note [In-place dtypes], the result must be castable to self's dtype", "[inplace]") {
  // A bool self takes a bool result (add_ is or, mul_ and) but never a
  // float one; PyTorch's message for each refusal, and self untouched.
  const Tensor mask = tc::compare(CompareOp::Gt, Tensor::from_data({1, 2, 3}, {3}), 1.5);
  const std::string to_bool = "result type Float can't be cast to the desired output type Bool";
  const std::string one_bool =
      "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
      "invert a mask, use the `~` or `logical_not()` operator instead.";
  const std::string two_bools =
      "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
      "`logical_xor()` operator instead.";
  struct Case {
    BinaryOp op;
    std::string with_float, with_mask;  // "" where it works
  };
  const Case cases[] = {
      {BinaryOp::Add, to_bool, ""},
      {BinaryOp::Sub, one_bool, two_bools},
      {BinaryOp::Mul, to_bool, ""},
      {BinaryOp::Div, to_bool, to_bool},
      // pow_ with a number: PyTorch's unary loop over self.to(Float) says it so.
      {BinaryOp::Pow, "Found dtype Bool but expected Float", "\"pow\" not implemented for 'Bool'"},
      {BinaryOp::FloorDivide, to_bool, "\"div_floor_cpu\" not implemented for 'Bool'"},
      {BinaryOp::Remainder, to_bool, "\"remainder_cpu\" not implemented for 'Bool'"},
  };
  for (const Case& k : cases) {
    INFO(tc::op_name(k.op));
    Tensor c = tc::clone(mask);
    refuses([&] { tc::binary_(k.op, c, 2.0); }, k.op == BinaryOp::Sub ? ErrorKind::Type : ErrorKind::Type,
            k.with_float);
    if (!k.with_mask.empty())
      refuses([&] { tc::binary_(k.op, c, mask); }, ErrorKind::Type, k.with_mask);
    else
      tc::binary_(k.op, c, mask);  // or / and of [F, T, T] with itself
    CHECK(c.dtype() == DType::Bool);
    CHECK(values(c) == std::vector<float>{0, 1, 1});
  }
  // A bool other into a float32 self is fine: float32 holds the result.
  Tensor x = Tensor::from_data({1, 2, 3}, {3});
  tc::binary_(BinaryOp::Add, x, mask);
  CHECK(values(x) == std::vector<float>{1, 3, 4});
  // PyTorch checks shapes before dtypes: a bool self with a shape that does
  // not fit gets the shape message.
  Tensor c = tc::clone(mask);
  refuses([&] { tc::binary_(BinaryOp::Add, c, Tensor::ones({2, 3})); }, ErrorKind::Shape,
          "output with shape [3] doesn't match the broadcast shape [2, 3]");
}

TEST_CASE("in place: the new forms and autograd", "[inplace][autograd]") {
  Tensor leaf = Tensor::from_data({1, 2}, {2});
  leaf.set_requires_grad(true);
  // PyTorch's check_inplace, before anything else.
  refuses([&] { tc::compare_(CompareOp::Eq, leaf, 1.0); }, ErrorKind::Autograd,
          "a leaf Variable that requires grad is being used in an in-place operation.");
  refuses([&] { tc::binary_(BinaryOp::Pow, leaf, 2.0); }, ErrorKind::Autograd,
          "a leaf Variable that requires grad is being used in an in-place operation.");
  // PyTorch records these (EqBackward0 with zero gradients, PowBackward0);
  // tensorcast does not record in-place ops and says so, naming the table's forms.
  Tensor y = tc::mul(leaf, 2.0);
  refuses([&] { tc::compare_(CompareOp::Ge, y, 3.0); }, ErrorKind::Autograd,
          "ge_: tensorcast does not record in-place ops for autograd; use the out-of-place ge on "
          "tensors that require grad");
  refuses([&] { tc::binary_(BinaryOp::Pow, y, 2.0); }, ErrorKind::Autograd,
          "pow_: tensorcast does not record in-place ops for autograd; use the out-of-place pow on "
          "tensors that require grad");
  Tensor plain = Tensor::from_data({2, 3}, {2});
  refuses([&] { tc::compare_(CompareOp::Eq, plain, y); }, ErrorKind::Autograd,
          "eq_: tensorcast does not record in-place ops for autograd; use the out-of-place eq on "
          "tensors that require grad");
  CHECK(values(y) == std::vector<float>{2, 4});
  CHECK(values(plain) == std::vector<float>{2, 3});
  SECTION("under no_grad they run") {
    tc::NoGradGuard no_grad;
    tc::compare_(CompareOp::Eq, leaf, 1.0);
    CHECK(values(leaf) == std::vector<float>{1, 0});
  }
}

TEST_CASE("in place: traces name the table's in-place form and the kernel for self's dtype", "[inplace][trace]") {
  auto op_trace = [](const tc::TraceScope& scope) {
    const tc::OpTrace* found = nullptr;
    for (const auto& e : scope.events())
      if (const auto* t = std::get_if<tc::OpTrace>(&e)) found = t;
    REQUIRE(found != nullptr);
    return *found;
  };
  Tensor x = Tensor::from_data({1, 2, 3}, {3});
  {
    tc::TraceScope scope;
    tc::compare_(CompareOp::Eq, x, Tensor::from_data({1, 2, 5}, {3}));
    const tc::OpTrace t = op_trace(scope);
    CHECK(t.op == "eq_");
    CHECK(t.inplace);
    CHECK(t.operands[0].dtype == "float32");
    // Computed into bool, then converted into self (Note [In-place dtypes]).
    CHECK(t.kernel == std::string("b8_eq__autovec"));
    CHECK(t.promotion.result_dtype == "float32");
    CHECK(t.promotion.result_cast);
  }
  CHECK(values(x) == std::vector<float>{1, 1, 0});
  Tensor c = tc::compare(CompareOp::Gt, x, 0.5);
  {
    tc::TraceScope scope;
    tc::compare_(CompareOp::Ne, c, Tensor::from_data({1, 0, 1}, {3}));
    const tc::OpTrace t = op_trace(scope);
    CHECK(t.op == "ne_");
    CHECK(t.operands[0].dtype == "bool");
    CHECK(t.kernel == std::string("b8_ne__autovec"));
    CHECK(!t.promotion.result_cast);
  }
  {
    tc::TraceScope scope;
    tc::binary_(BinaryOp::Pow, x, 2.0);
    const tc::OpTrace t = op_trace(scope);
    CHECK(t.op == "pow_");
    CHECK(t.kernel == std::string("f32_vpowc__scalar_u1"));
  }
}
