// What the verdict says when an operand's view chain fails: the chain could
// not be read (the playground's words, in both languages), the core refused
// an op (PyTorch's message, verbatim), or a slice's step needs a view the
// core does not have.
import type { Messages } from '../i18n/messages.js';
import { echo } from '../model/format.js';
import { MAX_ECHO } from '../model/limits.js';
import type { OperandProblem } from '../model/operands.js';
import type { OperandName } from '../model/state.js';
import type { ChainError } from '../model/view-chain.js';

export function chainErrorText(m: Messages, error: ChainError): string {
  const pos = error.at + 1;
  switch (error.kind) {
    case 'unexpected':
      return m.chain.unexpected(pos, echo(error.found, MAX_ECHO));
    case 'unknown':
      return m.chain.unknown(echo(error.name, MAX_ECHO));
    case 'arity':
      return m.chain.arity(error.name, error.expected, error.got);
    case 'unclosed':
      return m.chain.unclosed(error.bracket, pos);
    case 'number':
      return m.chain.number(echo(error.text, MAX_ECHO));
    case 'too-long':
      return m.chain.tooLong(error.limit);
  }
}

/** The lead and message for a chain problem; null for any other problem. */
export function chainProblem(m: Messages, name: OperandName, problem: OperandProblem | null): { lead: string; message: string } | null {
  switch (problem?.kind) {
    case 'chain':
      return { lead: m.chain.unreadable(name), message: chainErrorText(m, problem.error) };
    case 'view':
      return { lead: m.chain.failed(echo(`${name}${problem.link}`, MAX_ECHO)), message: echo(problem.message, MAX_ECHO * 2) };
    case 'view-step':
      return { lead: m.chain.unreadable(name), message: m.chain.step(echo(`${name}${problem.link}`, MAX_ECHO), problem.step) };
    default:
      return null;
  }
}
