import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.table';

// The schema module exports tables only (tests walk it), so the statuses are a type here.
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// The background job queue (jobs.ts). A platform table keyed by id, like sessions: runners
// claim across all organisations in one statement, and platform maintenance jobs belong to none,
// so `organization_id` is a column (null for platform jobs), removed with its organisation.
// Times that decide who may run a job (run_at, locked_until) are the database's clock, never a
// process's, so several processes agree on when a lease has run out.
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    // The same (kind, key) is accepted once: a second enqueue returns the first job.
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    status: varchar('status', { length: 16 }).$type<JobStatus>().notNull().default('queued'),
    attempt: integer('attempt').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: at('run_at').notNull().defaultNow(),
    // The runner holding the job and until when; a runner renews it while the handler works.
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: at('locked_until'),
    progress: real('progress').notNull().default(0),
    progressMessage: varchar('progress_message', { length: 200 }),
    // What a handler chose to keep between attempts (how far it got), handed to the next attempt.
    checkpoint: jsonb('checkpoint'),
    result: jsonb('result'),
    error: text('error'),
    createTime: at('create_time').notNull().defaultNow(),
    startTime: at('start_time'),
    finishTime: at('finish_time'),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_ux').on(t.kind, t.dedupeKey).where(sql`dedupe_key is not null`),
    // The claim: queued jobs due now, and running jobs whose lease ran out.
    index('jobs_claim_ix').on(t.status, t.runAt),
    index('jobs_org_ix').on(t.organizationId),
    check('jobs_status_ck', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_progress_ck', sql`${t.progress} between 0 and 1`),
  ],
);
