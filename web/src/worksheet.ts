// The printable worksheet page (web/worksheet.html): a set's puzzles or
// drills as A4 sheets (Note [Worksheet sheets] in model/worksheet.ts), one
// item per block with blank answer boxes and the item's link, then the
// answer key on sheets of its own: the puzzles' reference bodies as the
// build shipped them, and each drill line's shapes and dtypes from the
// core's own run of the program (never written by hand). A build without
// solutions (Note [Answer-free build] in web/puzzles-plugin.ts) prints no
// key. The hash says what to print: `#set=puzzles|drills&lang=en|zh`,
// `&ids=a,b` for some items only, `&key=0` for no key.
import { html, nothing, render } from 'lit';
import type { TemplateResult } from 'lit';
import { init } from 'tensorcast';
import type { Tensorcast } from 'tensorcast';
import set, { solutions } from 'virtual:tensorcast-puzzles';
import { FONT, MONO } from './diagram/scene.js';
import { messagesFor } from './i18n/i18n.js';
import type { Messages } from './i18n/messages.js';
import { runProgram } from './model/program.js';
import type { Drill } from './model/puzzle-file.js';
import {
  drillBoxChars, drillLines, formatWorksheetHash, hasKey, itemLink, PER_SHEET, pageCount, parseWorksheetHash,
  sheets, answerRows, worksheetItems, WORKSHEET_SETS,
} from './model/worksheet.js';
import type { DrillLine, WorksheetItem, WorksheetOptions } from './model/worksheet.js';
import { LANGS } from './model/state.js';

type W = Messages['worksheet'];

// The core, loaded once and only when a drill's lines are drawn.
let core: Promise<Tensorcast> | null = null;
const loadCore = (): Promise<Tensorcast> => (core ??= init());

// Each drill's lines with the engine's answers, by id, once computed.
const drillRuns = new Map<string, DrillLine[]>();

