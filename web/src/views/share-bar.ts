// In the full playground: every step exported at once, the export's
// progress, and the copy buttons (a link to this state, the code that embeds
// it, an iframe of it). When the browser refuses to copy, the text is shown to be copied by
// hand.
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { ViewContext } from './context.js';
import type { ExportKind } from './player-bar.js';

export type CopyKind = 'link' | 'embed' | 'iframe';

/** What the bar says after an action: progress of an export, or the outcome of one or of a copy. */
export type ShareStatus =
  | { kind: 'exporting'; done: number; total: number }
  | { kind: 'exported'; name: string }
  | { kind: 'export-failed'; message: string }
  | { kind: 'copied' }
  | { kind: 'copy-failed'; text: string };

export interface ShareHandlers {
  exportAll(kind: ExportKind): void;
  copy(kind: CopyKind): void;
}

function status(ctx: ViewContext, s: ShareStatus | null): TemplateResult {
  const { m } = ctx;
  if (s === null) return html``;
  switch (s.kind) {
    case 'exporting':
      return html`<progress data-testid="export-progress" max=${s.total} value=${Math.min(s.done, s.total)}></progress> ${m.layout.exporting(Math.min(s.done, s.total), s.total)}`;
    case 'exported':
      return html`${m.layout.exported(s.name)}`;
    case 'export-failed':
      return html`${m.layout.exportFailed(s.message)}`;
    case 'copied':
      return html`${m.layout.copied}`;
    case 'copy-failed':
      return html`${m.layout.copyFailed}<textarea readonly rows="3" data-testid="copy-text" aria-label=${m.layout.copyFailed}>${s.text}</textarea>`;
  }
}

/**
 * Beside the step's export buttons: every step at once, and how an export is going. noExport: why none of the
 * steps can be exported (views/panels.ts, nothingToExport), which disables the buttons and describes them.
 */
export function exportAllButtons(ctx: ViewContext, s: ShareStatus | null, on: ShareHandlers, noExport: string | null): TemplateResult {
  const { m } = ctx;
  const off = s?.kind === 'exporting' || noExport !== null;
  return html`<button type="button" data-testid="export-all-svg" ?disabled=${off} title=${noExport ?? nothing} @click=${() => on.exportAll('svg')}>⇩ ${m.layout.exportAllSvg}</button>
    <button type="button" data-testid="export-all-png" ?disabled=${off} title=${noExport ?? nothing} @click=${() => on.exportAll('png')}>⇩ ${m.layout.exportAllPng}</button>`;
}

/**
 * In the page's tools: the copy buttons, as one group under one word ("Copy: Link | Embed code | iframe"), so
 * that the three fit where two did (the laptop's tools stay beside the title: e2e/phone.spec.js). Each button's
 * name is the whole action ("Copy link"), which holds the word it shows.
 */
export function copyButtons(ctx: ViewContext, on: ShareHandlers): TemplateResult {
  const { m } = ctx;
  const f = m.frame;
  return html`<div class="copies" role="group" aria-label=${f.copy}><span aria-hidden="true">${f.copy}</span><span class="joined">
    <button type="button" data-testid="copy-link" aria-label=${m.layout.copyLink} @click=${() => on.copy('link')}>${f.link}</button><button
      type="button" data-testid="copy-embed" aria-label=${m.layout.copyEmbed} @click=${() => on.copy('embed')}>${f.embed}</button><button
      type="button" data-testid="copy-iframe" aria-label=${f.copyIframe} @click=${() => on.copy('iframe')}>${f.iframe}</button></span></div>`;
}

/** What the last export or copy did (a live region, empty until then). */
export function shareStatus(ctx: ViewContext, s: ShareStatus | null): TemplateResult {
  return html`<div class="share" role="status" data-testid="share-status">${status(ctx, s)}</div>`;
}
