// The package's public surface, read from the declaration files that ship in
// dist/ (what a TypeScript user can call), not from a list kept by hand: a
// function added to the package appears here by itself, and the bad-input
// matrix fails until it covers it. Internal members are stripped from the
// .d.ts files by tsc (`@internal`), private ones are marked `private`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

function read(module) {
  // Comments carry words like "set" and "get"; the parser must not see them.
  return readFileSync(`${DIST}${module}.d.ts`, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '');
}

// `import { A } from './x.js'` and `import type { A } ...`: name -> module.
function imports(text) {
  const out = new Map();
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'\.\/([\w/-]+)\.js'/g))
    for (const name of m[1].split(',').map((s) => s.trim()).filter(Boolean)) out.set(name, m[2]);
  return out;
}

// The text between the braces that open at `from` (which must be a '{').
function braced(text, from) {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(from + 1, i);
  }
  throw new Error('unbalanced braces in a .d.ts file');
}

// Members at depth 0 of a class body, one declaration each.
function declarations(body) {
  const out = [];
  let depth = 0;
  let current = '';
  for (const [i, ch] of [...body].entries()) {
    if ('({[<'.includes(ch)) depth++;
    // The '>' of an arrow type (`fn: () => T`) closes nothing.
    if (')}]'.includes(ch) || (ch === '>' && body[i - 1] !== '=')) depth--;
    if (ch === ';' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  return out.filter(Boolean);
}

function classMembers(className, module, path, out, seen, exported) {
  if (seen.has(className)) return;
  seen.add(className);
  const text = read(module);
  const header = text.match(new RegExp(`export\\s+declare\\s+class\\s+${className}\\b[^{]*`));
  if (!header) throw new Error(`class ${className} not found in ${module}.d.ts`);
  const known = imports(text);
  // An exported class can be called with `new`, whether or not it declares
  // a constructor; one reached only as a property's type cannot.
  if (exported) out.push({ owner: className, path, name: 'constructor', kind: 'constructor' });
  for (const decl of declarations(braced(text, header.index + header[0].length))) {
    // `#private;` is how tsc declares a class's private fields (#x).
    if (/^(private|protected)\b/.test(decl) || decl === '#private') continue;
    let m;
    if ((m = decl.match(/^(get|set)\s+(\w+)\s*\(/))) {
      out.push({ owner: className, path, name: m[2], kind: m[1] });
    } else if ((m = decl.match(/^constructor\s*\(/))) {
      continue;
    } else if ((m = decl.match(/^(?:static\s+)?(\w+)\s*(?:<[^(]*>)?\s*\(/))) {
      out.push({ owner: className, path, name: m[1], kind: 'method' });
    } else if ((m = decl.match(/^(?:readonly\s+)?(\w+)\??\s*:\s*([\w\s.[\]]+?)\s*$/))) {
      const [, name, type] = m;
      if (known.has(type) && new RegExp(`declare\\s+class\\s+${type}\\b`).test(read(known.get(type)))) {
        // An object of a package class hung on this one (tc.explain): its
        // methods are public too.
        out.push({ owner: className, path, name, kind: 'property' });
        classMembers(type, known.get(type), `${path}.${name}`, out, seen, false);
      } else {
        out.push({ owner: className, path, name, kind: 'property' });
      }
    } else {
      throw new Error(`api-surface.js cannot read this declaration of ${className}: ${decl}`);
    }
  }
  // Methods merged in through `export interface C extends Ops<C> {}`, an
  // interface of the op table's or the registry's methods (generated/*.d.ts).
  for (const merged of text.matchAll(new RegExp(`export\\s+interface\\s+${className}\\s+extends\\s+([^{]*)\\{`, 'g')))
    for (const r of merged[1].matchAll(/(\w+)<\w+>/g))
      for (const name of interfaceMethods(r[1], known.get(r[1]) ?? module))
        out.push({ owner: className, path, name, kind: 'method' });
}

// The method names declared by an interface.
function interfaceMethods(name, module) {
  const text = read(module);
  const header = text.match(new RegExp(`export\\s+interface\\s+${name}\\b[^{]*`));
  if (!header) throw new Error(`interface ${name} not found in ${module}.d.ts`);
  return declarations(braced(text, header.index + header[0].length)).map((decl) => {
    const m = decl.match(/^(\w+)\s*\(/);
    if (!m) throw new Error(`api-surface.js cannot read this member of ${name}: ${decl}`);
    return m[1];
  });
}

/**
 * Every callable thing reachable from the package's entry point:
 * { owner, path, name, kind } with kind 'function' | 'constructor' |
 * 'method' | 'get' | 'set' | 'property'. Overloads appear once.
 */
export function publicSurface() {
  const index = read('index');
  const out = [];
  const seen = new Set();
  for (const m of index.matchAll(/export\s+\{([^}]*)\}\s+from\s+'\.\/([\w/-]+)\.js'/g)) {
    for (const name of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
      const text = read(m[2]);
      if (new RegExp(`export\\s+declare\\s+function\\s+${name}\\b`).test(text))
        out.push({ owner: '', path: '', name, kind: 'function' });
      else if (new RegExp(`export\\s+declare\\s+class\\s+${name}\\b`).test(text))
        classMembers(name, m[2], name, out, seen, true);
      // A list of names (INNER_PATTERNS): nothing to call.
      else if (new RegExp(`export\\s+declare\\s+const\\s+${name}\\s*:\\s*readonly\\s*\\[`).test(text)) continue;
      // A list of records (REGISTRY): data, nothing to call.
      else if (new RegExp(`export\\s+declare\\s+const\\s+${name}\\s*:\\s*readonly\\s+\\w+\\[\\];`).test(text)) continue;
      // A number (MAX_DIMS): nothing to call either.
      else if (new RegExp(`export\\s+declare\\s+const\\s+${name}\\s*=\\s*\\d+;`).test(text)) continue;
      else throw new Error(`api-surface.js: ${name} from ${m[2]}.d.ts is neither a function nor a class`);
    }
  }
  const unique = new Map(out.map((e) => [keyOf(e), e]));
  return [...unique.values()];
}

/** 'init', 'new Tensor', 'Tensor#add', 'Tensor#shape (get)', 'Explain#op'. */
export function keyOf({ owner, name, kind }) {
  if (kind === 'function') return name;
  if (kind === 'constructor') return `new ${owner}`;
  if (kind === 'get' || kind === 'set') return `${owner}#${name} (${kind})`;
  return `${owner}#${name}`;
}
