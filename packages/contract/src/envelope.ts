import { z } from 'zod';

export interface Envelope<T> {
  code: number;
  message: string;
  response: T;
}

export function envelope<T extends z.ZodType>(response: T) {
  return z.object({ code: z.number().int(), message: z.string(), response: response.nullable() });
}

export const zEmpty = z.null();
