import { z } from 'zod';
import { type Endpoint, type EndpointAccess, endpoint } from './endpoint';

// What an endpoint answering a stream of server-sent events declares as its response: the events
// (text/event-stream, push.ts names them), not the envelope, which only a refusal still answers.
// The server registers it with defineStreamEndpoint (platform/push.ts); the web opens it with
// usePush (shell/push.ts). A GET without a body, so a browser's EventSource can open it too.
export const zStreamAnswer = z.never().describe('Server-sent events (text/event-stream): see the summary');

type ZodOpt = z.ZodType | undefined;

export function streamEndpoint<P extends ZodOpt, Q extends ZodOpt, const A extends EndpointAccess>(
  e: Omit<Endpoint<undefined, P, Q, typeof zStreamAnswer, A>, 'response' | 'mutates' | 'method' | 'body'>,
): Endpoint<undefined, P, Q, typeof zStreamAnswer, A> {
  return endpoint({ ...e, method: 'GET', response: zStreamAnswer });
}
