import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
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
const ShareTarget = page(() => import('./routes/share-target'));
const loadDashboard = () => import('./routes/dashboard');
const loadPractice = () => import('./routes/practice');
const loadDictation = () => import('./routes/dictation');
const loadPrint = () => import('./routes/print');
const loadGradeSheet = () => import('./routes/grade-sheet');
const loadEdit = () => import('./routes/edit');
const loadAddWords = () => import('./routes/add-words');
const loadTroubleWords = () => import('./routes/trouble-words');
const loadTonight = () => import('./routes/tonight');
const loadSharedList = () => import('./routes/shared-list');
const loadInvite = () => import('./routes/invite');
const Dashboard = page(loadDashboard);
const Practice = page(loadPractice);
const Dictation = page(loadDictation);
const Print = page(loadPrint);
const GradeSheet = page(loadGradeSheet);
const Edit = page(loadEdit);
const AddWords = page(loadAddWords);
const TroubleWords = page(loadTroubleWords);
const Tonight = page(loadTonight);
const SharedList = page(loadSharedList);
const Invite = page(loadInvite);
const NotFound = page(() => import('./routes/not-found'));
const OwnDashboard = page(() => import('./routes/own-dashboard'));
const Kid = page(() => import('./routes/kid'));

/** The signed-in pages' modules by path, for loading one while the guard checks the sign-in. */
const protectedModules: [path: string, load: () => Promise<unknown>][] = [
  [paths.dashboard.path, loadDashboard],
  [paths.practice.path, loadPractice],
  [paths.dictation.path, loadDictation],
  [paths.printNew.path, loadPrint],
  [paths.printSheet.path, loadPrint],
  [paths.gradeSheet.path, loadGradeSheet],
  [paths.edit.path, loadEdit],
  [paths.addWords.path, loadAddWords],
  [paths.troubleWords.path, loadTroubleWords],
  [paths.tonight.path, loadTonight],
  [paths.sharedList.path, loadSharedList],
  [paths.invite.path, loadInvite],
];

/** A repeated import() is the same request: the lazy page then finds its module loaded. */
function preloadProtectedPage(pathname: string) {
  void protectedModules.find(([path]) => matchPath(path, pathname))?.[1]();
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
            <Route path={paths.dashboard.path} element={<Dashboard />} />
            <Route path={paths.practice.path} element={<Practice />} />
            <Route path={paths.dictation.path} element={<Dictation />} />
            <Route path={paths.printNew.path} element={<Print />} />
            <Route path={paths.printSheet.path} element={<Print />} />
            <Route path={paths.gradeSheet.path} element={<GradeSheet />} />
            <Route path={paths.edit.path} element={<Edit />} />
            <Route path={paths.addWords.path} element={<AddWords />} />
            <Route path={paths.troubleWords.path} element={<TroubleWords />} />
            <Route path={paths.tonight.path} element={<Tonight />} />
            <Route path={paths.sharedList.path} element={<SharedList />} />
            <Route path={paths.invite.path} element={<Invite />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
