// Placeholder: the issue that owns this page replaces it.
export function Component() {
  return <main className="page"><h1>landing</h1></main>;
}
