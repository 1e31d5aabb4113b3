import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { applyTheme, watchTheme } from './lib/theme';
import './styles.css';

applyTheme();
watchTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
