// Note [In-place rules]: the tensor written to keeps its shape; refusals
// happen before any write, so the tensor is as it was.
#include "support.h"

using namespace tct;
using tc::BinaryOp;
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
    const auto op = static_cast<BinaryOp>(rng.integer(0, 6));
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
