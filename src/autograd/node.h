// Note [Autograd]
// Each differentiable op attaches a Node to its result: the op's name, its
// inputs, and its backward formula (written next to its forward, in
// src/ops/). A formula returns one gradient per input in the op's result
// shape; the engine (backward.cpp) then brings each back to its input's
// shape with sum_to, as PyTorch's validate_outputs -> reduce_grad does
// (torch/csrc/autograd/engine.cpp, InputMetadata::reduce_grad;
// Note [Gradient reduction]). So add's backward is just
// (g, alpha * g): the broadcasting is undone in one place for every op.
//
// A node keeps only the tensors its formula reads, as PyTorch's
// derivatives.yaml saves them (add and sub: none; mul: both inputs; exp:
// its result; ...). A backward pass without retain_graph frees them, and a
// second pass through such a node fails with PyTorch's message; a node
// that saved nothing can be run again, as in PyTorch.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "tensor.h"

namespace tc {


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

// What a backward formula gets: the gradient of the op's result, the
// tensors given to attach_grad (unpacked: checked against in-place
// writes), and which inputs want a gradient. A formula returns one
// gradient per input and may leave undefined those not needed (mul need
// not compute the gradient of a weight that is plain data).
struct BackwardArgs {
  const Tensor& grad;
  const std::vector<Tensor>& saved;
  const std::vector<bool>& needed;
};
using BackwardFn = std::function<std::vector<Tensor>(const BackwardArgs&)>;

// See Note [Releasing a graph]: a node is released by a work list, never by
// nested destructors (~Node, in backward.cpp).
struct Node {
  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  ~Node();

  std::string op;
  // PyTorch's name for this node's class, as grad_fn=<...> prints it:
  // <Op>Backward<overload>, e.g. SumBackward1 for sum(dim) (set_grad_fn).
  std::string grad_fn;
  std::vector<Tensor> inputs;  // undefined where an input needs no gradient
  std::vector<SavedTensor> saved;
  BackwardFn backward;
  bool released = false;  // its saved tensors were freed by a backward pass
  int64_t call = 0;       // the call that made it (Note [Call numbers]); 0: none
};

// Note [Call numbers]: whoever runs ops on a person's behalf (a program's
// interpreter, one number per call it runs) may number its calls with a
// CallNumber around each. Every node records the number current when it
// was made, and every backward step says it (ReduceGradTrace::call), so
// that a view can tell which call's backward ran without matching op
// names or shapes. Outside any CallNumber (the package's API) it is 0.
class CallNumber {
 public:
  explicit CallNumber(int64_t number);
  ~CallNumber();
  CallNumber(const CallNumber&) = delete;
  CallNumber& operator=(const CallNumber&) = delete;

 private:
  int64_t previous_;
};
// The innermost CallNumber's number, or 0.
int64_t current_call_number();

// Note [Gradient observer]: whoever wants the numbers a backward pass
// computes (a program's interpreter, for the views of one line: Note
// [Call gradients] in src/lang/program.h) may watch a pass through an
// ObserveGradients around it. The engine tells the observer, for each node
// that ran, the complete gradient of the node's result and what it handed
// each input: in the result's shape, and summed to the input's shape (Note
// [Gradient reduction]); undefined where an input got none. Called inside
// the pass (grad mode off, tracing paused), before anything is stored: a
// pass that fails later has told of nodes whose gradients no .grad will
// hold. The observer copies what it keeps; it must not throw.
class GradientObserver {
 public:
  virtual ~GradientObserver() = default;
  virtual void ran(const Node& node, const Tensor& result, const Tensor& grad,
                   const std::vector<Tensor>& input_grads, const std::vector<Tensor>& reduced) = 0;
};
// Sets the observer for its lifetime (the innermost one wins).
class ObserveGradients {
 public:
  explicit ObserveGradients(GradientObserver* observer);
  ~ObserveGradients();
  ObserveGradients(const ObserveGradients&) = delete;
  ObserveGradients& operator=(const ObserveGradients&) = delete;

 private:
  GradientObserver* previous_;
};

// Records `op` on `out` when grad mode is on and an input requires grad,
// with the tensors its backward formula reads. `out` itself among `saved`
// is kept detached, as PyTorch saves an output: a node that held its own
// result would hold itself, and never be freed (Note [Releasing a graph]).
// The node's grad_fn is <Op>Backward0 (add -> AddBackward0).
void attach_grad(Tensor& out, const char* op, const std::vector<Tensor>& inputs, BackwardFn fn,
                 const std::vector<Tensor>& saved = {});
// Names out's node as PyTorch names the overload that made it, where that is
// not <Op>Backward0 (sum(dim): SumBackward1; narrow: SliceBackward0). No-op
// when out has no node.
void set_grad_fn(Tensor& out, const char* name);

// Whether an op on these inputs would be recorded.
bool needs_grad(const std::vector<Tensor>& inputs);

}  // namespace tc
