import {
  type OnlineProvider,
  type PaymentChannelTest,
  type PayProvider,
  paymentChannelDecl,
  paymentChannelMeta,
} from '@lyceum/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { openSecret, sealSecret } from '../mail/mail-secret';
import { paymentChannels } from './payment.table';
import { normalisePrivateKey, normalisePublicKey } from './payment-keys';
import { adapterFor, type Channel, ProviderError } from './payment-provider';

// The organisation's account at each online provider (payment:settings), one per provider. The
// app's private key is checked, kept as PKCS#8 and sealed on save (AES-256-GCM under LYCEUM_SECRET),
// and never leaves the server: rows say only whether one is stored; blank on an update keeps it.

type ChannelRow = typeof paymentChannels.$inferSelect;

export const paymentChannelResource = createResource({
  ...fromDecl(paymentChannelDecl),
  meta: paymentChannelMeta,
  table: paymentChannels,
  search: [paymentChannels.name, paymentChannels.appId],
  sort: { default: [asc(paymentChannels.provider), asc(paymentChannels.id)], fields: { name: paymentChannels.name } },
  unique: [{ fields: ['provider'], label: 'Payment channel of this provider' }],
  omit: ['privateKeySealed'],
  hooks: {
    // Alipay needs its app id, both keys checked as RSA keys; the test provider needs nothing.
    async validate(input, ctx, mode, current) {
      const v = input as Values & { privateKey?: string };
      if (v.provider !== 'alipay') return;
      if (!v.appId) throw invalidParams('appId', 'required');
      const plain = String(v.privateKey ?? '').trim();
      if (plain && !normalisePrivateKey(plain)) throw invalidParams('privateKey', 'paymentKeyInvalid');
      if (!plain && (mode === 'create' || !(await hasKey(ctx, Number(current?.id)))))
        throw invalidParams('privateKey', 'required');
      if (!v.providerPublicKey) throw invalidParams('providerPublicKey', 'required');
      if (!normalisePublicKey(String(v.providerPublicKey)))
        throw invalidParams('providerPublicKey', 'paymentKeyInvalid');
    },
    values(input, _ctx, mode) {
      const { privateKey, ...rest } = input as Values & { privateKey?: string };
      const values: Values = { ...rest, updateTime: new Date() };
      if (rest.providerPublicKey) values.providerPublicKey = normalisePublicKey(String(rest.providerPublicKey));
      if (rest.gateway) values.gateway = String(rest.gateway).trim();
      const plain = String(privateKey ?? '').trim();
      const pem = plain ? normalisePrivateKey(plain) : null;
      if (pem) values.privateKeySealed = sealSecret(pem);
      else if (mode === 'create') values.privateKeySealed = null;
      return values;
    },
    // Whether a key is stored that this server can open (a changed LYCEUM_SECRET loses it).
    async decorate(rows, ctx) {
      if (!rows.length) return rows;
      const sealed = await ctx.db
        .select({ id: paymentChannels.id, sealed: paymentChannels.privateKeySealed })
        .from(paymentChannels)
        .where(
          inOrg(paymentChannels, ctx.orgId, [
            inArray(
              paymentChannels.id,
              rows.map((r) => Number(r.id)),
            ),
          ]),
        );
      const opens = new Map(sealed.map((s) => [s.id, s.sealed !== null && openSecret(s.sealed) !== null]));
      return rows.map((r) => ({ ...r, hasPrivateKey: opens.get(Number(r.id)) ?? false }));
    },
  },
});

async function hasKey(ctx: RequestContext, id: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ sealed: paymentChannels.privateKeySealed })
    .from(paymentChannels)
    .where(inOrg(paymentChannels, ctx.orgId, [eq(paymentChannels.id, id)]));
  return Boolean(row?.sealed);
}

// A row with its key opened (null when none is stored or it cannot be read).
export function channelOf(row: ChannelRow, db: DbOrTx): Channel {
  return {
    id: row.id,
    orgId: row.organizationId,
    provider: row.provider as OnlineProvider,
    name: row.name,
    appId: row.appId,
    privateKey: row.privateKeySealed ? openSecret(row.privateKeySealed) : null,
    providerPublicKey: row.providerPublicKey,
    gateway: row.gateway,
    db,
  };
}

// The organisation's channel of a provider (enabled only, unless asked otherwise), or null.
export async function channelFor(
  db: DbOrTx,
  orgId: number,
  provider: OnlineProvider,
  opts: { enabledOnly: boolean } = { enabledOnly: true },
): Promise<Channel | null> {
  const [row] = await db
    .select()
    .from(paymentChannels)
    .where(inOrg(paymentChannels, orgId, [eq(paymentChannels.provider, provider)]));
  if (!row || (opts.enabledOnly && !row.enabled)) return null;
  return channelOf(row, db);
}

// The providers a payer may choose now, test first (it moves no money, and says so).
export async function enabledProviders(db: DbOrTx, orgId: number): Promise<PayProvider[]> {
  const found = await db
    .select({ provider: paymentChannels.provider, name: paymentChannels.name })
    .from(paymentChannels)
    .where(inOrg(paymentChannels, orgId, [eq(paymentChannels.enabled, true)]))
    .orderBy(desc(paymentChannels.provider));
  return found.map((c) => ({ provider: c.provider as OnlineProvider, name: c.name }));
}

// The Test button: asks about a payment number nobody made. "No such trade" means the provider
// was reached and accepted our signature; anything else says what went wrong.
export async function testChannel(ctx: RequestContext, id: number): Promise<PaymentChannelTest> {
  await paymentChannelResource.readable(ctx, id);
  const [row] = await ctx.db
    .select()
    .from(paymentChannels)
    .where(inOrg(paymentChannels, ctx.orgId, [eq(paymentChannels.id, id)]));
  if (!row) return { ok: false, detail: 'not found' };
  const ch = channelOf(row, ctx.db);
  if (row.privateKeySealed && ch.privateKey === null)
    return { ok: false, detail: 'the stored private key cannot be read (LYCEUM_SECRET changed?): enter it again' };
  try {
    const answer = await adapterFor(ch.provider).query(ch, `${ctx.orgId}_19700101_000000000000`);
    return { ok: true, detail: `reachable, keys accepted (the made-up payment is ${answer.state})` };
  } catch (err) {
    if (err instanceof ProviderError) return { ok: false, detail: err.detail };
    throw err;
  }
}
