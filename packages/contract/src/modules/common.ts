import { z } from 'zod';
import { zDateTime, zId } from '../fields';

export const zOperationLog = z.object({
  id: zId,
  userName: z.string().nullable(),
  path: z.string(),
  method: z.string(),
  mobile: z.boolean(),
  responseCode: z.number().int(),
  durationMs: z.number().int(),
  ip: z.string().nullable(),
  createTime: zDateTime,
});
export type OperationLog = z.infer<typeof zOperationLog>;
