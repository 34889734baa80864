import { describe, expect, it } from 'vitest';
import { fieldLabelText } from './field-labels';

describe('field names as people read them', () => {
  it('gives the screens’ label in each language', () => {
    expect(fieldLabelText('windowEnd', 'en')).toBe('Closes');
    expect(fieldLabelText('windowEnd', 'zh')).toBe('结束时间');
    expect(fieldLabelText('stem', 'zh')).toBe('题干');
  });

  it('says which entry of a list, counting from one', () => {
    expect(fieldLabelText('items.2.questionId', 'en')).toBe('Answers 3 · Question');
    expect(fieldLabelText('options.0', 'en')).toBe('Options 1');
  });

  it('spells out a name without a label rather than showing the key', () => {
    expect(fieldLabelText('seatNo', 'en')).toBe('Seat no');
    expect(fieldLabelText('venueIds', 'en')).toBe('Venue');
  });
});
