import { z } from 'zod';
import { scoreChangeKindLabels } from '../enums/marking';
import { zDateTime, zEnum, zId } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';

// The audit of score changes (decision 38): every change of a counted score after marking, who made
// it and why, per exam, paper or question.

export const zScoreHistoryRequest = zPlainPageRequest.extend({
  examId: zId,
  attemptId: zId.optional(),
  questionId: zId.optional(),
});
export const zScoreChange = z.object({
  id: zId,
  attemptId: zId,
  code: z.string(),
  questionId: zId.nullable(),
  kind: zEnum(scoreChangeKindLabels),
  from: z.number().nullable(),
  to: z.number().nullable(),
  reason: z.string(),
  userName: z.string().nullable(),
  at: zDateTime,
});
export const zScoreHistoryPage = zPage(zScoreChange);