/** The item's link as the student types it: the page's address without the scheme. */
function shortLink(it: WorksheetItem): { href: string; text: string } {
  const url = new URL(itemLink(it), location.href);
  return { href: url.href, text: url.href.replace(/^https?:\/\//, '') };
}

const stars = (n: number): string => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

function itemHead(w: W, it: WorksheetItem, n: number, lang: WorksheetOptions['lang']): TemplateResult {
  const e = it.kind === 'puzzle' ? it.entry.puzzle : it.drill;
  return html`<header class="item-head">
    <span class="num">${n}.</span> <span class="item-title">${e.title[lang]}</span>
    <span class="stars" role="img" title=${w.difficulty(e.difficulty)} aria-label=${w.difficulty(e.difficulty)}>${stars(e.difficulty)}</span>
  </header>`;
}

function linkLine(w: W, it: WorksheetItem): TemplateResult {
  const l = shortLink(it);
  return html`<p class="link">${w.checkAt} <a href=${l.href}>${l.text}</a></p>`;
}

function puzzleItem(w: W, it: Extract<WorksheetItem, { kind: 'puzzle' }>, n: number, o: WorksheetOptions): TemplateResult {
  const p = it.entry.puzzle;
  const params = p.signature.params.map((x) => x.name).join(', ');
  const rows = answerRows(p.maxLines);
  return html`<article class="item" data-testid="worksheet-item" data-id=${p.id}>
    ${itemHead(w, it, n, o.lang)}
    <p class="statement">${p.statement[o.lang]}</p>
    <p class="rules"><code class="sig">${p.signatureText}</code></p>
    <p class="rules">${w.allowed} ${p.allowed.map((a) => html`<code>${a}</code> `)}${p.maxLines === null ? nothing : w.maxLines(p.maxLines)}</p>
    <div class="answer" style=${`--rows: ${rows}`}>
      <code class="def">def ${p.signature.name}(${params}):</code>
      ${Array.from({ length: rows }, () => html`<div class="row"></div>`)}
    </div>
    ${linkLine(w, it)}
  </article>`;
}

// A drill line's blank boxes: one per question, as wide as the engine's answer needs.
function drillBoxes(w: W, line: DrillLine, chars: { shape: number; dtype: number }): TemplateResult | typeof nothing {
  if (line.asks.length === 0) return nothing;
  return html`<span class="boxes">${line.asks.map((a) => html`<span class="ask">
    <span class="label">${a.label}</span>
    <span class="box" style=${`--ch: ${chars.shape}`}><span class="hint">${w.shape}</span></span>
    <span class="box dtype" style=${`--ch: ${chars.dtype}`}><span class="hint">${w.dtype}</span></span>
  </span>`)}</span>`;
}

function drillItem(w: W, it: Extract<WorksheetItem, { kind: 'drill' }>, n: number, o: WorksheetOptions): TemplateResult {
  const d = it.drill;
  const lines = drillRuns.get(d.id) ?? programLines(d);
  const chars = drillBoxChars(lines);
  return html`<article class="item" data-testid="worksheet-item" data-id=${d.id}>
    ${itemHead(w, it, n, o.lang)}
    <p class="statement">${d.statement[o.lang]}</p>
    <ol class="program">${lines.map((l) => html`<li><code>${l.text}</code>${drillBoxes(w, l, chars)}</li>`)}</ol>
    ${linkLine(w, it)}
  </article>`;
}

// Before the run: the program's lines without questions (the page waits for the run before it says it is ready).
const programLines = (d: Drill): DrillLine[] => d.program.replace(/\n+$/, '').split('\n').map((text, i) => ({ line: i + 1, text, asks: [] }));

function keyItem(w: W, it: WorksheetItem, n: number, o: WorksheetOptions): TemplateResult {
  if (it.kind === 'puzzle')
    return html`<article class="item key-item" data-testid="worksheet-key-item">
      ${itemHead(w, it, n, o.lang)}
      <pre class="ref"><code>def ${it.entry.puzzle.signature.name}(${it.entry.puzzle.signature.params.map((x) => x.name).join(', ')}):
    ${it.entry.reference ?? ''}</code></pre>
    </article>`;
  const lines = drillRuns.get(it.drill.id) ?? [];
  return html`<article class="item key-item" data-testid="worksheet-key-item">
    ${itemHead(w, it, n, o.lang)}
    <ol class="program key">${lines.map((l) => html`<li><code>${l.text}</code>${l.asks.length === 0 ? nothing : html`<span class="answers">${l.asks.map((a) =>
      html`<span class="ans" data-label=${a.label} data-shape=${a.shape ?? 'error'}>${a.label === '' ? nothing : html`<b>${a.label}</b> `}${a.shape === null ? w.raises(errorType(it.drill.id)) : html`${a.shape} ${a.dtype}`}</span>`)}</span>`}</li>`)}</ol>
  </article>`;
}

// The exception a drill's failing line raises, kept beside its lines.
const drillErrors = new Map<string, string>();
const errorType = (id: string): string => drillErrors.get(id) ?? '';

function band(m: Messages, o: WorksheetOptions, k: number, total: number, first: boolean, key: boolean): TemplateResult {
  const w = m.worksheet;
  const page = html`<span class="page-no">${w.pageOf(k, total)}</span>`;
  if (key)
    return html`<header class="band">
      <h2>${w.title[o.set]} · ${w.key} ${page}</h2>
      ${first ? html`<p class="note">${w.keyNote[o.set]}</p>` : nothing}
    </header>`;
  return html`<header class="band">
    ${first ? html`<h1>${w.title[o.set]} ${page}</h1>
      <p class="fill"><span>${w.name}</span><span class="blank"></span><span>${w.date}</span><span class="blank short"></span></p>
      <p class="note">${w.instructions[o.set]}</p>` : html`<h2>${w.title[o.set]} ${page}</h2>`}
  </header>`;
}

function toolbar(m: Messages, o: WorksheetOptions, keyShown: boolean): TemplateResult {
  const w = m.worksheet;
  const go = (change: Partial<WorksheetOptions>): string => formatWorksheetHash({ ...o, ...change });
  return html`<nav class="toolbar" aria-label=${w.title[o.set]}>
    <span class="group" role="group" aria-label=${w.set}>${WORKSHEET_SETS.map((s) => html`<a href=${go({ set: s, ids: null })} aria-current=${s === o.set ? 'page' : 'false'}>${w.sets[s]}</a>`)}</span>
    <span class="group" role="group" aria-label=${w.language}>${LANGS.map((l) => html`<a href=${go({ lang: l })} lang=${l} aria-current=${l === o.lang ? 'page' : 'false'}>${messagesFor(l).languageName}</a>`)}</span>
    ${solutions === 'show' ? html`<label><input type="checkbox" .checked=${o.key} @change=${(e: Event) => { location.hash = go({ key: (e.target as HTMLInputElement).checked }); }} /> ${w.withKey}</label>` : nothing}
    <button type="button" @click=${() => window.print()} ?disabled=${!keyShown}>${w.print}</button>
  </nav>`;
}

/** Draws the worksheet the hash asks for; resolves once everything on it (the drills' key too) is drawn. */
async function draw(): Promise<void> {
  document.body.removeAttribute('data-ready');
  const { options: o, ignored } = parseWorksheetHash(location.hash);
  const m = messagesFor(o.lang);
  const w = m.worksheet;
  document.documentElement.lang = o.lang === 'zh' ? 'zh-CN' : 'en';
  document.title = `${w.title[o.set]} · tensorcast`;
  const { items, unknown } = worksheetItems(set, o);
  const key = hasKey(o, solutions === 'show');
  let failed: string | null = null;
  const needRuns = o.set === 'drills' && items.some((it) => it.kind === 'drill' && !drillRuns.has(it.drill.id));
  const paint = (ready: boolean): void => void render(page(m, o, items, key, ready, failed, [
    ...(unknown.length > 0 ? [w.unknown(unknown)] : []),
    ...(ignored.length > 0 ? [w.ignored(ignored)] : []),
    ...(solutions === 'hide' ? [w.noKey] : []),
  ]), document.body);
  if (needRuns) {
    paint(false);
    try {
      const tc = await loadCore();
      for (const it of items) if (it.kind === 'drill' && !drillRuns.has(it.drill.id)) {
        const run = runProgram(tc, it.drill.program);
        drillRuns.set(it.drill.id, drillLines(run));
        if (run.error !== null) drillErrors.set(it.drill.id, run.error.pythonType);
      }
    } catch (e) {
      failed = e instanceof Error ? e.message : String(e);
    }
  }
  paint(true);
  document.body.setAttribute('data-ready', failed === null ? 'true' : 'failed');
}

function page(m: Messages, o: WorksheetOptions, items: WorksheetItem[], key: boolean, ready: boolean, failed: string | null, notices: string[]): TemplateResult {
  const w = m.worksheet;
  const per = PER_SHEET[o.set];
  const itemSheets = sheets(items.map((it, i) => ({ it, n: i + 1 })), per.items);
  const keySheets = key && failed === null ? sheets(items.map((it, i) => ({ it, n: i + 1 })), per.key) : [];
  const total = itemSheets.length + keySheets.length;
  // the count model/worksheet.ts promises (Note [Worksheet sheets]); the e2e spec checks the PDF against it
  const promised = items.length === 0 ? 0 : pageCount(o.set, items.length, key && failed === null);
  return html`${toolbar(m, o, ready)}
    ${notices.length > 0 || failed !== null || !ready ? html`<div class="notices" role="status">
      ${notices.map((t) => html`<p>${t}</p>`)}
      ${!ready ? html`<p>${w.keyWorking}</p>` : nothing}
      ${failed !== null ? html`<p>${w.keyFailed(failed)}</p>` : nothing}
    </div>` : nothing}
    ${items.length === 0 ? html`<p class="empty">${w.empty}</p>` : nothing}
    <main class="sheets" data-pages=${promised} style=${`--items: ${per.items}; --key-items: ${per.key}`}>
      ${itemSheets.map((s, k) => html`<section class="sheet" data-testid="worksheet-sheet">
        ${band(m, o, k + 1, total, k === 0, false)}
        <div class="items">${s.map(({ it, n }) => (it.kind === 'puzzle' ? puzzleItem(w, it, n, o) : drillItem(w, it, n, o)))}</div>
      </section>`)}
      ${keySheets.map((s, k) => html`<section class="sheet key-sheet" data-testid="worksheet-sheet">
        ${band(m, o, itemSheets.length + k + 1, total, k === 0, true)}
        <div class="items">${s.map(({ it, n }) => keyItem(w, it, n, o))}</div>
      </section>`)}
    </main>`;
}

document.documentElement.style.setProperty('--font', FONT);
document.documentElement.style.setProperty('--mono', MONO);
window.addEventListener('hashchange', () => void draw());
void draw();
