// See Note [Trace schema]: every enumerated string the core emits is declared in
// src/trace_schema.h, and every declared string is one the core emits (a
// value nobody can see would be a caption written for nothing).
#include "trace_schema.h"

#include <functional>
#include <map>
#include <set>

#include "diagnostics.h"
#include "op_table.h"
#include "ops.h"
#include "support.h"

using namespace tct;
namespace schema = tc::schema;

namespace {

// Records every enumerated value met, by enum name.
struct Seen {
  std::map<std::string, std::set<std::string>> values;

  void object(const char*, const char*, const char*) {}
  template <class T>
  void operator()(const char*, const T& value, const char*) {
    if constexpr (schema::is_object<T>::value) {
      schema::describe(*this, value);
    } else if constexpr (schema::is_vector<T>::value) {
      if constexpr (schema::is_object<typename T::value_type>::value)
        for (const auto& item : value) schema::describe(*this, item);
    } else if constexpr (schema::is_optional<T>::value) {
      if constexpr (schema::is_object<typename T::value_type>::value)
        if (value) schema::describe(*this, *value);
    }
  }
  template <class T>
  void operator()(const char*, const T& value, const schema::Enum& e, const char*) {
    add(e, value);
  }
  void add(const schema::Enum& e, const std::string& value) { values[e.name].insert(value); }
  template <class T>
  void add(const schema::Enum& e, const std::vector<T>& items) {
    for (const T& item : items) add(e, item);
  }
  template <class T>
  void add(const schema::Enum& e, const std::optional<T>& item) {
    if (item) add(e, *item);
  }
};

Tensor iota(const Shape& shape) {
  std::vector<float> data(static_cast<size_t>(tc::numel(shape)));
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i % 7) - 3.0f;
  return Tensor::from_data(data, shape);
}

// Ops chosen to meet every declared value at least once.
void run_corpus() {
  const Tensor row = iota({2, 3}), col = iota({2, 1}), big = iota({64, 64});
  tc::add(row, row);                                      // contiguous, equal
  tc::add(row, col);                                      // scalar-b, one
  tc::add(col, row);                                      // scalar-a
  tc::add(tc::transpose(big, 0, 1), big);                 // transposed
  tc::where(tc::compare(tc::CompareOp::Gt, col, 0.0), row, row);  // strided
  tc::sum(iota({4, 8}), {1}, false);                      // reduce-inner
  tc::sum(iota({4, 8}), {0}, false);                      // reduce-outer
  tc::add(iota({3}), iota({2, 3}));                       // missing, rank-promotion
  const Tensor mask = tc::Tensor::from_bools({1, 0}, {2});
  tc::add(mask, mask);                                    // bool
  tc::mul(tc::Tensor::from_values<uint8_t>({1, 2}, {2}), 3);           // uint8, number
  tc::add(tc::Tensor::from_values<int32_t>({1, 2}, {2}), 1.5);         // int32 -> float32 (number)
  tc::add(tc::Tensor::from_values<int32_t>({1, 2}, {2}),
          tc::Tensor::from_values<double>({1}, {}));                    // zero-dim decides, float64
  tc::div(tc::Tensor::from_values<int64_t>({1, 2}, {2}), 2);           // promote-to-float
  tc::unary(tc::UnaryOp::Neg, tc::Tensor::from_values<int64_t>({1}, {1}));  // same
  tc::sum(mask);                                                        // sum: bool -> int64
  tc::argmax(iota({2, 3}), 1, false);                                   // index (reductions over dims)
  tc::trace_broadcast({{2}, {3}});                        // conflict, mismatch (not recorded)
  tc::record(tc::trace_broadcast({{2}, {3}}));
  // --- indexing: every IndexItemKind and IndexPlacement
  tc::index(iota({2, 3, 4}), "0, ..., None, 1:");                    // integer, ellipsis, none, slice
  tc::index(iota({2, 3}), {tc::TensorIndex::of_bool(true)});           // bool, adjacent
  tc::index(iota({2, 3, 4}), "[0, 1], :, [1, 0]");                     // tensor, separated
  tc::index(iota({2, 3}), {tc::TensorIndex::of_tensor(mask)});         // mask
  {
    tc::PolicyScope warn(tc::BroadcastPolicy::Warn);
    tc::set_backcompat_warning(true);
    tc::add(iota({3}), iota({3, 1}));  // outer-product, backcompat, rank-promotion warnings
    tc::set_backcompat_warning(false);
  }
  // --- matmul: each route of Note [matmul].
  tc::matmul(iota({3}), iota({3}));              // dot
  tc::matmul(iota({2, 3}), iota({3}));           // mv
  tc::matmul(iota({2, 3}), iota({3, 2}));        // mm
  tc::matmul(iota({4, 2, 3}), iota({3}));        // folded-mv
  tc::matmul(iota({4, 2, 3}), iota({3, 2}));     // folded-mm
  tc::matmul(iota({4, 2, 3}), iota({1, 3, 2}));  // bmm
}

}  // namespace

TEST_CASE("trace schema: the core emits exactly the declared strings", "[trace][schema]") {
  tc::set_warning_handler([](const tc::WarningEvent&) {});
  tc::TraceScope scope;
  run_corpus();
  tc::set_warning_handler(nullptr);
  Seen seen;
  for (const tc::TraceEvent& event : scope.events())
    std::visit(
        [&](const auto& e) {
          schema::check(e);  // an undeclared string is an InternalError
          schema::describe(seen, e);
        },
        event);
  for (const schema::Enum* e : schema::all_enums())
    for (const schema::EnumValue& v : e->values) {
      if (!v.from_core) continue;  // the package's tests meet it
      INFO(e->name << " '" << v.value << "' declared but never emitted by the corpus");
      CHECK(seen.values[e->name].count(v.value) == 1);
    }
}

