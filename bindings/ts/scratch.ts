// The JS side of bindings/scratch.h: shapes go into wasm memory as doubles
// before a call and come back the same way. Emscripten replaces HEAPF64
// when the memory grows, so it is read from the module on every use.
import type { Core } from './core.js';

const INITIAL = 256; // doubles; bindings/scratch.cpp starts with as many
const TEXT = new TextEncoder();

export class Scratch {
  private address: number;
  private capacity = INITIAL;

  constructor(private readonly core: Core) {
    this.address = core._tc_scratch_reserve(INITIAL);
  }

  private index(count: number): number {
    if (count > this.capacity) {
      this.address = this.core._tc_scratch_reserve(count);
      this.capacity = count;
    }
    return this.address / 8;
  }

  /** Writes a BigInt's 64 bits into `slot` (read by the core as an int64). */
  writeInt64(slot: number, value: bigint): void {
    const at = this.index(slot + 1);
    new BigInt64Array(this.core.HEAPU8.buffer, (at + slot) * 8, 1)[0] = value;
  }

  /** Writes the integers at slot 0; returns how many. */
  writeInts(values: readonly number[]): number {
    const at = this.index(values.length);
    const heap = this.core.HEAPF64;
    for (let i = 0; i < values.length; i++) heap[at + i] = values[i] as number;
    return values.length;
  }

  /** Packs shapes as [ndim0, sizes0..., ndim1, ...]; returns how many shapes. */
  writeShapes(shapes: readonly (readonly number[])[]): number {
    let total = 0;
    for (const s of shapes) total += 1 + s.length;
    let at = this.index(total);
    const heap = this.core.HEAPF64;
    for (const s of shapes) {
      heap[at++] = s.length;
      for (const size of s) heap[at++] = size;
    }
    return shapes.length;
  }

  /**
   * Writes `texts` as UTF-8 after the first `slots` doubles (which
   * writeInts fills next); returns each one's [byte offset from there, byte length].
   */
  writeTextsAfter(slots: number, texts: readonly string[]): [number, number][] {
    let most = 0;
    for (const t of texts) most += 3 * t.length; // UTF-8 bytes per UTF-16 unit, at most
    const at = this.index(slots + Math.ceil(most / 8));
    const heap = this.core.HEAPU8.subarray((at + slots) * 8);
    let offset = 0;
    return texts.map((t) => {
      const { written } = TEXT.encodeInto(t, heap.subarray(offset));
      offset += written;
      return [offset - written, written];
    });
  }

  /** Writes bytes (UTF-8 text) from the start of the buffer. */
  writeBytes(bytes: Uint8Array): number {
    return this.writeBytesAfter(0, bytes);
  }

  /**
   * Writes bytes after the first `slots` doubles; returns how many bytes.
   * Growing keeps what the buffer holds (bindings/scratch.cpp resizes a vector).
   */
  writeBytesAfter(slots: number, bytes: Uint8Array): number {
    this.index(slots + Math.ceil(bytes.length / 8));
    this.core.HEAPU8.set(bytes, this.address + slots * 8);
    return bytes.length;
  }

  read(slot: number): number {
    return this.core.HEAPF64[this.address / 8 + slot] as number;
  }

  readInts(slot: number, count: number): number[] {
    const heap = this.core.HEAPF64;
    const at = this.address / 8 + slot;
    return Array.from(heap.subarray(at, at + count));
  }
}
