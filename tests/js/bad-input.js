// The kinds of bad arguments the package can be handed, and what it must say
// for each: a TensorcastError of a given kind and message, written here from
// the package's documented wording (README "Errors": PyTorch's argument-parser
// style, "<fn>(): argument '<arg>' must be ..."), so a vaguer or different
// message fails the matrix. Each generator returns cases
// { label, value, expect }, where value MISSING means "leave it out".

export const MISSING = Symbol('missing');

const LIMIT = Number.MAX_SAFE_INTEGER;

/** A TensorcastError of this kind and exact message (or matching a RegExp). */
export const refusal = (kind, message) => ({ kind, message });

// Values of the wrong JS type, and how the package names them in messages.
const WRONG_TYPES = [
  ['a string', '1', 'string'],
  ['null', null, 'null'],
  ['a plain object', { x: 1 }, 'an object'],
  ['a boolean', true, 'boolean'],
  ['a BigInt', 1n, 'bigint'],
  ['a symbol', Symbol('s'), 'symbol'],
  ['a function', () => 1, 'function'],
  ['a Map', new Map(), 'a Map'],
  ['an array', [1], 'an array'],
];
// Numbers that are not integers a double holds exactly.
const NOT_INTEGERS = [0.5, -1.5, NaN, Infinity, -Infinity];
const TOO_LARGE = [2 ** 53, -(2 ** 53)];

function wrongTypes(except = []) {
  return WRONG_TYPES.filter(([label]) => !except.includes(label));
}

/** An integer argument (a dim, a start, a length). */
export function intArg(fn, arg, { optional = false, outOfRange = [] } = {}) {
  const cases = [];
  if (!optional) cases.push({ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) });
  for (const [label, value, named] of wrongTypes())
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be an integer, not ${named}`) });
  for (const value of NOT_INTEGERS)
    cases.push({ label: String(value), value, expect: refusal('value', `${fn}(): argument '${arg}' must be an integer, but got ${value}`) });
  for (const value of TOO_LARGE)
    cases.push({ label: String(value), value, expect: refusal('value', `${fn}(): argument '${arg}' is too large: ${value} (at most ${LIMIT} in magnitude)`) });
  // Integers the core refuses (out of range): PyTorch's messages.
  for (const [value, expect] of outOfRange) cases.push({ label: `out of range ${value}`, value, expect });
  return cases;
}

// Elements that make a sequence of integers bad, at index 1 of [2, x].
function badElements(fn, arg) {
  const cases = [];
  for (const value of NOT_INTEGERS)
    cases.push({ label: `[2, ${value}]`, value: [2, value], expect: refusal('value', `${fn}(): argument '${arg}' must be a sequence of integers, but found ${value} at index 1`) });
  for (const value of TOO_LARGE)
    cases.push({ label: `[2, ${value}]`, value: [2, value], expect: refusal('value', `${fn}(): argument '${arg}' has ${value} at index 1, too large (at most ${LIMIT} in magnitude)`) });
  for (const [label, value, named] of [...wrongTypes(), ['undefined (a hole)', undefined, 'undefined']])
    cases.push({ label: `[2, ${label}]`, value: [2, value], expect: refusal('type', `${fn}(): argument '${arg}' must be a sequence of integers, but found ${named} at index 1`) });
  cases.push({ label: 'Float64Array [2, 0.5]', value: Float64Array.of(2, 0.5), expect: refusal('value', `${fn}(): argument '${arg}' must be a sequence of integers, but found 0.5 at index 1`) });
  return cases;
}

/** One sequence of integers (a shape, a list of dims). */
export function intListArg(fn, arg, { negative, optional = false } = {}) {
  const cases = [];
  if (!optional) cases.push({ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) });
  for (const [label, value, named] of [...wrongTypes(['an array']), ['a number', 3, '3'], ['a DataView', new DataView(new ArrayBuffer(8)), 'a DataView'], ['a Set', new Set([2]), 'a Set']])
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be a sequence of integers, not ${named}`) });
  cases.push(...badElements(fn, arg));
  if (negative) cases.push({ label: '[2, -3]', value: [2, -3], expect: negative });
  return cases;
}

