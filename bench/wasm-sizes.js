// A wasm module's function sizes and names by index, as V8's traces number
// functions (bench/first-calls.js): imported functions first. The imports and
// the name section's bytes come from WebAssembly's own reflection; the code
// section's body sizes and the names in that section are read here.

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

// Each section's id and where its body starts and ends, from `at` on: a
// module's sections (after its 8-byte header), or the name section's
// subsections, which are laid out the same way.
function* sections(bytes, at) {
  while (at < bytes.length) {
    const id = bytes[at++];
    const [size, start] = leb(bytes, at);
    at = start + size;
    yield { id, start, end: at };
  }
}

/** Each function's body size in bytes, by its index in the module (imported functions first, size 0). */
export function functionSizes(bytes) {
  const imported = WebAssembly.Module.imports(new WebAssembly.Module(bytes)).filter((i) => i.kind === 'function').length;
  const sizes = new Array(imported).fill(0);
  for (const { id, start } of sections(bytes, 8)) {
    if (id !== 10) continue;
    let [count, j] = leb(bytes, start);
    for (; count > 0; count--) {
      const [n, next] = leb(bytes, j);
      sizes.push(n + (next - j));
      j = next + n;
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
  for (const section of WebAssembly.Module.customSections(new WebAssembly.Module(bytes), 'name')) {
    const b = new Uint8Array(section);
    for (const { id, start } of sections(b, 0)) {
      if (id !== 1) continue;
      let [count, m] = leb(b, start);
      for (; count > 0; count--) {
        let index;
        let n;
        [index, m] = leb(b, m);
        [n, m] = leb(b, m);
        names.set(index, Buffer.from(b.subarray(m, m + n)).toString());
        m += n;
      }
    }
  }
  return names;
}
