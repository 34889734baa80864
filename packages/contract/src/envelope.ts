import { z } from 'zod';

// The result codes of the spec: every reply is {code, message, response} with HTTP 200.
export const ResultCode = {
  Success: 1,
  NotLoggedIn: 401,
  WrongCredentials: 402,
  Forbidden: 403,
  Error: 500,
  InvalidParams: 501,
  SessionInvalid: 502,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Envelope<T> {
  code: number;
  message: string;
  response: T;
}

export function envelope<T extends z.ZodType>(response: T) {
  return z.object({ code: z.number().int(), message: z.string(), response: response.nullable() });
}

export const zEmpty = z.null();
