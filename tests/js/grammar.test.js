// The grammar that heads docs/programs.md is what the parser accepts:
// programs written from its rules (every alternative, option and repetition
// of every rule taken at least once) parse, and each near-miss of the table
// after it is refused with its SyntaxError.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const doc = readFileSync(new URL('../../docs/programs.md', import.meta.url), 'utf8');

// --- reading the EBNF block into trees:
// { seq: [...] } | { alt: [...] } | { opt: x } | { rep: x } | { lit: '...' } | { ref: 'name' }
function readGrammar(text) {
  const block = text.match(/```ebnf\n([\s\S]*?)```/)[1];
  const tokens = [...block.matchAll(/'[^']*'|::=|[A-Za-z_]+|[|()[\]{}]/g)].map((m) => m[0]);
  const rules = new Map();
  let i = 0;
  const peek = () => tokens[i];
  const startsRule = () => /^[a-z_]+$/.test(tokens[i] ?? '') && tokens[i + 1] === '::=';
  function alternatives() {
    const alts = [sequence()];
    while (peek() === '|') {
      i += 1;
      alts.push(sequence());
    }
    return alts.length === 1 ? alts[0] : { alt: alts };
  }
  function sequence() {
    const items = [];
    while (i < tokens.length && !['|', ')', ']', '}'].includes(peek()) && !startsRule()) items.push(unit());
    return { seq: items };
  }
  function closing(close) {
    const inner = alternatives();
    assert.equal(tokens[i], close, `expected ${close} at token ${i}`);
    i += 1;
    return inner;
  }
  function unit() {
    const t = tokens[i++];
    if (t === '(') return closing(')');
    if (t === '[') return { opt: closing(']') };
    if (t === '{') return { rep: closing('}') };
    if (t.startsWith("'")) return { lit: t.slice(1, -1) };
    return { ref: t };
  }
  while (i < tokens.length) {
    assert.ok(startsRule(), `a rule at token ${i}: ${tokens.slice(i, i + 3).join(' ')}`);
    const name = tokens[i];
    i += 2;
    rules.set(name, alternatives());
  }
  return rules;
}

// --- writing sentences
const TOKENS = {
  INT: ['0', '7', '0x1f', '0o17', '0b101', '1_000'],
  FLOAT: ['1.5', '.5', '1.', '1e-3'],
  STRING: ["'a'", '"b"', "r'\\d'", "'\\n'", "f'{1}'", "f'x={1 + 2:>4}!'"],
  NEWLINE: ['\n'],
  INDENT: [{ indent: 1 }],
  DEDENT: [{ indent: -1 }],
};

// The words written, as a program's text: INDENT and DEDENT change the
// indentation of the lines after them.
function text(words) {
  let level = 0;
  let out = '';
  let lineStart = true;
  for (const w of words) {
    if (typeof w === 'object') {
      level += w.indent;
      continue;
    }
    if (w === '\n') {
      out += '\n';
      lineStart = true;
      continue;
    }
    out += lineStart ? '    '.repeat(level) + w : ` ${w}`;
    lineStart = false;
  }
  return out;
}

const MODULE = ['torch', 'nn', 'functional'];

// A seeded generator (mulberry32): the same programs on every run.
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// How deep a tree must go to reach only tokens (Infinity for a rule that
// cannot end), so that past the depth budget the writer takes the
// shallowest way out.
function heights(rules) {
  const h = new Map([...rules.keys()].map((k) => [k, Infinity]));
  const of = (n) => {
    if (n.lit !== undefined) return 0;
    if (n.ref !== undefined) return rules.has(n.ref) ? h.get(n.ref) : 0;
    if (n.opt || n.rep) return 0;
    if (n.alt) return Math.min(...n.alt.map(of));
    return Math.max(0, ...n.seq.map(of));
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, body] of rules) {
      const v = of(body) + 1;
      if (v < h.get(name)) {
        h.set(name, v);
        changed = true;
      }
    }
  }
  return { h, of };
}

