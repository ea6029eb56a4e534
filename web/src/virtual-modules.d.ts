// Modules the build makes (web/puzzles-plugin.ts).
declare module 'virtual:tensorcast-puzzles' {
  const entries: import('./model/puzzle-set.js').ShippedEntry[];
  export default entries;
  /** 'hide' in a build without solutions (Note [Answer-free build] in web/puzzles-plugin.ts). */
  export const solutions: 'show' | 'hide';
}
