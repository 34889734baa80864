import { htmlText } from '../rich-text/plain-text';
import type { AnyRow } from './resource-api';

// Label fields that hold rich text (a question's stem): shown as their plain text. Any other label (a
// name) is shown as typed, tags and all, as every list shows it (issue 36: a name like "<b>Bob</b>" read
// "Bob" here and "<b>Bob</b>" elsewhere).
const RICH_LABELS: ReadonlySet<string> = new Set(['stem']);

export function labelOf(row: AnyRow, labelKey: string): string {
  const value = row[labelKey];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') return `#${row.id}`;
  return RICH_LABELS.has(labelKey) ? htmlText(value) || `#${row.id}` : value;
}
