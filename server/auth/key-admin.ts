import type { ApiKeySummary, CreateKeyBody, CreatedKey } from '../../contract/accounts.js';
import { forbidden, notFound } from '../errors.js';
import type { Account, Accounts } from './accounts.js';
import type { ApiKeyInfo, ApiKeys } from './keys.js';
import type { Principal } from './principal.js';

type SessionPrincipal = Principal & { user: Account };

/**
 * API key management, the rules: keys are managed from a browser session only (never with
 * another key); any member of a context lists its keys; the user itself, or an admin of the
 * team, creates and revokes them.
 */
export class KeyAdmin {
  constructor(
    private readonly accounts: Accounts,
    private readonly keys: ApiKeys,
  ) {}

  /** Live keys of the principal's context, newest first. */
  async list(p: Principal): Promise<ApiKeySummary[]> {
    const { context } = sessionOnly(p);
    const keys = await this.keys.listForContext(context.id);
    return Promise.all(keys.map((k) => this.summary(k, context)));
  }

  /**
   * A new key in the principal's context, or in `body.context` (not_found unless the user may
   * act in it); forbidden unless the user manages that context's keys. The secret is returned
   * here only.
   */
  async create(p: Principal, body: CreateKeyBody): Promise<CreatedKey> {
    const { user } = sessionOnly(p);
    let context = p.context;
    if (body.context !== undefined) {
      const wanted = await this.accounts.byHandle(body.context);
      if (!wanted || !(await this.accounts.canActIn(user.id, wanted.id)))
        throw notFound(`context not found: ${body.context}`);
      context = wanted;
    }
    await this.requireKeyAdmin(user.id, context);
    const { key, info } = await this.keys.create(context.id, body.scope, user.id, body.name ?? '');
    return {
      key,
      id: info.id,
      name: info.name,
      prefix: info.prefix,
      scope: info.scope,
      context: context.handle,
      created_at: info.created_at,
    };
  }

  /** Revokes a live key of the principal's context: forbidden for plain members, not_found. */
  async revoke(p: Principal, id: string): Promise<void> {
    const { user, context } = sessionOnly(p);
    await this.requireKeyAdmin(user.id, context);
    if (!(await this.keys.revoke(id, context.id))) throw notFound('API key not found');
  }

  /** Who manages a context's keys: the user itself, or an admin of the team (else forbidden). */
  private async requireKeyAdmin(userId: number, context: Account): Promise<void> {
    if (context.id === userId) return;
    if ((await this.accounts.roleIn(context.id, userId)) !== 'admin')
      throw forbidden(`only admins of the team "${context.handle}" manage its API keys`);
  }

  private async summary(k: ApiKeyInfo, context: Account): Promise<ApiKeySummary> {
    const creator = k.created_by !== null ? await this.accounts.byId(k.created_by) : undefined;
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
}

/** Keys are managed only from a browser session, never with another key. */
function sessionOnly(p: Principal): SessionPrincipal {
  if (p.via !== 'session' || !p.user)
    throw forbidden('API keys are managed from a signed-in session');
  return p as SessionPrincipal;
}
