import { describe, expect, it } from 'vitest';
import { csvText, parseCsv, toCsv } from './live-csv';

describe('live-class CSV', () => {
  it('reads quoted cells with separators, quotes and line breaks, keeping each record’s line', () => {
    const text = 'User name,Minutes\r\n"wang, li",12\n\n"say ""hi""\nagain",3\nlast,4';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['User name', 'Minutes'] },
      { line: 2, cells: ['wang, li', '12'] },
      { line: 4, cells: ['say "hi"\nagain', '3'] },
      { line: 6, cells: ['last', '4'] },
    ]);
  });

  it('takes the header’s separator: tab or semicolon files too', () => {
    expect(parseCsv('a\tb\n1,5\t2').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseCsv('a;b\n1;2')[1]?.cells).toEqual(['1', '2']);
  });

  it('decodes UTF-8 with or without its mark, UTF-16 by its mark, and GB18030 from a Chinese Excel', () => {
    expect(csvText(Buffer.from('\ufeff用户名', 'utf8'))).toBe('用户名');
    expect(csvText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('时长', 'utf16le')]))).toBe('时长');
    // 用户名 in GB18030.
    expect(csvText(Buffer.from([0xd3, 0xc3, 0xbb, 0xa7, 0xc3, 0xfb]))).toBe('用户名');
  });

  it('writes a BOM, CRLF, quotes where needed, and text cells a spreadsheet would run as formulas escaped', () => {
    const out = toCsv([
      ['=1+1', '+x', '-y', '@z', 'a,b', 'plain'],
      [-3, null, 'say "hi"'],
    ]);
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(out.subarray(3).toString('utf8')).toBe(`'=1+1,'+x,'-y,'@z,"a,b",plain\r\n-3,,"say ""hi"""\r\n`);
  });
});
