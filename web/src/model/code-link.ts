// The code mode's part of a link: the program, deflated (CompressionStream's
// 'deflate-raw', as the TypeScript and Rust playgrounds shorten theirs) and
// written in base64url, and the line picked. Reading accepts anything: text
// that is not a deflated program reads as no program, never as an error.

/** A program longer than this is not put in a link (a megabyte, as the core's own limit). */
export const MAX_LINK_CODE = 1 << 20;

/** The link's keys: after the state's own (url.ts), which never use them. */
export const CODE_KEY = 'code';
export const LINE_KEY = 'line';
/** A preset by its slug (web/presets/README.md): a short link to one of the examples. */
export const PRESET_KEY = 'preset';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array | null> {
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
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
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
  return packed === null ? '' : toBase64Url(packed);
}

/** The program a link's text holds; null when the text is not one packCode wrote. */
export async function unpackCode(text: string): Promise<string | null> {
  const bytes = fromBase64Url(text.trim());
  if (bytes === null) return null;
  if (bytes.length === 0) return '';
  const raw = await through(bytes, new DecompressionStream('deflate-raw'), MAX_LINK_CODE * 4);
  if (raw === null) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return null;
  }
}

export interface CodeLink {
  /** The packed program (packCode's text), or null when the hash has none. */
  packed: string | null;
  /** The picked line, 1-based, or null. */
  line: number | null;
  /** A preset's slug, when the link names one instead of a program; a program named too wins. */
  preset?: string | null;
}

/** The code mode's keys in a hash; the state's own are read by url.ts. */
export function codeLinkFromHash(hash: string): CodeLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const line = params.get(LINE_KEY);
  const preset = params.get(PRESET_KEY);
  return {
    packed: params.get(CODE_KEY),
    line: line !== null && /^\d{1,7}$/.test(line) && Number(line) > 0 ? Number(line) : null,
    preset: preset !== null && /^[a-z0-9-]{1,80}$/.test(preset) ? preset : null,
  };
}

/** The keys to append to the state's hash ('' when there is nothing to say). */
export function codeLinkPart(link: CodeLink): string {
  const parts: string[] = [];
  if (link.packed !== null) parts.push(`${CODE_KEY}=${link.packed}`);
  if (link.line !== null) parts.push(`${LINE_KEY}=${link.line}`);
  return parts.length === 0 ? '' : `&${parts.join('&')}`;
}
