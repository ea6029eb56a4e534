// A wasm module's function sizes by index, as V8's traces number functions
// (bench/first-calls.js): the bytes of each body in the code section, the
// imported functions first with size 0.

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

/** Each section of the module: its id and where its contents start and end. */
function* sections(bytes) {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    yield { id, at, end: at + size };
    at += size;
  }
}

/** Each function's body size in bytes, by its index in the module (imported functions first, size 0). */
export function functionSizes(bytes) {
  const sizes = [];
  for (const { id, at } of sections(bytes)) {
    if (id === 2) {
      // The import section: only the number of imported functions matters.
      let [count, j] = leb(bytes, at);
      for (; count > 0; count--) {
        for (let k = 0; k < 2; k++) {
          const [n, next] = leb(bytes, j);
          j = next + n;
        }
        const kind = bytes[j++];
        if (kind === 0) {
          [, j] = leb(bytes, j);
          sizes.push(0);
        } else if (kind === 1) {
          j++;
          let flags;
          [flags, j] = leb(bytes, j);
          [, j] = leb(bytes, j);
          if (flags & 1) [, j] = leb(bytes, j);
        } else if (kind === 2) {
          let flags;
          [flags, j] = leb(bytes, j);
          [, j] = leb(bytes, j);
          if (flags & 1) [, j] = leb(bytes, j);
        } else if (kind === 3) j += 2;
        else if (kind === 4) [, j] = leb(bytes, j + 1);
        else throw new Error(`import kind ${kind}`);
      }
    } else if (id === 10) {
      let [count, j] = leb(bytes, at);
      for (; count > 0; count--) {
        const [n, next] = leb(bytes, j);
        sizes.push(n + (next - j));
        j = next + n;
      }
    }
  }
  return sizes;
}

/**
 * The functions' names by index, from the "name" section of a module linked
 * with --profiling-funcs (mangled, as the linker wrote them); an empty map
 * for a module without one.
 */
export function functionNames(bytes) {
  const names = new Map();
  for (const { id, at, end } of sections(bytes)) {
    if (id === 0) {
      const [length, j] = leb(bytes, at);
      if (Buffer.from(bytes.subarray(j, j + length)).toString() === 'name') {
        let k = j + length;
        while (k < end) {
          const sub = bytes[k++];
          let subSize;
          [subSize, k] = leb(bytes, k);
          if (sub === 1) {
            let [count, m] = leb(bytes, k);
            for (; count > 0; count--) {
              let index;
              let n;
              [index, m] = leb(bytes, m);
              [n, m] = leb(bytes, m);
              names.set(index, Buffer.from(bytes.subarray(m, m + n)).toString());
              m += n;
            }
          }
          k += subSize;
        }
      }
    }
  }
  return names;
}
