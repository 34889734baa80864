import { z } from 'zod';
import { POINT_BUSINESS, PointRuleKind, pointActionLabels, pointRuleKindLabels } from '../enums/points';
import { codedIssue, type ErrorKey, type ParamsArg } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';

// Points (issue 33): every user's balance is a ledger account (kind "points"); each change is an
// entry, added by hand (`point:adjust`), by a rule, or by a redemption and its reversal.

// The most one adjustment moves, and the most a rule awards.
export const POINT_ADJUST_MAX = 1_000_000;
export const POINT_RULE_MAX = 100_000;
// The longest range of the daily summary, in days.
export const POINT_SUMMARY_MAX_DAYS = 366;

const issue = <K extends ErrorKey>(ctx: z.core.$RefinementCtx, path: (string | number)[], key: K, ...p: ParamsArg<K>) =>
  ctx.addIssue({ code: 'custom', path, ...codedIssue(key, ...p) });

// One ledger entry as people read it: the amount signed (+ added, − taken), the action derived from
// its sign, what it was for (`business`: adjust, rule, goodsOrder, goodsOrderCancel) and who made it
// (none for the rules' own awards).
export const zPointEntry = z.object({
  id: zId,
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  action: zEnum(pointActionLabels),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  business: z.string().nullable(),
  refId: zId.nullable(),
  remark: z.string(),
  operatorId: zId.nullable(),
  operatorName: z.string().nullable(),
  createTime: zDateTime,
});
export type PointEntry = z.infer<typeof zPointEntry>;

// A staff member adds or deducts points by hand, with the reason people will read in the ledger.
export const zPointAdjust = z.object({
  userId: zId,
  action: zEnum(pointActionLabels),
  amount: z.number().int().min(1).max(POINT_ADJUST_MAX),
  remark: zText(200),
});
export type PointAdjust = z.input<typeof zPointAdjust>;

export const zMyPointsRequest = zPlainPageRequest;
// The caller's balance and their entries, newest first.
export const zMyPoints = zPage(zPointEntry).extend({ balance: z.number().int() });
export type MyPoints = z.infer<typeof zMyPoints>;

// People with their balances: students, and anyone else holding a points account.
export const zPointAccountsRequest = zPlainPageRequest
  .extend({
    keyword: z.string().trim().max(64).optional(),
    teamId: zId.optional(),
    minBalance: z.number().int().min(0).optional(),
    maxBalance: z.number().int().min(0).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.minBalance !== undefined && r.maxBalance !== undefined && r.maxBalance < r.minBalance)
      issue(ctx, ['maxBalance'], 'tooSmall', { min: r.minBalance });
  });
export type PointAccountsRequest = z.input<typeof zPointAccountsRequest>;
export const zPointAccount = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  balance: z.number().int(),
  // Over the whole ledger: everything added, everything taken (positive), and the last change.
  earned: z.number().int(),
  spent: z.number().int(),
  lastChange: zDateTime.nullable(),
});
export type PointAccount = z.infer<typeof zPointAccount>;
export const zPointAccountsPage = zPage(zPointAccount);

function checkDays(r: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (r.from && r.to && r.to < r.from) issue(ctx, ['to'], 'endBeforeStart');
}

// The organisation's ledger: filters by person, action, business and days (the organisation's zone).
const ledgerFilters = {
  userId: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
  action: zEnum(pointActionLabels).optional(),
  business: z.enum(POINT_BUSINESS).optional(),
  from: zDateText('date').optional(),
  to: zDateText('date').optional(),
};
export const zPointLedgerFilter = z.object(ledgerFilters).superRefine(checkDays);
export type PointLedgerFilter = z.input<typeof zPointLedgerFilter>;
export const zPointLedgerRequest = zPlainPageRequest.extend(ledgerFilters).superRefine(checkDays);
export type PointLedgerRequest = z.input<typeof zPointLedgerRequest>;
export const zPointLedgerPage = zPage(zPointEntry);

