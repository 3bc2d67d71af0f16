import { Outlet } from 'react-router';

// Placeholder: replaced by the sign-in issue (guard: nothing while loading, /login, /unauthorised).
export function ProtectedRoute() {
  return <Outlet />;
}
