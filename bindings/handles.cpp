#include "handles.h"

#include <vector>

#include "error.h"

namespace tcjs {

namespace {
std::vector<tc::Tensor> g_slots;  // slot i is handle i + 1
std::vector<Handle> g_free;
}  // namespace

Handle put(tc::Tensor tensor) {
  TC_ASSERT(tensor.defined(), "a handle for an undefined tensor");
  Handle handle;
  if (!g_free.empty()) {
    handle = g_free.back();
    g_free.pop_back();
    g_slots[handle - 1] = std::move(tensor);
  } else {
    g_slots.push_back(std::move(tensor));
    handle = static_cast<Handle>(g_slots.size());
  }
  return handle;
}

const tc::Tensor& get(Handle handle) {
  TC_ASSERT(handle != 0 && handle <= g_slots.size() && g_slots[handle - 1].defined(),
            "stale tensor handle ", handle);
  return g_slots[handle - 1];
}

void release(Handle handle) {
  get(handle);  // asserts it is live
  g_slots[handle - 1] = tc::Tensor();
  g_free.push_back(handle);
}

}  // namespace tcjs
