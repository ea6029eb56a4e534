// Modules the build makes (web/puzzles-plugin.ts).
declare module 'virtual:tensorcast-puzzles' {
  const entries: import('./model/puzzle-set.js').ShippedEntry[];
  export default entries;
  /** 'hide' in a build without solutions (Note [Answer-free build] in web/puzzles-plugin.ts). */
  export const solutions: 'show' | 'hide';
}

// The package README's examples, compiled at build time (web/api-examples-plugin.ts).
declare module 'virtual:tensorcast-api-examples' {
  export const EXAMPLES: import('./model/api-run.js').Example<import('tensorcast').Tensorcast>[];
}
