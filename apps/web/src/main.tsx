import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { AppRoot } from './shell/app-root';
import { i18nReady } from './shell/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  ),
);