function writer(rules, seed, seen) {
  const next = random(seed);
  const { of } = heights(rules);
  let names = 0;
  let module = 0;
  const out = [];
  const mark = (key) => seen.add(key);
  function walk(node, depth, path) {
    if (node.lit !== undefined) return out.push(node.lit);
    if (node.ref !== undefined) {
      if (!rules.has(node.ref)) {
        // A module path is checked before anything runs (programs import
        // torch, torch.nn, torch.nn.functional): its names are those.
        if (node.ref === 'NAME' && path.startsWith('dotted')) return out.push(MODULE[module++] ?? 'x');
        if (node.ref === 'NAME') return out.push(`n${names++}`);  // fresh: a keyword argument never repeats
        const choices = TOKENS[node.ref];
        return out.push(choices[Math.floor(next() * choices.length)]);
      }
      if (node.ref === 'dotted') module = 0;
      return walk(rules.get(node.ref), depth + 1, node.ref);
    }
    const deep = depth > 16;
    if (node.alt) {
      let k = Math.floor(next() * node.alt.length);
      if (deep) {
        const best = Math.min(...node.alt.map(of));
        k = node.alt.findIndex((a) => of(a) === best);
      }
      mark(`${path} alternative ${k + 1}`);
      return walk(node.alt[k], depth, `${path}/${k + 1}`);
    }
    if (node.opt) {
      const take = !deep && next() < 0.5;
      mark(`${path} option ${take ? 'taken' : 'left'}`);
      if (take) walk(node.opt, depth + 1, `${path}[]`);
      return;
    }
    if (node.rep) {
      const times = deep ? 0 : Math.floor(next() * 3);
      mark(`${path} repeated ${Math.min(times, 2)}`);
      for (let r = 0; r < times; r++) walk(node.rep, depth + 1, `${path}{}`);
      return;
    }
    node.seq.forEach((n, k) => walk(n, depth, `${path}.${k}`));
  }
  return () => {
    names = 0;
    out.length = 0;
    walk({ ref: 'program' }, 0, '');
    return text(out);
  };
}

// Every way through the grammar `rules` offers (what the writer marks).
function allWays(rules) {
  const ways = new Set();
  function visit(node, path) {
    if (node.ref !== undefined) return;
    if (node.alt) node.alt.forEach((a, k) => { ways.add(`${path} alternative ${k + 1}`); visit(a, `${path}/${k + 1}`); });
    else if (node.opt) { ways.add(`${path} option taken`); ways.add(`${path} option left`); visit(node.opt, `${path}[]`); }
    else if (node.rep) { for (const n of [0, 1, 2]) ways.add(`${path} repeated ${n}`); visit(node.rep, `${path}{}`); }
    else if (node.seq) node.seq.forEach((n, k) => visit(n, `${path}.${k}`));
  }
  for (const [name, body] of rules) visit(body, name);
  return ways;
}

// The first line fails at run time with a ZeroDivisionError: a program the
// parser takes stops there, one it refuses stops at its own line with a
// syntax error, before anything runs.
const parses = (text) => {
  const p = tc.run(`1 / 0\n${text}`);
  try {
    return { ok: p.error?.pythonType === 'ZeroDivisionError' && p.error.line === 1, error: p.error };
  } finally {
    p.dispose?.();
  }
};

test("docs/programs.md's grammar block reads as EBNF with every rule defined", () => {
  const rules = readGrammar(doc);
  assert.ok(rules.size >= 20, `${rules.size} rules`);
  const refs = new Set();
  const collect = (n) => {
    if (n.ref) refs.add(n.ref);
    for (const c of [...(n.seq ?? []), ...(n.alt ?? []), n.opt, n.rep].filter(Boolean)) collect(c);
  };
  rules.forEach(collect);
  const undefinedRefs = [...refs].filter((r) => !rules.has(r) && !(r in TOKENS) && r !== 'NAME');
  assert.deepEqual(undefinedRefs, []);
  assert.ok(doc.indexOf('```ebnf') < doc.indexOf('## Statements'), 'the grammar heads the page');
});

test('every program written from the grammar parses, and every way through it is taken', () => {
  const rules = readGrammar(doc);
  const seen = new Set();
  const write = writer(rules, 20240611, seen);
  for (let n = 0; n < 400; n++) {
    const text = write();
    const { ok, error } = parses(text);
    assert.ok(ok, `refused:\n${text}\n${error?.message} (line ${error?.line - 1}, column ${error?.column})`);
  }
  const missed = [...allWays(rules)].filter((w) => !seen.has(w));
  assert.deepEqual(missed, [], 'ways through the grammar no program took');
});

test("the near-misses of docs/programs.md's grammar are refused with their SyntaxError", () => {
  const section = doc.slice(doc.indexOf('Near-misses'), doc.indexOf('## Statements'));
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  assert.ok(rows.length >= 8, `${rows.length} rows`);
  for (const row of rows) {
    const [, text, message] = row.match(/^\| `(.+)` \| (.+) \|$/);
    const { ok, error } = parses(text);
    assert.ok(!ok, `${text} parsed`);
    assert.equal(error.pythonType, 'SyntaxError', text);
    assert.equal(error.message, message, text);
  }
});
