// Making tensors, reading them back, and releasing them.
#include <malloc.h>

#include "error.h"
#include "handles.h"
#include "ops_by_index.h"
#include "export.h"
#include "geometry.h"
#include "ops.h"
#include "scratch.h"
#include "small_blocks.h"
#include "storage.h"
#include "tensor.h"
#include "tensor_repr.h"

namespace tcjs {
namespace {

double address(const void* p) { return static_cast<double>(reinterpret_cast<uintptr_t>(p)); }

// The dtype with this code: its index in DType, as the package's DTYPES
// lists them (limits.ts, written from dtype_name by bindings/gen).
tc::DType dtype_at(int code) {
  TC_ASSERT(code >= 0 && code < tc::kDTypeCount, "unknown dtype code ", code);
  return static_cast<tc::DType>(code);
}

// An uninitialised contiguous tensor of the shape in scratch[0, ndim), for
// `given` values; the facade copies them straight into the storage, whose
// address it finds in scratch[0] afterwards. The core checks the shape and
// the count (check_data_length) before anything is allocated.
Handle create(int dtype, int ndim, double given) {
  const tc::Shape shape = read_ints(0, static_cast<size_t>(ndim));
  tc::check_data_length(to_int(given), shape);
  const tc::Tensor t = tc::Tensor::empty(shape, dtype_at(dtype));
  write_number(0, address(t.impl().storage->data()));
  return put(t);
}

// value: a number as an operand passes it (kind, value: handles.h).
Handle full(int ndim, Handle kind, double value, int dtype) {
  const tc::Operand v = operand(kind, value);
  return put(tc::full(read_ints(0, static_cast<size_t>(ndim)), v.number(), dtype_at(dtype)));
}

Handle arange(double start, double end, double step, int dtype) {
  return put(tc::Tensor::arange(start, end, step, dtype_at(dtype)));
}

Handle to_dtype(Handle h, int dtype) { return put(tc::to(get(h), dtype_at(dtype))); }

Handle tensor_from_values(Handle ints, Handle floats, Handle is_float, int dtype) {
  return put(tc::tensor_from_values(get(ints), get(floats), get(is_float), dtype_at(dtype)));
}

// torch.result_type of two operands, as a dtype code.
int result_type(Handle h0, double n0, Handle h1, double n1) {
  return static_cast<int>(tc::result_type({operand(h0, n0), operand(h1, n1)}));
}

// What never changes for a handle: [ndim, offset, dtype (its code), id,
// contiguous, sizes..., strides...].
void info(Handle h) {
  const tc::Tensor& t = get(h);
  write_number(0, static_cast<double>(t.ndim()));
  write_number(1, static_cast<double>(t.offset()));
  write_number(2, static_cast<double>(t.dtype()));
  write_number(3, static_cast<double>(t.id()));
  write_number(4, t.is_contiguous() ? 1 : 0);
  write_ints(write_ints(5, t.sizes()), t.strides());
}

// Kept between read_begin and read_end: the contiguous copy being read.
tc::Tensor g_reading;

// The address of the tensor's values in row-major order (a contiguous copy
// when its strides are not).
double read_begin(Handle h) {
  const tc::Tensor& t = get(h);
  {
    tc::NoGradGuard no_graph;  // a copy made only to be read needs no autograd node
    g_reading = tc::contiguous(t);
  }
  const char* base = static_cast<const char*>(g_reading.impl().storage->data());
  return address(base + g_reading.offset() * tc::dtype_size(g_reading.dtype()));
}

// The address of the tensor's storage (its element 0, before the offset),
// for reading a few elements in place through the strides: printing a
// summarised tensor reads the 36 or so elements it shows, not a copy of all.
// Valid until the next call that may allocate.
double storage_address(Handle h) { return address(get(h).impl().storage->data()); }

void read_end() { g_reading = tc::Tensor(); }

// PyTorch's repr of the tensor, the one formatter's (Note [Tensor repr]),
// within kMaxTensorRepr characters: its length, with the address of its
// ASCII text in scratch[0], valid until the next repr.
std::string g_repr;
double repr(Handle h) {
  g_repr = tc::tensor_repr(get(h)).text;
  write_number(0, address(g_repr.data()));
  return static_cast<double>(g_repr.size());
}

// The dim of Tensor.stride(dim), wrapped as PyTorch does it (maybe_wrap_dim
// without wrap_scalar: a 0-D tensor has no stride to ask for).
double stride_dim(double dim, double ndim) {
  return static_cast<double>(tc::wrap_dim(to_int(dim), to_int(ndim), false));
}

double storage_bytes() { return static_cast<double>(tc::memory_stats().bytes); }

// Bytes malloc has handed out and not got back: any C++ leak shows here,
// long before the wasm memory itself has to grow; with the small blocks
// operator new hands out from its own region (Note [Small-block lists],
// small_blocks.cpp). mallinfo's fields are ints, negative past 2 GiB: read
// as unsigned (the 4 GiB memory fits).
double heap_used() {
  return static_cast<double>(static_cast<unsigned>(mallinfo().uordblks)) + small_blocks_in_use();
}

}  // namespace
}  // namespace tcjs

TC_EXPORT(tcjs::Handle, create, (int dtype, int ndim, double given), (dtype, ndim, given))
TC_EXPORT(double, stride_dim, (double dim, double ndim), (dim, ndim))
TC_EXPORT(tcjs::Handle, full, (int ndim, tcjs::Handle kind, double value, int dtype), (ndim, kind, value, dtype))
TC_EXPORT(tcjs::Handle, arange, (double start, double end, double step, int dtype), (start, end, step, dtype))
TC_EXPORT(tcjs::Handle, to_dtype, (tcjs::Handle h, int dtype), (h, dtype))
TC_EXPORT(tcjs::Handle, tensor_from_values, (tcjs::Handle ints, tcjs::Handle floats, tcjs::Handle is_float, int dtype), (ints, floats, is_float, dtype))
TC_EXPORT(int, result_type, (tcjs::Handle h0, double n0, tcjs::Handle h1, double n1), (h0, n0, h1, n1))
TC_EXPORT(void, info, (tcjs::Handle h), (h))
TC_EXPORT(double, read_begin, (tcjs::Handle h), (h))
TC_EXPORT(double, storage_address, (tcjs::Handle h), (h))
TC_EXPORT(void, read_end, (), ())
TC_EXPORT(double, repr, (tcjs::Handle h), (h))
TC_EXPORT(double, storage_bytes, (), ())
TC_EXPORT(double, heap_used, (), ())
TC_EXPORT(double, scratch_reserve, (double count), (count))
