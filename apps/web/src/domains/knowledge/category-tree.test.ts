import { describe, expect, it } from 'vitest';
import { categoryTree } from './category-tree';

// The reading page's categories: branches with articles somewhere below them, counts summed.
describe('the categories tree', () => {
  const list = [
    { id: 1, name: 'Safety', parentId: null, count: 1 },
    { id: 2, name: 'Labs', parentId: 1, count: 2 },
    { id: 3, name: 'Empty', parentId: 1, count: 0 },
    { id: 4, name: 'Library', parentId: null, count: 0 },
    { id: 5, name: 'Rules', parentId: 4, count: 3 },
    { id: 6, name: 'Nothing', parentId: null, count: 0 },
  ];

  it('sums each branch and leaves out the empty ones', () => {
    expect(categoryTree(list)).toEqual([
      { value: 1, title: 'Safety', count: 3, children: [{ value: 2, title: 'Labs', count: 2 }] },
      { value: 4, title: 'Library', count: 3, children: [{ value: 5, title: 'Rules', count: 3 }] },
    ]);
  });

  it('keeps the empty ones when asked, and survives a loop in the data', () => {
    expect(categoryTree(list, true).map((n) => n.value)).toEqual([1, 4, 6]);
    const loop = [
      { id: 1, name: 'A', parentId: null, count: 1 },
      { id: 2, name: 'B', parentId: 1, count: 1 },
      { id: 1, name: 'A again', parentId: 2, count: 1 },
    ];
    expect(categoryTree(loop)[0].count).toBeGreaterThan(0);
  });
});
