// requires_grad, .grad, backward and grad mode.

#include <memory>
#include <vector>

#include "error.h"
#include "handles.h"
#include "export.h"
#include "ops.h"
#include "scratch.h"
#include "autograd/node.h"

namespace tcjs {
namespace {

// Bits: 1 requires_grad, 2 is_leaf, 4 retains_grad. These change after
// creation, so they are read fresh while the rest of a tensor's description
// is cached.
int flags(Handle h) {
  const tc::Tensor& t = get(h);
  return (t.requires_grad() ? 1 : 0) | (t.is_leaf() ? 2 : 0) | (t.retains_grad() ? 4 : 0);
}

void set_requires_grad(Handle h, bool value) {
  tc::Tensor t = get(h);
  t.set_requires_grad(value);
}

// The id of the tensor's .grad (0 when it has none): the facade keeps handing
// out the same JS object for as long as the gradient stays the same.
double grad_id(Handle h) {
  const tc::Tensor g = get(h).grad();
  return g.defined() ? static_cast<double>(g.id()) : 0;
}

Handle grad(Handle h) {
  const tc::Tensor g = get(h).grad();
  return g.defined() ? put(g) : 0;
}

void zero_grad(Handle h) {
  tc::Tensor t = get(h);
  t.zero_grad();
}

void backward(Handle h, Handle gradient) {
  tc::backward(get(h), gradient ? get(gradient) : tc::Tensor());
}

// PyTorch's name for the tensor's autograd node (its printed grad_fn, e.g.
// SumBackward1): its length, with its address in scratch[0]; 0 for a leaf.
// The name lives as long as the node, which the tensor holds while the
// facade reads it.
double grad_fn(Handle h) {
  const auto& node = get(h).impl().grad_fn;
  if (node == nullptr) return 0;
  write_number(0, static_cast<double>(reinterpret_cast<uintptr_t>(node->grad_fn.data())));
  return static_cast<double>(node->grad_fn.size());
}

// noGrad(fn): the facade enters before fn and exits in a finally, so the
// guards always unwind in order.
std::vector<std::unique_ptr<tc::NoGradGuard>> g_no_grad;
void no_grad_enter() { g_no_grad.push_back(std::make_unique<tc::NoGradGuard>()); }
void no_grad_exit() {
  TC_ASSERT(!g_no_grad.empty(), "noGrad exit without enter");
  g_no_grad.pop_back();
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(int, flags, (tcjs::Handle h), (h))
TC_EXPORT(void, set_requires_grad, (tcjs::Handle h, int value), (h, value != 0))
TC_EXPORT(double, grad_id, (tcjs::Handle h), (h))
TC_EXPORT(tcjs::Handle, grad, (tcjs::Handle h), (h))
TC_EXPORT(void, zero_grad, (tcjs::Handle h), (h))
TC_EXPORT(void, backward, (tcjs::Handle h, tcjs::Handle gradient), (h, gradient))
TC_EXPORT(double, grad_fn, (tcjs::Handle h), (h))
TC_EXPORT(void, no_grad_enter, (), ())
TC_EXPORT(void, no_grad_exit, (), ())
