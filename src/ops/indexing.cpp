// Indexing: select, slice, x[...] and gather; forward, backward and trace.
//
// Note [Basic indexing]
// x[items] walks the items left to right over a view that starts as x, as
// PyTorch's applySlicing does (torch/csrc/autograd/python_variable_indexing.cpp,
// aten/src/ATen/TensorIndexing.h): an integer selects at the current dim
// (the dim goes away), a slice narrows it with a step, None inserts a dim of
// size 1, "..." skips as many dims as the other items leave. Each step is a
// view with its own backward (SelectBackward0, SliceBackward0,
// UnsqueezeBackward0), so the gradient of the result flows back through
// them in turn, each scattering into zeros of its input's shape.
// PyTorch's paths differ in small ways that show in grad_fn and messages:
//  - a single item written without a comma (x[0], x[:], x[None]) takes
//    get_item's short path: x[5] says "index 5 is out of bounds for
//    dimension 0 with size 3", x[:] is a SliceBackward0 view even when it
//    keeps everything;
//  - in a tuple, a slice 0:size:1 written out in full is skipped, and a
//    result that is x itself (x[...,], x[0:3,] of 3 rows) becomes a new view
//    of it, AliasBackward0; an omitted stop is Python's PY_SSIZE_T_MAX, so
//    x[:, :] still slices (SliceBackward0);
//  - an integer out of range names the item's position in the index, not
//    the dim: x[None, 5] of [3] says "dimension 1".
// Departures, on purpose: a second "..." is refused with NumPy's text
// (PyTorch 1.13 accepts it and skips dims twice: pytorch/pytorch#59787),
// and a bool mask of k dims consumes k dims for the items after it (as
// NumPy does; PyTorch 1.13 moves on by one).
//
// Note [Advanced indexing]
// Tensor items (int64 positions, bool or uint8 masks, Python's True and
// False as the positions [0] and []) are gathered in one copy after the
// basic items, as PyTorch's index (aten/src/ATen/native/TensorAdvancedIndexing.cpp):
//  1. a mask of k dims becomes k int64 index tensors, its nonzero
//     positions, after checking its shape against the dims it covers;
//  2. all index tensors broadcast together (Note [Broadcasting: infer_size]);
//  3. the result has the non-indexed dims of the view and, for the indexed
//     ones, the broadcast shape: in their place when the indexed dims are
//     adjacent, else first (a slice between two index tensors gives no
//     place to put them, so NumPy and PyTorch put them in front);
//  4. each position is checked against its dim's size (negative ones
//     counting from the end); the message names the index tensor's
//     position among the index tensors, as PyTorch's Indexer does.
// The backward adds each element of the gradient into zeros of the view's
// shape at the position it was read from (index_put_ with accumulate): a
// position read twice gets both.
#include <cstring>
#include <memory>

#include "autograd/node.h"
#include "engine/ukernels.h"
#include "syntax/subscript.h"
#include "ops/internal.h"
#include "trace.h"

