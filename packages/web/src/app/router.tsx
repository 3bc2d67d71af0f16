import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { Layout } from '../components/layout/layout';
import { Component as Landing } from './routes/landing';
import { PageErrorBoundary } from './routes/route-error';

/** A route module (it exports `Component`), loaded the first time its page is visited. */
type RouteModule = () => Promise<{ Component: ComponentType }>;
const page = (load: RouteModule) => lazy(() => load().then((module) => ({ default: module.Component })));

const Login = page(() => import('./routes/login'));
const Unauthorised = page(() => import('./routes/unauthorised'));
const Privacy = page(() => import('./routes/privacy'));
const Tos = page(() => import('./routes/tos'));
const ShareTarget = page(() => import('./routes/share-target'));
const NotFound = page(() => import('./routes/not-found'));
const OwnDashboard = page(() => import('./routes/own-dashboard'));
const Kid = page(() => import('./routes/kid'));

const loadPrint: RouteModule = () => import('./routes/print');

/**
 * The signed-in pages by path: each module loads the first time its page is visited, or while
 * the guard checks the sign-in. A module under two paths is one page (one component), so
 * moving between them keeps it.
 */
const pages = new Map<RouteModule, ComponentType>();
const protectedPages = (
  [
    [paths.dashboard.path, () => import('./routes/dashboard')],
    [paths.practice.path, () => import('./routes/practice')],
    [paths.dictation.path, () => import('./routes/dictation')],
    [paths.printNew.path, loadPrint],
    [paths.printSheet.path, loadPrint],
    [paths.gradeSheet.path, () => import('./routes/grade-sheet')],
    [paths.edit.path, () => import('./routes/edit')],
    [paths.addWords.path, () => import('./routes/add-words')],
    [paths.troubleWords.path, () => import('./routes/trouble-words')],
    [paths.tonight.path, () => import('./routes/tonight')],
    [paths.sharedList.path, () => import('./routes/shared-list')],
    [paths.invite.path, () => import('./routes/invite')],
  ] satisfies [string, RouteModule][]
).map(([path, load]) => {
  if (!pages.has(load)) pages.set(load, page(load));
  return { path, load, Page: pages.get(load)! };
});

/** A repeated import() is the same request: the lazy page then finds its module loaded. */
function preloadProtectedPage(pathname: string) {
  void protectedPages.find(({ path }) => matchPath(path, pathname))?.load();
}

/**
 * Every page of the app. Each is lazy-loaded, so the landing page carries no dashboard or
 * practice code; the landing page itself is in the entry chunk, because loading it lazily
 * made the first visit wait one more round trip before anything painted.
 *
 * React Router's declarative routes rather than its data router: the app loads its data with
 * TanStack Query, and the data router's own code was a large share of the landing page's
 * JavaScript (docs/decisions/005). PageErrorBoundary catches a page that fails to load or to
 * draw, inside the layout.
 */
const kid = (
  <Suspense fallback={null}>
    <Kid />
  </Suspense>
);

export function AppRoutes() {
  return (
    <Routes>
      {/* The child's own practice (issue 36): outside the layout, so no parent navigation. */}
      <Route element={<PageErrorBoundary />}>
        <Route path={paths.kid.path} element={kid} />
        <Route path={paths.kidPass.path} element={kid} />
      </Route>
      <Route element={<Layout />}>
        <Route element={<PageErrorBoundary />}>
          <Route path={paths.home.path} element={<Landing />} />
          <Route path={paths.login.path} element={<Login />} />
          <Route path={paths.privacy.path} element={<Privacy />} />
          <Route path={paths.tos.path} element={<Tos />} />
          <Route path={paths.shareTarget.path} element={<ShareTarget />} />
          {/* Signed out, only /, /login, /privacy, /tos and /share-target show; every other path goes to /login. */}
          <Route element={<ProtectedRoute preload={preloadProtectedPage} />}>
            <Route path={paths.unauthorised.path} element={<Unauthorised />} />
            <Route path="/dashboard" element={<OwnDashboard />} />
            {protectedPages.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
