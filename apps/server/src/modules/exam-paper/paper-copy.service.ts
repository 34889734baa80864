import { type ExamPaper, type Lang, zExamPaperCreate } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant-sql';
import { examPaperResource } from './exam-paper.resource';
import { paperItems } from './exam-paper.table';

type Sections = NonNullable<ExamPaper['sections']>;

const NAME_MAX = 100;
const SUFFIX: Record<Lang, string> = { en: ' (copy)', zh: '（副本）' };

// A new paper of the caller from any paper they read, whatever its status (a published paper is
// frozen: a copy is how it changes). It goes through the engine's create (same checks, the caller as
// creator, unpublished), then each item takes back the question version its original froze and the
// rule that drew it, so the copy is the same paper, not the bank as it is today.
export async function copyPaper(ctx: RequestContext, id: number, lang: Lang): Promise<ExamPaper> {
  const source = (await examPaperResource.get(ctx, id, examPaperResource.readScope(ctx))) as ExamPaper;
  const sections: Sections = source.sections ?? [];
  const suffix = SUFFIX[lang];
  const input = zExamPaperCreate.parse({
    name: `${source.name.slice(0, NAME_MAX - suffix.length)}${suffix}`,
    paperType: source.paperType,
    subjectId: source.subjectId,
    degreeId: source.degreeId,
    categoryId: source.categoryId,
    durationMinutes: source.durationMinutes,
    passScore: source.passScore,
    buildMode: source.buildMode,
    shuffleQuestions: source.shuffleQuestions,
    shuffleOptions: source.shuffleOptions,
    sections: sections.map((s) => ({
      title: s.title,
      instructions: s.instructions,
      items: s.items.map((i) => ({ questionId: i.questionId, score: i.score })),
      rules: s.rules.map(({ id: _id, sectionId: _section, sort: _sort, ...rule }) => rule),
    })),
  });
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const copy = (await examPaperResource.create(txCtx, input)) as ExamPaper;
    const made: Sections = copy.sections ?? [];
    for (const [si, section] of sections.entries()) {
      const rules = new Map(section.rules.map((r, ri) => [r.id, made[si].rules[ri].id]));
      for (const [ii, item] of section.items.entries()) {
        await tx
          .update(paperItems)
          .set({
            questionVersion: item.questionVersion,
            ruleId: item.ruleId === null ? null : (rules.get(item.ruleId) ?? null),
          })
          .where(inOrg(paperItems, ctx.orgId, [eq(paperItems.id, made[si].items[ii].id)]));
      }
    }
    return (await examPaperResource.get(txCtx, copy.id)) as ExamPaper;
  });
}
