import type { PointDrift } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { ledgerEntries as e, ledgerBalances as lb } from '../ledger/ledger.table';
import { users } from '../user/user.table';
import { POINTS } from './point-entries';

// The nightly proof that no balance moved around the ledger: every points balance recomputed as the
// sum of its entries. A difference is never "fixed" here (which figure is right is for people to
// find out): it is logged, and `driftCheck` shows it on demand.

export const POINT_DRIFT_JOB = 'points.drift';

const num = (v: unknown) => Number(v ?? 0);

export async function pointDrift(db: DbOrTx, orgId: number): Promise<PointDrift> {
  // Raw: a full outer join of the balances with the entries' sums (accounts with a balance and no
  // entry, or entries and no balance row, are drift too), which the builder cannot say.
  const drifted = await typedRows(
    db,
    sql`select coalesce(b.account_id, s.account_id) as user_id, coalesce(b.balance, 0) as balance,
        coalesce(s.total, 0) as ledger_sum, u.user_name, u.real_name
      from (select account_id, balance from ${lb} where organization_id = ${orgId} and account_kind = ${POINTS}) b
      full join (select account_id, sum(amount) as total from ${e}
          where organization_id = ${orgId} and account_kind = ${POINTS} group by account_id) s
        on s.account_id = b.account_id
      left join ${users} u on u.organization_id = ${orgId} and u.id = coalesce(b.account_id, s.account_id)
      where coalesce(b.balance, 0) <> coalesce(s.total, 0)
      order by 1`,
    { user_id: num, balance: num, ledger_sum: num, user_name: users.userName, real_name: users.realName },
  );
  const [accounts] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(lb)
    .where(inOrg(lb, orgId, [eq(lb.accountKind, POINTS)]));
  const [entries] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(e)
    .where(inOrg(e, orgId, [eq(e.accountKind, POINTS)]));
  return {
    accounts: accounts?.n ?? 0,
    entries: entries?.n ?? 0,
    drifted: drifted.map((d) => ({
      userId: d.user_id,
      userName: d.user_name,
      realName: d.real_name,
      balance: d.balance,
      ledgerSum: d.ledger_sum,
    })),
  };
}

// Every organisation with points, checked one after the other; drift is logged as a warning with
// the accounts it concerns.
export async function checkAllDrift(db: Db, log: Pick<FastifyBaseLogger, 'warn'>) {
  const orgs = await db.selectDistinct({ orgId: lb.organizationId }).from(lb).where(eq(lb.accountKind, POINTS));
  let drifted = 0;
  for (const { orgId } of orgs) {
    const found = await pointDrift(db, orgId);
    if (!found.drifted.length) continue;
    drifted += found.drifted.length;
    log.warn(
      { orgId, drifted: found.drifted.map((d) => ({ userId: d.userId, balance: d.balance, ledgerSum: d.ledgerSum })) },
      'points balances differ from their ledger',
    );
  }
  return { organizations: orgs.length, drifted };
}

export function registerDriftJob(runner: JobRunner, db: Db, log: Pick<FastifyBaseLogger, 'warn'>): void {
  runner.register(POINT_DRIFT_JOB, { run: async () => checkAllDrift(db, log) });
  // After midnight in the Asia zones (where the demo schools are), like the attendance roll-up.
  runner.daily(POINT_DRIFT_JOB, { hour: 18, minute: 40 });
}
