import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/tokens.css';
import './styles/global.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// landing.html (`/`) arrives with the page already drawn (scripts/prerender.ts): adopt it.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
