import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExamApp } from './exam-app';
import './exam.css';

// The exam page's own entry (exam.html, served for /take/<examId>): plain React and a few small
// modules, apart from the back-office bundle.
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <ExamApp />
  </StrictMode>,
);
