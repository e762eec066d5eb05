import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startSessionKeeper } from './features/auth/sessionKeeper';
import './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

startSessionKeeper();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
