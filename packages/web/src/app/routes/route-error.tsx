import { Link, useRouteError } from 'react-router';

/** Shown when a route fails to load (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.warn(error);
  return (
    <main className="page">
      <h1>Something went wrong</h1>
      <p>Please reload the page. If it keeps happening, go back to the start.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <Link to="/">Go to the start</Link>
      </p>
    </main>
  );
}
