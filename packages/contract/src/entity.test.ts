import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { semesterEntity } from './modules/base/semester';

describe('an entity declared once', () => {
  const { schemas, meta } = semesterEntity;

  it('derives typed create, update, row and filter schemas', () => {
    expectTypeOf<z.output<typeof schemas.create>['year']>().toEqualTypeOf<number>();
    expectTypeOf<z.output<typeof schemas.filter>>().toEqualTypeOf<{
      keyword?: string;
      year?: number;
      term?: 1 | 2;
      current?: boolean;
    }>();
    const ok = schemas.create.parse({
      name: ' Autumn ',
      year: 2026,
      term: 1,
      startDate: '2026-09-01',
      endDate: '2027-01-20',
    });
    expect(ok).toMatchObject({ name: 'Autumn', current: false });
    const bad = schemas.create.safeParse({ name: '', year: 1999, term: 9, startDate: '2026-02-31', endDate: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'endDate',
      'name',
      'startDate',
      'term',
      'year',
    ]);
    expect(
      schemas.update.safeParse({
        id: 3,
        name: 'A',
        year: 2026,
        term: 2,
        startDate: '2026-02-01',
        endDate: '2026-07-01',
      }).success,
    ).toBe(true);
  });

  it('derives the meta the web renders and Excel reads, in field order with both labels', () => {
    expect(meta).toMatchObject({ name: 'semester', permission: 'semester', keyword: true });
    expect(meta.fields.map((f) => [f.key, f.kind, f.label.zh, f.required ?? false, f.filter ?? false])).toEqual([
      ['name', 'text', '名称', true, false],
      ['year', 'number', '学年', true, true],
      ['term', 'enum', '学期', true, true],
      ['startDate', 'date', '开始日期', true, false],
      ['endDate', 'date', '结束日期', true, false],
      ['current', 'boolean', '当前学期', false, true],
    ]);
  });
});
