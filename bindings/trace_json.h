// Traces as JSON in exactly the shape of docs/traces.md: camelCase keys,
// null for an empty std::optional, a `kind` naming each event.
#pragma once
#include <vector>

#include "json_writer.h"
#include "trace.h"

namespace tcjs {

void write_trace(JsonWriter& json, const tc::BroadcastTrace& trace);
void write_trace(JsonWriter& json, const tc::OpTrace& trace);
void write_trace(JsonWriter& json, const tc::ReduceGradTrace& trace);
void write_trace(JsonWriter& json, const tc::WarningEvent& event);
void write_events(JsonWriter& json, const std::vector<tc::TraceEvent>& events);

}  // namespace tcjs
