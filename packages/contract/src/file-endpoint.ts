import { z } from 'zod';
import { type Endpoint, type EndpointAccess, endpoint } from './endpoint';

// What an endpoint answering a file (a spreadsheet, a Word paper, a stored upload) declares as its
// response: the bytes themselves, not the envelope. The server registers it with defineFileEndpoint;
// the web downloads it through the route table like any other. (Apart from endpoint.ts, which the
// route table loads, because this needs zod.)
export const zFileAnswer = z.never().describe('A file (the body is its bytes)');

type ZodOpt = z.ZodType | undefined;

export function fileEndpoint<B extends ZodOpt, P extends ZodOpt, Q extends ZodOpt, const A extends EndpointAccess>(
  e: Omit<Endpoint<B, P, Q, typeof zFileAnswer, A>, 'response' | 'mutates'>,
): Endpoint<B, P, Q, typeof zFileAnswer, A> {
  return endpoint({ ...e, response: zFileAnswer });
}

// The language a spreadsheet or document is written in (?lang=en|zh; the caller's by default).
export const zLangQuery = z.object({ lang: z.enum(['en', 'zh']).optional() });
