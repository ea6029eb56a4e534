// A scene as an SVG element, built with DOM calls (text goes in as
// textContent, never parsed as markup). The same element, serialised, is the
// exported .svg file.
import { FONT, MONO } from './scene.js';
import type { Layer, Prim, Scene } from './scene.js';

interface Ids {
  hatch: string;
  arrow: string;
  title: string;
  desc: string;
}

const NS = 'http://www.w3.org/2000/svg';

function element(doc: Document, name: string, attrs: Record<string, string | number>): SVGElement {
  const el = doc.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
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
        'dominant-baseline': 'middle', 'pointer-events': 'none',
      };
      if (p.anchor !== undefined) attrs['text-anchor'] = p.anchor;
      if (p.bold === true) attrs['font-weight'] = 'bold';
      if (p.key !== undefined) attrs['data-key'] = p.key;
      const el = element(doc, 'text', attrs);
      el.textContent = p.text;
      return [el];
    }
    case 'line': {
      const attrs: Record<string, string | number> = {
        x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2, stroke: p.stroke, 'stroke-width': p.width,
      };
      if (p.dashed === true) attrs['stroke-dasharray'] = '5 4';
      if (p.arrow === true) attrs['marker-end'] = `url(#${ids.arrow})`;
      return [element(doc, 'line', attrs)];
    }
  }
}

function layerElement(doc: Document, layer: Layer, ids: Ids): SVGGElement {
  const g = element(doc, 'g', layer.key === '' ? {} : { 'data-layer': layer.key }) as SVGGElement;
  for (const p of layer.prims) g.append(...prim(doc, p, ids));
  return g;
}

function idsFor(idPrefix: string): Ids {
  return { hatch: `${idPrefix}-hatch`, arrow: `${idPrefix}-arrow`, title: `${idPrefix}-title`, desc: `${idPrefix}-desc` };
}

/** idPrefix keeps the pattern ids of several diagrams (or several playgrounds on one page) apart. */
export function buildSvg(scene: Scene, idPrefix: string, doc: Document = document): SVGSVGElement {
  const ids = idsFor(idPrefix);
  const svg = element(doc, 'svg', { xmlns: NS, role: 'img', 'aria-labelledby': ids.title, 'aria-describedby': ids.desc }) as SVGSVGElement;
  const defs = element(doc, 'defs', {});
  const pattern = element(doc, 'pattern', {
    id: ids.hatch, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)',
  });
  pattern.append(element(doc, 'line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: scene.hatch, 'stroke-width': 3 }));
  const marker = element(doc, 'marker', {
    id: ids.arrow, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse',
  });
  marker.append(element(doc, 'path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: 'context-stroke' }));
  defs.append(pattern, marker);
  svg.append(element(doc, 'title', { id: ids.title }), element(doc, 'desc', { id: ids.desc }), defs,
    element(doc, 'rect', { x: 0, y: 0, fill: scene.background, 'data-background': '' }));
  updateSvg(svg, scene, idPrefix, doc);
  return svg;
}

/**
 * Brings an element made by buildSvg (for a scene of the same inputs, view
 * and theme) to a new scene: parts with the same key stay where they are,
 * untouched, so a step redraws only what it changes.
 */
export function updateSvg(svg: SVGSVGElement, scene: Scene, idPrefix: string, doc: Document = document): void {
  const ids = idsFor(idPrefix);
  svg.setAttribute('width', String(scene.width));
  svg.setAttribute('height', String(scene.height));
  svg.setAttribute('viewBox', `0 0 ${scene.width} ${scene.height}`);
  (svg.querySelector(':scope > title') as SVGElement).textContent = scene.title;
  (svg.querySelector(':scope > desc') as SVGElement).textContent = scene.desc;
  const background = svg.querySelector(':scope > rect[data-background]') as SVGElement;
  background.setAttribute('width', String(scene.width));
  background.setAttribute('height', String(scene.height));
  const kept = new Map<string, SVGGElement>();
  for (const g of svg.querySelectorAll<SVGGElement>(':scope > g[data-layer]')) kept.set(g.getAttribute('data-layer') as string, g);
  const wanted = scene.layers.map((layer) => kept.get(layer.key) ?? layerElement(doc, layer, ids));
  const keep = new Set(wanted);
  for (const g of svg.querySelectorAll<SVGGElement>(':scope > g')) if (!keep.has(g)) g.remove();
  // In order, moving only what is out of place.
  let at: Element | null = background.nextElementSibling;
  for (const g of wanted) {
    if (g === at) at = at.nextElementSibling;
    else svg.insertBefore(g, at);
  }
}

export function svgText(scene: Scene, idPrefix: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(buildSvg(scene, idPrefix))}\n`;
}
