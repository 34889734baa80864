import { api, zExamScoresRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { type Exportable, registerExportable } from '../../platform/exportables';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint } from '../../platform/route';
import { startExport } from '../export/export.service';
import { analysis } from './analysis.service';
import { examScores, writeScoresSheet } from './exam-scores.service';
import { markedPaper, markedPapers, markQueue } from './mark-view.service';
import { mark, reviewMark, scoreHistory } from './marking.service';
import { assignMarkers, markExams, markOverview, markPapers } from './marking-progress.service';
import { myResult } from './my-scores.service';
import { regrade } from './regrade.service';
import { confirmScores, unconfirmScores } from './score-confirmation';
import { answerQuery, listQueries, myQuery } from './score-queries.service';
import { statistics } from './statistics.service';

// Marking, scores and analysis (decision 38).
export function markingRoutes(app: FastifyInstance) {
  const a = api.answer;
  defineEndpoint(app, a.exams, ({ ctx, body }) => markExams(ctx, body));
  defineEndpoint(app, a.overview, ({ ctx, body }) => markOverview(ctx, body.examId));
  defineEndpoint(app, a.papers, ({ ctx, body }) => markPapers(ctx, body));
  defineEndpoint(app, a.queue, ({ ctx, body }) => markQueue(ctx, body));
  defineEndpoint(app, a.paper, ({ ctx, body }) => markedPaper(ctx, body.examId, body.attemptId, body.reveal));
  defineEndpoint(app, a.batch, ({ ctx, body }) => markedPapers(ctx, body.examId, body.attemptIds, body.reveal));
  defineEndpoint(app, a.mark, ({ ctx, body }) => mark(ctx, body));
  defineEndpoint(app, a.review, ({ ctx, body }) => reviewMark(ctx, body));
  defineEndpoint(app, a.assign, ({ ctx, body }) => assignMarkers(ctx, body));
  defineEndpoint(app, a.regrade, ({ ctx, body }) => regrade(ctx, body));
  defineEndpoint(app, a.history, ({ ctx, body }) => scoreHistory(ctx, body));
  defineEndpoint(app, a.queries, ({ ctx, body }) => listQueries(ctx, body));
  defineEndpoint(app, a.answerQuery, ({ ctx, body }) => answerQuery(ctx, body));

  const s = api.examScore;
  defineEndpoint(app, s.page, ({ ctx, body }) => examScores(ctx, body));
  defineEndpoint(app, s.confirm, ({ ctx, body }) => confirmScores(ctx, body));
  defineEndpoint(app, s.unconfirm, ({ ctx, body }) => unconfirmScores(ctx, body.examId));
  defineEndpoint(app, s.analysis, ({ ctx, body }) => analysis(ctx, body.examId, body.teamId));
  defineEndpoint(app, s.statistics, ({ ctx, body }) => statistics(ctx, body));
  defineEndpoint(app, s.myResult, ({ ctx, body }) => myResult(ctx, body.examId));
  defineEndpoint(app, s.myQuery, ({ ctx, body }) => myQuery(ctx, body));

  // The scores sheet as a background export (the export list keeps the file).
  const exportable: Exportable = {
    name: 'examScore',
    title: { en: 'Exam scores', zh: '考试成绩' },
    access: ['examScore:export'],
    write: async (ctx, filter, lang, out, onBatch) => {
      const { sheet, count } = await writeScoresSheet(ctx, zExamScoresRequest.parse(filter), lang);
      await onBatch(count, count);
      await new Promise<void>((resolve, reject) =>
        out.end(sheet, (err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return count;
    },
  };
  registerExportable(exportable);
  defineEndpoint(app, s.export, async ({ ctx, body, req }) => ({
    exportId: await startExport(ctx, exportable, body as Record<string, unknown>, requestLang(req)),
  }));
}
