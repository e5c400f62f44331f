import { z } from '@hono/zod-openapi';
import { DialectSchema, RequestDialect } from './executions.js';
import { ParameterSchema } from './parameters.js';
import { MaxResultAgeSchema } from './result-age.js';
import { QUERY_LIST_SCOPES } from './rules/enums.js';
import { normalizeVarbinary } from './rules/parameters.js';
import { PARAMETER_LIMITS, QUERY_LIMITS } from './rules/limits.js';
import { hasNul, SQL_NUL_RULE } from './rules/sql-text.js';

/** Limits of a saved query (400 beyond them). */
export { QUERY_LIMITS } from './rules/limits.js';

/** A query parameter as the hosted service stores it (see contract/parameters.ts). */
export const ParameterDef = ParameterSchema.openapi('Parameter');

const Name = z.string().trim().min(1).max(QUERY_LIMITS.name);
const Description = z.string().max(QUERY_LIMITS.description);
const QuerySql = z
  .string()
  .max(QUERY_LIMITS.querySql)
  .refine((s) => s.trim() !== '', 'query_sql must not be empty')
  .refine((s) => !hasNul(s), `query_sql: ${SQL_NUL_RULE}`);
const Tags = z.array(z.string().trim().min(1).max(QUERY_LIMITS.tag)).max(QUERY_LIMITS.tags);
const Parameters = z.array(ParameterDef).max(QUERY_LIMITS.parameters);

/**
 * Strata addition: a run of the caller's context whose SQL is what the saved query renders to
 * with that run's parameter values becomes the query's latest result (the run an editor made of
 * its unsaved text before saving it). Anything else is 400 and nothing is saved.
 */
const AdoptedExecution = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'must be an execution id')
  .transform((id) => id.toUpperCase())
  .optional()
  .openapi({
    description:
      'Strata addition: an execution of the caller’s context (an ad-hoc run, `POST /sql/execute`, or a run of this query) to keep as the query’s latest result. Accepted only when the saved SQL, rendered with the parameter definitions as saved and the values the execution ran with, is exactly the SQL it ran; otherwise 400 and nothing is saved.',
    example: '01HZX3J3N7QK7Y3V8W9D2E4F5G',
  });

/**
 * The hosted service's TypeScript client sends parameters at creation as `query_parameters`, a
 * map of name to default value (types are lost on its way); other clients send `[{name, type,
 * value}]`. Both are read as `parameters`; a map's types are inferred from the values.
 */
const ClientValue = z.union([z.string(), z.number()]).transform(String);
const ClientParameters = z
  .union([
    z.record(z.string().min(1).max(PARAMETER_LIMITS.key), ClientValue),
    z.array(z.object({ name: z.string(), type: ParameterSchema.shape.type, value: ClientValue })),
  ])
  .openapi({
    description: 'Alias used by the TypeScript client: {name: value} or [{name, type, value}]',
  });

/**
 * The type of a parameter the client names only by its value. An address or hash (`0x…` hex of
 * even length) is varbinary: the hosted service puts such a value into the SQL as it is, where
 * `= {{wallet}}` reads it as bytes.
 */
const inferType = (value: string) =>
  /^[+-]?\d+(\.\d+)?$/.test(value.trim())
    ? ('number' as const)
    : /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(value.trim())
      ? ('datetime' as const)
      : normalizeVarbinary(value) !== undefined
        ? ('varbinary' as const)
        : ('text' as const);

/** `parameters`, or the client's `query_parameters` read as parameters. */
export function requestedParameters(body: {
  parameters?: z.output<typeof Parameters>;
  query_parameters?: z.output<typeof ClientParameters>;
}) {
  if (body.parameters || !body.query_parameters) return body.parameters;
  if (Array.isArray(body.query_parameters)) {
    return body.query_parameters.map((p) => ({ key: p.name, type: p.type, value: p.value }));
  }
  return Object.entries(body.query_parameters).map(([key, value]) => ({
    key,
    type: inferType(value),
    value,
  }));
}

export const CreateQueryRequest = z
  .object({
    name: Name,
    query_sql: QuerySql,
    description: Description.optional(),
    is_private: z.boolean().optional().openapi({ default: false }),
    is_temp: z
      .boolean()
      .optional()
      .openapi({ description: 'Temporary (unsaved): runnable, but not listed in the library' }),
    parameters: Parameters.optional(),
    query_parameters: ClientParameters.optional(),
    tags: Tags.optional(),
    dialect: RequestDialect,
    max_result_age_seconds: MaxResultAgeSchema.optional(),
    execution_id: AdoptedExecution,
  })
  .openapi('CreateQueryRequest');
export type CreateQueryRequest = z.output<typeof CreateQueryRequest>;

