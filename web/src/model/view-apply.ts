// A parsed view chain done with the core's own view ops, so the operand the
// op sees is a real view: its strides and storage offset are the core's.
// Indexing is the core's a.index(text), PyTorch's basic indexing with its
// texts; an item that would make a copy (a list, True or False: advanced
// indexing) is refused, since a chain views the operand's storage. Call
// inside tc.tidy.
import type { Tensor } from 'tensorcast';
import type { ChainLink } from './view-chain.js';

export type ApplyResult =
  | { ok: true; tensor: Tensor }
  /** message: PyTorch's (or the core's) text for the failing op. */
  | { ok: false; link: ChainLink; message: string }
  /** An index item that makes a copy, not a view (its text: "[0, 1]", "True"). */
  | { ok: false; link: ChainLink; copy: string };

class CopyItem {
  constructor(readonly text: string) {}
}

const at = (args: readonly number[], i: number): number => args[i] as number;

function applyLink(t: Tensor, link: ChainLink): Tensor {
  const { args } = link;
  switch (link.op) {
    case 'T':
      // PyTorch reverses every dim (and warns that this is deprecated past 2 dims).
      return t.permute(Array.from({ length: t.ndim }, (_, k) => t.ndim - 1 - k));
    case 'mT':
      return t.mT;  // the core's rule and text (PyTorch 1.13 refuses only 1-D)
    case 't':
      return t.t();
    case 'transpose':
      return t.transpose(at(args, 0), at(args, 1));
    case 'permute':
      return t.permute(args);
    case 'narrow':
      return t.narrow(at(args, 0), at(args, 1), at(args, 2));
    case 'expand':
      return t.expand(args);
    case 'view':
      return t.view(args);
    case 'unsqueeze':
      return t.unsqueeze(at(args, 0));
    case 'squeeze':
      return link.dim === null ? t.squeeze() : t.squeeze(link.dim);
    case 'index': {
      const copy = link.items.find((i) => i.kind === 'list' || i.kind === 'bool');
      if (copy !== undefined) throw new CopyItem(copy.text);
      return t.index(link.index as string);
    }
  }
}

/** The chain applied to base, link by link; the first failure stops it. */
export function applyChain(base: Tensor, links: readonly ChainLink[]): ApplyResult {
  let t = base;
  for (const link of links) {
    try {
      t = applyLink(t, link);
    } catch (error) {
      if (error instanceof CopyItem) return { ok: false, link, copy: error.text };
      return { ok: false, link, message: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: true, tensor: t };
}
