#include "trace_json.h"

namespace tcjs {

void write_trace(JsonWriter& json, const tc::BroadcastTrace& t) {
  json.begin_object();
  json.key("kind").value("broadcast");
  json.key("inputs").value(t.inputs);
  json.key("padded").value(t.padded);
  json.key("dims").begin_array();
  for (const tc::DimStep& d : t.dims) {
    json.begin_object();
    json.key("dim").value(d.dim);
    json.key("trailing").value(d.trailing);
    json.key("sizes").value(d.sizes);
    json.key("roles").value(d.roles);
    json.key("rule").value(d.rule);
    json.key("result").value(d.result);
    json.end_object();
  }
  json.end_array();
  json.key("result").value(t.result);
  json.key("error").value(t.error);
  json.key("failedDim").value(t.failed_dim);
  json.key("notes").value(t.notes);
  json.end_object();
}

void write_trace(JsonWriter& json, const tc::OpTrace& t) {
  json.begin_object();
  json.key("kind").value("op");
  json.key("op").value(t.op);
  json.key("inplace").value(t.inplace);
  json.key("broadcast");
  write_trace(json, t.broadcast);
  json.key("operands").begin_array();
  for (const tc::OperandTrace& o : t.operands) {
    json.begin_object();
    json.key("name").value(o.name);
    json.key("shape").value(o.shape);
    json.key("strides").value(o.strides);
    json.key("expandedStrides").value(o.expanded_strides);
    json.key("offset").value(o.offset);
    json.key("dtype").value(o.dtype);
    json.end_object();
  }
  json.end_array();
  json.key("plan").begin_object();
  json.key("order").value(t.plan.order);
  json.key("groups").value(t.plan.groups);
  json.key("shape").value(t.plan.shape);
  json.key("strides").value(t.plan.strides);
  json.key("innerPattern").value(t.plan.inner_pattern);
  json.end_object();
  json.key("kernel").value(t.kernel);
  json.key("kernelRows").value(t.kernel_rows);
  json.key("repeatedDims").value(t.repeated_dims);
  json.end_object();
}

void write_trace(JsonWriter& json, const tc::ReduceGradTrace& t) {
  json.begin_object();
  json.key("kind").value("reduce-grad");
  json.key("op").value(t.op);
  json.key("inputId").value(static_cast<int64_t>(t.input_id));
  json.key("inputIndex").value(static_cast<int64_t>(t.input_index));
  json.key("gradShape").value(t.grad_shape);
  json.key("targetShape").value(t.target_shape);
  json.key("leadingDims").value(t.leading_dims);
  json.key("onesDims").value(t.ones_dims);
  json.key("keepdimShape").value(t.keepdim_shape);
  json.key("resultShape").value(t.result_shape);
  json.key("viewed").value(t.viewed);
  json.end_object();
}

void write_trace(JsonWriter& json, const tc::WarningEvent& w) {
  json.begin_object();
  json.key("kind").value("warning");
  json.key("warningKind").value(w.kind);
  json.key("message").value(w.message);
  json.key("shapes").value(w.shapes);
  json.end_object();
}

void write_events(JsonWriter& json, const std::vector<tc::TraceEvent>& events) {
  json.begin_array();
  for (const tc::TraceEvent& event : events)
    std::visit([&](const auto& e) { write_trace(json, e); }, event);
  json.end_array();
}

}  // namespace tcjs
