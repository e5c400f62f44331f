import { createRoute, z } from '@hono/zod-openapi';
import { ApiKeyList, CreateKeyBody, CreatedKey, Ok } from '../../contract/accounts.js';
import { KeyAdmin } from '../auth/key-admin.js';
import type { Deps } from '../deps.js';
import { requirePrincipal } from './principal.js';
import { answers, jsonContent, newRouter } from './router.js';

const KeyParam = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: '01HZX3Q4W9V8K7J6H5G4F3E2D1' }),
});

/** API key management for the active context: list, create (secret shown once), revoke. */
export function keyRoutes(deps: Deps) {
  const r = newRouter();
  const admin = new KeyAdmin(deps.accounts, deps.keys);

  r.openapi(
    createRoute({
      method: 'get',
      path: '/keys',
      tags: ['keys'],
      summary: 'Live API keys of the active context (x-strata-context)',
      security: [{ Session: [] }],
      responses: answers(ApiKeyList, 'Keys', 401, 403),
    }),
    async (c) => c.json({ keys: await admin.list(requirePrincipal(c)) }, 200),
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/keys',
      tags: ['keys'],
      summary: 'Create an API key; the secret is in this response only',
      security: [{ Session: [] }],
      request: { body: { required: true, content: jsonContent(CreateKeyBody) } },
      responses: answers(CreatedKey, 'Created', 400, 401, 403, 404),
    }),
    async (c) => c.json(await admin.create(requirePrincipal(c), c.req.valid('json')), 200),
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/keys/{id}',
      tags: ['keys'],
      summary: 'Revoke an API key of the active context',
      security: [{ Session: [] }],
      request: { params: KeyParam },
      responses: answers(Ok, 'Revoked', 400, 401, 403, 404),
    }),
    async (c) => {
      await admin.revoke(requirePrincipal(c), c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  );

  return r;
}
