#include "ops.h"
#include "ops/internal.h"

namespace tc {

Tensor Operand::tensor() const {
  if (auto* t = std::get_if<Tensor>(&value_)) {
    TC_CHECK(Value, t->defined(), "an undefined tensor was passed as an operand");
    return *t;
  }
  return Tensor::scalar(static_cast<float>(std::get<double>(value_)));
}

// PyTorch promotes bool to float when it meets arithmetic; so do we (a copy).
Tensor as_float(const Tensor& t) {
  if (t.dtype() == DType::Float32) return t;
  std::vector<float> values = t.to_vector();
  Tensor out = Tensor::from_data(values, t.sizes());
  return out;
}

}  // namespace tc
