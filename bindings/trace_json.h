// Traces as JSON (docs/traces.md): camelCase keys, null for an empty
// std::optional, a `kind` naming each event; keys and checks come from the
// schema (Note [Trace schema] in src/trace_schema.h).
#pragma once
#include <vector>

#include "json_writer.h"
#include "trace.h"

namespace tcjs {

// Any object of the schema: BroadcastTrace, OpTrace, ReduceGradTrace,
// WarningEvent (and their parts). Raises InternalError for an enumerated
// string the schema does not declare.
template <class T>
void write_trace(JsonWriter& json, const T& trace);
void write_events(JsonWriter& json, const std::vector<tc::TraceEvent>& events);

}  // namespace tcjs