/**
 * Sizes given either way (f(2, 3) or f([2, 3])): every case is a whole
 * argument list here, spread into the call.
 */
export function sizesArgs(fn, arg, { negative, missing }) {
  const cases = [{ label: 'no sizes', value: [], expect: missing }];
  // A lone number is a size (f(3)), not a bad sequence.
  for (const c of intListArg(fn, arg, { negative, optional: true }))
    if (typeof c.value !== 'number') cases.push({ ...c, value: [c.value] });
  for (const value of NOT_INTEGERS)
    cases.push({ label: `spread (2, ${value})`, value: [2, value], expect: refusal('value', `${fn}(): argument '${arg}' must be a sequence of integers, but found ${value} at index 1`) });
  for (const [label, value, named] of wrongTypes(['a plain object']))
    cases.push({ label: `spread (2, ${label})`, value: [2, value], expect: refusal('type', `${fn}(): argument '${arg}' must be a sequence of integers, but found ${named} at index 1`) });
  if (negative) cases.push({ label: 'spread (2, -3)', value: [2, -3], expect: negative });
  return cases;
}

/** A tensor of this instance, alive: disposed and foreign ones are refused. */
function tensorProblems(fn, arg, fixtures) {
  const what = arg === 'self' ? 'the tensor' : `argument '${arg}'`;
  return [
    { label: 'a disposed tensor', value: fixtures.disposed, expect: refusal('disposed', `${fn}(): ${what} is disposed (freed by dispose() or tidy()) and cannot be used`) },
    { label: "another instance's tensor", value: fixtures.foreign, expect: refusal('instance', `${fn}(): ${what} belongs to another tensorcast instance; each init() with options loads its own module, and tensors cannot move between them`) },
  ];
}

/** A Tensor or a number (booleans count as numbers, NaN and Infinity are values). */
export function operandArg(fn, arg, fixtures) {
  const cases = [{ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) }];
  for (const [label, value, named] of [...wrongTypes(['a boolean', 'a BigInt']), ['a Float32Array', new Float32Array(1), 'a Float32Array']])
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be a Tensor, a number, a boolean or a BigInt, not ${named}`) });
  // A BigInt is Python's int: it must fit int64, as PyTorch unpacks it.
  for (const value of [2n ** 63n, -(2n ** 63n) - 1n])
    cases.push({ label: `BigInt ${value}`, value, expect: refusal('value', 'Overflow when unpacking long') });
  return [...cases, ...tensorProblems(fn, arg, fixtures)];
}

/** A Tensor only. */
export function tensorArg(fn, arg, fixtures, { optional = false } = {}) {
  const cases = [];
  if (!optional) cases.push({ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) });
  for (const [label, value, named] of [...wrongTypes(), ['a number', 1, '1'], ['NaN', NaN, 'NaN']])
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be a Tensor, not ${named}`) });
  return [...cases, ...tensorProblems(fn, arg, fixtures)];
}

/** A number value (a fill value, alpha, an arange bound). */
export function numberArg(fn, arg) {
  const cases = [{ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) }];
  for (const [label, value, named] of wrongTypes(['a boolean']))
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be a number, not ${named}`) });
  return cases;
}

/** A fill value: a number, a boolean or a BigInt (full). */
export function fillArg(fn, arg) {
  const cases = [{ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) }];
  for (const [label, value, named] of wrongTypes(['a boolean', 'a BigInt']))
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be a number, a boolean or a BigInt, not ${named}`) });
  return cases;
}

/** A dtype option: one of the six names. */
export function dtypeArg(fn, arg = 'dtype') {
  const list = "'bool', 'uint8', 'int32', 'int64', 'float32', 'float64'";
  return [['int8', 'int8', "'int8'"], ['float', 'float', "'float'"], ['a number', 5, '5'], ['null', null, 'null']].map(([label, value, named]) => ({
    label,
    value,
    expect: refusal(typeof value === 'string' ? 'value' : 'type', `${fn}(): ${arg} must be one of ${list}, not ${named}`),
  }));
}

/** A boolean; a missing one is named "undefined" (these are never required positionally). */
export function boolArg(fn, arg) {
  return [...wrongTypes(['a boolean']), ['a number', 1, '1'], ['undefined', undefined, 'undefined']].map(([label, value, named]) => ({
    label,
    value,
    expect: refusal('type', `${fn}(): argument '${arg}' must be a boolean, not ${named}`),
  }));
}

