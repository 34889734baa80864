import { describe, expect, it } from 'vitest';
import { textParts, textSource } from './plain-text';

describe('one-line texts with formulas', () => {
  it('splits plain parts from the formulas between \\( and \\)', () => {
    expect(textParts('Find \\(\\frac{d}{dx}\\sin x\\) at \\(x^{2}\\).')).toEqual([
      { text: 'Find ' },
      { text: '\\(\\frac{d}{dx}\\sin x\\)', latex: '\\frac{d}{dx}\\sin x' },
      { text: ' at ' },
      { text: '\\(x^{2}\\)', latex: 'x^{2}' },
      { text: '.' },
    ]);
  });

  it('keeps text without formulas, and an unclosed \\( as text', () => {
    expect(textParts('No formula here')).toEqual([{ text: 'No formula here' }]);
    expect(textParts('Cut \\(x^')).toEqual([{ text: 'Cut \\(x^' }]);
    expect(textParts('')).toEqual([]);
  });

  it('gives the LaTeX itself for titles and tooltips', () => {
    expect(textSource('Solve \\(x^{2}=4\\) for x')).toBe('Solve x^{2}=4 for x');
  });
});
