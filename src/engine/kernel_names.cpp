// typed_kernel_name (Note [Kernel names], ukernels.h).
#include <set>
#include <string>

#include "engine/elementwise.h"
#include "engine/ukernels.h"
#include "error.h"

namespace tc::ukernels {

const char* dtype_prefix(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "b8";
    case DType::UInt8: return "u8";
    case DType::Int32: return "i32";
    case DType::Int64: return "i64";
    case DType::Float32: return "f32";
    case DType::Float64: return "f64";
  }
  TC_ASSERT(false, "unknown dtype");
}

const char* typed_kernel_name(DType dtype, const char* op, Pattern pattern, bool autovec) {
  // Interned: a trace keeps the pointer, and the set of names is small
  // (dtypes x ops x patterns).
  static std::set<std::string> names;
  const std::string p = dtype_prefix(dtype);
  std::string name;
  switch (pattern) {
    case Pattern::Contiguous: name = p + "_v" + op; break;
    case Pattern::ScalarB: name = p + "_v" + op + "c"; break;
    case Pattern::ScalarA: name = p + "_vr" + op + "c"; break;
    case Pattern::Strided:
    case Pattern::Transposed: name = p + "_" + op + "__scalar_strided"; break;
  }
  if (pattern != Pattern::Strided && pattern != Pattern::Transposed)
    name += autovec ? "__autovec" : "__scalar_u1";
  return names.insert(name).first->c_str();
}

}  // namespace tc::ukernels
