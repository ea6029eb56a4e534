// A parsed view chain done with the core's own view ops, so the operand the
// op sees is a real view: its strides and storage offset are the core's.
// Indexing is Python's basic indexing, spelled with the ops the core has
// (an int is narrow + squeeze, which is select's view; a slice is narrow;
// None is unsqueeze). A slice's step other than 1 needs a strided view the
// core does not have: that is said, not faked. Call inside tc.tidy.
import type { Tensor } from 'tensorcast';
import type { ChainLink, IndexItem } from './view-chain.js';

export type ApplyResult =
  | { ok: true; tensor: Tensor }
  /** message: PyTorch's (or the core's) text for the failing op. */
  | { ok: false; link: ChainLink; message: string }
  /** A slice step the core cannot make a view for. */
  | { ok: false; link: ChainLink; step: number };

class IndexFailure {
  constructor(readonly message: string | null, readonly step: number | null) {}
}

/** Python's slice bounds for a dim of this size, as PyTorch clamps them (never an error). */
function sliceRange(size: number, start: number | null, stop: number | null): [number, number] {
  const clamp = (v: number): number => Math.min(Math.max(v < 0 ? v + size : v, 0), size);
  const from = start === null ? 0 : clamp(start);
  const to = stop === null ? size : clamp(stop);
  return [from, Math.max(to - from, 0)];
}

// As PyTorch's applySlicing: items in order, an int's message naming the
// item's place in the index (real_dim), a slice or None moving to the next dim.
function applyIndex(t: Tensor, items: readonly IndexItem[]): Tensor {
  const real = items.filter((i) => i.kind === 'int' || i.kind === 'slice').length;
  if (items.filter((i) => i.kind === 'ellipsis').length > 1)
    throw new IndexFailure("an index can only have a single ellipsis ('...')", null);
  if (t.ndim === 0 && items.some((i) => i.kind === 'int'))
    throw new IndexFailure('invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number', null);
  if (real > t.ndim) throw new IndexFailure(`too many indices for tensor of dimension ${t.ndim}`, null);
  let x = t;
  let d = 0;
  items.forEach((item, realDim) => {
    if (item.kind === 'ellipsis') {
      d += t.ndim - real;
    } else if (item.kind === 'none') {
      x = x.unsqueeze(d++);
    } else if (item.kind === 'int') {
      const size = x.shape[d] as number;
      if (item.value < -size || item.value >= size)
        throw new IndexFailure(`index ${item.value} is out of bounds for dimension ${realDim} with size ${size}`, null);
      x = x.narrow(d, item.value < 0 ? item.value + size : item.value, 1).squeeze(d);
    } else {
      if (item.step === 0) throw new IndexFailure('slice step cannot be zero', null);
      if (item.step !== null && item.step < 0) throw new IndexFailure('step must be greater than zero', null);
      if (item.step !== null && item.step > 1) throw new IndexFailure(null, item.step);
      const [start, length] = sliceRange(x.shape[d] as number, item.start, item.stop);
      x = x.narrow(d, start, length);
      d++;
    }
  });
  return x;
}

function applyLink(t: Tensor, link: ChainLink): Tensor {
  switch (link.op) {
    case 'T':
      // PyTorch reverses every dim (and warns that this is deprecated past 2 dims).
      return t.permute(Array.from({ length: t.ndim }, (_, k) => t.ndim - 1 - k));
    case 'mT':
      return t.mT;  // the core's rule and text (PyTorch 1.13 refuses only 1-D)
    case 't':
      if (t.ndim > 2) throw new IndexFailure(`t() expects a tensor with <= 2 dimensions, but self is ${t.ndim}D`, null);
      return t.ndim < 2 ? t.permute(Array.from({ length: t.ndim }, (_, k) => k)) : t.transpose(0, 1);
    case 'transpose':
      return t.transpose(link.dim0, link.dim1);
    case 'permute':
      return t.permute(link.dims);
    case 'narrow':
      return t.narrow(link.dim, link.start, link.length);
    case 'expand':
      return t.expand(link.sizes);
    case 'view':
      return t.view(link.sizes);
    case 'unsqueeze':
      return t.unsqueeze(link.dim);
    case 'squeeze':
      return link.dim === null ? t.squeeze() : t.squeeze(link.dim);
    case 'index':
      return applyIndex(t, link.items);
  }
}

/** The chain applied to base, link by link; the first failure stops it. */
export function applyChain(base: Tensor, links: readonly ChainLink[]): ApplyResult {
  let t = base;
  for (const link of links) {
    try {
      t = applyLink(t, link);
    } catch (error) {
      if (error instanceof IndexFailure)
        return error.step !== null ? { ok: false, link, step: error.step } : { ok: false, link, message: error.message ?? '' };
      return { ok: false, link, message: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: true, tensor: t };
}
