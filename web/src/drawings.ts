// The diagrams of the steps of one view, for one set of inputs, theme and
// language. Each step's scene is built once, from parts shared with the
// other steps (a part drawn for step 2 is the same object in step 3), and
// shown on one SvgStage; steps not shown yet can be drawn ahead, hidden, so
// that showing them later only shows and hides groups.
import { keyedBoxes } from './diagram/scene.js';
import type { Box, Layer, Scene } from './diagram/scene.js';
import { SvgStage } from './diagram/stage.js';
import type { Mark } from './diagram/stage.js';

/** A step's scene, drawn with the parts already drawn for this set of inputs. */
export type SceneOf = (index: number, parts: ReadonlyMap<string, Layer>) => Scene | null;

export interface Shown {
  scene: Scene | null;
  /** The element to put on the page: the step's diagram, cropped to its size. */
  box: HTMLElement | null;
  /** Where each keyed cell of the step is. */
  cells: Map<string, Box>;
}


export class Drawings {
  private readonly scenes = new Map<number, Scene | null>();
  private readonly parts = new Map<string, Layer>();
  private readonly drawn = new Set<number>();
  private stage: SvgStage | null = null;
  private cells = new Map<string, Box>();

  /** base names what every step depends on; count is the number of steps. */
  constructor(readonly base: string, private readonly count: number, private readonly sceneOf: SceneOf, private readonly idPrefix: string) {}

  private scene(index: number): Scene | null {
    if (!this.scenes.has(index)) {
      const scene = this.sceneOf(index, this.parts);
      for (const layer of scene?.layers ?? []) if (layer.key !== '') this.parts.set(layer.key, layer);
      this.scenes.set(index, scene);
    }
    return this.scenes.get(index) as Scene | null;
  }

  show(index: number): Shown {
    const scene = this.scene(index);
    this.drawn.add(index);
    this.cells = scene === null ? new Map() : keyedBoxes(scene);
    if (scene === null) return { scene, box: null, cells: this.cells };
    this.stage ??= new SvgStage(scene, this.idPrefix);
    this.stage.show(scene);
    return { scene, box: this.stage.box, cells: this.cells };
  }

  /** Outlines cells of the step shown (none clears them); keys it does not draw are left out. */
  mark(marks: readonly Mark[]): void {
    this.stage?.mark(marks.flatMap(({ key, how }) => {
      const box = this.cells.get(key);
      return box === undefined ? [] : [{ box, key, how }];
    }));
  }

  /** Draws, hidden, the step nearest to `from` that is not drawn yet; returns whether any is left. */
  drawAhead(from: number): boolean {
    for (let d = 1; d < this.count; d++) {
      for (const index of [from + d, from - d]) {
        if (index < 0 || index >= this.count || this.drawn.has(index)) continue;
        this.drawn.add(index);
        const scene = this.scene(index);
        if (scene !== null) this.stage?.prepare(scene);
        return true;
      }
    }
    return false;
  }
}
