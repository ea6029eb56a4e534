// The operations. Every binary op broadcasts as in Note [Broadcasting:
// infer_size]; a plain number is a 0-D operand. Each op's forward, backward
// and trace live together in src/ops/<family>.cpp.
#pragma once
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <variant>

#include "promotion.h"
#include "tensor.h"

namespace tc {

// A tensor or a plain number (a Scalar: bool, int or float, each its own
// kind in Note [Type promotion]).
class Operand {
 public:
  Operand(Tensor t) : value_(std::move(t)) {}
  Operand(Scalar number) : value_(number) {}
  Operand(double number) : value_(Scalar(number)) {}
  Operand(float number) : value_(Scalar(number)) {}
  Operand(int number) : value_(Scalar(number)) {}
  Operand(int64_t number) : value_(Scalar(number)) {}
  Operand(bool number) : value_(Scalar(number)) {}
  Tensor tensor() const;  // the tensor, or a fresh 0-D one of the number's dtype
  bool is_number() const { return std::holds_alternative<Scalar>(value_); }
  const Scalar& number() const { return std::get<Scalar>(value_); }
  DType dtype() const;  // a number's: bool, int64 or float64
  Category category() const;

 private:
  std::variant<Tensor, Scalar> value_;
};

enum class BinaryOp { Add, Sub, Mul, Div, Pow, Maximum, Minimum, FloorDivide, Remainder };
enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };
enum class UnaryOp {
  Neg, Abs, Exp, Log, Sqrt, Relu,
  // the unary ops (src/ops/unary.cpp)
  Sigmoid, Tanh, Sin, Cos, Sign, Floor, Ceil, Round, Log1p, Expm1, Square, Rsqrt, Reciprocal
};
// The names the op table (src/op_table.h) gives them: "add", "eq", "neg".
const char* op_name(BinaryOp op);
const char* op_name(CompareOp op);
const char* op_name(UnaryOp op);

// --- elementwise (src/ops/binary.cpp, compare.cpp, unary.cpp, where.cpp)
// add/sub: self + alpha * other, self - alpha * other (PyTorch's ufunc::add,
// aten/src/ATen/native/ufunc/add.h).
Tensor add(const Operand& self, const Operand& other, Scalar alpha = 1);
Tensor sub(const Operand& self, const Operand& other, Scalar alpha = 1);
Tensor mul(const Operand& self, const Operand& other);
Tensor div(const Operand& self, const Operand& other);
Tensor pow(const Operand& self, const Operand& other);
Tensor maximum(const Operand& self, const Operand& other);
Tensor minimum(const Operand& self, const Operand& other);
// Python's // and %: the quotient rounded down, and the remainder with the
// divisor's sign (PyTorch's floor_divide and remainder). Integers stay
// integers; an integer divided by zero raises "ZeroDivisionError".
Tensor floor_divide(const Operand& self, const Operand& other);
Tensor remainder(const Operand& self, const Operand& other);
Tensor binary(BinaryOp op, const Operand& self, const Operand& other, Scalar alpha = 1);
Tensor compare(CompareOp op, const Operand& self, const Operand& other);  // bool result
Tensor where(const Tensor& condition, const Operand& self, const Operand& other);
Tensor unary(UnaryOp op, const Tensor& self);

// --- unary ops and clamp (src/ops/unary.cpp, src/ops/clamp.cpp)
// torch.round(self, decimals=d): nearbyint(x * 10^d) / 10^d (halves to
// even), float dtypes only; grad_fn RoundBackward1.
//   round(<[1.2345]>, 2)   // returns [1.23]
//   round(<[1250.]>, -2)   // returns [1200.]
Tensor round(const Tensor& self, int64_t decimals);
// torch.clamp(self, min, max): at least one bound; numbers (ClampBackward1)
// or tensors that broadcast with self (ClampBackward0; a number beside a
// tensor bound takes part as a 0-D tensor). min > max gives max.
//   clamp(<[-1, 0.5, 2]>, 0.0, 1.0)   // returns [0, 0.5, 1]
//   clamp(<[1, 2]>, std::nullopt, 0)   // returns [0, 0]
Tensor clamp(const Tensor& self, const std::optional<Operand>& min,
             const std::optional<Operand>& max);

