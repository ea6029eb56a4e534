// Where a program's text comes from besides typing: the code mode's first
// program, an embedding page's markup (the code attribute or a <script
// type="text/plain"> child, indented as the page is), and the preset files
// (web/presets/*.py; the first of them is the program the code mode opens
// with: code-presets.ts).

/**
 * A program written inside a page's markup: the blank lines around it
 * dropped and the indentation its lines share removed (Python reads
 * indentation), tabs and Windows line ends as Python reads them.
 */
export function embeddedCode(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && (lines[0] as string).trim() === '') lines.shift();
  while (lines.length > 0 && (lines[lines.length - 1] as string).trim() === '') lines.pop();
  const indents = lines.filter((l) => l.trim() !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length);
  const common = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.length === 0 ? '' : `${lines.map((l) => l.slice(Math.min(common, (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length))).join('\n')}\n`;
}

export interface ProgramPreset {
  /** The file's slug (07-pairwise-distances.py: pairwise-distances): what a link names. */
  id: string;
  /** Its title in each language (the English one where a Chinese one is missing). */
  title: { en: string; zh: string };
  /** The program, without its title lines. */
  code: string;
}

/**
 * A preset file (web/presets/README.md): "# en: ..." and "# zh: ..." as its
 * first lines give its titles; the program is what follows them.
 */
export function readPreset(id: string, text: string): ProgramPreset {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const title: { en: string | null; zh: string | null } = { en: null, zh: null };
  let body = 0;
  for (const line of lines.slice(0, 2)) {
    const tagged = /^#\s*(en|zh)\s*:\s*(.*)$/.exec(line);
    if (tagged === null) break;
    title[tagged[1] as 'en' | 'zh'] = (tagged[2] as string).trim() || null;
    body++;
  }
  const en = title.en ?? id;
  return { id, title: { en, zh: title.zh ?? en }, code: lines.slice(body).join('\n') };
}

/** The presets from their files (path → text), in the order of their file names (NN-slug.py). */
export function readPresets(files: Readonly<Record<string, string>>): ProgramPreset[] {
  return Object.keys(files)
    .sort()
    .map((path) => readPreset(path.replace(/^.*\//, '').replace(/\.py$/, '').replace(/^\d+-/, ''), files[path] as string));
}
