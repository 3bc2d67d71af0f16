import { describe, expect, it } from 'vitest';
import {
  buildRouteTestApp,
  fillPath,
  MULTIPART_ROUTES,
  routeKey,
  seedFamily,
  takesBody,
  validBody,
} from './support/route-table.js';

const TOKEN = 'metrics-token-for-the-tests-0123';

describe('metrics labels, over the live route table', () => {
  it('name route patterns only: after every route is called with real ids, no id appears in /metrics', async () => {
    const ctx = await buildRouteTestApp({ METRICS_TOKEN: TOKEN });
    const parent = await ctx.createParent();
    const ids = await seedFamily(parent);
    for (const route of ctx.routes) {
      if (MULTIPART_ROUTES.has(routeKey(route))) continue; // a scan needs an image; its label is its pattern like any other
      await parent.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, ids),
        ...(takesBody(route) ? { payload: validBody(route) ?? {} } : {}),
      });
    }
    // And paths that match no route, holding ids.
    await parent.inject({ method: 'GET', url: `/api/child/${ids.childId}/nothing/${ids.wordId}` });

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    for (const id of Object.values(ids)) expect(res.body).not.toContain(id);
    expect(res.body).not.toContain(parent.email);

    const routes = new Set(
      [...res.body.matchAll(/^http_requests_total\{.*route="([^"]*)".*\} \d+$/gm)].map((m) => m[1]!),
    );
    const known = new Set([...ctx.routes.map((r) => r.url), '/api/health', '/metrics', 'unmatched']);
    expect([...routes].filter((r) => !known.has(r))).toEqual([]);
    expect(routes).toContain('/api/words/update/:childId/:wordId');
    expect(routes).toContain('unmatched');
  });
});
