import { describe, expect, it } from 'vitest';
import { fieldLabelText } from './field-label-text';

const labels: Record<string, string> = {
  windowEnd: 'Closes',
  items: 'Answers',
  questionId: 'Question',
  options: 'Options',
};
const labelOf = (name: string) => labels[name];

describe('field names as people read them', () => {
  it('gives the label of the field', () => {
    expect(fieldLabelText('windowEnd', labelOf)).toBe('Closes');
  });

  it('says which entry of a list, counting from one', () => {
    expect(fieldLabelText('items.2.questionId', labelOf)).toBe('Answers 3 · Question');
    expect(fieldLabelText('options.0', labelOf)).toBe('Options 1');
  });

  it('spells out a name without a label rather than showing the key', () => {
    expect(fieldLabelText('seatNo', labelOf)).toBe('Seat no');
    expect(fieldLabelText('venueIds', labelOf)).toBe('Venue');
  });
});