namespace tc {

namespace {

// PyTorch's Python-side bound: a slice bound left out is PY_SSIZE_T_MAX.
constexpr int64_t kOmittedStop = INT64_MAX;

Tensor attach_view(const Tensor& self, Geometry g, const char* op, BackwardFn backward) {
  Tensor out = self.with_geometry(std::move(g));
  attach_grad(out, op, {self}, std::move(backward));
  return out;
}

// The gradient of a view that picks some of its input's elements: zeros of
// the input's shape, with the incoming gradient copied where the view
// looks (`place` makes the same view of a contiguous tensor).
template <class Place>
BackwardFn scatter_back(const Shape& input_shape, Place place) {
  return [input_shape, place](const BackwardArgs& args) {
    const Tensor full = Tensor::zeros(input_shape, args.grad.dtype());
    copy_into(full.with_geometry(place(full.geometry())), args.grad);
    return std::vector<Tensor>{full};
  };
}

// The gradient of a gather: each element of grad added into zeros of
// `shape` at the position (row-major, in that shape) it was read from.
BackwardFn accumulate_back(const Shape& shape, std::shared_ptr<const std::vector<int64_t>> from) {
  return [shape, from](const BackwardArgs& args) {
    const Tensor& g = args.grad;
    Tensor full = Tensor::zeros(shape, g.dtype());
    charge_work(WorkKind::Gathers, static_cast<double>(g.numel()));  // scattered, as gathered
    auto add_all = [&](auto zero) {
      using T = decltype(zero);
      const std::vector<T> grad = g.values<T>();
      T* out = full.data<T>();
      for (size_t i = 0; i < grad.size(); ++i) out[(*from)[i]] += grad[i];
    };
    if (g.dtype() == DType::Float64) add_all(0.0);
    else add_all(0.0f);
    return std::vector<Tensor>{full};
  };
}

// Copies the elements of `src` at storage offsets `at` into a new
// contiguous tensor of `shape` (any dtype: bytes are moved).
Tensor take(const Tensor& src, const std::vector<int64_t>& at, const Shape& shape) {
  Tensor out = Tensor::empty(shape, src.dtype());
  const int64_t size = dtype_size(src.dtype());
  const char* in = static_cast<const char*>(src.impl().storage->data());
  char* dst = static_cast<char*>(out.impl().storage->data());
  for (size_t i = 0; i < at.size(); ++i)
    std::memcpy(dst + static_cast<int64_t>(i) * size, in + at[i] * size, static_cast<size_t>(size));
  return out;
}

std::string tensor_text(const Tensor& t) {
  return std::string(dtype_name(t.dtype())) + " " + format_shape(t.sizes());
}

std::string slice_text(const TensorIndex& s) {
  auto show = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : ""; };
  return show(s.start) + ":" + show(s.stop) + (s.step ? ":" + std::to_string(*s.step) : "");
}

void check_step(const TensorIndex& s) {
  // CPython refuses a zero step while unpacking the slice, before PyTorch sees it.
  TC_CHECK(Value, s.step.value_or(1) != 0, "slice step cannot be zero");
  TC_CHECK(Value, s.step.value_or(1) > 0, "step must be greater than zero");
}

// One tensor item waiting for Note [Advanced indexing], at `dim` of the
// view the basic items leave.
struct Pending {
  int64_t dim;
  Tensor tensor;  // int64, bool or uint8 (others are refused later, in order)
};

bool is_mask(DType d) { return d == DType::Bool || d == DType::UInt8; }

Tensor positions(bool value) {
  // Python's True and False index a new dim of size 1 as [0] and [].
  return value ? Tensor::from_values<int64_t>({0}, {1}) : Tensor::from_values<int64_t>({}, {0});
}

// Note [Advanced indexing], steps 1-4: the gather of `view` by the
// pending tensors, with its backward and its part of the trace.
Tensor advanced(const Tensor& view, const std::vector<Pending>& pending, IndexingTrace* trace) {
  const int64_t n = view.ndim();
  for (const Pending& p : pending)
    TC_CHECK(Index, p.tensor.dtype() == DType::Int64 || is_mask(p.tensor.dtype()),
             "tensors used as indices must be long, byte or bool tensors");
  // 1. masks into positions; one index tensor (or none) per dim of view.
  std::vector<Tensor> index(static_cast<size_t>(n));
  for (const Pending& p : pending) {
    TC_ASSERT(p.dim + (is_mask(p.tensor.dtype()) ? p.tensor.ndim() : 1) <= n);
    if (!is_mask(p.tensor.dtype())) {
      index[static_cast<size_t>(p.dim)] = p.tensor;
      continue;
    }
    const Shape& ms = p.tensor.sizes();
    for (size_t j = 0; j < ms.size(); ++j) {
      const int64_t src = p.dim + static_cast<int64_t>(j);
      TC_CHECK(Index, ms[j] == view.sizes()[static_cast<size_t>(src)], "The shape of the mask ",
               format_shape(ms), " at index ", j, " does not match the shape of the indexed tensor ",
               format_shape(view.sizes()), " at index ", src);
    }
    const std::vector<int64_t> values = p.tensor.values<int64_t>();
    std::vector<std::vector<int64_t>> where(ms.size());
    const Strides st = contiguous_strides(ms);
    for (int64_t i = 0; i < static_cast<int64_t>(values.size()); ++i) {
      if (values[static_cast<size_t>(i)] == 0) continue;
      for (size_t j = 0; j < ms.size(); ++j) where[j].push_back(i / st[j] % ms[j]);
    }
    for (size_t j = 0; j < ms.size(); ++j) {
      const int64_t count = static_cast<int64_t>(where[j].size());
      index[static_cast<size_t>(p.dim) + j] = Tensor::from_values<int64_t>(where[j], {count});
    }
  }
  std::vector<int64_t> dims;
  std::vector<Shape> shapes;
  for (int64_t d = 0; d < n; ++d)
    if (index[static_cast<size_t>(d)].defined()) {
      dims.push_back(d);
      shapes.push_back(index[static_cast<size_t>(d)].sizes());
    }
  TC_ASSERT(!dims.empty());
  // 2. broadcast.
  const BroadcastTrace bt = trace_broadcast(shapes);
  if (!bt.result) {
    std::string list;
    for (const Shape& s : shapes) list += (list.empty() ? "" : ", ") + format_shape(s);
    fail(ErrorKind::Index,
         "shape mismatch: indexing tensors could not be broadcast together with shapes ", list);
  }
  const Shape& bshape = *bt.result;
  // 3. where the broadcast dims go.
  const bool adjacent = dims.back() - dims.front() + 1 == static_cast<int64_t>(dims.size());
  const int64_t at = adjacent ? dims.front() : 0;
  std::vector<int64_t> rest;  // the view's dims kept, in order
  for (int64_t d = 0; d < n; ++d)
    if (!index[static_cast<size_t>(d)].defined()) rest.push_back(d);
  const int64_t before = adjacent ? at : 0;  // kept dims before the broadcast ones
  Shape out_shape;
  for (int64_t i = 0; i < before; ++i) out_shape.push_back(view.sizes()[static_cast<size_t>(rest[static_cast<size_t>(i)])]);
  out_shape.insert(out_shape.end(), bshape.begin(), bshape.end());
  for (size_t i = static_cast<size_t>(before); i < rest.size(); ++i)
    out_shape.push_back(view.sizes()[static_cast<size_t>(rest[i])]);
  check_shape(out_shape);
  // 4. gather: the storage offset and the view's row-major position of each
  // result element.
  const int64_t k = static_cast<int64_t>(dims.size());
  const int64_t nb = static_cast<int64_t>(bshape.size());
  std::vector<std::vector<int64_t>> values(static_cast<size_t>(k));
  std::vector<Strides> bstrides(static_cast<size_t>(k));
  for (int64_t j = 0; j < k; ++j) {
    const Tensor& t = index[static_cast<size_t>(dims[static_cast<size_t>(j)])];
    values[static_cast<size_t>(j)] = t.values<int64_t>();
    bstrides[static_cast<size_t>(j)] = Geometry::contiguous(t.sizes()).expand(bshape).strides();
  }
  const Strides dense = contiguous_strides(view.sizes());
  const int64_t total = numel(out_shape);
  charge_work(WorkKind::Gathers, static_cast<double>(total));
  auto offsets = std::make_shared<std::vector<int64_t>>(static_cast<size_t>(total));
  std::vector<int64_t> storage(static_cast<size_t>(total));
  std::vector<int64_t> pos(out_shape.size(), 0);
  for (int64_t e = 0; e < total; ++e) {
    int64_t off = view.offset(), lin = 0;
    for (int64_t i = 0; i < static_cast<int64_t>(rest.size()); ++i) {
      const int64_t out_dim = i < before ? i : i + nb;
      const size_t d = static_cast<size_t>(rest[static_cast<size_t>(i)]);
      off += pos[static_cast<size_t>(out_dim)] * view.strides()[d];
      lin += pos[static_cast<size_t>(out_dim)] * dense[d];
    }
    for (int64_t j = 0; j < k; ++j) {
      int64_t b = 0;
      for (int64_t i = 0; i < nb; ++i)
        b += pos[static_cast<size_t>(before + i)] * bstrides[static_cast<size_t>(j)][static_cast<size_t>(i)];
      const size_t d = static_cast<size_t>(dims[static_cast<size_t>(j)]);
      const int64_t size = view.sizes()[d];
      int64_t v = values[static_cast<size_t>(j)][static_cast<size_t>(b)];
      TC_CHECK(Index, v >= -size && v < size, "index ", v, " is out of bounds for dimension ", j,
               " with size ", size);
      if (v < 0) v += size;
      off += v * view.strides()[d];
      lin += v * dense[d];
    }
    storage[static_cast<size_t>(e)] = off;
    (*offsets)[static_cast<size_t>(e)] = lin;
    for (int64_t i = static_cast<int64_t>(pos.size()) - 1; i >= 0; --i) {
      if (++pos[static_cast<size_t>(i)] < out_shape[static_cast<size_t>(i)]) break;
      pos[static_cast<size_t>(i)] = 0;
    }
  }
  Tensor out = take(view, storage, out_shape);
  if (is_floating(view.dtype()))
    attach_grad(out, "index", {view}, accumulate_back(view.sizes(), offsets));
  if (trace) {
    trace->view = false;
    trace->indexed_dims = dims;
    trace->index_shapes = shapes;
    trace->broadcast = bt;
    trace->placement = adjacent ? "adjacent" : "separated";
    trace->result_dim = at;
  }
  return out;
}

// The OpTrace of one x[...]: the input and result as operands, what each
// item did in `indexing`.
void record_index(const Tensor& self, const Tensor& out, IndexingTrace t) {
  OpTrace op;
  op.op = "index";
  op.broadcast = t.view ? trace_broadcast({self.sizes()}) : t.broadcast;
  const char* dtype = dtype_name(self.dtype());
  op.operands.push_back({"out", out.sizes(), out.strides(), out.strides(), out.offset(), dtype});
  op.operands.push_back({"a", self.sizes(), self.strides(), self.strides(), self.offset(), dtype});
  const Category c = self.ndim() ? Category::Dim : Category::ZeroDim;
  op.promotion.operands.push_back({"a", dtype, category_name(c), false});
  (c == Category::Dim ? op.promotion.tensor_dtype : op.promotion.zero_dim_dtype) = dtype;
  op.promotion.common_dtype = op.promotion.compute_dtype = op.promotion.result_dtype = dtype;
  op.promotion.decided_by = category_name(c);
  op.promotion.rule = dtype_rule_name(DTypeRule::Same);
  op.plan.inner_pattern = "strided";
  // A view runs no loop; the gather is one strided copy.
  op.kernel = t.view ? "" : ukernels::typed_kernel_name(self.dtype(), "gather", Pattern::Strided, false);
  t.result_shape = out.sizes();
  op.indexing = std::move(t);
  record(std::move(op));
}

void step(IndexingTrace* t, int64_t item, const char* kind, std::string text,
          std::optional<int64_t> dim, const Tensor& view) {
  if (!t) return;
  t->steps.push_back({item, kind, std::move(text), dim, view.sizes(), view.strides(), view.offset()});
}

// get_item's short path for one item written without a comma.
Tensor single_item(const Tensor& self, const TensorIndex& item, IndexingTrace* t) {
  using K = TensorIndex::Kind;
  switch (item.kind) {
    case K::Integer: {
      TC_CHECK(Index, self.ndim() > 0,
               "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
               "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
      const int64_t size = self.sizes()[0];
      TC_CHECK(Index, item.integer >= -size && item.integer < size, "index ", item.integer,
               " is out of bounds for dimension 0 with size ", size);
      Tensor out = select(self, 0, item.integer);
      step(t, 0, "integer", std::to_string(item.integer), 0, out);
      return out;
    }
    case K::Slice: {
      check_step(item);
      TC_CHECK(Index, self.ndim() > 0, "slice() cannot be applied to a 0-dim tensor.");
      Tensor out = slice(self, 0, item.start, item.stop, item.step.value_or(1));
      step(t, 0, "slice", slice_text(item), 0, out);
      return out;
    }
    case K::None: {
      Tensor out = unsqueeze(self, 0);
      step(t, 0, "none", "None", 0, out);
      return out;
    }
    case K::Ellipsis: {
      Tensor out = alias(self);
      step(t, 0, "ellipsis", "...", std::nullopt, out);
      return out;
    }
    default:
      TC_ASSERT(false, "bools and tensors take the tuple path");
  }
}

}  // namespace

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  TC_CHECK(Value, self.defined(), "select: an undefined tensor");
  return attach_view(self, self.geometry().select(dim, index), "select",
                     scatter_back(self.sizes(), [dim, index](const Geometry& g) {
                       return g.select(dim, index);
                     }));
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start,
             std::optional<int64_t> stop, int64_t step) {
  TC_CHECK(Value, self.defined(), "slice: an undefined tensor");
  return attach_view(self, self.geometry().slice(dim, start, stop, step), "slice",
                     scatter_back(self.sizes(), [dim, start, stop, step](const Geometry& g) {
                       return g.slice(dim, start, stop, step);
                     }));
}