TEST_CASE("trace schema: a string outside its enum is an internal error", "[trace][schema]") {
  tc::OpTrace t;
  t.plan.inner_pattern = "diagonal";
  CHECK_THROWS_AS(schema::check(t), tc::InternalError);
  t.plan.inner_pattern = "contiguous";
  t.operands.push_back(tc::OperandTrace{});
  t.operands.back().dtype = "float32";
  t.promotion.common_dtype = t.promotion.compute_dtype = t.promotion.result_dtype = "float32";
  t.promotion.decided_by = "tensor";
  t.promotion.rule = "promote";
  t.broadcast.notes = {"outer-product"};
  CHECK_NOTHROW(schema::check(t));
  t.broadcast.notes.push_back("outer-products");
  CHECK_THROWS_AS(schema::check(t), tc::InternalError);
}

TEST_CASE("op table: names are unique, in-place forms point both ways", "[ops][schema]") {
  std::set<std::string> names;
  for (const tc::OpInfo& op : tc::op_list()) {
    CHECK(names.insert(op.name).second);
    if (!op.inplace_form.empty()) {
      const tc::OpInfo* inplace = tc::find_op(op.inplace_form);
      REQUIRE(inplace != nullptr);
      CHECK(inplace->inplace);
      CHECK(inplace->base == op.name);
      CHECK(inplace->code == op.code);
    }
    if (op.inplace) CHECK(tc::find_op(op.base) != nullptr);
    CHECK(&tc::op_info(op.family, op.code) == tc::find_op(op.inplace ? op.base : op.name));
  }
  CHECK(tc::find_op("addd") == nullptr);
}

// The package compares this digest with the one it was generated with
// (bindings/ts/runtime.ts): it must change with every field of every entry,
// and with their order.
TEST_CASE("op table: the digest changes with every field and with the order", "[ops][schema]") {
  const std::vector<tc::OpInfo>& ops = tc::op_list();
  const uint32_t digest = tc::op_table_digest();
  CHECK(tc::op_table_digest(ops) == digest);
  const std::vector<std::function<void(tc::OpInfo&)>> edits = {
      [](tc::OpInfo& op) { op.name += "x"; },
      [](tc::OpInfo& op) { op.family = tc::OpFamily::Where; },
      [](tc::OpInfo& op) { op.code += 1; },
      [](tc::OpInfo& op) { op.arity += 1; },
      [](tc::OpInfo& op) { op.alpha = !op.alpha; },
      [](tc::OpInfo& op) { op.inplace = !op.inplace; },
      [](tc::OpInfo& op) { op.inplace_form += "_"; },
      [](tc::OpInfo& op) { op.base = "sub"; },
      [](tc::OpInfo& op) { op.dtype_rule = tc::DTypeRule::Bool; },
      [](tc::OpInfo& op) { op.backward = !op.backward; },
      [](tc::OpInfo& op) { op.torch += "x"; },
      [](tc::OpInfo& op) { op.doc += "."; },
  };
  for (size_t i = 0; i < edits.size(); ++i) {
    std::vector<tc::OpInfo> changed = ops;
    edits[i](changed[0]);
    INFO("edit " << i);
    CHECK(tc::op_table_digest(changed) != digest);
  }
  // A field's text moved into the next field is another table.
  std::vector<tc::OpInfo> moved = ops;
  moved[0].torch += moved[0].doc.substr(0, 1);
  moved[0].doc = moved[0].doc.substr(1);
  CHECK(tc::op_table_digest(moved) != digest);
  std::vector<tc::OpInfo> swapped = ops;
  std::swap(swapped[0], swapped[1]);
  CHECK(tc::op_table_digest(swapped) != digest);
}

TEST_CASE("op table: run_op runs each op as its own function does", "[ops][schema]") {
  const Tensor a = iota({2, 3}), b = iota({3});
  const Tensor cond = tc::compare(tc::CompareOp::Gt, a, 0.0);
  for (const tc::OpInfo& op : tc::op_list()) {
    INFO(op.name);
    if (op.inplace) {
      Tensor self = tc::clone(a), want = tc::clone(a);
      const Tensor same = tc::run_op(op, {self, b}, 2.0);
      CHECK(&same.impl() == &self.impl());
      if (op.family == tc::OpFamily::Compare) tc::compare_(tc::CompareOp(op.code), want, b);
      else tc::binary_(tc::BinaryOp(op.code), want, b, 2.0);
      CHECK(values(self) == values(want));
      CHECK(self.dtype() == tc::DType::Float32);
      continue;
    }
    switch (op.family) {
      case tc::OpFamily::Binary:
        CHECK(values(tc::run_op(op, {a, b}, 2.0)) ==
              values(tc::binary(tc::BinaryOp(op.code), a, b, op.alpha ? 2.0 : 1.0)));
        break;
      case tc::OpFamily::Compare:
        CHECK(values(tc::run_op(op, {a, b})) == values(tc::compare(tc::CompareOp(op.code), a, b)));
        break;
      case tc::OpFamily::Unary:
        CHECK(values(tc::run_op(op, {a})).size() == 6);
        break;
      case tc::OpFamily::Where:
        CHECK(values(tc::run_op(op, {cond, a, b})) == values(tc::where(cond, a, b)));
        break;
      case tc::OpFamily::Matmul:
        CHECK(values(tc::run_op(op, {a, b})) == values(tc::matmul(a, b)));
        break;
    }
  }
  // A wrong count is the caller's bug.
  CHECK_THROWS_AS(tc::run_op(*tc::find_op("add"), {a}), tc::InternalError);
}
