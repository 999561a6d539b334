// UI: the CSV mapping preview’s splitting of a file’s first lines.
/** Splits the first lines of a file for the mapping preview, as the core's CSV reader would. */
export function splitPreview(text: string, delimiter: string | null, maxRows: number): string[][] {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .slice(0, maxRows);
  const d = delimiter ?? detect(lines[0] ?? '');
  return lines.map((l) => (d === ' ' ? l.trim().split(/\s+/) : l.split(d).map((c) => c.trim().replace(/^"(.*)"$/, '$1'))));
}

function detect(line: string): string {
  for (const d of [',', '\t', ';']) if (line.includes(d)) return d;
  return ' ';
}
