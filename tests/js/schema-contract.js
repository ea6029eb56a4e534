// The generated TypeScript read back as a contract: the interfaces and
// enums of bindings/ts/generated/*.ts (written from the core's describe()s),
// and a check that a JSON value the core wrote has exactly an interface's
// keys, each of its type. program.test.js checks tc.run's JSON with it,
// syntax.test.js the grammars'.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');

// `export interface Name extends A, B { member: type; ... }` of a .ts file,
// comments stripped: name -> { extends, members: Map(name -> type text) }.
function interfaces(path) {
  const text = read(path).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const out = new Map();
  for (const m of text.matchAll(/export\s+interface\s+(\w+)(?:\s+extends\s+([\w\s,]+))?\s*\{([^}]*)\}/g)) {
    const members = new Map();
    for (const decl of m[3].split(';').map((s) => s.trim()).filter(Boolean)) {
      const d = decl.match(/^(\w+)(\?)?\s*:\s*([\s\S]+)$/);
      assert.ok(d, `cannot read member of ${m[1]}: ${decl}`);
      members.set(d[1], { type: d[3].replace(/\s+/g, ' '), optional: d[2] === '?' });
    }
    out.set(m[1], { extends: m[2] ? m[2].split(',').map((s) => s.trim()) : [], members });
  }
  return out;
}

// The generated enums: `export const LIST = [...] as const;` and
// `export type Name = (typeof LIST)[number];` -> Name -> values.
function enums(path) {
  const text = read(path);
  const lists = new Map([...text.matchAll(/export const (\w+) = \[([^\]]*)\] as const;/g)]
    .map((m) => [m[1], [...m[2].matchAll(/'([^']*)'/g)].map((v) => v[1])]));
  return new Map([...text.matchAll(/export type (\w+) = \(typeof (\w+)\)\[number\];/g)]
    .map((m) => [m[1], lists.get(m[2])]));
}

/**
 * conforms(value, type, where) for the interfaces of `typeFiles` and the
 * enums of `enumFiles` (paths from the repository's root); `custom(value,
 * type, where)` checks the types the schema leaves to the binding and
 * returns true when it knew the type.
 */
export function contract(typeFiles, enumFiles, custom = () => false) {
  const TYPES = new Map(typeFiles.flatMap((f) => [...interfaces(f)]));
  const ENUMS = new Map(enumFiles.flatMap((f) => [...enums(f)]));
  function membersOf(name) {
    const entry = TYPES.get(name);
    assert.ok(entry, `no interface ${name}`);
    const all = new Map();
    for (const base of entry.extends) for (const [k, v] of membersOf(base)) all.set(k, v);
    for (const [k, v] of entry.members) all.set(k, v);
    return all;
  }
  // Checks `value` against a type text, exactly: every key of an interface present and no other.
  function conforms(value, type, where) {
    type = type.trim();
    if (type.includes(' | ')) {
      const options = type.split(' | ');
      if (value === null && options.includes('null')) return;
      const others = options.filter((t) => t !== 'null');
      if (others.length === 1) return conforms(value, others[0], where);
      assert.ok(others.some((t) => typeof value === 'string' && /^'.*'$/.test(t) && t === `'${value}'`), `${where}: ${JSON.stringify(value)} is not ${type}`);
      return;
    }
    if (type.endsWith('[]')) {
      assert.ok(Array.isArray(value), `${where}: not an array`);
      value.forEach((v, i) => conforms(v, type.slice(0, -2), `${where}[${i}]`));
      return;
    }
    const record = type.match(/^Record<string, (\w+)>$/);
    if (record) {
      assert.equal(typeof value, 'object', where);
      for (const [k, v] of Object.entries(value)) conforms(v, record[1], `${where}.${k}`);
      return;
    }
    if (type === 'number') return assert.equal(typeof value, 'number', where);
    if (type === 'string') return assert.equal(typeof value, 'string', where);
    if (type === 'boolean') return assert.equal(typeof value, 'boolean', where);
    if (/^'.*'$/.test(type)) return assert.equal(`'${value}'`, type, where);
    if (ENUMS.has(type)) return assert.ok(ENUMS.get(type).includes(value), `${where}: ${JSON.stringify(value)} is not a ${type}`);
    if (custom(value, type, where)) return;
    if (TYPES.has(type)) {
      const members = membersOf(type);
      assert.deepEqual(Object.keys(value).sort(), [...members.keys()].sort(), `${where}: the keys of ${type}`);
      for (const [k, m] of members) conforms(value[k], m.type, `${where}.${k}`);
      return;
    }
    assert.fail(`${where}: no check for type ${type}`);
  }
  return conforms;
}
