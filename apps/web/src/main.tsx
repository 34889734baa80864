import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shell/i18n';
import './styles.css';
import { AppRoot } from './shell/app-root';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
