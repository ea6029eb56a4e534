#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "autograd/node.h"
#include "diagnostics.h"
#include "error.h"
#include "ops.h"
#include "trace.h"

namespace tc {

namespace {
bool g_grad_enabled = true;
}

bool grad_enabled() { return g_grad_enabled; }
NoGradGuard::NoGradGuard() : previous_(g_grad_enabled) { g_grad_enabled = false; }
NoGradGuard::~NoGradGuard() { g_grad_enabled = previous_; }

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
  for (const Tensor& t : inputs)
    node->inputs.push_back(t.defined() && t.requires_grad() ? t : Tensor());
  for (const Tensor& t : saved) node->saved.emplace_back(t);
  node->backward = std::move(fn);
  out.impl().requires_grad = true;
  out.impl().grad_fn = std::move(node);
}

SavedTensor::SavedTensor(const Tensor& t) : tensor_(t), version_(t.impl().storage->version()) {}

Tensor SavedTensor::unpack() const {
  const uint64_t now = tensor_.impl().storage->version();
  TC_CHECK(Autograd, now == version_,
           "one of the variables needed for gradient computation has been modified by an "
           "inplace operation: [torch.FloatTensor ",
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

}  // namespace

void backward(const Tensor& root, const Tensor& gradient, bool retain_graph) {
  TC_CHECK(Autograd, root.requires_grad(),
           "element 0 of tensors does not require grad and does not have a grad_fn");
  Tensor seed = gradient;
  if (!seed.defined()) {
    TC_CHECK(Autograd, root.numel() == 1, "grad can be implicitly created only for scalar outputs");
    seed = Tensor::ones(root.sizes());
  } else if (seed.sizes() != root.sizes()) {
    fail(ErrorKind::Autograd, "Mismatch in shape: grad_output[0] has a shape of torch.Size(",
         format_shape(seed.sizes()), ") and output[0] has a shape of torch.Size(",
         format_shape(root.sizes()), ").");
  }
  // The arithmetic below is the engine's own: no graph, no diagnostics, and
  // in a trace only the reduction steps (recorded once it is all done).
  std::vector<ReduceGradTrace> steps;
  std::vector<ReduceGradTrace>* steps_out = tracing() ? &steps : nullptr;
  {
    NoGradGuard no_grad;
    DiagnosticsPause no_diagnostics;
    TracePause quiet;
    // Gradients are computed in full before any leaf's .grad changes, so an
    // error part-way leaves every .grad as it was.
    std::unordered_map<const TensorImpl*, Tensor> pending;
    std::vector<std::pair<Tensor, Tensor>> leaf_grads;
    auto deliver = [&](const Tensor& to, const Tensor& g) {
      Tensor& slot = pending[to.impl_ptr().get()];
      slot = slot.defined() ? add(slot, g) : g;
    };
    deliver(root, seed);
    std::vector<Tensor> leaves;
    std::vector<Node*> ran;
    std::unordered_set<const TensorImpl*> leaf_seen;
    if (root.is_leaf()) leaves.push_back(root), leaf_seen.insert(root.impl_ptr().get());
    for (const Tensor& t : topological_order(root)) {
      const auto& node = t.impl().grad_fn;
      if (!node) continue;
      const Tensor grad = pending[t.impl_ptr().get()];
      pending.erase(t.impl_ptr().get());
      if (!grad.defined()) continue;
      TC_CHECK(Autograd, !node->released,
               "Trying to backward through the graph a second time (or directly access saved "
               "tensors after they have already been freed). Saved intermediate values of the "
               "graph are freed when you call .backward() or autograd.grad(). Specify "
               "retain_graph=True if you need to backward through the graph a second time or if "
               "you need to access saved tensors after calling backward.");
      std::vector<Tensor> saved;
      for (const SavedTensor& s : node->saved) saved.push_back(s.unpack());
      std::vector<bool> needed;
      for (const Tensor& input : node->inputs) needed.push_back(input.defined());
      const std::vector<Tensor> grads = node->backward({grad, saved, needed});
      ran.push_back(node.get());
      TC_ASSERT(grads.size() == node->inputs.size(), node->op, " backward arity");
      for (size_t i = 0; i < grads.size(); ++i) {
        const Tensor& input = node->inputs[i];
        if (!input.defined() || !grads[i].defined()) continue;
        deliver(input, reduce_grad(*node, static_cast<int>(i), grads[i], steps_out));
        if (input.is_leaf() && leaf_seen.insert(input.impl_ptr().get()).second)
          leaves.push_back(input);
      }
    }
    for (const Tensor& leaf : leaves) {
      const Tensor g = pending[leaf.impl_ptr().get()];
      if (!g.defined() || !leaf.requires_grad()) continue;
      leaf_grads.push_back({leaf, g});
    }
    // PyTorch's AccumulateGrad: the first gradient is stored, later ones
    // are added. Stored as it is when nothing else can reach it (no copy of
    // a [2048, 2048] gradient), else as a copy: never an alias of a tensor
    // the caller or another leaf holds.
    pending.clear();
    for (auto& [leaf, g] : leaf_grads) {
      const Tensor old = leaf.grad();
      const Tensor stored = old.defined() ? add(old, g) : owned_outright(g) ? g : clone(g);
      leaf.impl().grad = stored.impl_ptr();
    }
    // Only once every gradient is in: a failed pass leaves the graph whole.
    if (!retain_graph)
      for (Node* node : ran)
        if (!node->saved.empty()) {
          node->saved.clear();
          node->released = true;
        }
  }
  for (ReduceGradTrace& step : steps) record(std::move(step));
}

}  // namespace tc