// Points added and taken per day of a range (the organisation's zone), for a chart, with totals and
// the top earners of the range.
export const zPointSummaryRequest = z
  .object({ from: zDateText('date'), to: zDateText('date') })
  .superRefine((r, ctx) => {
    if (r.to < r.from) return issue(ctx, ['to'], 'endBeforeStart');
    const days = (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000;
    if (days >= POINT_SUMMARY_MAX_DAYS) issue(ctx, ['to'], 'rangeTooLong', { days: POINT_SUMMARY_MAX_DAYS });
  });
export type PointSummaryRequest = z.input<typeof zPointSummaryRequest>;
export const zPointSummary = z.object({
  days: z.array(z.object({ day: z.string(), added: z.number().int(), reduced: z.number().int() })),
  totals: z.object({
    added: z.number().int(),
    reduced: z.number().int(),
    entries: z.number().int(),
    // Everyone's balances now (not only the range's).
    balance: z.number().int(),
  }),
  topEarners: z.array(z.object({ userId: zId, userName: z.string(), realName: z.string(), earned: z.number().int() })),
});
export type PointSummary = z.infer<typeof zPointSummary>;

// Every balance recomputed from the ledger: the accounts whose stored balance differs from the sum
// of their entries (none, unless something wrote a balance around the ledger).
export const zPointDrift = z.object({
  accounts: z.number().int(),
  entries: z.number().int(),
  drifted: z.array(
    z.object({
      userId: zId,
      userName: z.string().nullable(),
      realName: z.string().nullable(),
      balance: z.number().int(),
      ledgerSum: z.number().int(),
    }),
  ),
});
export type PointDrift = z.infer<typeof zPointDrift>;

// ---- the rules that award points by themselves ----

// What each kind of rule reads from `params`: a task, course or exam to limit it to (any when left
// out or null), the score band in per cent of the paper's total, the streak's length in sessions
// attended (present or late) one after another.
export const zPointRuleParams = z.object({
  taskId: zId.nullish(),
  courseId: zId.nullish(),
  examId: zId.nullish(),
  minPercent: z.number().min(0).max(100).nullish(),
  maxPercent: z.number().min(0).max(100).nullish(),
  days: z.number().int().min(2).max(365).nullish(),
});
export type PointRuleParams = z.infer<typeof zPointRuleParams>;

// The params each kind keeps (the server drops the others on save).
export const POINT_RULE_PARAMS = {
  [PointRuleKind.TaskPassed]: ['taskId'],
  [PointRuleKind.CourseCompleted]: ['courseId'],
  [PointRuleKind.ExamScoreBand]: ['minPercent', 'maxPercent', 'examId'],
  [PointRuleKind.AttendanceStreak]: ['days'],
} as const satisfies Record<PointRuleKind, readonly (keyof PointRuleParams)[]>;

function checkRule(r: { kind: number; params: PointRuleParams }, ctx: z.core.$RefinementCtx) {
  const p = r.params;
  if (r.kind === PointRuleKind.ExamScoreBand) {
    if (p.minPercent == null) issue(ctx, ['params', 'minPercent'], 'required');
    if (p.maxPercent == null) issue(ctx, ['params', 'maxPercent'], 'required');
    if (p.minPercent != null && p.maxPercent != null && p.maxPercent < p.minPercent)
      issue(ctx, ['params', 'maxPercent'], 'tooSmall', { min: p.minPercent });
  }
  if (r.kind === PointRuleKind.AttendanceStreak && p.days == null) issue(ctx, ['params', 'days'], 'required');
}

const ruleFields = {
  name: zText(64),
  kind: zEnum(pointRuleKindLabels),
  points: z.number().int().min(1).max(POINT_RULE_MAX),
  params: zPointRuleParams.default({}),
  enabled: z.boolean().default(true),
};
export const zPointRuleCreate = z.object({ id: z.null().optional(), ...ruleFields }).superRefine(checkRule);
export const zPointRuleUpdate = z.object({ id: zId, ...ruleFields }).superRefine(checkRule);
export type PointRuleInput = z.input<typeof zPointRuleCreate>;
export const zPointRuleRow = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  kind: zEnum(pointRuleKindLabels),
  points: z.number().int(),
  params: zPointRuleParams,
  enabled: z.boolean(),
  // What the rule has awarded so far: entries and points.
  awards: z.number().int(),
  awarded: z.number().int(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type PointRuleRow = z.infer<typeof zPointRuleRow>;
export const zPointRuleFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  kind: zEnum(pointRuleKindLabels).optional(),
  enabled: z.boolean().optional(),
});
