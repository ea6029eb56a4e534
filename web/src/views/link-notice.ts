// Above the page: what the link or the embedding page asked for that could
// not be shown as asked, and what the page shows instead
// (model/link-problems.ts). It stays until dismissed or until another link
// is followed. Every echoed text is put in as text (Lit escapes it) and cut
// to MAX_ECHO characters.
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import type { Messages } from '../i18n/messages.js';
import { formatCount } from '../model/format.js';
import { MAX_LINK_CODE } from '../model/code-link.js';
import { MAX_ECHO } from '../model/limits.js';
import type { LinkNotice, LinkProblem, LinkSource } from '../model/link-problems.js';

const clip = (text: string): string => (text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);

/** A key and its text as the source writes them: op=frobnicate in a link, op="frobnicate" in markup. */
const given = (source: LinkSource, key: string, text: string): string => (source === 'link' ? `${key}=${clip(text)}` : `${key}="${clip(text)}"`);

function problemText(m: Messages, source: LinkSource, p: LinkProblem): string {
  switch (p.kind) {
    case 'value':
      return m.link.value(given(source, p.key, p.text), p.instead === null ? null : given(source, p.key, p.instead));
    case 'cut':
      return m.link.cut(p.key, formatCount(p.length), formatCount(p.kept));
    case 'code':
      return m.sentences([m.link.codeProblem(p.problem, formatCount(MAX_LINK_CODE)), m.link.emptyEditor]);
    case 'preset':
      return m.sentences([m.link.preset(clip(p.text)), m.link.emptyEditor]);
  }
}

/** The notices, or '' when there are none. */
export function linkNotices(m: Messages, notices: readonly LinkNotice[], dismiss: () => void): TemplateResult | string {
  if (notices.length === 0) return '';
  return html`<div class="notice link-notice" role="status" data-testid="link-notice">
    ${notices.map((n) => html`<p>${n.source === 'link' ? m.link.fromLink : m.link.fromPage}</p>
      <ul>${n.problems.map((p) => html`<li data-testid="link-problem">${problemText(m, n.source, p)}</li>`)}</ul>`)}
    <button type="button" data-testid="link-notice-dismiss" @click=${dismiss}>${m.link.dismiss}</button>
  </div>`;
}
