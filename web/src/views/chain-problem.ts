// What the verdict says when an operand's view chain fails: the chain could
// not be read (the core's grammar says why and where, the playground words
// it in both languages; PyTorch's own text where PyTorch refuses the index),
// the core refused an op (PyTorch's message, verbatim), or an index item
// would make a copy, not a view.
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
      return m.chain.unknown(echo(error.found, MAX_ECHO));
    case 'arity':
      return m.chain.arity(echo(error.found, MAX_ECHO), error.expected, error.got);
    case 'unclosed':
      return m.chain.unclosed(error.found, pos);
    case 'number':
      return m.chain.number(echo(error.found, MAX_ECHO));
    case 'too-long':
      return m.chain.tooLong(error.limit);
    case 'text-too-long':
      return m.chain.textTooLong(error.limit);
    case 'too-deep':
      return m.chain.tooDeep(error.limit);
    case 'pytorch':
      return m.chain.pytorch(echo(error.message, MAX_ECHO * 2));
  }
}

/** The lead and message for a chain problem; null for any other problem. */
export function chainProblem(m: Messages, name: OperandName, problem: OperandProblem | null): { lead: string; message: string } | null {
  switch (problem?.kind) {
    case 'chain':
      return { lead: m.chain.unreadable(name), message: chainErrorText(m, problem.error) };
    case 'view':
      return { lead: m.chain.failed(echo(`${name}${problem.link}`, MAX_ECHO)), message: echo(problem.message, MAX_ECHO * 2) };
    case 'view-copy':
      return { lead: m.chain.unreadable(name), message: m.chain.copy(echo(`${name}${problem.link}`, MAX_ECHO), echo(problem.item, MAX_ECHO)) };
    default:
      return null;
  }
}
