// Results compared number for number. The inputs make every result exact
// (bench/data.js), so agreement means the same values, not values within a
// tolerance. The arrays' types must agree too: an int32 result that came
// back as a Float32Array holds other numbers once they pass 2^24.
// A workload with an rtol (softmax: each contestant's exp rounds its own
// way) is compared within that relative tolerance instead.
export function compareValues(actual, expected, rtol = 0) {
  if (actual.length !== expected.length)
    return { equal: false, why: `${actual.length} outputs against ${expected.length}` };
  for (let k = 0; k < actual.length; k++) {
    const x = actual[k];
    const y = expected[k];
    if (x.constructor !== y.constructor)
      return { equal: false, why: `output ${k}: ${x.constructor.name} against ${y.constructor.name}` };
    if (x.length !== y.length) return { equal: false, why: `output ${k}: ${x.length} values against ${y.length}` };
    for (let i = 0; i < x.length; i++)
      if (!(x[i] === y[i] || Math.abs(x[i] - y[i]) <= rtol * Math.abs(y[i])))
        return { equal: false, why: `output ${k}, element ${i}: ${x[i]} against ${y[i]}` };
  }
  return { equal: true };
}
