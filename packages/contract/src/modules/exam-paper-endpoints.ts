import { endpoint } from '../endpoint';
import { zIdParam } from '../fields';
import { zPaperContent } from './exam-paper';

const tags = ['examPaper'];

// Exam and homework papers' calls beyond the resource verbs and actions.
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
};