/** A callback; one returning a Promise is refused after it ran. */
export function fnArg(fn, promiseMessage) {
  const cases = [...wrongTypes(['a function']), ['a number', 5, '5'], ['undefined', undefined, 'undefined']].map(([label, value, named]) => ({
    label,
    value,
    expect: refusal('type', `${fn}(): argument 'fn' must be a function, not ${named}`),
  }));
  if (promiseMessage) cases.push({ label: 'an async function', value: async () => 1, expect: refusal('value', promiseMessage) });
  return cases;
}

/** 'allow' | 'warn' | 'raise'. */
export function policyArg(fn) {
  const says = (v) => `${fn}(): policy must be 'allow', 'warn' or 'raise', not ${v}`;
  return [
    { label: 'missing', value: MISSING, expect: refusal('type', says('undefined')) },
    { label: "'RAISE'", value: 'RAISE', expect: refusal('value', says("'RAISE'")) },
    { label: "''", value: '', expect: refusal('value', says("''")) },
    { label: 'a number', value: 2, expect: refusal('type', says('2')) },
    { label: 'null', value: null, expect: refusal('type', says('null')) },
    { label: 'a String object', value: new String('raise'), expect: refusal('type', says('a String')) },
  ];
}

/**
 * An options object: not a plain object, an unknown key, or a known key
 * with a bad value (`keys` maps each known key to its cases).
 */
export function optionsArg(fn, keys, { plainOnly = false } = {}) {
  const known = Object.keys(keys);
  const cases = [{ label: 'an unknown option', value: { bogus: 1 }, expect: refusal('type', `${fn}(): unknown option 'bogus' (known: ${known.join(', ') || 'none'})`) }];
  // A misspelling is the usual unknown option.
  if (known.length > 0) {
    const typo = `${known[0].slice(0, -1)}`;
    cases.push({ label: `a misspelt option '${typo}'`, value: { [typo]: 1 }, expect: refusal('type', `${fn}(): unknown option '${typo}' (known: ${known.join(', ')})`) });
  }
  // Where sizes or numbers come first, a trailing non-object is read as one
  // of them, not as options: those functions get only object-shaped cases.
  if (!plainOnly)
    for (const [label, value, named] of [...wrongTypes(['a plain object', 'a function', 'a symbol']), ['a number', 5, '5'], ['a class instance', new Date(0), 'a Date']])
      cases.push({ label: `options as ${label}`, value, expect: refusal('type', `${fn}(): options must be a plain object, not ${named}`) });
  for (const [key, keyCases] of Object.entries(keys))
    // An option set to undefined counts as not given.
    for (const c of keyCases) if (c.value !== MISSING && c.value !== undefined) cases.push({ ...c, label: `option ${key}: ${c.label}`, value: { [key]: c.value } });
  return cases;
}

export { tensorProblems };

// --- lists of tensors (tc.cat, tc.stack)

/** A sequence of live tensors of this instance. */
export function tensorListArg(fn, arg, fixtures) {
  const cases = [{ label: 'missing', value: MISSING, expect: refusal('type', `${fn}(): missing argument '${arg}'`) }];
  for (const [label, value, named] of [...wrongTypes(['an array']), ['a Tensor', fixtures.f, 'a Tensor'], ['a number', 1, '1']])
    cases.push({ label, value, expect: refusal('type', `${fn}(): argument '${arg}' must be a sequence of Tensors, not ${named}`) });
  for (const [label, value, named] of [...wrongTypes(['an array']), ['a number', 1, '1'], ['an array', [fixtures.f], 'an array'], ['undefined (a hole)', undefined, 'undefined']])
    cases.push({ label: `[tensor, ${label}]`, value: [fixtures.f, value], expect: refusal('type', `${fn}(): argument '${arg}' must be a sequence of Tensors, but found ${named} at index 1`) });
  for (const problem of tensorProblems(fn, `${arg}[1]`, fixtures))
    cases.push({ ...problem, label: `[tensor, ${problem.label}]`, value: [fixtures.f, problem.value] });
  return cases;
}
