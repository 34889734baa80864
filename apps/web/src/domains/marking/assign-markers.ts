// Who marks which question: the dialog picks staff per question, the server keeps markers with their
// questions, so the picks are turned round before saving. Nobody picked anywhere gives an empty list:
// then everyone who may mark the exam marks any question.
export type Picks = Record<string, number[] | undefined>;

export function toMarkers(picks: Picks): { userId: number; questionIds: number[] }[] {
  const byUser = new Map<number, number[]>();
  for (const [questionId, users] of Object.entries(picks)) {
    for (const userId of users ?? []) byUser.set(userId, [...(byUser.get(userId) ?? []), Number(questionId)]);
  }
  return [...byUser]
    .map(([userId, questionIds]) => ({ userId, questionIds: questionIds.sort((a, b) => a - b) }))
    .sort((a, b) => a.userId - b.userId);
}
