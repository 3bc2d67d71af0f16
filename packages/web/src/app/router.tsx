import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { Layout } from '../components/layout/layout';
import { Component as Landing } from './routes/landing';
import { RouteError } from './routes/route-error';

/**
 * Routes are lazy-loaded so the landing page carries no dashboard or practice code. Each route
 * module exports `Component`. The landing page itself is in the entry chunk: loading it lazily
 * made the first visit wait for one more round trip after the entry had run before anything
 * painted (Lighthouse's first contentful paint, docs/performance.md).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, Component: Landing },
      { path: paths.login.path, lazy: () => import('./routes/login') },
      { path: paths.unauthorised.path, lazy: () => import('./routes/unauthorised') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: paths.tos.path, lazy: () => import('./routes/tos') },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.dashboard.path, lazy: () => import('./routes/dashboard') },
          { path: paths.practice.path, lazy: () => import('./routes/practice') },
          { path: paths.edit.path, lazy: () => import('./routes/edit') },
          { path: paths.addWords.path, lazy: () => import('./routes/add-words') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

/** Built on first use: the build-time prerender (src/prerender.tsx) has no browser history. */
export const createRouter = () => createBrowserRouter(routes);
