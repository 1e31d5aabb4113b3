import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadOnStaleChunk } from './app/page-error';
import { Providers } from './app/providers';
import { watchAppStatus } from './lib/app-status';
import { applyTheme, watchTheme } from './lib/theme';
import './styles.css';

applyTheme();
watchTheme();
watchAppStatus();
reloadOnStaleChunk();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
