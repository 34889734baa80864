import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { latexMath } from './latex-math';

// The OMML Word writes for a formula, read back from a document holding only it.
async function omml(latex: string): Promise<string> {
  const doc = new Document({ sections: [{ children: [new Paragraph({ children: [latexMath(latex)] })] }] });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  return /<m:oMath>[\s\S]*<\/m:oMath>/.exec(xml)?.[0] ?? '';
}
const texts = (xml: string) =>
  [...xml.matchAll(/<m:t[^>]*>([^<]*)<\/m:t>/g)].map((m) => m[1]?.replaceAll('&apos;', "'")).join('|');

describe('LaTeX as Word equations', () => {
  it('writes powers, indices, fractions, roots, symbols and named functions', async () => {
    const power = await omml('2x^{n-1}');
    expect(power).toContain('<m:sSup>');
    expect(texts(power)).toBe('2|x|n-1');
    const frac = await omml('\\frac{d}{dx} \\sin x');
    expect(frac).toContain('<m:f>');
    expect(texts(frac)).toBe('d|dx|sin\u2009x');
    const root = await omml('\\sqrt[3]{a_1^2} \\le \\infty');
    expect(root).toContain('<m:rad>');
    expect(root).toContain('<m:sSubSup>');
    expect(texts(root)).toContain('≤∞');
    const limit = await omml('\\lim_{x\\to\\infty} \\frac{1}{x} + y_1');
    expect(limit).toContain('<m:limLow>');
    expect(texts(limit)).toBe('lim|x→∞|1|x|+|y|1');
    expect(limit.match(/<m:limLow>/g)).toHaveLength(1);
    expect(texts(await omml("(f\\circ g)'(x) = f'(g(x))\\,g'(x)"))).toBe("(f∘g)'(x)=f'(g(x))\u2009g'(x)");
  });

  it('refuses what it does not know, so the caller keeps the source', () => {
    expect(() => latexMath('\\begin{matrix} a \\end{matrix}')).toThrow(/unknown command/);
    expect(() => latexMath('x^{2')).toThrow(/unclosed/);
    expect(() => latexMath('x}')).toThrow(/unopened/);
  });
});
