import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { ExamPaperStatus } from '../enums/exam-paper-status';
import { zIdParam } from '../fields';
import { zExamPaper, zPaperContent, zRuleCount, zRuleCountRequest, zSwapItemRequest } from './exam-paper';

const tags = ['examPaper'];

// Exam and homework papers' calls beyond the resource verbs and actions (draw, swap, publish, withdraw).
export const examPaperEndpoints = {
  content: endpoint({
    method: 'POST',
    path: '/api/examPaper/content/:id',
    summary: 'A paper with every question at the version it froze (builder, preview, print)',
    tags,
    access: ['examPaper:page', 'taskPaper:page'],
    params: zIdParam,
    response: zPaperContent,
  }),
  ruleCount: endpoint({
    method: 'POST',
    path: '/api/examPaper/ruleCount',
    summary: 'How many bank questions match a paper rule now (the builder shows it live)',
    tags,
    access: ['examPaper:create', 'examPaper:update'],
    body: zRuleCountRequest,
    response: zRuleCount,
  }),
};

// An exam paper's state changes and draws; the server's exam paper resource runs them.
const { Unpublished, Published, Withdrawn } = ExamPaperStatus;
export const examPaperActions = resourceActions('examPaper', zExamPaper, {
  publish: {
    summary: 'Publish an exam paper (exams can then use it)',
    access: ['examPaper:publish'],
    from: [Unpublished, Withdrawn],
    to: Published,
  },
  draw: {
    summary: 'Draw the questions of a rule-based paper once, from its rules (the previous draw is replaced)',
    access: ['examPaper:update'],
    from: [Unpublished, Withdrawn],
  },
  swap: {
    summary: 'Swap one drawn question for another that matches its rule and is not on the paper',
    access: ['examPaper:update'],
    from: [Unpublished, Withdrawn],
    input: zSwapItemRequest,
  },
  withdraw: {
    summary: 'Withdraw a published exam paper (no new exam can use it)',
    access: ['examPaper:publish'],
    from: [Published],
    to: Withdrawn,
  },
});
