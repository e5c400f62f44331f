import { createRoute, z } from '@hono/zod-openapi';
import {
  AddMemberBody,
  CreateTeamBody,
  Members,
  Member,
  Ok,
  TeamCreated,
} from '../../contract/accounts.js';
import { requireScope, requireUser } from './principal.js';
import type { Deps } from '../deps.js';
import { Teams } from '../auth/teams.js';
import { SECURED, answers, jsonContent, newRouter } from './router.js';

const TeamParam = z.object({
  handle: z
    .string()
    .max(100)
    .openapi({ param: { name: 'handle', in: 'path' }, example: 'analysts' }),
});
const MemberParams = TeamParam.extend({
  user: z
    .string()
    .max(100)
    .openapi({ param: { name: 'user', in: 'path' }, example: 'alice' }),
});

/** Teams: create, list members, add and remove members. */
export function teamRoutes(deps: Deps) {
  const r = newRouter();
  const teams = new Teams(deps.accounts);

  r.openapi(
    createRoute({
      method: 'post',
      path: '/teams',
      tags: ['teams'],
      summary: 'Create a team; the caller becomes its admin',
      security: SECURED,
      request: { body: { required: true, content: jsonContent(CreateTeamBody) } },
      responses: answers(TeamCreated, 'Created', 400, 401, 403, 409),
    }),
    async (c) => {
      const { user } = requireUser(c);
      requireScope(c, 'read_write');
      const body = c.req.valid('json');
      const team = await teams.create(body.handle, user.id, body.display_name ?? '');
      return c.json(
        {
          handle: team.handle,
          type: 'team' as const,
          display_name: team.display_name,
          role: 'admin' as const,
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/teams/{handle}/members',
      tags: ['teams'],
      summary: 'Members of a team the caller belongs to',
      security: SECURED,
      request: { params: TeamParam },
      responses: answers(Members, 'Members', 400, 401, 403, 404),
    }),
    async (c) => {
      const { user } = requireUser(c);
      const members = (await teams.members(c.req.valid('param').handle, user.id)).map((m) => ({
        handle: m.user.handle,
        display_name: m.user.display_name,
        role: m.role,
        joined_at: m.joined_at,
      }));
      return c.json({ members }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/teams/{handle}/members',
      tags: ['teams'],
      summary: 'Add a user to a team (team admins only)',
      security: SECURED,
      request: { params: TeamParam, body: { required: true, content: jsonContent(AddMemberBody) } },
      responses: answers(Member, 'Added', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const { user } = requireUser(c);
      requireScope(c, 'read_write');
      const body = c.req.valid('json');
      const newRole = body.role ?? 'member';
      const { user: target, joinedAt } = await teams.addMember(
        user.id,
        c.req.valid('param').handle,
        body.handle,
        newRole,
      );
      return c.json(
        {
          handle: target.handle,
          display_name: target.display_name,
          role: newRole,
          joined_at: joinedAt,
        },
        200,
      );
    },
  );

  r.openapi(
    createRoute({
      method: 'delete',
      path: '/teams/{handle}/members/{user}',
      tags: ['teams'],
      summary: 'Remove a member (admins remove anyone, members only themselves)',
      security: SECURED,
      request: { params: MemberParams },
      responses: answers(Ok, 'Removed', 400, 401, 403, 404, 409),
    }),
    async (c) => {
      const { user } = requireUser(c);
      requireScope(c, 'read_write');
      const params = c.req.valid('param');
      await teams.removeMember(user.id, params.handle, params.user);
      return c.json({ ok: true as const }, 200);
    },
  );

  return r;
}
