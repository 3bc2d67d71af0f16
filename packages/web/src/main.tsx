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
// landing.html (`/`) arrives with the page already drawn (scripts/prerender.ts): adopt it
// just after the browser has painted it, so the first paint never waits for this script's
// work (on a slow phone about 100 ms), and the parent sees the page one frame sooner.
if (root.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app)));
else createRoot(root).render(app);
