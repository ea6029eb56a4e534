// Traces as JSON, written field by field from their schema (Note [Trace
// schema] in src/trace_schema.h) by bindings/schema_json.h.
#include "trace_json.h"

#include "schema_json.h"

namespace tcjs {

template <class T>
void write_trace(JsonWriter& json, const T& trace) {
  NoCustom none;
  SchemaJson<NoCustom>(json, none).write_object(trace);
}

template void write_trace(JsonWriter&, const tc::BroadcastTrace&);
template void write_trace(JsonWriter&, const tc::OpTrace&);
template void write_trace(JsonWriter&, const tc::PromotionTrace&);
template void write_trace(JsonWriter&, const tc::ReduceGradTrace&);
template void write_trace(JsonWriter&, const tc::WarningEvent&);

void write_events(JsonWriter& json, const std::vector<tc::TraceEvent>& events) {
  json.begin_array();
  for (const tc::TraceEvent& event : events)
    std::visit([&](const auto& e) { write_trace(json, e); }, event);
  json.end_array();
}

}  // namespace tcjs
