import { z } from 'zod';
import type { ErrorDetail } from './errors';

// The `error` member of a failed reply as a schema (here, not in errors.ts: the catalogue travels with
// the login page, which needs no zod).
export const zErrorDetail = z
  .object({
    key: z.string().describe('The catalogue code (packages/contract/src/errors.ts), e.g. "tooLong", "unique"'),
    field: z.string().optional().describe('The refused field, a dotted path such as "options.2.content"'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .describe('What was refused, in words a client can translate: the catalogue code, the field and the parameters')
  // One component in the OpenAPI document, referenced by every reply.
  .meta({ id: 'ErrorDetail' });

export interface Envelope<T> {
  code: number;
  message: string;
  response: T;
  // Failures only: the catalogue code, field and params of `message`, for clients that translate.
  error?: ErrorDetail;
}

export function envelope<T extends z.ZodType>(response: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    response: response.nullable(),
    error: zErrorDetail.optional(),
  });
}

export const zEmpty = z.null();
