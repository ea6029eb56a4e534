// Empties the CPU caches of the workloads' data before each timed sample.
// Without it, a contestant inherits the previous one's lines: data it can
// read from L3 for free (the 12-16 MB inputs fit in this machine's 32 MB
// L3), or dirty lines it has to write back before it can stream its own
// result. Reading is the way to evict: memcmp of two buffers twice the L3
// size leaves only clean lines of data no workload uses.
import { readFileSync } from 'node:fs';

function l3Bytes() {
  try {
    const text = readFileSync('/sys/devices/system/cpu/cpu0/cache/index3/size', 'utf8').trim();
    const units = { K: 1 << 10, M: 1 << 20 };
    const match = /^(\d+)([KM])?$/.exec(text);
    if (match) return Number(match[1]) * (units[match[2]] ?? 1);
  } catch {
    // No sysfs: assume a large L3.
  }
  return 32 << 20;
}

export function makeFlush() {
  const half = Math.max(32 << 20, l3Bytes());
  // Filled, not zero: untouched zero pages all map to one physical page,
  // which would stay in cache and evict nothing.
  const a = Buffer.alloc(half, 7);
  const b = Buffer.alloc(half, 7);
  const flush = () => {
    if (Buffer.compare(a, b) !== 0) throw new Error('cache flush: buffers differ');
  };
  flush.bytes = 2 * half;
  return flush;
}