Tensor alias(const Tensor& self) {
  TC_CHECK(Value, self.defined(), "alias: an undefined tensor");
  return attach_view(self, self.geometry(), "alias",
                     [](const BackwardArgs& args) { return std::vector<Tensor>{args.grad}; });
}

TensorIndex TensorIndex::of_integer(int64_t v) {
  TensorIndex i;
  i.kind = Kind::Integer;
  i.integer = v;
  return i;
}
TensorIndex TensorIndex::of_slice(std::optional<int64_t> start, std::optional<int64_t> stop,
                                  std::optional<int64_t> step) {
  TensorIndex i;
  i.kind = Kind::Slice;
  i.start = start;
  i.stop = stop;
  i.step = step;
  return i;
}
TensorIndex TensorIndex::none() { return TensorIndex(); }
TensorIndex TensorIndex::ellipsis() {
  TensorIndex i;
  i.kind = Kind::Ellipsis;
  return i;
}
TensorIndex TensorIndex::of_bool(bool v) {
  TensorIndex i;
  i.kind = Kind::Boolean;
  i.boolean = v;
  return i;
}
TensorIndex TensorIndex::of_tensor(Tensor t) {
  TensorIndex i;
  i.kind = Kind::Tensor;
  i.tensor = std::move(t);
  return i;
}

