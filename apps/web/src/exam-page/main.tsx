import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExamApp } from './exam-app';
import './exam.css';

// The exam page's own entry (exam.html, served for /take/<examId>): plain React and a few small
// modules, apart from the back-office bundle.
// Keeps the page and its assets on the device (public/exam-sw.js), so a reload without the network
// still opens it and says the saved answers are safe. Not in development (Vite serves modules itself).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  navigator.serviceWorker.register('/exam-sw.js', { scope: '/take/' }).catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <ExamApp />
  </StrictMode>,
);
