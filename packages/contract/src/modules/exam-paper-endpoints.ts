import { endpoint } from '../endpoint';
import { zRuleCount, zRuleCountRequest } from './exam-paper';

const tags = ['examPaper'];

// The exam papers' calls beyond the resource verbs and actions (draw, swap, publish, withdraw).
export const examPaperEndpoints = {
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
