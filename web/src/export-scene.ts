// Exporting the step shown: its scene as an SVG file or a PNG image, named
// after the view and the step so that a folder of exports sorts by step.
import { scenePng } from './diagram/canvas.js';
import { download } from './diagram/download.js';
import type { Scene } from './diagram/scene.js';
import { svgText } from './diagram/svg.js';
import type { View } from './model/state.js';
import type { ExportKind } from './views/player-bar.js';

export function exportScene(scene: Scene, view: View, stepIndex: number, kind: ExportKind): void {
  const name = `tensorcast-${view}-step${stepIndex + 1}.${kind}`;
  if (kind === 'svg') download(new Blob([svgText(scene, 'tc')], { type: 'image/svg+xml' }), name);
  else void scenePng(scene).then((blob) => download(blob, name));
}
