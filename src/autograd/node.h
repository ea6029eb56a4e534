// Note [Autograd]
// Each differentiable op attaches a Node to its result: the op's name, its
// inputs, and its backward formula (written next to its forward, in
// src/ops/). A formula returns one gradient per input in the op's result
// shape; the engine (backward.cpp) then brings each back to its input's
// shape with sum_to, as PyTorch's validate_outputs -> reduce_grad does
// (seed 002, Note [Gradient reduction]). So add's backward is just
// (g, alpha * g): the broadcasting is undone in one place for every op.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "tensor.h"

namespace tc {

using BackwardFn = std::function<std::vector<Tensor>(const Tensor& grad)>;

struct Node {
  std::string op;
  std::vector<Tensor> inputs;  // undefined where an input needs no gradient
  BackwardFn backward;
};

// A tensor a backward formula needs, with the storage version it had when
// saved: unpack() refuses it after an in-place write, as PyTorch does.
class SavedTensor {
 public:
  explicit SavedTensor(const Tensor& t);
  Tensor unpack() const;

 private:
  Tensor tensor_;
  uint64_t version_;
};

// Records `op` on `out` when grad mode is on and an input requires grad.
void attach_grad(Tensor& out, const char* op, const std::vector<Tensor>& inputs, BackwardFn fn);

// Whether an op on these inputs would be recorded.
bool needs_grad(const std::vector<Tensor>& inputs);

}  // namespace tc
