// The site's API page (web/api.html): the package README's examples
// (virtual:tensorcast-api-examples; Note [Examples bundled, never
// evaluated] in web/api-examples-plugin.ts), each shown as its lines and
// run on a click by the package, with what each line gave under it. Each
// example runs on an instance of the core of its own (made from the module
// the page compiled once), so that one example's settings (a broadcast
// policy, a listener) never reach another. `#lang=zh` shows the page in
// Chinese; the examples are the README's, in English.
import { html, nothing, render } from 'lit';
import type { TemplateResult } from 'lit';
import { init, Tensor } from 'tensorcast';
import type { Tensorcast } from 'tensorcast';
import { EXAMPLES } from 'virtual:tensorcast-api-examples';
import { FONT, MONO } from './diagram/scene.js';
import { messagesFor } from './i18n/i18n.js';
import type { Messages } from './i18n/messages.js';
import { runExample } from './model/api-run.js';
import type { Shown } from './model/api-run.js';
import { LANGS } from './model/state.js';
import type { Lang } from './model/state.js';

type Status = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; shown: Shown[] } | { kind: 'failed'; reason: string };

const statuses: Status[] = EXAMPLES.map(() => ({ kind: 'idle' }));
const instances = new Map<number, Promise<Tensorcast>>();
const isTensor = (v: unknown): boolean => v instanceof Tensor;

function langFromHash(): Lang {
  const lang = new URLSearchParams(location.hash.slice(1)).get('lang');
  return (LANGS as readonly string[]).includes(lang ?? '') ? (lang as Lang) : 'en';
}

/** The instance example i runs on: its own, made from the shared one's module. */
function instanceFor(i: number): Promise<Tensorcast> {
  let made = instances.get(i);
  if (made === undefined) {
    made = init().then((shared) => init({ wasmModule: shared.wasmModule }));
    instances.set(i, made);
  }
  return made;
}

async function run(i: number): Promise<void> {
  const example = EXAMPLES[i];
  if (example === undefined || statuses[i]?.kind === 'running') return;
  statuses[i] = { kind: 'running' };
  draw();
  // A frame, so that "Running…" is painted before a long example (the Memory loops) holds the thread.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
  try {
    statuses[i] = { kind: 'done', shown: await runExample(example, await instanceFor(i), isTensor) };
  } catch (error) {
    instances.delete(i);
    statuses[i] = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  draw();
}

async function runAll(): Promise<void> {
  for (let i = 0; i < EXAMPLES.length; i++) await run(i);
}

function shownRow(m: Messages['apiPage'], s: Shown): TemplateResult {
  return html`<span class="shown ${s.kind}" data-testid="shown" data-kind=${s.kind}>${
    s.kind === 'throws' ? html`<span class="label">${m.throws}</span>` : nothing}${s.text}</span>`;
}

function example(m: Messages['apiPage'], i: number): TemplateResult {
  const ex = EXAMPLES[i]!;
  const status = statuses[i]!;
  const shown = status.kind === 'done' ? status.shown : [];
  const at = (line: number | null): Shown[] => shown.filter((s) => s.line === line);
  return html`<section data-testid="example" data-section=${ex.section} data-state=${status.kind} aria-labelledby=${`ex-${i}`}>
    <h2 id=${`ex-${i}`}>${ex.section}
      <button type="button" @click=${() => void run(i)} ?disabled=${status.kind === 'running'}>${m.run}</button>
      <span class="status" role="status">${status.kind === 'running' ? m.running
        : status.kind === 'failed' ? m.loadFailed(status.reason)
        : status.kind === 'done' && shown.length === 0 ? m.nothingShown : ''}</span>
    </h2>
    <ol class="code">
      ${ex.text.split('\n').map((line, n) => html`<li data-line=${n + 1}>${line || ' '}${at(n + 1).map((s) => shownRow(m, s))}</li>`)}
      ${at(null).length > 0 ? html`<li>${at(null).map((s) => shownRow(m, s))}</li>` : nothing}
    </ol>
  </section>`;
}

function draw(): void {
  const lang = langFromHash();
  const m = messagesFor(lang).apiPage;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = m.title;
  const other = lang === 'zh' ? 'en' : 'zh';
  render(html`<header>
      <h1>${m.title}</h1>
      <p>${m.intro}</p>
      <div class="controls">
        <nav aria-label=${m.nav}>
          <a href="./index.html">${m.playground}</a>
          <a href=${`./index.html#mode=code&lang=${lang}`}>${m.codeMode}</a>
          <a href=${`./worksheet.html#set=puzzles&lang=${lang}`}>${m.worksheet}</a>
          <a href=${`#lang=${other}`} hreflang=${other} aria-label=${`${m.language}: ${messagesFor(other).languageName}`}>${messagesFor(other).languageName}</a>
        </nav>
        <button type="button" data-testid="run-all" @click=${() => void runAll()}>${m.runAll}</button>
      </div>
    </header>
    <main>${EXAMPLES.map((_, i) => example(m, i))}</main>`, document.body);
}

document.documentElement.style.setProperty('--font', FONT);
document.documentElement.style.setProperty('--mono', MONO);
addEventListener('hashchange', draw);
draw();
