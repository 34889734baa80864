import { describe, expect, it } from 'vitest';
import { labelOf } from './ref-label';

// A name is shown as typed in a picker, as every list shows it; only a rich-text label (a stem) is made
// plain, which needs the browser's parser (the question pickers' browser tests show it).
describe('a reference label', () => {
  it('keeps a name with tags as typed', () => {
    expect(labelOf({ id: 1, name: '<b>Bob</b>' }, 'name')).toBe('<b>Bob</b>');
    expect(labelOf({ id: 3, name: '' }, 'name')).toBe('#3');
  });
});
