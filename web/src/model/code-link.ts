// The code mode's part of a link: the program, deflated (CompressionStream's
// 'deflate-raw', as the TypeScript and Rust playgrounds shorten theirs) and
// written in base64url, the line picked and which of its runs the views show. Reading accepts anything and
// never throws: text that is not a deflated program reads as a CodeProblem
// saying why, which the page shows (link-problems.ts) instead of quietly
// opening another program.

import { VERSION_PART } from './link-version.js';
import type { ValueProblem } from './url.js';

/** A program longer than this is not put in a link (a megabyte, as the core's own limit). */
export const MAX_LINK_CODE = 1 << 20;

/** The link's keys: after the state's own (url.ts), which never use them. */
export const CODE_KEY = 'code';
export const LINE_KEY = 'line';
/** Which run of the picked line the views show (1-based, "Run 2 of 3"), when it is not the last. */
export const RUN_KEY = 'run';
/** A preset by its slug (web/presets/README.md): a short link to one of the examples. */
export const PRESET_KEY = 'preset';
/** A drill of the puzzle set by its id (docs/puzzles.md): opened in the code mode with the predict switch on. */
export const DRILL_KEY = 'drill';

/** The drill a hash names (an id as the set writes them: lowercase words joined by '-'), or null. */
export function drillFromHash(hash: string): string | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get(DRILL_KEY);
  return id !== null && id.length <= 100 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) ? id : null;
}

/** The link to a drill, after the link version (Note [Link versions]), in a language. */
export function drillHash(id: string, lang: string): string {
  return `#${VERSION_PART}&${DRILL_KEY}=${encodeURIComponent(id)}&lang=${lang}`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | CodeProblem {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return 'characters';
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    // A length base64 never has (4k + 1 characters): cut short.
    return 'damaged';
  }
}

/** Why a link's program could not be read (the page says which, in words: en.ts, zh.ts). */
export type CodeProblem =
  /** Characters base64url never has (the link was edited, or mangled by what carried it). */
  | 'characters'
  /** Not a whole deflate stream: cut short or damaged. */
  | 'damaged'
  /** Unpacks to bytes that are not UTF-8. */
  | 'not-text'
  /** Unpacks to more than MAX_LINK_CODE characters (a deflate bomb among them: unpacking stops at the limit). */
  | 'too-long';

/** A link's program: its text, or why there is none. */
export type CodeRead = { code: string } | { problem: CodeProblem };

/** What a stream gave: its bytes, or that it broke or passed the limit. */
type Through = Uint8Array | 'broken' | 'over';

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Through> {
  const writer = stream.writable.getWriter();
  // Errors surface on the reading side; the write's own rejection is the same one.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      // A small link that inflates to gigabytes (a deflate bomb) stops here.
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return 'over';
      }
      chunks.push(value);
    }
  } catch {
    return 'broken';
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The program as a link writes it. */
export async function packCode(code: string): Promise<string> {
  const bytes = new TextEncoder().encode(code.slice(0, MAX_LINK_CODE));
  const packed = await through(bytes, new CompressionStream('deflate-raw'), Number.MAX_SAFE_INTEGER);
  return typeof packed === 'string' ? '' : toBase64Url(packed);
}

/** The program a link's text holds, or why it holds none (text packCode did not write). */
export async function unpackCode(text: string): Promise<CodeRead> {
  const bytes = fromBase64Url(text.trim());
  if (typeof bytes === 'string') return { problem: bytes };
  if (bytes.length === 0) return { code: '' };
  // UTF-8 takes at most 4 bytes a character: past this, the text is too long whatever it holds.
  const raw = await through(bytes, new DecompressionStream('deflate-raw'), MAX_LINK_CODE * 4);
  if (raw === 'broken') return { problem: 'damaged' };
  if (raw === 'over') return { problem: 'too-long' };
  let code: string;
  try {
    code = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return { problem: 'not-text' };
  }
  return code.length > MAX_LINK_CODE ? { problem: 'too-long' } : { code };
}

export interface CodeLink {
  /** The packed program (packCode's text), or null when the hash has none. */
  packed: string | null;
  /** The picked line, 1-based, or null. */
  line: number | null;
  /** The run of the picked line stepped to, 1-based; null: its last. */
  run?: number | null;
  /** A preset's slug as the link gives it, when it names one instead of a program (a program named too wins); whether one has it is the page's to say. */
  preset?: string | null;
  /** The keys whose text could not be used (a line that is no line number). */
  problems?: ValueProblem[];
}

/** The code mode's keys in a hash; the state's own are read by url.ts. */
export function codeLinkFromHash(hash: string): CodeLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const preset = params.get(PRESET_KEY);
  const problems: ValueProblem[] = [];
  const count = (key: string): number | null => {
    const text = params.get(key);
    if (text === null) return null;
    if (/^\d{1,7}$/.test(text) && Number(text) > 0) return Number(text);
    problems.push({ kind: 'value', key, text, instead: null });
    return null;
  };
  const line = count(LINE_KEY);
  const run = count(RUN_KEY);
  return { packed: params.get(CODE_KEY), line, run: line === null ? null : run, preset, problems };
}

/** The keys to append to the state's hash ('' when there is nothing to say). */
export function codeLinkPart(link: CodeLink): string {
  const parts: string[] = [];
  if (link.packed !== null) parts.push(`${CODE_KEY}=${link.packed}`);
  if (link.line !== null) parts.push(`${LINE_KEY}=${link.line}`);
  if (link.line !== null && link.run != null) parts.push(`${RUN_KEY}=${link.run}`);
  return parts.length === 0 ? '' : `&${parts.join('&')}`;
}
