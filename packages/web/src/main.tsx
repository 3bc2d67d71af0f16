import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { finishSignOut } from './lib/reload-signed-out';
import './styles/tokens.css';
import './styles/global.css';

finishSignOut();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// As a transition, React renders in slices of a few milliseconds, yielding to the browser in
// between, instead of one long task that delays the first input (Lighthouse's blocking time;
// docs/decisions/007). landing.html (`/`) arrives already drawn (scripts/prerender.ts), so
// adopting it late costs nothing a visitor sees; other pages draw into an empty root.
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
