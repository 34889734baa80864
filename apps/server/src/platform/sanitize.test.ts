import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('removes anything that could run', () => {
    expect(sanitizeRichText('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<img src="/api/file/3" onerror="alert(1)">')).toBe('<img src="/api/file/3" />');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<p style="background:url(javascript:x)" onclick="x()">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>')).toBe('');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeRichText('<img src="http://insecure.example/x.png">')).toBe('');
  });

  it('keeps formatting, tables, formulas, images of ours and the blank marker', () => {
    const kept = [
      '<p><strong>Bold</strong> and <em>it</em> H<sub>2</sub>O x<sup>2</sup></p>',
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
      '<span class="formula" data-latex="\\frac{1}{2}"></span>',
      '<img src="/api/file/12" alt="graph" />',
      '<p>The capital is {{blank}}.</p>',
    ];
    for (const html of kept) expect(sanitizeRichText(html)).toBe(html);
  });
});
