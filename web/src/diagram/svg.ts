// A scene as SVG elements, built with DOM calls (text goes in as
// textContent, never parsed as markup): the parts of the on-screen diagram
// (diagram/stage.ts) and, serialised, the exported .svg file.
import { arrowhead } from './arrowhead.js';
import { FONT, MONO, MONO_ADVANCE } from './scene.js';
import type { Layer, Prim, Scene } from './scene.js';

interface Ids {
  hatch: string;
  title: string;
  desc: string;
}

const NS = 'http://www.w3.org/2000/svg';

function element(doc: Document, name: string, attrs: Record<string, string | number>): SVGElement {
  const el = doc.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

function cellsPath(boxes: readonly number[]): string {
  const r = (v: number): number => Math.round(v * 100) / 100;
  let d = '';
  for (let i = 0; i < boxes.length; i += 4)
    d += `M${r(boxes[i] as number)} ${r(boxes[i + 1] as number)}h${r(boxes[i + 2] as number)}v${r(boxes[i + 3] as number)}h${r(-(boxes[i + 2] as number))}z`;
  return d;
}

function prim(doc: Document, p: Prim, ids: Ids): SVGElement[] {
  switch (p.t) {
    case 'rect': {
      const attrs: Record<string, string | number> = {
        x: p.x, y: p.y, width: p.w, height: p.h, fill: p.fill, stroke: p.stroke, 'stroke-width': p.strokeWidth,
      };
      if (p.rx !== undefined) attrs.rx = p.rx;
      if (p.dashed === true) attrs['stroke-dasharray'] = '6 4';
      if (p.key !== undefined) attrs['data-key'] = p.key;
      const out = [element(doc, 'rect', attrs)];
      if (p.hatch === true)
        out.push(element(doc, 'rect', {
          x: p.x, y: p.y, width: p.w, height: p.h, fill: `url(#${ids.hatch})`, 'pointer-events': 'none',
          ...(p.rx !== undefined ? { rx: p.rx } : {}),
        }));
      return out;
    }
    case 'text': {
      const attrs: Record<string, string | number> = {
        x: p.x, y: p.y, 'font-size': p.size, fill: p.fill, 'font-family': p.mono === true ? MONO : FONT,
        'dominant-baseline': 'middle',
      };
      // A cell's number is what a pointer lands on; other text lets it through.
      if (p.key === undefined) attrs['pointer-events'] = 'none';
      if (p.anchor !== undefined) attrs['text-anchor'] = p.anchor;
      if (p.bold === true) attrs['font-weight'] = 'bold';
      if (p.key !== undefined) attrs['data-key'] = p.key;
      const el = element(doc, 'text', attrs);
      el.textContent = p.text;
      return [el];
    }
    case 'cells': {
      const d = cellsPath(p.boxes);
      const attrs: Record<string, string | number> = { d, fill: p.fill, stroke: p.stroke, 'stroke-width': p.strokeWidth };
      if (p.dashed === true) attrs['stroke-dasharray'] = '6 4';
      const out = [element(doc, 'path', attrs)];
      if (p.hatch === true) out.push(element(doc, 'path', { d, fill: `url(#${ids.hatch})`, 'pointer-events': 'none' }));
      return out;
    }
    case 'labels': {
      // Each character is placed and centred on its own slot of a monospaced line,
      // so the labels sit where they should whatever the font's exact advance.
      const advance = MONO_ADVANCE * p.size;
      const xs: number[] = [];
      const ys: number[] = [];
      let chars = '';
      for (const { x, y, text } of p.items) {
        const n = [...text].length;
        const left = p.anchor === 'middle' ? x - (n * advance) / 2 : x - n * advance;
        [...text].forEach((ch, i) => {
          xs.push(Math.round((left + (i + 0.5) * advance) * 100) / 100);
          ys.push(y);
          chars += ch;
        });
      }
      const el = element(doc, 'text', {
        x: xs.join(' '), y: ys.join(' '), 'font-size': p.size, fill: p.fill, 'font-family': MONO,
        'text-anchor': 'middle', 'dominant-baseline': 'middle', 'pointer-events': 'none',
      });
      el.textContent = chars;
      return [el];
    }
    case 'line': {
      const attrs: Record<string, string | number> = {
        x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2, stroke: p.stroke, 'stroke-width': p.width,
      };
      if (p.dashed === true) attrs['stroke-dasharray'] = '5 4';
      const line = element(doc, 'line', attrs);
      if (p.arrow !== true) return [line];
      const r = (v: number): number => Math.round(v * 100) / 100;
      const d = `M${arrowhead(p).map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}z`;
      return [line, element(doc, 'path', { d, fill: p.stroke, 'pointer-events': 'none' })];
    }
  }
}

/** One part of a scene as a group (data-layer names a keyed part). */
export function layerElement(layer: Layer, idPrefix: string, doc: Document = document): SVGGElement {
  const ids = idsFor(idPrefix);
  const g = element(doc, 'g', layer.key === '' ? {} : { 'data-layer': layer.key }) as SVGGElement;
  for (const p of layer.prims) g.append(...prim(doc, p, ids));
  return g;
}

function idsFor(idPrefix: string): Ids {
  return { hatch: `${idPrefix}-hatch`, title: `${idPrefix}-title`, desc: `${idPrefix}-desc` };
}

/**
 * An empty diagram: its title, description, patterns and background, sized
 * to the scene. idPrefix keeps the pattern ids of several diagrams (or several
 * playgrounds on one page) apart.
 */
export function svgRoot(scene: Scene, idPrefix: string, doc: Document = document): SVGSVGElement {
  const ids = idsFor(idPrefix);
  const svg = element(doc, 'svg', { xmlns: NS, role: 'img', 'aria-labelledby': ids.title, 'aria-describedby': ids.desc }) as SVGSVGElement;
  const defs = element(doc, 'defs', {});
  const pattern = element(doc, 'pattern', {
    id: ids.hatch, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)',
  });
  pattern.append(element(doc, 'line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: scene.hatch, 'stroke-width': 3 }));
  defs.append(pattern);
  svg.append(element(doc, 'title', { id: ids.title }), element(doc, 'desc', { id: ids.desc }), defs,
    element(doc, 'rect', { x: 0, y: 0, fill: scene.background, 'data-background': '' }));
  sizeSvg(svg, scene.width, scene.height);
  describeSvg(svg, scene);
  return svg;
}

/** Sizes a root. Without a viewBox its user units stay CSS pixels. */
export function sizeSvg(svg: SVGSVGElement, width: number, height: number): void {
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  const background = svg.querySelector(':scope > rect[data-background]') as SVGElement;
  background.setAttribute('width', String(width));
  background.setAttribute('height', String(height));
}

/** What a screen reader (and the exported file) says the diagram shows. */
export function describeSvg(svg: SVGSVGElement, scene: Scene): void {
  (svg.querySelector(':scope > title') as SVGElement).textContent = scene.title;
  (svg.querySelector(':scope > desc') as SVGElement).textContent = scene.desc;
}

/** The whole scene as one standalone element (the exported file). */
export function buildSvg(scene: Scene, idPrefix: string, doc: Document = document): SVGSVGElement {
  const svg = svgRoot(scene, idPrefix, doc);
  // A file is scaled by whatever shows it: the viewBox keeps the drawing whole.
  svg.setAttribute('viewBox', `0 0 ${scene.width} ${scene.height}`);
  for (const layer of scene.layers) svg.append(layerElement(layer, idPrefix, doc));
  return svg;
}

// Note [Text in exported SVG]: a file must be well-formed XML 1.0, whose
// characters (its Char production) leave out the C0 controls but tab, line
// feed and carriage return, unpaired surrogates, U+FFFE and U+FFFF; not even
// a character reference (&#1;) may name them. The diagram echoes what was
// typed (an error quotes the shape's text), so any of them can reach a text
// node. The file shows a C0 control as its visible Control Picture
// (U+0000 as ␀ U+2400, U+001B as ␛ U+241B): one character for one, so the
// labels placed character by character stay in their slots, and a reader
// sees which control was there. The others become U+FFFD, as a UTF-8
// encoder writes an unpaired surrogate. The screen's SVG is DOM, which
// holds any character: only the file is rewritten.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** text with every character XML 1.0 cannot hold replaced (Note [Text in exported SVG]). */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : '\ufffd';
  });
}

/** Every text node and attribute value under root, made XML-safe in place. */
function makeXmlSafe(root: Element): void {
  const walker = (root.ownerDocument as Document).createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = root; node !== null; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const safe = xmlText(node.nodeValue ?? '');
      if (safe !== node.nodeValue) node.nodeValue = safe;
    } else {
      for (const attr of [...(node as Element).attributes]) {
        const safe = xmlText(attr.value);
        if (safe !== attr.value) attr.value = safe;
      }
    }
  }
}

/** The exported file: well-formed XML whatever the scene's text holds. */
export function svgText(scene: Scene, idPrefix: string): string {
  const svg = buildSvg(scene, idPrefix);
  makeXmlSafe(svg);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}