Tensor index(const Tensor& self, const std::vector<TensorIndex>& items, bool tuple) {
  using K = TensorIndex::Kind;
  TC_CHECK(Value, self.defined(), "index: an undefined tensor");
  for (const TensorIndex& item : items)
    TC_CHECK(Value, item.kind != K::Tensor || item.tensor.defined(), "index: an undefined tensor");
  std::optional<IndexingTrace> trace;
  if (tracing()) {
    trace.emplace();
    trace->input_shape = self.sizes();
    trace->input_strides = self.strides();
    trace->input_offset = self.offset();
  }
  IndexingTrace* t = trace ? &*trace : nullptr;
  if (!tuple && items.size() == 1 && items[0].kind != K::Boolean && items[0].kind != K::Tensor) {
    Tensor out = single_item(self, items[0], t);
    if (t) record_index(self, out, std::move(*trace));
    return out;
  }
  // See Note [Basic indexing]: the dims the items name (masks: one per dim).
  int64_t specified = 0;
  int ellipses = 0;
  for (const TensorIndex& item : items) {
    if (item.kind == K::Integer || item.kind == K::Slice) ++specified;
    if (item.kind == K::Tensor) specified += is_mask(item.tensor.dtype()) ? item.tensor.ndim() : 1;
    if (item.kind == K::Ellipsis) ++ellipses;
  }
  TC_CHECK(Index, ellipses <= 1, "an index can only have a single ellipsis ('...')");
  TC_CHECK(Index, specified <= self.ndim(), "too many indices for tensor of dimension ",
           self.ndim());
  Tensor view = self;
  std::vector<Pending> pending;
  int64_t dim = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const TensorIndex& item = items[i];
    const int64_t at = static_cast<int64_t>(i);
    switch (item.kind) {
      case K::Integer: {
        const int64_t size = view.sizes()[static_cast<size_t>(dim)];
        TC_CHECK(Index, item.integer >= -size && item.integer < size, "index ", item.integer,
                 " is out of bounds for dimension ", at, " with size ", size);
        view = select(view, dim, item.integer);
        step(t, at, "integer", std::to_string(item.integer), dim, view);
        break;
      }
      case K::Slice: {
        check_step(item);
        const int64_t size = view.sizes()[static_cast<size_t>(dim)];
        const bool whole = item.start.value_or(0) == 0 && item.stop.value_or(kOmittedStop) == size &&
                           item.step.value_or(1) == 1;
        if (!whole) view = slice(view, dim, item.start, item.stop, item.step.value_or(1));
        step(t, at, "slice", slice_text(item), dim, view);
        ++dim;
        break;
      }
      case K::None:
        view = unsqueeze(view, dim);
        step(t, at, "none", "None", dim, view);
        ++dim;
        break;
      case K::Ellipsis:
        step(t, at, "ellipsis", "...", std::nullopt, view);
        dim += self.ndim() - specified;
        break;
      case K::Boolean:
        view = unsqueeze(view, dim);
        pending.push_back({dim, positions(item.boolean)});
        step(t, at, "bool", item.boolean ? "True" : "False", dim, view);
        ++dim;
        break;
      case K::Tensor: {
        const Tensor& x = item.tensor;
        if (x.ndim() == 0 && is_integral(x.dtype()) && !is_mask(x.dtype())) {
          // A 0-D integer tensor is an integer (PyTorch's handleDimInMultiDimIndexing).
          const int64_t v = x.scalar_item().to<int64_t>();
          const int64_t size = view.sizes()[static_cast<size_t>(dim)];
          TC_CHECK(Index, v >= -size && v < size, "index ", v, " is out of bounds for dimension ",
                   at, " with size ", size);
          view = select(view, dim, v);
          step(t, at, "integer", std::to_string(v), dim, view);
        } else if (x.ndim() == 0 && is_mask(x.dtype())) {
          view = unsqueeze(view, dim);
          pending.push_back({dim, positions(x.scalar_item().to<int64_t>() != 0)});
          step(t, at, "bool", x.scalar_item().to<int64_t>() != 0 ? "True" : "False", dim, view);
          ++dim;
        } else {
          pending.push_back({dim, x});
          step(t, at, is_mask(x.dtype()) ? "mask" : "tensor", tensor_text(x), dim, view);
          dim += is_mask(x.dtype()) ? x.ndim() : 1;
        }
        break;
      }
    }
  }
  Tensor out;
  if (!pending.empty()) out = advanced(view, pending, t);
  else out = view.impl_ptr() == self.impl_ptr() ? alias(view) : view;
  if (t) record_index(self, out, std::move(*trace));
  return out;
}

