import { LiveProviderKind, type LiveProviderTest, liveProviderDecl, liveProviderMeta } from '@lyceum/contract';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { openSecret, sealSecret } from '../mail/mail-secret';
import { bbbProvider } from './bbb/bbb-client';
import { accountOf } from './live-accounts';
import { liveProviders } from './live-class.table';
import { ProviderError } from './live-provider';

// The organisation's BigBlueButton servers (liveClass:settings). The shared secret is sealed on save
// (AES-256-GCM under LYCEUM_SECRET) and never leaves the server: rows say only whether one is
// stored; a blank secret on an update keeps it. One default per organisation: a new default takes
// the mark from the old one in the same transaction.

export const liveProviderResource = createResource({
  ...fromDecl(liveProviderDecl),
  meta: liveProviderMeta,
  table: liveProviders,
  search: [liveProviders.name],
  sort: {
    default: [desc(liveProviders.isDefault), asc(liveProviders.name), asc(liveProviders.id)],
    fields: { name: liveProviders.name },
  },
  unique: [{ fields: ['name'], label: 'Live-class server' }],
  omit: ['secretSealed'],
  hooks: {
    // An external link is only an address on the live class: there is no server to set up.
    validate(input) {
      if (input.kind !== LiveProviderKind.BigBlueButton) throw invalidParams('kind', 'liveAccountKind');
    },
    values(input, _ctx, mode) {
      const { secret, ...rest } = input as Values & { secret?: string };
      const values: Values = { ...rest, url: String(input.url).trim(), updateTime: new Date() };
      const plain = secret?.trim() ?? '';
      if (plain || mode === 'create') values.secretSealed = sealSecret(plain);
      return values;
    },
    async beforeWrite(tx, input, ctx, _mode, current) {
      if (!input.isDefault) return;
      const others = current ? [ne(liveProviders.id, Number(current.id))] : [];
      await tx
        .update(liveProviders)
        .set({ isDefault: false })
        .where(and(inOrg(liveProviders, ctx.orgId, [eq(liveProviders.isDefault, true)]), ...others));
    },
    // Whether a secret is stored that this server can open (a changed LYCEUM_SECRET loses it).
    async decorate(rows, ctx) {
      if (!rows.length) return rows;
      const sealed = await ctx.db
        .select({ id: liveProviders.id, secretSealed: liveProviders.secretSealed })
        .from(liveProviders)
        .where(
          inOrg(liveProviders, ctx.orgId, [
            inArray(
              liveProviders.id,
              rows.map((r) => Number(r.id)),
            ),
          ]),
        );
      const opens = new Map(sealed.map((s) => [s.id, openSecret(s.secretSealed) !== null]));
      return rows.map((r) => ({ ...r, hasSecret: opens.get(Number(r.id)) ?? false }));
    },
  },
});

// Asks the server for its version with the stored secret: an unreachable server or a refused
// checksum is an answer (ok false, what went wrong), not a failure of the call.
export async function testProvider(ctx: RequestContext, id: number): Promise<LiveProviderTest> {
  await liveProviderResource.readable(ctx, id);
  const [row] = await ctx.db
    .select()
    .from(liveProviders)
    .where(inOrg(liveProviders, ctx.orgId, [eq(liveProviders.id, id)]));
  if (!row) return { ok: false, version: null, detail: 'not found' };
  if (openSecret(row.secretSealed) === null)
    return {
      ok: false,
      version: null,
      detail: 'the stored secret cannot be read (LYCEUM_SECRET changed?): enter it again',
    };
  try {
    const version = await bbbProvider.ping(accountOf(row));
    return { ok: true, version, detail: '' };
  } catch (err) {
    if (err instanceof ProviderError) return { ok: false, version: null, detail: err.detail };
    throw err;
  }
}
