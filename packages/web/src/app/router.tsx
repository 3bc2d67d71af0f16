import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { Layout } from '../components/layout/layout';
import { Component as Landing } from './routes/landing';
import { PageErrorBoundary } from './routes/route-error';

/** A route module (it exports `Component`), loaded the first time its page is visited. */
const page = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(() => load().then((module) => ({ default: module.Component })));

const Login = page(() => import('./routes/login'));
const Unauthorised = page(() => import('./routes/unauthorised'));
const Privacy = page(() => import('./routes/privacy'));
const Tos = page(() => import('./routes/tos'));
const Dashboard = page(() => import('./routes/dashboard'));
const Practice = page(() => import('./routes/practice'));
const Edit = page(() => import('./routes/edit'));
const AddWords = page(() => import('./routes/add-words'));
const NotFound = page(() => import('./routes/not-found'));

/**
 * Every page of the app. Each is lazy-loaded, so the landing page carries no dashboard or
 * practice code; the landing page itself is in the entry chunk, because loading it lazily
 * made the first visit wait one more round trip before anything painted.
 *
 * React Router's declarative routes rather than its data router: the app loads its data with
 * TanStack Query, and the data router's own code was 17 KB of the landing page's 56 KB of
 * gzipped JavaScript (docs/performance.md). PageErrorBoundary catches a page that fails to load
 * or to draw, inside the layout.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<PageErrorBoundary />}>
          <Route path={paths.home.path} element={<Landing />} />
          <Route path={paths.login.path} element={<Login />} />
          <Route path={paths.privacy.path} element={<Privacy />} />
          <Route path={paths.tos.path} element={<Tos />} />
          {/* Signed out, only /, /login, /privacy and /tos show; every other path goes to /login. */}
          <Route element={<ProtectedRoute />}>
            <Route path={paths.unauthorised.path} element={<Unauthorised />} />
            <Route path={paths.dashboard.path} element={<Dashboard />} />
            <Route path={paths.practice.path} element={<Practice />} />
            <Route path={paths.edit.path} element={<Edit />} />
            <Route path={paths.addWords.path} element={<AddWords />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