// --- bitwise and logical ops (src/ops/bitwise.cpp): PyTorch's, no
// gradient (a result never requires grad). Operands promote as Note [Type
// promotion] says. bitwise_* compute in the common dtype, bool or an
// integer one (a float one is PyTorch's "\"bitwise_and_cpu\" not
// implemented for 'Float'"); logical_* take any dtype and give bool.
//   bitwise(BitwiseOp::And, <int64 [12, 10]>, 6)   // returns int64 [4, 2]
//   bitwise(BitwiseOp::Xor, <bool [1, 0]>, true)    // returns bool [0, 1]
//   logical(LogicalOp::Or, <float32 [0, NaN]>, <int64 [0, 0]>)  // returns bool [0, 1]
enum class BitwiseOp { And, Or, Xor };
enum class LogicalOp { And, Or, Xor };
const char* op_name(BitwiseOp op);  // "bitwise_and" ...
const char* op_name(LogicalOp op);  // "logical_and" ...
Tensor bitwise(BitwiseOp op, const Operand& self, const Operand& other);
Tensor bitwise_not(const Tensor& self);
Tensor logical(LogicalOp op, const Tensor& self, const Tensor& other);
Tensor logical_not(const Tensor& self);
// In place (Note [In-place rules]): bitwise_and_ ... check the cast into
// self as arithmetic does (bool x.bitwise_and_(1): "result type Long can't
// be cast to the desired output type Bool"); logical_and_ ... write 1 and
// 0 in self's dtype, as comparisons do; the unary forms keep self's dtype.
Tensor& bitwise_(BitwiseOp op, Tensor& self, const Operand& other);
Tensor& bitwise_not_(Tensor& self);
Tensor& logical_(LogicalOp op, Tensor& self, const Tensor& other);
Tensor& logical_not_(Tensor& self);
// Unary ops and clamp in place (Note [Unary ops in place], src/ops/fill.cpp):
// the out-of-place op's values written into self in self's dtype, refused
// where PyTorch's cast check refuses them (int64 x.exp_(): "result type
// Float can't be cast to the desired output type Long"); on a non-leaf
// the out-of-place op's node (ExpBackward0, ClampBackward1) becomes self's
// history. Refusals leave self as it was.
//   unary_(UnaryOp::Relu, <[-1, 2]>)          // self becomes [0, 2]
//   clamp_(<[-1, 0.5, 2]>, 0.0, std::nullopt)  // self becomes [0, 0.5, 2]
Tensor& unary_(UnaryOp op, Tensor& self);
Tensor& round_(Tensor& self, int64_t decimals);
Tensor& clamp_(Tensor& self, const std::optional<Operand>& min, const std::optional<Operand>& max);

// --- random factories (src/ops/random.cpp), Note [Random]
// Not PyTorch's numbers: the core's own Philox4x32-10 stream, the same in
// every build after manual_seed.
void manual_seed(uint64_t seed);
// One Philox4x32-10 block (for the known-answer test).
std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key);
Tensor rand(const Shape& shape, DType dtype);   // uniform in [0, 1)
Tensor randn(const Shape& shape, DType dtype);  // standard normal (Box-Muller)
// Uniform integers in [low, high): "random_ expects 'from' to be less than
// 'to', but got from=5 >= to=5".
Tensor randint(int64_t low, int64_t high, const Shape& shape, DType dtype);

// --- factories (src/ops/factories.cpp)
// torch.linspace: steps values from start to end, the first half counted
// up from start, the second back from end (RangeFactoriesKernel.cpp).
//   linspace(3, 10, 5, Float32)   // returns [3, 4.75, 6.5, 8.25, 10]
Tensor linspace(double start, double end, int64_t steps, DType dtype);
// torch.eye(n, m): ones on the diagonal.
Tensor eye(int64_t n, int64_t m, DType dtype);
// torch.full_like(self, value, dtype): self's shape and, for a dense self,
// its memory order (preserve_format).
Tensor full_like(const Tensor& self, Scalar value, DType dtype);

