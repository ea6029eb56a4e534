// A wasm module's function sizes and names by index, as V8's traces number
// functions (bench/first-calls.js): imported functions first. The imports and
// the name section are read through WebAssembly's own reflection; only the
// code section's body sizes are read here.

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

/** Each function's body size in bytes, by its index in the module (imported functions first, size 0). */
export function functionSizes(bytes) {
  const imported = WebAssembly.Module.imports(new WebAssembly.Module(bytes)).filter((i) => i.kind === 'function').length;
  const sizes = new Array(imported).fill(0);
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    if (id === 10) {
      let [count, j] = leb(bytes, at);
      for (; count > 0; count--) {
        const [n, next] = leb(bytes, j);
        sizes.push(n + (next - j));
        j = next + n;
      }
    }
    at += size;
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
  for (const section of WebAssembly.Module.customSections(new WebAssembly.Module(bytes), 'name')) {
    const b = new Uint8Array(section);
    let k = 0;
    while (k < b.length) {
      const sub = b[k++];
      let subSize;
      [subSize, k] = leb(b, k);
      if (sub === 1) {
        let [count, m] = leb(b, k);
        for (; count > 0; count--) {
          let index;
          let n;
          [index, m] = leb(b, m);
          [n, m] = leb(b, m);
          names.set(index, Buffer.from(b.subarray(m, m + n)).toString());
          m += n;
        }
      }
      k += subSize;
    }
  }
  return names;
}