export const UpdateQueryRequest = z
  .object({
    name: Name.optional(),
    query_sql: QuerySql.optional(),
    description: Description.optional(),
    tags: Tags.optional().openapi({ description: 'An empty array clears the tags' }),
    parameters: Parameters.optional().openapi({
      description: 'An empty array clears the parameters; checked against the (new) SQL',
    }),
    is_private: z.boolean().optional(),
    is_archived: z.boolean().optional(),
    dialect: DialectSchema.optional(),
    max_result_age_seconds: MaxResultAgeSchema.optional(),
    execution_id: AdoptedExecution,
  })
  .openapi('UpdateQueryRequest', {
    description: 'Any subset of the fields; omitted fields are left as they are',
  });
export type UpdateQueryRequest = z.output<typeof UpdateQueryRequest>;

export const CreateQueryResponse = z
  .object({ query_id: z.number().int() })
  .openapi('CreateQueryResponse');
export const UpdateQueryResponse = z
  .object({ query_id: z.number().int() })
  .openapi('UpdateQueryResponse');

export const QueryContributor = z
  .object({ handle: z.string(), contribution_count: z.number().int() })
  .openapi('QueryContributor');

export const GetQueryResponse = z
  .object({
    query_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    version: z.number().int().openapi({ description: 'Incremented on every change' }),
    parameters: z.array(ParameterDef),
    query_engine: z.string().openapi({ example: 'medium' }),
    query_sql: z.string(),
    dialect: DialectSchema,
    is_private: z.boolean(),
    is_archived: z.boolean(),
    is_unsaved: z.boolean().openapi({ description: 'Legacy name of is_temp' }),
    is_temp: z.boolean(),
    owner: z.string().openapi({ description: 'Handle of the owner user or team' }),
    created_at: z.string(),
    updated_at: z.string(),
    max_result_age_seconds: z.number().int().nullable().openapi({
      description: 'Strata extension: the maximum age of a result its readers accept (null: any)',
    }),
    contributors: z
      .array(QueryContributor)
      .optional()
      .openapi({ description: 'Only with include_contributors=true' }),
  })
  .openapi('GetQueryResponse');
export type GetQueryResponse = z.output<typeof GetQueryResponse>;

export const ResolvedQueryOverview = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    owner: z.string(),
    tags: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
    is_private: z.boolean(),
    is_archived: z.boolean(),
    version: z.number().int(),
  })
  .openapi('ResolvedQueryOverview');
export type ResolvedQueryOverview = z.output<typeof ResolvedQueryOverview>;

export const ListQueriesResponse = z
  .object({
    queries: z.array(ResolvedQueryOverview),
    total: z.number().int().openapi({ description: 'Matching queries, ignoring limit and offset' }),
  })
  .openapi('ListQueriesResponse');
export type ListQueriesResponse = z.output<typeof ListQueriesResponse>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query string of GET /queries; q, tags, include_archived and scope are Strata extensions. */
export const ListQueriesParams = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .default(QUERY_LIMITS.listDefault)
    .transform((n) => Math.min(n, QUERY_LIMITS.listMax))
    .openapi({ description: 'Default 20; values over 1000 are taken as 1000' }),
  offset: z.coerce.number().int().min(0).default(0),
  q: z
    .string()
    .max(QUERY_LIMITS.search)
    .optional()
    .openapi({ description: 'Case-insensitive substring of the name or description' }),
  tags: z
    .string()
    .max(5000)
    .optional()
    .openapi({ description: 'Comma-separated tags; a query must have all of them' }),
  include_archived: flag
    .optional()
    .openapi({ description: 'Include archived queries (default true)' }),
  scope: z.enum(QUERY_LIST_SCOPES).default('context').openapi({
    description:
      "`context`: the caller's own queries (default). `public`: public, non-archived queries of every context",
  }),
});
export type ListQueriesParams = z.output<typeof ListQueriesParams>;

export const QueryVersionSummary = z
  .object({
    version: z.number().int(),
    author: z.string().nullable().openapi({ description: 'Handle of the author, if known' }),
    created_at: z.string(),
    name: z.string(),
  })
  .openapi('QueryVersionSummary');

export const ListQueryVersionsResponse = z
  .object({ versions: z.array(QueryVersionSummary), total: z.number().int() })
  .openapi('ListQueryVersionsResponse');
export type ListQueryVersionsResponse = z.output<typeof ListQueryVersionsResponse>;

export const QueryVersion = z
  .object({
    query_id: z.number().int(),
    version: z.number().int(),
    author: z.string().nullable(),
    created_at: z.string(),
    name: z.string(),
    description: z.string(),
    query_sql: z.string(),
    dialect: DialectSchema,
    parameters: z.array(ParameterDef),
    tags: z.array(z.string()),
    is_private: z.boolean(),
    is_archived: z.boolean(),
  })
  .openapi('QueryVersion');
export type QueryVersion = z.output<typeof QueryVersion>;
