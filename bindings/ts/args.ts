// Checking what callers pass, before anything reaches wasm: Embind would
// otherwise truncate 2.5 to 2, turn NaN into 0, or fail with its own
// unhelpful text. Messages follow PyTorch's argument-parser style:
// "zeros(): argument 'size' must be a sequence of integers, but found 2.5 at index 1".
import { TensorcastError } from './errors.js';
import type { ErrorKind } from './errors.js';
import { DTYPES } from './generated/traces.js';
import { detachedMessage, isDetached } from './typed-view.js';

export function fail(kind: ErrorKind, message: string): never {
  throw new TensorcastError(message, kind);
}

/** How a value reads in a message: "string", "NaN", "an array", "null". */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    const name = (value as object).constructor?.name;
    return name && name !== 'Object' ? `a ${name}` : 'an object';
  }
  return typeof value;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A BigInt as Python's int: PyTorch unpacks it into an int64, or raises its overflow error. */
export function checkInt64(value: bigint): bigint {
  if (BigInt.asIntN(64, value) !== value) fail('value', 'Overflow when unpacking long');
  return value;
}

/** checkInt64, as a number when a double holds it exactly. */
export function int64Value(value: bigint): number | bigint {
  checkInt64(value);
  return value >= -MAX_SAFE && value <= MAX_SAFE ? Number(value) : value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An integer that a double holds exactly (a size, a dim, an index). */
export function checkInt(value: unknown, fn: string, arg: string): number {
  if (value === undefined) fail('type', `${fn}(): missing argument '${arg}'`);
  if (typeof value !== 'number')
    fail('type', `${fn}(): argument '${arg}' must be an integer, not ${describe(value)}`);
  if (!Number.isInteger(value))
    fail('value', `${fn}(): argument '${arg}' must be an integer, but got ${value}`);
  if (!Number.isSafeInteger(value))
    fail('value', `${fn}(): argument '${arg}' is too large: ${value} (at most ${Number.MAX_SAFE_INTEGER} in magnitude)`);
  return value;
}

function checkListed(value: unknown, fn: string, arg: string, index: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value))
    fail(typeof value === 'number' ? 'value' : 'type',
      `${fn}(): argument '${arg}' must be a sequence of integers, but found ${describe(value)} at index ${index}`);
  if (!Number.isSafeInteger(value))
    fail('value', `${fn}(): argument '${arg}' has ${value} at index ${index}, too large (at most ${Number.MAX_SAFE_INTEGER} in magnitude)`);
  return value;
}

/** A sequence of integers: a JS array or a typed array. */
export function checkIntList(value: unknown, fn: string, arg: string): number[] {
  if (value === undefined) fail('type', `${fn}(): missing argument '${arg}'`);
  if (!Array.isArray(value) && !(ArrayBuffer.isView(value) && !(value instanceof DataView)))
    fail('type', `${fn}(): argument '${arg}' must be a sequence of integers, not ${describe(value)}`);
  if (ArrayBuffer.isView(value) && isDetached(value)) fail('type', `${fn}(): ${detachedMessage(value, `given as argument '${arg}'`)}`);
  const list = value as ArrayLike<unknown>;
  const out = new Array<number>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = checkListed(list[i], fn, arg, i);
  return out;
}

/**
 * Sizes or dims given PyTorch's two ways: spread (expand(3, 2, 3)) or as one
 * sequence (expand([3, 2, 3])).
 */
export function checkSizes(args: readonly unknown[], fn: string, arg: string): number[] {
  if (args.length === 1 && typeof args[0] !== 'number') return checkIntList(args[0], fn, arg);
  const out = new Array<number>(args.length);
  for (let i = 0; i < args.length; i++) out[i] = checkListed(args[i], fn, arg, i);
  return out;
}

/** A value operand: any number (NaN and Infinity are values), or a boolean. */
export function checkNumber(value: unknown, fn: string, arg: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) fail('type', `${fn}(): missing argument '${arg}'`);
  return fail('type', `${fn}(): argument '${arg}' must be a number, not ${describe(value)}`);
}

export function checkBool(value: unknown, fn: string, arg: string): boolean {
  if (typeof value !== 'boolean')
    fail('type', `${fn}(): argument '${arg}' must be a boolean, not ${describe(value)}`);
  return value;
}

export function checkFunction<F>(value: unknown, fn: string): F {
  if (typeof value !== 'function')
    fail('type', `${fn}(): argument 'fn' must be a function, not ${describe(value)}`);
  return value as F;
}

/** An options object (or undefined), with no keys but the known ones. */
export function checkOptions<T extends object>(
  value: unknown,
  fn: string,
  known: readonly string[],
): Partial<T> {
  if (value === undefined) return {};
  if (!isPlainObject(value))
    fail('type', `${fn}(): options must be a plain object, not ${describe(value)}`);
  for (const key of Object.keys(value))
    if (!known.includes(key))
      fail('type', `${fn}(): unknown option '${key}' (known: ${known.join(', ') || 'none'})`);
  return value as Partial<T>;
}

/** Splits a trailing options object off variadic arguments. */
export function splitOptions(args: readonly unknown[]): [unknown[], unknown] {
  const last = args[args.length - 1];
  return isPlainObject(last) ? [args.slice(0, -1), last] : [args.slice(), undefined];
}

/** Refuses arguments past the `count` an op takes; `hint` ends the message. */
export function noExtra(fn: string, count: number, extra: readonly unknown[], hint = ''): void {
  if (extra.length > 0)
    fail('type', `${fn}() takes ${count} argument${count === 1 ? '' : 's'} but ${count + extra.length} ${count + extra.length === 1 ? 'was' : 'were'} given${hint}`);
}

/** add/sub's { alpha } (1 when not given); `takes` false: the op has none. */
export function checkAlpha(options: unknown, fn: string, takes: boolean): number {
  if (options === undefined || !takes) return 1;
  const { alpha } = checkOptions<{ alpha?: number }>(options, fn, ['alpha']);
  return alpha === undefined ? 1 : checkNumber(alpha, fn, 'alpha');
}

/** A dtype name ('int64', ...) as its code across the wasm boundary. */
export function checkDType(value: unknown, fn: string, arg: string): number {
  const code = typeof value === 'string' ? (DTYPES as readonly string[]).indexOf(value) : -1;
  if (code < 0)
    fail(typeof value === 'string' ? 'value' : 'type',
      `${fn}(): ${arg} must be one of ${DTYPES.map((d) => `'${d}'`).join(', ')}, not ${typeof value === 'string' ? `'${value}'` : describe(value)}`);
  return code;
}
