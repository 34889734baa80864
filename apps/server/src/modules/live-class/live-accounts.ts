import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm, LiveProviderKind } from '@lyceum/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { businessError } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { openSecret } from '../mail/mail-secret';
import { liveProviders } from './live-class.table';
import type { ProviderAccount } from './live-provider';

// Which BigBlueButton server a live class runs on: the account it names (when still enabled), else
// the organisation's default, else the server the environment names (LIVE_BBB_URL, LIVE_BBB_SECRET,
// LIVE_BBB_CHECKSUM), so `npm start` against one shared server needs no settings screen.

function isAlgorithm(value: string): value is ChecksumAlgorithm {
  return (CHECKSUM_ALGORITHMS as readonly string[]).includes(value);
}

// The environment's server, or null when it names none.
export function liveEnvAccount(env: NodeJS.ProcessEnv = process.env): ProviderAccount | null {
  const url = env.LIVE_BBB_URL?.trim();
  const secret = env.LIVE_BBB_SECRET?.trim();
  if (!url || !secret) return null;
  const algorithm = env.LIVE_BBB_CHECKSUM?.trim().toLowerCase() || 'sha256';
  // A wrong name would make every call fail its checksum: say so rather than guess.
  if (!isAlgorithm(algorithm))
    throw new Error(`LIVE_BBB_CHECKSUM must be one of ${CHECKSUM_ALGORITHMS.join(', ')}, got "${algorithm}"`);
  return {
    id: null,
    kind: LiveProviderKind.BigBlueButton,
    name: 'LIVE_BBB_URL',
    url,
    secret,
    checksumAlgorithm: algorithm,
  };
}

type ProviderRow = typeof liveProviders.$inferSelect;

// An account row with its secret opened; a secret sealed under another LYCEUM_SECRET cannot be used.
export function accountOf(row: ProviderRow): ProviderAccount {
  const secret = openSecret(row.secretSealed);
  if (secret === null)
    throw businessError('liveServerUnreachable', {
      detail: `the stored secret of «${row.name}» cannot be read (LYCEUM_SECRET changed?); enter it again`,
    });
  return {
    id: row.id,
    kind: row.kind as LiveProviderKind,
    name: row.name,
    url: row.url,
    secret,
    checksumAlgorithm: isAlgorithm(row.checksumAlgorithm) ? row.checksumAlgorithm : 'sha256',
  };
}

export async function accountFor(db: DbOrTx, orgId: number, providerId: number | null): Promise<ProviderAccount> {
  const enabled = inOrg(liveProviders, orgId, [
    eq(liveProviders.enabled, true),
    eq(liveProviders.kind, LiveProviderKind.BigBlueButton),
  ]);
  if (providerId !== null) {
    const [named] = await db
      .select()
      .from(liveProviders)
      .where(and(enabled, eq(liveProviders.id, providerId)));
    if (named) return accountOf(named);
  }
  const [fallback] = await db
    .select()
    .from(liveProviders)
    .where(and(enabled, eq(liveProviders.isDefault, true)))
    .orderBy(desc(liveProviders.id))
    .limit(1);
  if (fallback) return accountOf(fallback);
  const env = liveEnvAccount();
  if (env) return env;
  throw businessError('liveNoServer');
}