// --- factories that check their values (src/ops/to.cpp)
// PyTorch's full: value must fit dtype ("value cannot be converted to type
// uint8_t without overflow": c10's Scalar accessors name the C++ type).
//   full({2}, 300, DType::UInt8)   // throws
//   full({2}, -1, DType::UInt8)    // returns [255, 255]
Tensor full(const Shape& shape, Scalar value, DType dtype);
// What torch.tensor(data, dtype=dtype) stores for an integer dtype: each
// value of data (element i is floats[i] where is_float[i], else ints[i]: a
// Python float or int, as data was read) checked as torch.tensor checks a
// Python number ("value cannot be converted to type uint8 without
// overflow": an int may wrap into uint8 down to -255, a float must be in
// range) and converted. ints int64, floats float64, is_float bool, one shape.
Tensor tensor_from_values(const Tensor& ints, const Tensor& floats, const Tensor& is_float,
                          DType dtype);

// --- dtypes (src/ops/to.cpp)
// PyTorch's Tensor.to(dtype): self when it already has that dtype, else a
// converted copy (Note [Casts]) that keeps self's memory order when self is
// dense (as memory_format=torch.preserve_format does). Differentiable
// between floating dtypes; a result of another dtype never requires grad.
Tensor to(const Tensor& self, DType dtype);
// torch.result_type: the dtype an op on these operands computes in before
// its own rule (Note [Type promotion]).
DType result_type(const std::vector<Operand>& operands);

// --- in place (src/ops/inplace.cpp), Note [In-place rules]
// Writes op(self, other) into self. self's shape never changes; self keeps
// its values when anything is refused. op must have an in-place form in the
// op table (maximum and minimum have none: an InternalError).
Tensor& binary_(BinaryOp op, Tensor& self, const Operand& other, Scalar alpha = 1);
// Writes op(self, other) into self in self's dtype (Note [In-place dtypes]):
// true and false for a bool self, 1 and 0 for a number one.
Tensor& compare_(CompareOp op, Tensor& self, const Operand& other);

// --- fills (src/ops/fill.cpp), Note [Fills]
// PyTorch's fill_ and zero_: every element of self set to value (a number
// or a 0-D tensor's item, range-checked against self's dtype); on a
// non-leaf that requires grad they become its history (FillBackward2,
// ZeroBackward0: a zero gradient to the old one).
//   fill_(<uint8 [2]>, 300)          // throws "value cannot be converted to type uint8_t without overflow"
//   fill_(<[2]>, <[1.]>)             // throws "fill_ only supports 0-dimension value tensor but got
//                                    //         tensor with 1 dimensions."
Tensor& fill_(Tensor& self, const Operand& value);
Tensor& zero_(Tensor& self);
// PyTorch's masked_fill: self (broadcast with mask) with value where the
// bool mask is true (MaskedFillBackward0; MaskedFillBackward1 for a tensor
// value, whose gradient sums the filled positions'). In place the mask
// broadcasts to self, which keeps its shape.
//   masked_fill(<[0, 1, 2]>, <[true, false, true]>, -1.)  // returns [-1, 1, -1]
//   masked_fill_(<[3]>, <[2, 1] bool>, 0)   // throws "output with shape [3] doesn't match the
//                                           //         broadcast shape [2, 3]"
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Operand& value);
Tensor& masked_fill_(Tensor& self, const Tensor& mask, const Operand& value);

