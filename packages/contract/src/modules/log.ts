import { z } from 'zod';
import { LoginReason } from '../enums/login-reason';
import { type OperationAction, operationActionLabels } from '../enums/operation-action';
import { zErrorDetail } from '../envelope';
import { zDateText, zDateTime, zId } from '../fields';
import { zPageRequest } from '../paging';
import { type OperationEntity, operationEntityLabels } from './log-words';

const entityKeys = Object.keys(operationEntityLabels) as [OperationEntity, ...OperationEntity[]];
const actionKeys = Object.keys(operationActionLabels) as [OperationAction, ...OperationAction[]];
const zResult = z.enum(['success', 'failure']);
// Real dates only (a date or a date-time), so no bound reaches the database as Invalid Date.
const zTimeBound = zDateText();
const zUserFilter = z.string().trim().max(64);

// One call that changed (or tried to change) data.
export const zOperationLog = z.object({
  id: zId,
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  // The user's name now, when they still exist.
  realName: z.string().nullable(),
  entity: z.string(),
  action: z.string(),
  recordIds: z.array(z.number().int()),
  // The record's name when the call was made ("Bachelor", "Alice Wang (alice)").
  recordLabel: z.string().nullable(),
  success: z.boolean(),
  responseCode: z.number().int(),
  // Why it was refused; null on success.
  message: z.string().nullable(),
  // The refusal's code, to say it in the reader's language (older entries have only the message).
  error: zErrorDetail.nullable(),
  mobile: z.boolean(),
  durationMs: z.number().int(),
  ip: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  createTime: zDateTime,
});
export type OperationLog = z.infer<typeof zOperationLog>;

export const zOperationLogFilter = z.object({
  userId: zId.optional(),
  // User name or real name, contains.
  user: zUserFilter.optional(),
  // The record's name or the refusal message, contains.
  keyword: z.string().trim().max(100).optional(),
  entity: z.enum(entityKeys).optional(),
  action: z.enum(actionKeys).optional(),
  result: zResult.optional(),
  mobile: z.boolean().optional(),
  from: zTimeBound.optional(),
  to: zTimeBound.optional(),
});
export const zOperationLogPageRequest = zPageRequest.extend(zOperationLogFilter.shape);
export type OperationLogFilter = z.infer<typeof zOperationLogFilter>;

// One login attempt.
export const zLoginLog = z.object({
  id: zId,
  userId: z.number().int().nullable(),
  userName: z.string(),
  realName: z.string().nullable(),
  success: z.boolean(),
  // Why it failed (or 'handoff' for a staff handoff); null for a plain successful login.
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  mobile: z.boolean(),
  createTime: zDateTime,
});
export type LoginLog = z.infer<typeof zLoginLog>;

export const zLoginLogFilter = z.object({
  user: zUserFilter.optional(),
  result: zResult.optional(),
  reason: z.enum(Object.values(LoginReason) as [LoginReason, ...LoginReason[]]).optional(),
  // Address, contains.
  ip: z.string().trim().max(64).optional(),
  mobile: z.boolean().optional(),
  from: zTimeBound.optional(),
  to: zTimeBound.optional(),
});
export const zLoginLogPageRequest = zPageRequest.extend(zLoginLogFilter.shape);
export type LoginLogFilter = z.infer<typeof zLoginLogFilter>;
