import { endpoint } from '../endpoint';
import { zIdParam } from '../fields';
import { zPaperContent, zRuleCount, zRuleCountRequest } from './exam-paper';

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