// --- reductions (src/ops/reduce.cpp)
Tensor sum(const Tensor& self);  // 0-D
Tensor sum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
// PyTorch's nansum: sum with NaN counted as zero (no dims: every dim);
// integers and bool sum as sum() does. NansumBackward0 passes the gradient
// to the elements that were not NaN.
Tensor nansum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
// PyTorch's _sum_to (Note [sum_to]).
//   sum_to(<[2, 3] of ones>, {1, 3})  // returns [[2, 2, 2]]
//   sum_to(<[3] of ones>, {1})        // returns [3]
Tensor sum_to(const Tensor& self, const Shape& shape);
// How sum_to reduces: one sum over leading_dims + ones_dims with keepdim,
// then a view to the target when leading dims went away. Computed once, by
// sum_to_plan, for both the reduction and its trace (reduce_grad).
//   sum_to_plan({5, 3, 4, 1}, {3, 1, 1})
//   // leading {0}, ones {2}, keepdim [1, 3, 1, 1], viewed
struct SumToPlan {
  Shape target;
  std::vector<int64_t> leading_dims;  // the target lacks them: summed away
  std::vector<int64_t> ones_dims;     // the target has 1, the tensor not: kept as 1
  Shape keepdim_shape;                // after the one sum with keepdim
  bool viewed = false;                // whether a view to the target follows
};
// Raises PyTorch's message when `sizes` cannot have been expanded from
// `target`.
SumToPlan sum_to_plan(const Shape& sizes, const Shape& target);
Tensor sum_as_planned(const Tensor& self, const SumToPlan& plan);  // plan from self's sizes

