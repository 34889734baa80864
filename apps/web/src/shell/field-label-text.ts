// A field path ("items.2.questionId", "windowEnd") as people read it: the label of its last name, with
// the position of a list entry ("Answers 3 · Question"); `labelOf` gives a name's label when there is
// one, otherwise the name is spelt out ("Seat no").
export function fieldLabelText(path: string, labelOf: (name: string) => string | undefined): string {
  const parts = path.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (/^\d+$/.test(part)) continue;
    const next = parts[i + 1];
    const label = labelOf(part) ?? spelt(part);
    words.push(next !== undefined && /^\d+$/.test(next) ? `${label} ${Number(next) + 1}` : label);
  }
  // The last name says what is wrong; a list entry above it says where.
  const last = words.at(-1) ?? path;
  const where = words.slice(0, -1).filter((w) => /\d$/.test(w));
  return [...where, last].join(' · ');
}

function spelt(name: string): string {
  const words = name
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
