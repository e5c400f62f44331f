import { z } from '@hono/zod-openapi';
import { CONTEXT_TYPES, KEY_SCOPES, TEAM_ROLES } from './rules/enums.js';
import { ACCOUNT_LIMITS } from './rules/limits.js';

/** Wire schemas of sign-in, sessions, teams and API key management (all under /api/v1). */

/** Handles are checked in full by the server (2..39 chars, reserved words); this only bounds size. */
const Handle = z.string().min(1).max(ACCOUNT_LIMITS.handleInput).openapi({ example: 'alice' });
const DisplayName = z.string().max(ACCOUNT_LIMITS.displayName);
const Timestamp = z.string().openapi({ example: '2024-01-01T00:00:00.000Z' });

export const ContextType = z.enum(CONTEXT_TYPES);
export const TeamRole = z.enum(TEAM_ROLES).openapi('TeamRole');
export const KeyScope = z.enum(KEY_SCOPES).openapi('KeyScope');

export const SignupBody = z
  .object({
    handle: Handle,
    password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.passwordMax),
    display_name: DisplayName.optional(),
  })
  .openapi('SignupBody');
export type SignupBody = z.infer<typeof SignupBody>;

export const SigninBody = z
  .object({ handle: Handle, password: z.string().min(1).max(ACCOUNT_LIMITS.passwordMax) })
  .openapi('SigninBody');
export type SigninBody = z.infer<typeof SigninBody>;

export const MeUser = z
  .object({ id: z.number().int(), handle: z.string(), display_name: z.string() })
  .openapi('MeUser');

export const ContextEntry = z
  .object({
    handle: z.string(),
    type: ContextType,
    role: z.enum(['owner', 'admin', 'member']),
    display_name: z.string(),
  })
  .openapi('ContextEntry');
export type ContextEntry = z.infer<typeof ContextEntry>;

export const Me = z
  .object({
    user: MeUser.nullable(),
    active_context: z.object({ handle: z.string(), type: ContextType }),
    contexts: z.array(ContextEntry),
  })
  .openapi('Me');
export type Me = z.infer<typeof Me>;

export const Ok = z.object({ ok: z.literal(true) }).openapi('Ok');

export const CreateTeamBody = z
  .object({ handle: Handle, display_name: DisplayName.optional() })
  .openapi('CreateTeamBody');

export const TeamCreated = z
  .object({
    handle: z.string(),
    type: z.literal('team'),
    display_name: z.string(),
    role: z.literal('admin'),
  })
  .openapi('TeamCreated');

export const Member = z
  .object({ handle: z.string(), display_name: z.string(), role: TeamRole, joined_at: Timestamp })
  .openapi('Member');
export type Member = z.infer<typeof Member>;

export const Members = z.object({ members: z.array(Member) }).openapi('Members');

export const AddMemberBody = z
  .object({ handle: Handle, role: TeamRole.optional() })
  .openapi('AddMemberBody');

export const ApiKeySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ example: 'strata_AbC123' }),
    scope: KeyScope,
    context: z.string(),
    created_by: z.string().nullable(),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable(),
  })
  .openapi('ApiKeySummary');
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.object({ keys: z.array(ApiKeySummary) }).openapi('ApiKeyList');

export const CreateKeyBody = z
  .object({
    name: z.string().max(ACCOUNT_LIMITS.keyName).optional(),
    scope: KeyScope,
    context: Handle.optional(),
  })
  .openapi('CreateKeyBody');
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

export const CreatedKey = z
  .object({
    key: z.string().openapi({ description: 'The secret; shown only in this response' }),
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scope: KeyScope,
    context: z.string(),
    created_at: Timestamp,
  })
  .openapi('CreatedKey');
export type CreatedKey = z.infer<typeof CreatedKey>;