Tensor index(const Tensor& self, const std::string& text) {
  const syntax::IndexSpec spec = syntax::parse_index(text);
  std::vector<TensorIndex> items;
  using SK = syntax::IndexSpecItem::Kind;
  for (const syntax::IndexSpecItem& s : spec.items) {
    switch (s.kind) {
      case SK::Integer: items.push_back(TensorIndex::of_integer(s.integer)); break;
      case SK::Slice: items.push_back(TensorIndex::of_slice(s.start, s.stop, s.step)); break;
      case SK::None: items.push_back(TensorIndex::none()); break;
      case SK::Ellipsis: items.push_back(TensorIndex::ellipsis()); break;
      case SK::Bool: items.push_back(TensorIndex::of_bool(s.boolean)); break;
      case SK::List: {
        // A Python list is a tensor (torch.tensor(list)): int64, or bool
        // when every value is True or False.
        const Shape shape(s.list_shape.begin(), s.list_shape.end());
        if (s.list_of_bools) {
          std::vector<uint8_t> b(s.list.begin(), s.list.end());
          items.push_back(TensorIndex::of_tensor(Tensor::from_bools(b, shape)));
        } else {
          items.push_back(TensorIndex::of_tensor(Tensor::from_values<int64_t>(s.list, shape)));
        }
        break;
      }
    }
  }
  return index(self, items, spec.tuple);
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  TC_CHECK(Value, self.defined() && index.defined(), "gather: an undefined tensor");
  const int64_t d = wrap_dim(dim, self.ndim());
  const Shape& out_shape = index.sizes();
  const bool empty = index.numel() == 0;
  TC_CHECK(Index, empty || index.dtype() == DType::Int64, "gather(): Expected dtype int64 for index");
  // PyTorch's ensure_nonempty_*: a 0-D tensor counts as one of size 1.
  const Shape self_sizes = self.ndim() ? self.sizes() : Shape{1};
  const Strides self_strides = self.ndim() ? self.strides() : Strides{1};
  const Shape index_sizes = index.ndim() ? index.sizes() : Shape{1};
  if (!empty) {
    TC_CHECK(Index, self_sizes.size() == index_sizes.size(),
             "Index tensor must have the same number of dimensions as input tensor");
    for (size_t i = 0; i < self_sizes.size(); ++i)
      TC_CHECK(Index, static_cast<int64_t>(i) == d || index_sizes[i] <= self_sizes[i],
               "Size does not match at dimension ", i, " expected index ",
               format_shape(index.sizes()), " to be smaller than self ", format_shape(self.sizes()),
               " apart from dimension ", d);
  }
  charge_work(WorkKind::Gathers, static_cast<double>(index.numel()));
  const std::vector<int64_t> values = empty ? std::vector<int64_t>{} : index.values<int64_t>();
  const Strides dense = contiguous_strides(self_sizes);
  auto offsets = std::make_shared<std::vector<int64_t>>(values.size());
  std::vector<int64_t> storage(values.size());
  std::vector<int64_t> pos(index_sizes.size(), 0);
  const int64_t bound = self_sizes[static_cast<size_t>(d)];
  for (size_t e = 0; e < values.size(); ++e) {
    const int64_t v = values[e];
    TC_CHECK(Index, v >= 0 && v < bound, "index ", v, " is out of bounds for dimension ", d,
             " with size ", bound);
    int64_t off = self.offset(), lin = 0;
    for (size_t i = 0; i < pos.size(); ++i) {
      const int64_t p = static_cast<int64_t>(i) == d ? v : pos[i];
      off += p * self_strides[i];
      lin += p * dense[i];
    }
    storage[e] = off;
    (*offsets)[e] = lin;
    for (int64_t i = static_cast<int64_t>(pos.size()) - 1; i >= 0; --i) {
      if (++pos[static_cast<size_t>(i)] < index_sizes[static_cast<size_t>(i)]) break;
      pos[static_cast<size_t>(i)] = 0;
    }
  }
  Tensor out = take(self, storage, out_shape);
  if (is_floating(self.dtype()))
    attach_grad(out, "gather", {self}, accumulate_back(self.sizes(), offsets));
  return out;
}

}  // namespace tc
