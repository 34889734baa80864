import { z } from 'zod';
import { zDateTime, zId } from './fields';

// The four schemas of a declared resource from its editable fields and its stored row:
// create (id null or absent), update (id required), row (id, organisation, creation time) and filter.
export function crudSchemas<I extends z.ZodRawShape, R extends z.ZodRawShape, F extends z.ZodRawShape>(spec: {
  input: I;
  row: R;
  filter: F;
}) {
  return {
    create: z.object({ id: z.null().optional() }).extend(spec.input),
    update: z.object({ id: zId }).extend(spec.input),
    row: z.object({ id: zId, organizationId: zId, createTime: zDateTime }).extend(spec.row),
    filter: z.object({ keyword: z.string().trim().max(64).optional() }).extend(spec.filter),
  };
}

export const zSort = z.number().int().min(0).max(9999).default(0);
export const zParentId = zId
  .nullable()
  .optional()
  .transform((v) => v ?? null);
