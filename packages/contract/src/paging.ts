import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 200;

// Paging fields every paged request carries beside its filters.
export const zPageRequest = z.object({
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageRequest = z.infer<typeof zPageRequest>;
// Pages of lists with one fixed order (a class's members, an exam's candidates): no sort fields.
export const zPlainPageRequest = zPageRequest.omit({ sortField: true, sortOrder: true });

export function zPage<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
  });
}
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  pages: number;
}

export function pageOf<T>(list: T[], total: number, req: PageRequest): Page<T> {
  return { list, total, pageNum: req.pageIndex, pageSize: req.pageSize, pages: Math.ceil(total / req.pageSize) };
}

export function pageOffset(req: PageRequest): number {
  return (req.pageIndex - 1) * req.pageSize;
}
