import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads after the page's own (the page's initial JavaScript has a
 * budget). If the code cannot be fetched, say because the network went while the parent
 * practised, `fallback` stands in rather than the page failing.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P>,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}
