import { z } from 'zod';
import { type Endpoint, endpoint } from './endpoint';
import { zIdParam } from './fields';
import type { PermissionCode } from './menu-catalogue';

// A state change of one row of a resource (publish, withdraw, extend), declared once: who may make it,
// the state column, the states it starts from and the one it leaves, and what it takes. It is an
// endpoint like any other (POST /api/{resource}/{action}/{id}, answering the row), so the web calls it
// through the route table; the server's resource engine supplies only what it does (`implement`):
// the engine loads and locks the row in the caller's scope, checks the state, runs, sets the new one.

export interface ActionDecl<I extends z.ZodObject = z.ZodObject> {
  summary: string;
  access: readonly [PermissionCode, ...PermissionCode[]];
  // The state column (default `status`).
  field?: string;
  from?: readonly number[];
  to?: number;
  input?: I;
}

export interface ActionState {
  resource: string;
  name: string;
  field: string;
  from?: readonly number[];
  to?: number;
}

type Body<D> = D extends { input: infer I extends z.ZodObject } ? I : z.ZodObject<Record<never, never>>;

export type ActionEndpoint<D extends ActionDecl, R extends z.ZodType> = Endpoint<
  Body<D>,
  typeof zIdParam,
  undefined,
  R,
  ActionDecl['access']
> & { action: ActionState };

// How the OpenAPI document words an action's states.
export function actionDescription(a: Pick<ActionDecl, 'field' | 'from' | 'to'>): string | undefined {
  if (!a.from) return undefined;
  const leaves = a.to !== undefined ? `; leaves it at ${a.to}` : '';
  return `Allowed from ${a.field ?? 'status'} ${a.from.join(', ')}${leaves}. Refused with 501 naming the field otherwise.`;
}

// The actions of `resource`, whose rows `row` describes, as endpoints.
export function resourceActions<R extends z.ZodType, const A extends Record<string, ActionDecl>>(
  resource: string,
  row: R,
  actions: A,
): { [K in keyof A]: ActionEndpoint<A[K], R> } {
  const out: Record<string, unknown> = {};
  for (const [name, a] of Object.entries(actions)) {
    out[name] = {
      ...endpoint({
        method: 'POST',
        path: `/api/${resource}/${name}/:id`,
        summary: a.summary,
        description: actionDescription(a),
        tags: [resource],
        access: a.access,
        mutates: true,
        params: zIdParam,
        body: a.input ?? z.object({}),
        response: row,
      }),
      action: { resource, name, field: a.field ?? 'status', from: a.from, to: a.to },
    };
  }
  return out as { [K in keyof A]: ActionEndpoint<A[K], R> };
}
