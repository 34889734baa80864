// A radar label in lines of about `width` columns (a CJK character takes two), broken at spaces, so
// the names beside the left and right corners stay inside a phone's screen.
export function wrapLabel(name: string, width: number): string {
  const cols = (w: string) => [...w].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/)) {
    if (line && cols(line) + 1 + cols(word) > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
