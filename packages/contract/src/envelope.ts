import { z } from 'zod';
import { type ErrorDetail, zErrorDetail } from './errors';

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
