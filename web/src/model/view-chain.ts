// A view chain typed after an operand's shape (".T", ".transpose(0, 1)",
// "[:, 1:3]", ".expand(2, -1)"): read by the core's grammar
// (tc.readViewChain, src/syntax/view_chain.h, whose x[...] is the subscript
// grammar a.index(text) reads), never here. It is never evaluated; what it
// means is done by the core's own view ops (view-apply.ts). No DOM.
import type { ChainLink, ChainProblem, Tensorcast } from 'tensorcast';

export type { ChainLink };
/** Why a chain could not be read; at is the character it stopped at (0-based). */
export type ChainError = ChainProblem;

export type ChainResult = { ok: true; links: ChainLink[] } | { ok: false; error: ChainError };

/** What reading a chain needs of the package. */
export type ChainReader = Pick<Tensorcast, 'readViewChain'>;

/** The chain as typed; empty text is the empty chain (the operand as it is). */
export function parseChain(tc: ChainReader, text: string): ChainResult {
  // Nothing to read, nothing to ask: the core's answer for '' is no links
  // (tests/web/view-chain.test.js), and not asking keeps the chain reader out
  // of what a phone compiles for the first render, where most operands have no
  // chain (Note [Compiled on first call], src/for_size.h).
  if (text === '') return { ok: true, links: [] };
  const read = tc.readViewChain(text);
  return read.problem === null ? { ok: true, links: read.links } : { ok: false, error: read.problem };
}
