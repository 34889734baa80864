import type { PointRuleKind, PointRuleParams } from '@lyceum/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { inOrg } from '../../platform/tenant-sql';
import { postOnce } from '../ledger/ledger.service';
import { pointRules } from '../shop/shop.table';
import { awardKey, type Candidate, type RuleRow, SOURCES } from './point-award-sources';
import { pointsAccount } from './point-entries';

// The rules' awards, every ten minutes across organisations (one run per period in a cluster), and
// by the seed: each enabled rule's points, exactly once per rule, thing and person. Exactly once is
// the ledger's: every award carries the key `rule:<rule>:<thing>:<user>`, unique per organisation,
// and is posted at most once (postOnce: a run that finds the key taken, by an earlier run or by one
// running beside it, moves nothing). Postings lock balances in person order, so two runs at once
// wait for each other rather than deadlock.

export const POINT_RULES_JOB = 'points.rules';
const EVERY_MS = 10 * 60_000;
// Candidates read at a time, postings per transaction, and the most one rule awards in a run (the
// next run goes on).
const BATCH = 500;
const CHUNK = 100;
const MAX_PER_RUN = 5000;

export interface AwardResult {
  rules: number;
  awarded: number;
  points: number;
  failed: number;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;
const quiet: Log = { warn: () => undefined };

const reasonOf = (rule: RuleRow, c: Candidate) => `${rule.name}: ${c.label}`.slice(0, 200);

async function postChunk(db: Db, rule: RuleRow, chunk: Candidate[], result: AwardResult, log: Log) {
  await db.transaction(async (tx) => {
    for (const c of chunk) {
      try {
        const { posted } = await postOnce(tx, pointsAccount(rule.organizationId, c.userId), {
          amount: rule.points,
          reason: reasonOf(rule, c),
          ref: { kind: 'rule', id: rule.id },
          idemKey: awardKey(rule, c.thingId, c.userId),
        });
        if (!posted) continue;
        result.awarded++;
        result.points += rule.points;
      } catch (err) {
        // Only this posting's savepoint is undone; the others go on.
        result.failed++;
        log.warn({ err, orgId: rule.organizationId, ruleId: rule.id, userId: c.userId }, 'points award failed');
      }
    }
  });
}

async function awardRule(db: Db, rule: RuleRow, now: Date, result: AwardResult, log: Log) {
  const source = SOURCES[rule.kind as PointRuleKind];
  const failedBefore = result.failed;
  let done = 0;
  while (done < MAX_PER_RUN) {
    const found = await source(db, rule, now, BATCH);
    for (let i = 0; i < found.length; i += CHUNK) await postChunk(db, rule, found.slice(i, i + CHUNK), result, log);
    done += found.length;
    // A failed posting stays a candidate: stop rather than read it again and again.
    if (found.length < BATCH || result.failed > failedBefore) break;
  }
}

// Runs the enabled rules of one organisation, or of all.
export async function awardRules(db: Db, opts: { orgId?: number; now?: Date; log?: Log } = {}): Promise<AwardResult> {
  const now = opts.now ?? clock.date();
  const rules = await db
    .select()
    .from(pointRules)
    .where(
      opts.orgId === undefined
        ? eq(pointRules.enabled, true)
        : inOrg(pointRules, opts.orgId, [eq(pointRules.enabled, true)]),
    )
    .orderBy(asc(pointRules.organizationId), asc(pointRules.id));
  const result: AwardResult = { rules: rules.length, awarded: 0, points: 0, failed: 0 };
  for (const rule of rules) {
    const row: RuleRow = { ...rule, params: (rule.params ?? {}) as PointRuleParams };
    try {
      await awardRule(db, row, now, result, opts.log ?? quiet);
    } catch (err) {
      result.failed++;
      (opts.log ?? quiet).warn({ err, orgId: rule.organizationId, ruleId: rule.id }, 'points rule failed');
    }
  }
  return result;
}

export function registerRulesJob(runner: JobRunner, db: Db, log: Log): void {
  runner.register(POINT_RULES_JOB, { run: async () => ({ ...(await awardRules(db, { log })) }) });
  runner.every(POINT_RULES_JOB, EVERY_MS);
}
