#include <algorithm>
#include <new>
#include <unordered_map>
#include <unordered_set>

#include <cctype>

#include "autograd/node.h"
#include "diagnostics.h"
#include "engine/elementwise.h"
#include "error.h"
#include "ops.h"
#include "trace.h"
#include "work.h"

namespace tc {

namespace {
bool g_grad_enabled = true;
}

bool grad_enabled() { return g_grad_enabled; }
NoGradGuard::NoGradGuard() : previous_(g_grad_enabled) { g_grad_enabled = false; }
NoGradGuard::~NoGradGuard() { g_grad_enabled = previous_; }
void set_grad_enabled(bool enabled) { g_grad_enabled = enabled; }

bool needs_grad(const std::vector<Tensor>& inputs) {
  if (!g_grad_enabled) return false;
  for (const Tensor& t : inputs)
    if (t.defined() && t.requires_grad()) return true;
  return false;
}

void attach_grad(Tensor& out, const char* op, const std::vector<Tensor>& inputs, BackwardFn fn,
                 const std::vector<Tensor>& saved) {
  if (!needs_grad(inputs)) return;
  auto node = std::make_shared<Node>();
  node->op = op;
  node->grad_fn = op;
  if (!node->grad_fn.empty()) node->grad_fn[0] = static_cast<char>(std::toupper(node->grad_fn[0]));
  node->grad_fn += "Backward0";
  for (const Tensor& t : inputs) {
    TC_ASSERT(!t.defined() || t.impl_ptr() != out.impl_ptr(), op, " records its result as its own input");
    node->inputs.push_back(t.defined() && t.requires_grad() ? t : Tensor());
    if (node->inputs.back().defined()) ++t.impl().graph_uses;
  }
  for (const Tensor& t : saved)
    node->saved.emplace_back(t.defined() && t.impl_ptr() == out.impl_ptr() ? detach(t) : t);
  node->backward = std::move(fn);
  node->call = current_call_number();
  out.impl().requires_grad = true;
  out.impl().grad_fn = std::move(node);
}

namespace {
thread_local int64_t g_call_number = 0;
thread_local GradientObserver* g_observer = nullptr;
}  // namespace

ObserveGradients::ObserveGradients(GradientObserver* observer) : previous_(g_observer) { g_observer = observer; }
ObserveGradients::~ObserveGradients() { g_observer = previous_; }

CallNumber::CallNumber(int64_t number) : previous_(g_call_number) { g_call_number = number; }
CallNumber::~CallNumber() { g_call_number = previous_; }
int64_t current_call_number() { return g_call_number; }

// Note [Releasing a graph]
// A graph is a chain of ownership: a tensor holds its node (grad_fn), the
// node holds its inputs, its saved tensors and whatever its formula
// captured, and those tensors hold their own nodes. Released the natural
// way, by nested destructors, dropping the last tensor of a chain of n
// ops nests n ~Node calls (with ~TensorImpl and the vectors' between
// them): about 5,300 ops overflowed the wasm stack, a million the native
// one. So ~Node frees nothing in place. It hands what it holds to a
// work list, and the outermost ~Node on the stack empties the list, one
// node's parts at a time; freeing those parts may end further nodes,
// whose ~Node, one level down, only adds their parts to the list. The
// depth stays the same whatever the graph, and everything is freed before
// the outermost ~Node returns, within the call that dropped the last
// handle. PyTorch's deleteNode (torch/csrc/autograd/function.cpp) does
// the same for the same reason, gathering a dying node's next functions
// onto a stack; tensorcast's nodes hold tensors rather than nodes, so the
// list holds what a node owned.
//
// Nor can a graph keep itself alive in a cycle: a node's result is saved
// detached (attach_grad), an in-place op on a tensor that requires grad
// is refused rather than recorded (run_inplace, src/ops/inplace.cpp) or,
// for a fill, recorded on a new handle of the old tensor (Note [Fills]), and
// a leaf's .grad is computed with grad mode off, so it has no node.

namespace {

// What a node owns that may own further nodes. Handed on by swap(), never
// by moving: a moved-from std::function may keep its target (libc++ copies
// one small enough for its inline buffer), and what a formula captured
// would then be freed where the moved-from object dies, nested again.
struct NodeParts {
  std::vector<Tensor> inputs;
  std::vector<SavedTensor> saved;
  BackwardFn backward;

