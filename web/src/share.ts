// What the copy buttons put on the clipboard: a link to the full playground
// at this state, the code that embeds it in another page (the script and
// the element with the state as attributes, as README's embedding section
// describes them), and an <iframe> of the iframe page (embed.html, beside
// the script) at this state, for a page that takes no scripts (an LMS).
import { fullLink } from './full-link.js';
import { exerciseAttributes, exerciseLinkPart } from './model/exercise.js';
import type { Exercise } from './model/exercise.js';
import { PROPS } from './model/props.js';
import type { State } from './model/state.js';

// The script beside the playground's page: this code is built into it (full-link.ts).
const SCRIPT = 'tensorcast-playground.js';
// The iframe page (web/public/embed.html), beside the script.
const FRAME_PAGE = 'embed.html';
// The copied iframe's first height, until the page's height message (docs/course-kit.md) sizes it.
const FRAME_HEIGHT = '720';

const attr = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function scriptUrl(): string {
  try {
    const url = new URL(SCRIPT, import.meta.url);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // A bundler's import.meta.url that is not a URL: the page's own folder.
  }
  return new URL(SCRIPT, document.baseURI).href;
}

/** The code mode's program: its keys for a link (code-link.ts) and its text for an embed's code attribute. */
export interface SharedCode {
  hash: string;
  text: string;
}

/** What each copy button copies. */
export interface ShareTexts {
  link: string;
  embed: string;
  iframe: string;
}

/**
 * The link, the embed code and the iframe for a state (and, in the code mode, its program; made into an exercise,
 * its goal and what may be edited); title: the iframe's title, in the page's language.
 */
export function shareTexts(state: Readonly<State>, page: string | null, code: SharedCode | null = null, exercise: Exercise | null = null, title = 'tensorcast'): ShareTexts {
  // The attributes a link would carry: the defaults are left out, as in a link.
  const link = fullLink(page, state) + (code?.hash ?? '') + exerciseLinkPart(exercise);
  const linkHash = new URL(link, document.baseURI).hash;
  const hash = new URLSearchParams(linkHash.slice(1));
  const attrs = PROPS.filter((p) => hash.has(p.key)).map((p) => `${p.key}="${attr(String(state[p.key]))}"`);
  if (code !== null) attrs.push(`code="${attr(code.text)}"`);
  for (const [key, value] of exerciseAttributes(exercise)) attrs.push(`${key}="${attr(value)}"`);
  const script = scriptUrl();
  const embed = `<script type="module" src="${attr(script)}"></script>\n<tensorcast-playground ${attrs.join(' ')}></tensorcast-playground>`;
  // The iframe page reads the same hash as the link (frame-options.ts): one link format for both.
  const frame = new URL(FRAME_PAGE, script);
  frame.hash = linkHash;
  const iframe = `<iframe src="${attr(frame.href)}" title="${attr(title)}" width="100%" height="${FRAME_HEIGHT}" style="border: 0" loading="lazy"></iframe>`;
  return { link, embed, iframe };
}

/** Copies text; false when the browser refuses (no permission, no secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
