// The text a lit template shows, in Node (no DOM): what a view's details
// panel puts in an element with a data-testid, for the tests of texts the
// views build from the model. Handles what the views' templates hold:
// nested templates, arrays, strings, numbers and empty values; anything else
// (a directive) is refused, so that a template this cannot read fails the
// test rather than passing it.

const VOID = new Set(['', null, undefined, false]);

/** The template as HTML: its values as text, or quoted where they stand in a tag. */
export function templateHtml(value) {
  if (Array.isArray(value)) return value.map(templateHtml).join('');
  if (VOID.has(value)) return '';
  if (typeof value === 'string' || typeof value === 'number') return escape(String(value));
  if (value !== null && typeof value === 'object' && Array.isArray(value.strings) && Array.isArray(value.values)) {
    let out = value.strings[0];
    value.values.forEach((v, i) => {
      const inTag = out.lastIndexOf('<') > out.lastIndexOf('>');
      if (inTag) {
        if (!(typeof v === 'string' || typeof v === 'number')) throw new Error(`template-text: an attribute value of type ${typeof v}`);
        out += /=\s*$/.test(out) ? `"${escape(String(v))}"` : escape(String(v));
      } else {
        out += templateHtml(v);
      }
      out += value.strings[i + 1];
    });
    return out;
  }
  throw new Error(`template-text: cannot read ${Object.prototype.toString.call(value)}`);
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescape = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** Text as Playwright's toHaveText compares it: whitespace runs as one space, trimmed. */
const normal = (text) => text.replace(/\s+/g, ' ').trim();

/** The text of the template, tags left out. */
export function templateText(value) {
  return normal(unescape(templateHtml(value).replace(/<[^>]*>/g, '')));
}

/**
 * The texts of the elements with this data-testid, in order ([] when none): each from its
 * opening tag to the closing tag that matches it.
 */
export function testIdTexts(value, testId) {
  const html = templateHtml(value);
  const texts = [];
  const open = new RegExp(`<([a-z][\\w-]*)\\b[^>]*\\bdata-testid=["']?${testId}["'\\s>][^>]*>`, 'g');
  for (const m of html.matchAll(open)) {
    const tag = m[1];
    let depth = 1;
    let at = m.index + m[0].length;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = at;
    let end = html.length;
    for (let t = tags.exec(html); t !== null; t = tags.exec(html)) {
      depth += t[1] === '/' ? -1 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    texts.push(normal(unescape(html.slice(at, end).replace(/<[^>]*>/g, ''))));
  }
  return texts;
}