// --- reductions over dims (src/ops/reduce_dims.cpp, src/ops/softmax.cpp)
// PyTorch's, word for word. dims as sum's (Note [Reduced shape],
// ops/reduction.h): negative dims wrap, none given reduces every dim, a
// repeated dim is refused. Empty reductions as PyTorch: mean and var are
// NaN, prod 1, logsumexp -inf, all true, any false; amax, max, argmax
// refuse ("max(): Expected reduction dim 0 to have non-zero size.").
//   mean(<[[1, 2], [3, 4]]>, {0}, false)     // returns [2, 3]
//   mean(<int64 [2]>)                        // throws "mean(): could not infer output dtype. ..."
Tensor mean(const Tensor& self);  // 0-D
Tensor mean(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
Tensor amax(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
Tensor amin(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
// max(dim)/min(dim): the values and the int64 position of the first
// largest (smallest) element along dim; a NaN wins.
//   max(<[[1, 5, 5], [7, 2, 7]]>, 1, false)  // returns values [5, 7], indices [1, 0]
struct ValuesIndices {
  Tensor values;
  Tensor indices;
};
ValuesIndices max(const Tensor& self, int64_t dim, bool keepdim);
ValuesIndices min(const Tensor& self, int64_t dim, bool keepdim);
Tensor max(const Tensor& self);  // 0-D; NaN if any element is
Tensor min(const Tensor& self);
// No dim: the position in the flattened tensor (0-D, or all 1s with keepdim).
Tensor argmax(const Tensor& self, std::optional<int64_t> dim, bool keepdim);
Tensor argmin(const Tensor& self, std::optional<int64_t> dim, bool keepdim);
// Integers and bool multiply in int64. keepdim only counts with a dim.
Tensor prod(const Tensor& self, std::optional<int64_t> dim, bool keepdim);
// Divided by max(0, n - correction): correction 1 (unbiased) by default in
// PyTorch, 0 the population variance. Floating dtypes only.
Tensor var(const Tensor& self, const std::vector<int64_t>& dims, int64_t correction, bool keepdim);
Tensor std(const Tensor& self, const std::vector<int64_t>& dims, int64_t correction, bool keepdim);
// log(sum(exp(x))) without overflow; integers give float32.
Tensor logsumexp(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
// Along one dim, of a floating tensor; the result is contiguous.
Tensor softmax(const Tensor& self, int64_t dim);
Tensor log_softmax(const Tensor& self, int64_t dim);
// bool results (uint8 for a uint8 input, as PyTorch keeps it).
Tensor all(const Tensor& self, std::optional<int64_t> dim, bool keepdim);
Tensor any(const Tensor& self, std::optional<int64_t> dim, bool keepdim);

// --- cumulative ops (src/ops/cumulative.cpp), Note [Cumulative ops]
// Along dim, in dtype= (default: int64 for integers and bool, else the
// input's), the running value a double for floats as PyTorch's CPU kernel
// keeps it; grad_fn CumsumBackward0, CumprodBackward0.
//   cumsum(<[1, 2, 3] int32>, 0)            // returns int64 [1, 3, 6]
//   cumprod(<[[1, 2], [3, 4]]>, -1)         // returns [[1, 2], [3, 12]]
//   cumsum(<[2, 3]>, 2)  // throws "Dimension out of range (expected to be in range of [-2, 1], but got 2)"
Tensor cumsum(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor cumprod(const Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
// In self's dtype (dtype= may only name it: "Bad in-place call: ..."), not
// recorded for autograd (Note [In-place rules]).
Tensor& cumsum_(Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor& cumprod_(Tensor& self, int64_t dim, std::optional<DType> dtype = std::nullopt);

// --- views (src/ops/views.cpp): share storage, never copy, differentiable
Tensor expand(const Tensor& self, const Shape& sizes);
Tensor expand_as(const Tensor& self, const Tensor& other);
Tensor broadcast_to(const Tensor& self, const Shape& sizes);
Tensor permute(const Tensor& self, const std::vector<int64_t>& dims);
Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1);
Tensor unsqueeze(const Tensor& self, int64_t dim);
Tensor squeeze(const Tensor& self);
Tensor squeeze(const Tensor& self, int64_t dim);
Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length);
Tensor view(const Tensor& self, const Shape& shape);     // raises if strides forbid
Tensor reshape(const Tensor& self, const Shape& shape);  // view, or a copy
Tensor contiguous(const Tensor& self);                   // self if already
Tensor clone(const Tensor& self);
Tensor detach(const Tensor& self);

// --- shape views and joins (src/ops/views.cpp, src/ops/cat.cpp), PyTorch's
// TensorShape.cpp: its checks, texts, strides and grad_fn names.
// flatten: dims start..end merged into one, through reshape (a view when
// the strides allow, else a copy); a 0-D tensor becomes [1]; start == end
// returns self.
//   flatten(<[2, 3, 4]>, 1)      // returns [2, 12], grad_fn ReshapeAliasBackward0
//   flatten(<[2, 3]>, 1, 0)      // throws "flatten() has invalid args: start_dim
//                                //         cannot come after end_dim"
Tensor flatten(const Tensor& self, int64_t start_dim = 0, int64_t end_dim = -1);
// unflatten: dim split into sizes (one -1 inferred), a view (ViewBackward0).
//   unflatten(<[2, 6]>, 1, {3, -1})  // returns [2, 3, 2]
//   unflatten(<[5]>, 0, {2, 2})      // throws "unflatten: Provided sizes [2, 2] don't
//                                    //   multiply up to the size of dim 0 (5) in the input tensor"
Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes);
// t: transpose(0, 1) of a matrix, self's geometry for 0-D and 1-D (TBackward0).
Tensor t(const Tensor& self);
// mT: transpose(-2, -1) of a matrix or a batch of them (TransposeBackward0).
Tensor mT(const Tensor& self);
// movedim: source dims moved to destination, the rest in order (a permute:
// PermuteBackward0; a 0-D tensor gets an alias, AliasBackward0).
Tensor movedim(const Tensor& self, const std::vector<int64_t>& source,
               const std::vector<int64_t>& destination);
// cat: joined along an existing dim, in the promoted dtype of all inputs
// (CatBackward0); the legacy rule skips 1-D empty tensors of shape [0].
//   cat({<[2, 3]>, <[1, 3]>}, 0)   // returns [3, 3]
//   cat({<[]>}, 0)                 // throws "zero-dimensional tensor (at position 0)
//                                  //         cannot be concatenated"
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
// stack: joined along a new dim; every input the same shape (StackBackward0).
//   stack({<[2]>, <[2]>}, 1)       // returns [2, 2]
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
// --- matmul (src/ops/matmul.cpp), Note [matmul]
// PyTorch's torch.matmul: 1-D @ 1-D is a dot product (0-D); a 1-D operand
// gets a 1 prepended (a) or appended (b) that the result drops again; the
// dims before the last two are batch dims and broadcast. Operands of one
// dtype (no promotion; bool refused).
//   matmul(<[10, 1, 3, 4]>, <[5, 4, 2]>)   // returns [10, 5, 3, 2]
//   matmul(<[3]>, <[3, 4]>)                // returns [4]
//   matmul(<[2, 3]>, <[4, 5]>)  // throws "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"
Tensor matmul(const Tensor& a, const Tensor& b);
// --- indexing (src/ops/indexing.cpp): Note [Basic indexing], Note [Advanced indexing]
// select and slice are views (SelectBackward0, SliceBackward0); their
// gradient is scattered into zeros of the input's shape.
//   select(<[3, 4]>, 1, -1)          // [3], strides [4], offset 3
//   select(<[3]>, 0, 5)              // throws "select(): index 5 out of range
//                                    //   for tensor of size [3] at dimension 0"
Tensor select(const Tensor& self, int64_t dim, int64_t index);
// start/stop nullopt: from the start, to the end; clamped as Python clamps.
Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start,
             std::optional<int64_t> stop, int64_t step = 1);
// The same tensor as a new view (AliasBackward0): what x[...] gives.
Tensor alias(const Tensor& self);

// One item of x[...] (PyTorch's at::indexing::TensorIndex).
struct TensorIndex {
  enum class Kind { Integer, Slice, None, Ellipsis, Boolean, Tensor };
  Kind kind = Kind::None;
  int64_t integer = 0;
  std::optional<int64_t> start, stop, step;  // Slice; step nullopt is 1
  bool boolean = false;
  Tensor tensor;
  static TensorIndex of_integer(int64_t v);
  static TensorIndex of_slice(std::optional<int64_t> start = std::nullopt,
                              std::optional<int64_t> stop = std::nullopt,
                              std::optional<int64_t> step = std::nullopt);
  static TensorIndex none();
  static TensorIndex ellipsis();
  static TensorIndex of_bool(bool v);
  static TensorIndex of_tensor(Tensor t);
};
// x[items] as Python's x[...] does it. `tuple` false: a single item
// written without a comma (x[0], x[:]), which PyTorch takes its shorter
// path for (x[:] is a SliceBackward0 view, x[:,] an AliasBackward0 one).
// A view when no item is a tensor (or a bool), else a copy (IndexBackward0).
//   index(<[4, 5]>, {of_slice(1, 3), none()})       // [2, 1, 5], a view
//   index(<[4, 5]>, {of_tensor(<[0, 2]>), of_integer(1)})  // [2], a copy
Tensor index(const Tensor& self, const std::vector<TensorIndex>& items, bool tuple = true);
// x[text] for Python's text between the brackets (src/syntax/subscript.h):
//   index(<[4, 5]>, ":, None, 1:3")   // [4, 1, 2]
//   index(<[4, 5]>, "[0, 2], 1")      // [2]
Tensor index(const Tensor& self, const std::string& text);
// PyTorch's gather: out[i][j] = self[index[i][j]][j] for dim 0. index is
// int64, has self's number of dims and is no larger than self apart from
// dim; negative indices are refused (GatherBackward0).
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);

// --- autograd (src/autograd/)
// See Note [Autograd]: backward(loss) needs a one-element loss; backward(out, g)
// takes g of out's shape. Gradients reach leaves through sum_to. Without
// retain_graph the tensors saved for backward are freed, as in PyTorch.
void backward(const Tensor& root, const Tensor& gradient = Tensor(), bool retain_graph = false);
bool grad_enabled();
// PyTorch's torch.set_grad_enabled as a call: grad mode until set again
// (a program's `with torch.no_grad():` restores it when the block ends).
void set_grad_enabled(bool enabled);
class NoGradGuard {
 public:
  NoGradGuard();
  ~NoGradGuard();
  NoGradGuard(const NoGradGuard&) = delete;
  NoGradGuard& operator=(const NoGradGuard&) = delete;

 private:
  bool previous_;
};

}  // namespace tc
