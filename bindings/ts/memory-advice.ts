// What tensorcast tells a program that forgets to free tensors: a warning
// once many tensors made outside any tidy() are alive, and, when memory
// runs out, how much is alive, what made it and what to do. The thresholds
// are chosen so that the usual forgetful loop is warned long before it
// fails: the wasm memory ends at 4 GiB, so a quarter of it held while
// dozens of tensors float outside tidy() is worth a word, as are ten
// thousand such tensors of any size.

/** Tensors made outside any tidy() alive at once before the warning, whatever their size. */
export const UNTRACKED_TENSORS = 10_000;
/** Or this many bytes of tensor storage alive while UNTRACKED_MIN such tensors are. */
export const UNTRACKED_BYTES = 2 ** 30;
export const UNTRACKED_MIN = 64;

/** What is alive in one instance, for the words below. */
export interface Census {
  live: number;
  untracked: number;
  bytes: number;
  origins: readonly string[];
  made: readonly number[];
}

/** Whether `untracked` tensors outside tidy() are too many; reads the bytes only now and then. */
export function tooManyUntracked(untracked: number, bytes: () => number): boolean {
  if (untracked >= UNTRACKED_TENSORS) return true;
  return untracked >= UNTRACKED_MIN && untracked % UNTRACKED_MIN === 0 && bytes() >= UNTRACKED_BYTES;
}

/**
 * Whether this engine parses `using` declarations. Found without eval (a
 * strict Content-Security-Policy forbids it): the engines that parse
 * `using` (V8 from Chrome 134 and Node 24, Firefox 141) ship the global
 * DisposableStack with it, while Node 20 and 22 have Symbol.dispose but
 * neither. Code compiled by TypeScript or Babel needs no syntax support,
 * but the advice cannot know it is.
 */
export const USING_PARSES = typeof (globalThis as { DisposableStack?: unknown }).DisposableStack === 'function';

/** What to do about tensors left alive; names `using` only where it parses. */
export function whatToDo(usingParses: boolean): string {
  const free = usingParses
    ? 'call t.dispose(), or declare tensors with `using t = ...`'
    : 'or call t.dispose() (in a finally block when an error may come before it)';
  return 'Free tensors you no longer need: wrap the loop body in tc.tidy(() => ...), which disposes every tensor made inside it except the result, ' +
    `${free}. The garbage collector frees forgotten tensors only after your code yields to the event loop, ` +
    'and it does not see wasm memory filling up.';
}

const WHAT_TO_DO = whatToDo(USING_PARSES);

function bytesText(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${bytes} bytes`;
}

// "add (536), mul (535), tensor (2)": the origins of most live tensors.
function mostMade(census: Census, count = 3): string {
  return census.made
    .map((n, i) => [census.origins[i] as string, n] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, n]) => `${name} (${n})`)
    .join(', ');
}

function alive(census: Census): string {
  return `${census.live} tensors are alive (${bytesText(census.bytes)} of tensor storage), ${census.untracked} of them made outside any tidy(); ` +
    `most were made by ${mostMade(census)}.`;
}

/** The warning's text. */
export function untrackedWarning(census: Census): string {
  return `many tensors made outside tc.tidy() are alive and never disposed: ${alive(census)} ${WHAT_TO_DO}`;
}

/**
 * An out-of-memory message with what is alive and what to do; unchanged when
 * freeing could not help (one tensor larger than tensorcast may allocate) or
 * nothing is alive.
 */
export function outOfMemoryAdvice(message: string, census: Census): string {
  if (census.live === 0 || message.endsWith('bytes tensorcast may allocate')) return message;
  return `${message}. ${alive(census)} ${WHAT_TO_DO}`;
}
