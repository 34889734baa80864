import type { ActionState, Endpoint } from '@lyceum/contract';
import { isOperationAction, operationActionLabels } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from './context';
import type { Tx } from './db';
import { invalidParams, notFound } from './errors';
import type { Resource } from './resource';
import type { Values } from './resource-children';
import type { ResourceCore } from './resource-core';
import type { GuardedAccess } from './route';

// A state transition of a row (publish, withdraw, start, confirm): POST /api/{name}/{action}/{id}
// loads the row in the caller's scope and locks it, checks the state, runs, sets the new state, all
// in one transaction; it is logged, documented and in the access matrix like every route.
export interface ActionDef<I extends z.ZodObject = z.ZodObject> {
  summary: string;
  access: GuardedAccess;
  // The state column (default `status`), the states the action starts from and the one it leaves.
  field?: string;
  from?: readonly number[];
  to?: number;
  input?: I;
  // More changes in the same transaction; may return further column values for the row.
  run?: (tx: Tx, row: Values, input: z.output<I>, ctx: RequestContext) => Promise<Values | undefined>;
  // The contract's declaration it implements (implement()).
  declared?: ActionState;
}

// An action the contract declares (resourceActions: who, which states, what it takes), with what it
// does here. The engine checks at start-up that it sits under its own resource and name.
export function implement<I extends z.ZodObject, R extends z.ZodType>(
  declared: Endpoint<I, z.ZodType, undefined, R, GuardedAccess> & { action: ActionState },
  run?: (tx: Tx, row: Values, input: z.output<I>, ctx: RequestContext) => Promise<Values | undefined>,
): ActionDef {
  const { field, from, to } = declared.action;
  const def: ActionDef<I> = {
    summary: declared.summary,
    access: declared.access,
    field,
    ...(from ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    input: declared.body,
    ...(run ? { run } : {}),
    declared: declared.action,
  };
  return def as unknown as ActionDef;
}

// The verbs the engine itself registers under /api/{name}/; no action may take one of these names.
export const ENGINE_VERBS = [
  'page',
  'list',
  'create',
  'update',
  'select',
  'delete',
  'tree',
  'export',
  'template',
  'import',
];

// The declared actions of a resource; their names are checked when the resource is built.
export function createActions<C extends z.ZodObject, U extends z.ZodObject, F extends z.ZodObject, R extends z.ZodType>(
  core: ResourceCore<C, U, F, R>,
): Pick<Resource<C, U, F, R>, 'runAction'> {
  const { def, table, columns, scope, get, readScope, loadForWrite } = core;
  for (const [name, act] of Object.entries(def.actions ?? {})) {
    if (ENGINE_VERBS.includes(name)) throw new Error(`${def.name}: an action cannot be called "${name}"`);
    if (act.declared && (act.declared.resource !== def.name || act.declared.name !== name))
      throw new Error(`${def.name}.${name} implements ${act.declared.resource}.${act.declared.name}`);
  }

  // "cannot publish a withdrawn exam paper": the action, the state it found, the record, in both
  // languages (the Chinese action from the operation log's labels, the state from the field's enum).
  function transitionParams(name: string, field: string, state: unknown) {
    const labels = def.meta?.fields.find((f) => f.key === field)?.enum?.[state as number];
    const stateEn = labels?.en.toLowerCase() ?? `${field} ${String(state)}`;
    const entity = def.title.toLowerCase();
    return {
      action: name,
      a: /^[aeiou]/i.test(stateEn) ? 'an' : 'a',
      state: stateEn,
      entity,
      actionZh: isOperationAction(name) ? operationActionLabels[name].zh : name,
      stateZh: labels?.zh ?? String(state),
    };
  }

  async function runAction(ctx: RequestContext, name: string, id: number, input: Values): Promise<Values> {
    const act = def.actions && Object.hasOwn(def.actions, name) ? def.actions[name] : undefined;
    if (!act) throw notFound(`Action ${name}`);
    const field = act.field ?? 'status';
    await ctx.db.transaction(async (tx) => {
      // Locked until the transaction ends, so two transitions of one row run one after the other
      // and the second sees the state the first left.
      const row = await loadForWrite(tx, ctx, id, true);
      if (act.from && !act.from.includes(row[field] as number)) {
        throw invalidParams(field, 'transition', transitionParams(name, field, row[field]));
      }
      const more = (await act.run?.(tx, row, input, ctx)) ?? {};
      const values: Values = { ...more, ...(act.to !== undefined ? { [field]: act.to } : {}) };
      if ('updateTime' in columns && !('updateTime' in values)) values.updateTime = new Date();
      if (Object.keys(values).length) {
        await tx
          .update(table)
          .set(values)
          .where(and(scope(ctx), eq(table.id, id)));
      }
    });
    return get(ctx, id, readScope(ctx));
  }

  return { runAction };
}
