import { describe, expect, it } from 'vitest';
import { plainText } from './marking-scope';

describe('a stem as one line of text', () => {
  it('keeps each formula between \\( and \\) for the web to draw', () => {
    const stem =
      '<p>Differentiate <span class="formula" data-latex="\\frac{d}{dx}\\sin x"></span> and <span class="formula" data-latex="a &amp; b"></span></p>';
    expect(plainText(stem)).toBe('Differentiate \\(\\frac{d}{dx}\\sin x\\) and \\(a & b\\)');
  });

  it('cuts a long stem before a formula, never through it', () => {
    const stem = `<p>${'word '.repeat(20)}<span class="formula" data-latex="x^{2}+y^{2}=r^{2}"></span></p>`;
    const text = plainText(stem, 110);
    expect(text.endsWith('word…')).toBe(true);
    expect(text).not.toContain('\\(');
  });
});
