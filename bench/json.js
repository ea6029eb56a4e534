// A report as JSON, indented, with arrays of numbers (shapes, samples, load)
// kept on one line so that two runs can be read side by side in a diff.
export function toJson(value) {
  return JSON.stringify(value, null, 2).replace(/\[\n\s+(-?[\d.e+-]+(?:,\n\s+-?[\d.e+-]+)*)\n\s+\]/g,
    (_, items) => `[${items.split(/,\n\s+/).join(', ')}]`);
}
