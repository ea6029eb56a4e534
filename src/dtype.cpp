#include "dtype.h"

#include "error.h"

namespace tc {

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  TC_ASSERT(false, "unknown dtype");
}

const char* dtype_c10_name(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "Bool";
    case DType::UInt8: return "Byte";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
  }
  TC_ASSERT(false, "unknown dtype");
}

const char* dtype_cpp_name(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  TC_ASSERT(false, "unknown dtype");
}

std::string dtype_tensor_type(DType dtype) {
  return std::string("torch.") + dtype_c10_name(dtype) + "Tensor";
}

std::optional<DType> dtype_from_name(const std::string& name) {
  // PyTorch's aliases too: torch.float is float32, torch.long int64, ...
  static const std::pair<const char*, DType> kNames[] = {
      {"bool", DType::Bool},       {"uint8", DType::UInt8},     {"int32", DType::Int32},
      {"int", DType::Int32},       {"int64", DType::Int64},     {"long", DType::Int64},
      {"float32", DType::Float32}, {"float", DType::Float32},   {"float64", DType::Float64},
      {"double", DType::Float64}};
  for (const auto& [n, d] : kNames)
    if (name == n) return d;
  return std::nullopt;
}

int64_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::Bool:
    case DType::UInt8: return 1;
    case DType::Int32:
    case DType::Float32: return 4;
    case DType::Int64:
    case DType::Float64: return 8;
  }
  TC_ASSERT(false, "unknown dtype");
}

DType promote_types(DType a, DType b) {
  // c10's _promoteTypesLookup, rows and columns b1 u1 i4 i8 f4 f8.
  constexpr DType b1 = DType::Bool, u1 = DType::UInt8, i4 = DType::Int32, i8 = DType::Int64,
                  f4 = DType::Float32, f8 = DType::Float64;
  static constexpr DType kTable[kDTypeCount][kDTypeCount] = {
      /* b1 */ {b1, u1, i4, i8, f4, f8},
      /* u1 */ {u1, u1, i4, i8, f4, f8},
      /* i4 */ {i4, i4, i4, i8, f4, f8},
      /* i8 */ {i8, i8, i8, i8, f4, f8},
      /* f4 */ {f4, f4, f4, f4, f4, f8},
      /* f8 */ {f8, f8, f8, f8, f8, f8},
  };
  return kTable[static_cast<int>(a)][static_cast<int>(b)];
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && !is_floating(to)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

}  // namespace tc
