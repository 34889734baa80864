import { describe, expect, it } from 'vitest';
import { pageOf, pageOffset, zPageRequest } from './paging';

describe('paging', () => {
  it('defaults to page 1 of 10 and bounds the size to 1..200', () => {
    expect(zPageRequest.parse({})).toEqual({ pageIndex: 1, pageSize: 10 });
    expect(zPageRequest.safeParse({ pageSize: 0 }).success).toBe(false);
    expect(zPageRequest.safeParse({ pageSize: 201 }).success).toBe(false);
    expect(zPageRequest.safeParse({ pageIndex: 0 }).success).toBe(false);
    expect(zPageRequest.safeParse({ pageSize: 2.5 }).success).toBe(false);
  });

  it('computes offsets and page counts', () => {
    expect(pageOffset({ pageIndex: 3, pageSize: 20 })).toBe(40);
    expect(pageOf([1, 2], 41, { pageIndex: 3, pageSize: 20 })).toEqual({
      list: [1, 2],
      total: 41,
      pageNum: 3,
      pageSize: 20,
      pages: 3,
    });
    expect(pageOf([], 0, { pageIndex: 1, pageSize: 10 }).pages).toBe(0);
  });
});
