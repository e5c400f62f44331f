import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ApiKeyList,
  CreateKeyBody,
  CreatedKey,
  Ok,
  type ApiKeySummary,
} from '../../contract/accounts.js';
import type { Account, Accounts } from '../auth/accounts.js';
import { requireKeyAdmin, type ApiKeyInfo } from '../auth/keys.js';
import { requirePrincipal, type Principal } from './principal.js';
import type { Deps } from '../deps.js';
import type { AppEnv } from './app-env.js';
import { forbidden, notFound } from '../errors.js';
import { answers, jsonContent, newRouter } from './router.js';

const KeyParam = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: '01HZX3Q4W9V8K7J6H5G4F3E2D1' }),
});

type SessionPrincipal = Principal & { user: Account };

/** Keys are managed only from a browser session, never with another key. */
function requireSession(c: Context<AppEnv>): SessionPrincipal {
  const p = requirePrincipal(c);
  if (p.via !== 'session' || !p.user) {
    throw forbidden('API keys are managed from a signed-in session');
  }
  return p as SessionPrincipal;
}

async function summary(
  accounts: Accounts,
  k: ApiKeyInfo,
  context: Account,
): Promise<ApiKeySummary> {
  const creator = k.created_by !== null ? await accounts.byId(k.created_by) : undefined;
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scope: k.scope,
    context: context.handle,
    created_by: creator?.handle ?? null,
    created_at: k.created_at,
    last_used_at: k.last_used_at,
  };
}

/** API key management for the active context: list, create (secret shown once), revoke. */
export function keyRoutes(deps: Deps) {
  const r = newRouter();
  const { accounts, keys } = deps;

  r.openapi(
    createRoute({
      method: 'get',
      path: '/keys',
      tags: ['keys'],
      summary: 'Live API keys of the active context (x-strata-context)',
      security: [{ Session: [] }],
      responses: answers(ApiKeyList, 'Keys', 401, 403),
    }),
    async (c) => {
      const p = requireSession(c);
      const list = await Promise.all(
        (await keys.listForContext(p.context.id)).map((k) => summary(accounts, k, p.context)),
      );
      return c.json({ keys: list }, 200);
    },
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
    async (c) => {
      const p = requireSession(c);
      const body = c.req.valid('json');
      let context = p.context;
      if (body.context !== undefined) {
        const wanted = await accounts.byHandle(body.context);
        if (!wanted || !(await accounts.canActIn(p.user.id, wanted.id))) {
          throw notFound(`context not found: ${body.context}`);
        }
        context = wanted;
      }
      await requireKeyAdmin(accounts, p.user.id, context);
      const { key, info } = await keys.create(context.id, body.scope, p.user.id, body.name ?? '');
      return c.json(
        {
          key,
          id: info.id,
          name: info.name,
          prefix: info.prefix,
          scope: info.scope,
          context: context.handle,
          created_at: info.created_at,
        },
        200,
      );
    },
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
      const p = requireSession(c);
      await requireKeyAdmin(accounts, p.user.id, p.context);
      if (!(await keys.revoke(c.req.valid('param').id, p.context.id)))
        throw notFound('API key not found');
      return c.json({ ok: true as const }, 200);
    },
  );

  return r;
}