  // Takes the parts out of `from_*` into these empty ones, leaving them empty.
  void take(std::vector<Tensor>& from_inputs, std::vector<SavedTensor>& from_saved,
            BackwardFn& from_backward) {
    inputs.swap(from_inputs);
    saved.swap(from_saved);
    backward.swap(from_backward);
  }
};

// The parts of ended nodes not yet freed, and whether a ~Node further up
// the stack is freeing them.
struct ReleaseList {
  std::vector<NodeParts> parts;
  bool draining = false;
};

ReleaseList& release_list() {
  static thread_local ReleaseList list;
  return list;
}

}  // namespace

Node::~Node() {
  for (const Tensor& input : inputs)
    if (input.defined()) --input.impl().graph_uses;
  ReleaseList& list = release_list();
  try {
    list.parts.emplace_back();
  } catch (const std::bad_alloc&) {
    return;  // no memory for the list: the members are freed in place, nested as before
  }
  list.parts.back().take(inputs, saved, backward);
  if (list.draining) return;
  list.draining = true;
  while (!list.parts.empty()) {
    // Freed at the end of the iteration; the nodes it ends add to the list.
    NodeParts next;
    NodeParts& last = list.parts.back();
    next.take(last.inputs, last.saved, last.backward);
    list.parts.pop_back();
  }
  // A wide graph may have grown the list: its room is given back, not kept
  // for the life of the module.
  if (list.parts.capacity() > 1024) std::vector<NodeParts>().swap(list.parts);
  list.draining = false;
}

void set_grad_fn(Tensor& out, const char* name) {
  if (out.impl().grad_fn) out.impl().grad_fn->grad_fn = name;
}

SavedTensor::SavedTensor(const Tensor& t) : tensor_(t), version_(t.impl().storage->version()) {}

Tensor SavedTensor::unpack() const {
  const uint64_t now = tensor_.impl().storage->version();
  TC_CHECK(Autograd, now == version_,
           "one of the variables needed for gradient computation has been modified by an "
           "inplace operation: [", dtype_tensor_type(tensor_.dtype()), " ",
           format_shape(tensor_.sizes()), "] is at version ", now, "; expected version ", version_,
           " instead.");
  return detach(tensor_);
}

namespace {

// Note [Gradient reduction]: a gradient arrives in the op's result shape;
// an input that was broadcast gets it summed back to its own shape, by
// the one SumToPlan that also fills the step's trace.
Tensor reduce_grad(const Node& node, int index, const Tensor& grad,
                   std::vector<ReduceGradTrace>* steps) {
  const Tensor& input = node.inputs[index];
  const Shape& target = input.sizes();
  TC_ASSERT(grad.ndim() >= static_cast<int64_t>(target.size()), "gradient of ", node.op,
            " has fewer dims than its input");
  const SumToPlan plan = sum_to_plan(grad.sizes(), target);
  const Tensor result = grad.sizes() == target ? grad : sum_as_planned(grad, plan);
  if (steps) {
    ReduceGradTrace step;
    step.op = node.op;
    step.grad_fn = node.grad_fn;
    if (node.call != 0) step.call = node.call;
    step.input_id = input.id();
    step.input_index = index;
    step.grad_shape = grad.sizes();
    step.target_shape = target;
    step.leading_dims = plan.leading_dims;
    step.ones_dims = plan.ones_dims;
    step.keepdim_shape = plan.keepdim_shape;
    step.viewed = plan.viewed;
    step.result_shape = result.sizes();
    steps->push_back(std::move(step));
  }
  return result;
}

// Whether g may become a leaf's .grad as it is: a dense tensor over the
// whole of a storage that nothing but this one reference holds.
bool owned_outright(const Tensor& g) {
  const TensorImpl& impl = g.impl();
  return g.impl_ptr().use_count() == 1 && impl.storage.use_count() == 1 && !impl.grad_fn &&
         g.offset() == 0 && g.is_contiguous() &&
         g.numel() * dtype_size(g.dtype()) == impl.storage->nbytes();
}

// Tensors reachable from root through grad_fn, each after all its users.
std::vector<Tensor> topological_order(const Tensor& root) {
  std::vector<Tensor> order;
  std::unordered_set<const TensorImpl*> seen;
  std::vector<std::pair<Tensor, size_t>> stack{{root, 0}};
  seen.insert(root.impl_ptr().get());
  while (!stack.empty()) {
    auto& [t, next] = stack.back();
    const auto& node = t.impl().grad_fn;
    if (node && next < node->inputs.size()) {
      const Tensor input = node->inputs[next++];
      if (input.defined() && !input.is_leaf() && seen.insert(input.impl_ptr().get()).second)
        stack.push_back({input, 0});
      continue;
    }
    order.push_back(t);
    stack.pop_back();
  }
  std::reverse(order.begin(), order.end());
  return order;
}

// Note [Backward pass]: backward(root) reads as micrograd's: order the
// graph, seed the root, run each node's formula once its gradient is
// complete, then store the leaves' gradients. Unlike micrograd, nothing is
// stored until every formula has run (compute_gradients, then
// accumulate_into_leaves): an error part-way, such as a released graph or
// a saved tensor written in place, leaves every .grad and the graph as
// they were. The graph's saved tensors are freed last (release_graph).

// The gradient the pass starts from: `gradient` (root's shape), or 1 for a
// one-element root. Raises PyTorch's messages otherwise.
Tensor seed_gradient(const Tensor& root, const Tensor& gradient) {
  TC_CHECK(Autograd, root.requires_grad(),
           "element 0 of tensors does not require grad and does not have a grad_fn");
  if (!gradient.defined()) {
    TC_CHECK(Autograd, root.numel() == 1, "grad can be implicitly created only for scalar outputs");
    return Tensor::ones(root.sizes(), root.dtype());
  }
  TC_CHECK(Autograd, gradient.sizes() == root.sizes(),
           "Mismatch in shape: grad_output[0] has a shape of torch.Size(",
           format_shape(gradient.sizes()), ") and output[0] has a shape of torch.Size(",
           format_shape(root.sizes()), ").");
  return gradient;
}

// Gradients delivered to tensors and not yet consumed; a tensor with
// several users gets the sum of what they deliver.
class PendingGrads {
 public:
  void deliver(const Tensor& to, const Tensor& g) {
    Tensor& slot = slots_[to.impl_ptr().get()];
    slot = slot.defined() ? add(slot, g) : g;
  }
  // t's complete gradient (undefined if none arrived), no longer held here.
  Tensor take(const Tensor& t) {
    const auto it = slots_.find(t.impl_ptr().get());
    if (it == slots_.end()) return Tensor();
    Tensor g = std::move(it->second);
    slots_.erase(it);
    return g;
  }

