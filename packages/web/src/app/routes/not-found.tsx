import { Link } from 'react-router';

export function Component() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <p>
        That page does not exist. <Link to="/">Go to the start</Link>.
      </p>
    </main>
  );
}
