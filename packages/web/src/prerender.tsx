import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

/**
 * The landing page as a signed-out visitor's first render draws it, for scripts/prerender.ts
 * to write into landing.html at build time. The page then paints before its JavaScript has
 * downloaded (Lighthouse's first contentful paint, docs/performance.md) and main.tsx hydrates
 * it. It must stay free of anything only a browser has at render time.
 */
export function renderLandingPage(): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>
    </StrictMode>,
  );
}