 private:
  std::unordered_map<const TensorImpl*, Tensor> slots_;
};

// What a pass computed, before anything is stored: each leaf reached (in
// the order first reached) with its gradient, and the nodes whose formulas
// ran.
struct Gradients {
  std::vector<std::pair<Tensor, Tensor>> leaves;
  std::vector<std::pair<Tensor, Tensor>> retained;  // non-leaves that retain_grad()
  std::vector<Node*> ran;
};

// Runs node's formula on grad, its output's complete gradient, and
// delivers each input's gradient, summed back to the input's shape
// (reduce_grad), to `pending`. Raises if the node's saved tensors were
// released or written in place since.
void run_node(Node& node, const Tensor& result, const Tensor& grad, PendingGrads& pending,
              std::vector<ReduceGradTrace>* steps) {
  TC_CHECK(Autograd, !node.released,
           "Trying to backward through the graph a second time (or directly access saved "
           "tensors after they have already been freed). Saved intermediate values of the "
           "graph are freed when you call .backward() or autograd.grad(). Specify "
           "retain_graph=True if you need to backward through the graph a second time or if "
           "you need to access saved tensors after calling backward.");
  std::vector<Tensor> saved;
  for (const SavedTensor& s : node.saved) saved.push_back(s.unpack());
  std::vector<bool> needed;
  for (const Tensor& input : node.inputs) needed.push_back(input.defined());
  const std::vector<Tensor> grads = node.backward({grad, saved, needed});
  TC_ASSERT(grads.size() == node.inputs.size(), node.op, " backward arity");
  std::vector<Tensor> reduced(grads.size());
  for (size_t i = 0; i < grads.size(); ++i)
    if (node.inputs[i].defined() && grads[i].defined()) {
      reduced[i] = reduce_grad(node, static_cast<int>(i), grads[i], steps);
      pending.deliver(node.inputs[i], reduced[i]);
    }
  // See Note [Gradient observer].
  if (g_observer != nullptr) g_observer->ran(node, result, grad, grads, reduced);
}

// Every leaf's gradient from seed at root, in topological order (each
// node once all its users delivered). Writes no .grad and frees nothing.
Gradients compute_gradients(const Tensor& root, const Tensor& seed,
                            std::vector<ReduceGradTrace>* steps) {
  PendingGrads pending;
  pending.deliver(root, seed);
  std::vector<Tensor> leaves;
  std::unordered_set<const TensorImpl*> leaf_seen;
  auto reached = [&](const Tensor& t) {
    if (t.is_leaf() && leaf_seen.insert(t.impl_ptr().get()).second) leaves.push_back(t);
  };
  reached(root);
  Gradients out;
  for (const Tensor& t : topological_order(root)) {
    const auto& node = t.impl().grad_fn;
    if (!node) continue;
    const Tensor grad = pending.take(t);
    if (!grad.defined()) continue;
    if (t.retains_grad()) out.retained.push_back({t, grad});
    run_node(*node, t, grad, pending, steps);
    out.ran.push_back(node.get());
    for (const Tensor& input : node->inputs)
      if (input.defined()) reached(input);
  }
  for (const Tensor& leaf : leaves) {
    Tensor g = pending.take(leaf);
    if (g.defined() && leaf.requires_grad()) out.leaves.push_back({leaf, std::move(g)});
  }
  return out;
}

// PyTorch's AccumulateGrad (torch/csrc/autograd/functions/accumulate_grad.h,
// with grad mode off as backward runs): the first gradient is stored, a
// later one is added into the existing .grad in place (variable_grad +=
// new_grad), so that a tensor holding x.grad sees the sum. A first
// gradient is stored as it is when nothing else can reach it (no copy of
// a [2048, 2048] gradient), else as a copy: never an alias of a tensor the
// caller or another leaf holds. Takes the gradients by value, so that the
// pair is their only holder (owned_outright). Everything that can be
// refused (a copy out of memory, the work budget, a .grad set to an
// expanded tensor) is checked and paid for before the first .grad
// changes, so that a refusal leaves every .grad as it was.
void accumulate_into_leaves(std::vector<std::pair<Tensor, Tensor>> leaf_grads) {
  std::vector<Tensor> first(leaf_grads.size());
  double added = 0;
  for (size_t i = 0; i < leaf_grads.size(); ++i) {
    const Tensor old = leaf_grads[i].first.grad();
    Tensor& g = leaf_grads[i].second;
    if (!old.defined()) {
      first[i] = owned_outright(g) ? g : clone(g);
      continue;
    }
    check_no_internal_overlap(old);  // add_ would refuse it, half-way through the leaves
    added += static_cast<double>(old.numel());
  }
  charge_work(WorkKind::Elements, 3 * added);  // old + g into old, as add_ charges
  PaidWork paid;
  for (size_t i = 0; i < leaf_grads.size(); ++i) {
    Tensor& leaf = leaf_grads[i].first;
    if (first[i].defined()) {
      leaf.impl().grad = first[i].impl_ptr();
    } else {
      Tensor old = leaf.grad();
      binary_(BinaryOp::Add, old, leaf_grads[i].second);
    }
  }
}

// PyTorch's retain_grad hook (torch/csrc/autograd/variable.cpp): a
// non-leaf's first gradient is stored as a contiguous copy, a later one
// added out of place (grad + new_grad: a tensor holding the old .grad
// keeps its values, unlike a leaf's). Computed here, stored by the caller
// once nothing else can fail.
std::vector<Tensor> retained_grads(const std::vector<std::pair<Tensor, Tensor>>& retained) {
  std::vector<Tensor> next;
  for (const auto& [t, g] : retained) {
    const Tensor old = t.grad();
    next.push_back(old.defined() ? add(old, g) : clone(g));
  }
  return next;
}

// Frees the tensors saved by the nodes that ran; running one again raises.
// A node that saved nothing can run again, as in PyTorch.
void release_graph(const std::vector<Node*>& ran) {
  for (Node* node : ran)
    if (!node->saved.empty()) {
      node->saved.clear();
      node->released = true;
    }
}

}  // namespace

// Note [Backward pass].
void backward(const Tensor& root, const Tensor& gradient, bool retain_graph) {
  const Tensor seed = seed_gradient(root, gradient);
  // The arithmetic below is the engine's own: no graph, no diagnostics, and
  // in a trace only the reduction steps (recorded once it is all done).
  std::vector<ReduceGradTrace> steps;
  std::vector<ReduceGradTrace>* steps_out = tracing() ? &steps : nullptr;
  {
    NoGradGuard no_grad;
    DiagnosticsPause no_diagnostics;
    TracePause quiet;
    Gradients grads = compute_gradients(root, seed, steps_out);
    const std::vector<Tensor> retained = retained_grads(grads.retained);
    accumulate_into_leaves(std::move(grads.leaves));
    for (size_t i = 0; i < retained.size(); ++i)
      grads.retained[i].first.impl().grad = retained[i].impl_ptr();
    if (!retain_graph) release_graph(grads.ran);
  }
  for (ReduceGradTrace& step : steps) record(std::move(step));
}

}  // namespace tc
