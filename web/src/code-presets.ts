/// <reference types="vite/client" />
// The programs of the code mode's examples menu: web/presets/*.py, bundled
// as text by Vite (model/code-source.ts reads their titles).
import { readPresets } from './model/code-source.js';
import type { ProgramPreset } from './model/code-source.js';

const files = import.meta.glob<string>('../presets/*.py', { query: '?raw', import: 'default', eager: true });

export const PROGRAM_PRESETS: readonly ProgramPreset[] = readPresets(files);

/** The program the code mode opens with: the first preset (the first preset's example: broadcast, then backward). */
export const FIRST_PROGRAM: string = (PROGRAM_PRESETS[0] as ProgramPreset).code;
