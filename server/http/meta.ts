import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../deps.js';
import { requirePrincipal } from './principal.js';
import { SECURED, errorResponses, newRouter } from './router.js';

const Health = z.object({ status: z.literal('ok') }).openapi('Health');
const Draining = z.object({ status: z.literal('draining') }).openapi('Draining');
const WhoAmI = z
  .object({
    customer_id: z.string().openapi({ example: 'team_12' }),
    created_by: z.number().int().nullable(),
    api_key_id: z.string().nullable(),
    handle: z.string(),
    context_type: z.enum(['user', 'team']),
    scope: z.enum(['read', 'read_write']),
  })
  .openapi('WhoAmI');

/** Health and identity: GET /api/health, GET /api/whoami (the hosted service's form, no /v1). */
export function metaRoutes(deps: Deps) {
  const r = newRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['meta'],
      summary: 'Answers 200 once the service is ready, 503 while it drains to stop',
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: Health } } },
        503: {
          description:
            'Draining: this node is stopping (it finishes its running executions and claims no new ones); send new requests to another node',
          content: { 'application/json': { schema: Draining } },
        },
      },
    }),
    (c) =>
      deps.executions.stopping
        ? c.json({ status: 'draining' as const }, 503, { 'retry-after': '5' })
        : c.json({ status: 'ok' as const }, 200),
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/whoami',
      tags: ['meta'],
      summary: 'The context and scope of the presented key or session',
      security: SECURED,
      responses: {
        200: { description: 'Identity', content: { 'application/json': { schema: WhoAmI } } },
        ...errorResponses(401),
      },
    }),
    (c) => {
      const p = requirePrincipal(c);
      return c.json(
        {
          customer_id: `${p.context.type}_${p.context.id}`,
          created_by: p.user?.id ?? null,
          api_key_id: p.apiKeyId,
          handle: p.context.handle,
          context_type: p.context.type,
          scope: p.scope,
        },
        200,
      );
    },
  );
  return r;
}
