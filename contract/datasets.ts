import { z } from '@hono/zod-openapi';
import {
  CONTEXT_TYPES,
  DATASET_CATEGORIES,
  DATASET_TYPES,
  OWNER_SCOPES,
  RESULT_OWNER_SCOPES,
  type DatasetType,
} from './rules/enums.js';
import { DATASET_LIMITS } from './rules/limits.js';

export {
  DATASET_CATEGORIES,
  DATASET_TYPES,
  OWNER_SCOPES,
  RESULT_OWNER_SCOPES,
  type DatasetCategory,
  type DatasetType,
  type OwnerScope,
} from './rules/enums.js';
export { DATASET_LIMITS } from './rules/limits.js';

/** A limit: any safe non-negative integer; values over `max` are taken as `max`. */
const clampedLimit = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min)
    .transform((n) => Math.min(n, max));

const Offset = z.number().int().min(0);

const TypeList = z
  .string()
  .max(1000)
  .transform((s, ctx) => {
    const types = [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = types.filter((t) => !(DATASET_TYPES as readonly string[]).includes(t));
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown dataset type ${unknown.map((u) => `"${u}"`).join(', ')}; expected one of ${DATASET_TYPES.join(', ')}`,
      });
      return z.NEVER;
    }
    return types as DatasetType[];
  });

/** Query string of GET /datasets. */
export const ListDatasetsParams = z.object({
  limit: z.coerce
    .number()
    .pipe(clampedLimit(0, DATASET_LIMITS.listMax))
    .default(DATASET_LIMITS.listDefault)
    .openapi({
      type: 'integer',
      description: 'Default 50; values over 250 are taken as 250 (clamped, not rejected)',
    }),
  offset: z.coerce.number().pipe(Offset).default(0).openapi({ type: 'integer' }),
  owner_handle: z.string().trim().min(1).max(DATASET_LIMITS.item).optional().openapi({
    description:
      'Only datasets of this user or team; `dune` selects the built-in datasets (which have no owner account)',
  }),
  type: TypeList.optional().openapi({
    type: 'string',
    description: `Comma-separated dataset types: ${DATASET_TYPES.join(', ')}`,
    example: 'dune_table,spell',
  }),
});
export type ListDatasetsParams = z.output<typeof ListDatasetsParams>;

export const DatasetSlugParams = z.object({
  slug: z.string().min(1).max(600).openapi({
    description: 'Full name: `schema.table` or `dune.<namespace>.<table>`',
    example: 'dex.trades',
  }),
});

export const DatasetOwner = z
  .object({
    handle: z.string().openapi({ example: 'dune' }),
    type: z.enum(CONTEXT_TYPES),
  })
  .openapi('DatasetOwner');

export const DatasetColumn = z
  .object({
    name: z.string(),
    type: z.string().openapi({ example: 'VARCHAR' }),
    nullable: z.boolean(),
    metadata: z.object({
      description: z.string(),
      filtering_column: z
        .boolean()
        .openapi({ description: 'A time or partition column that makes a good filter' }),
    }),
  })
  .openapi('DatasetColumn');

export const Dataset = z
  .object({
    full_name: z.string().openapi({ example: 'dex.trades' }),
    type: z.string().openapi({ example: 'spell' }),
    owner: DatasetOwner,
    columns: z.array(DatasetColumn),
    metadata: z.record(z.string(), z.unknown()).openapi({
      description:
        'Free-form: description, category, blockchains, row_count and size_bytes (of the current data), page_rank_score, for decoded tables project_name, contract_name, abi_type, contract_addresses, and for datasets an operator imported (owner `dune`): linked (whether the files are registered where they are rather than copied), imported_at (ISO time of the last import), appended_at (ISO time of the last append, absent before one), and for partitioned ones partition_columns and partitions (how many `key=value` folders)',
    }),
    is_private: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Dataset');
export type Dataset = z.output<typeof Dataset>;

export const ListDatasetsResponse = z
  .object({
    datasets: z.array(Dataset),
    total: z
      .number()
      .int()
      .openapi({ description: 'Matching datasets, ignoring limit and offset' }),
  })
  .openapi('ListDatasetsResponse');
export type ListDatasetsResponse = z.output<typeof ListDatasetsResponse>;

const Str = z.string().trim().min(1).max(DATASET_LIMITS.item);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(DATASET_LIMITS.arrayItems);
/** Clients send null for fields they leave out; null is read as absent. */
const opt = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v): z.output<T> | undefined => v ?? undefined);

/** The page of a search (both searches): a limit over the maximum is clamped, not refused. */
const searchPage = {
  limit: opt(clampedLimit(1, DATASET_LIMITS.searchMax)).openapi({
    description: 'Default 20; values over 250 are taken as 250 (clamped, not rejected)',
  }),
  offset: opt(Offset),
};

/** An EVM address (0x + 40 hex digits) or a Tron address (base58, starting with T). */
export const ContractAddress = z
  .string()
  .trim()
  .regex(
    /^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/,
    'must be an EVM address (0x and 40 hex digits) or a Tron address',
  )
  .openapi({ example: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' });

export const SearchDatasetsRequest = z
  .object({
    query: opt(z.string().max(DATASET_LIMITS.query)).openapi({
      description:
        'Free text. Every word must match (as a prefix) the name, description, contract metadata or column names',
    }),
    blockchains: opt(list(Str)).openapi({ description: 'Any of these chains' }),
    categories: opt(list(z.enum(DATASET_CATEGORIES))),
    dataset_types: opt(list(z.enum(DATASET_TYPES))),
    schemas: opt(list(Str)).openapi({ description: 'Schema (namespace) names, any of them' }),
    owner_scope: opt(z.enum(OWNER_SCOPES)).openapi({
      description:
        "`all` (default): every dataset the caller may see; `me`: owned by the caller's context; `team`: owned by the caller's team context or by a team the acting user belongs to",
    }),
    include_private: opt(z.boolean()).openapi({
      description: "Also the caller context's own private datasets (default false)",
    }),
    include_schema: opt(z.boolean()).openapi({ description: 'Add `schema` (the columns)' }),
    include_metadata: opt(z.boolean()).openapi({ description: 'Add `metadata`' }),
    contract_address: opt(z.union([z.literal(''), ContractAddress])).openapi({
      description: 'Only decoded tables of this contract (sent by the Go client; empty = none)',
    }),
    ...searchPage,
  })
  .openapi('SearchDatasetsRequest');
export type SearchDatasetsRequest = z.output<typeof SearchDatasetsRequest>;

export const SearchDatasetsByContractRequest = z
  .object({
    contract_address: ContractAddress,
    blockchains: opt(list(Str)),
    include_schema: opt(z.boolean()),
    ...searchPage,
  })
  .openapi('SearchDatasetsByContractAddressRequest');
export type SearchDatasetsByContractRequest = z.output<typeof SearchDatasetsByContractRequest>;

export const SearchDatasetMetadata = z
  .object({
    page_rank_score: z.number(),
    description: z.string(),
    abi_type: z.string().optional(),
    contract_name: z.string().optional(),
    project_name: z.string().optional(),
    spell_type: z.string().optional(),
    spell_metadata: z.unknown().optional(),
  })
  .openapi('SearchDatasetMetadata');

export const SearchDatasetSchemaColumn = z
  .object({ name: z.string(), type: z.string(), nullable: z.boolean() })
  .openapi('SearchDatasetSchemaColumn');

export const SearchDatasetResult = z
  .object({
    full_name: z.string(),
    category: z.string(),
    dataset_type: z.string(),
    blockchains: z.array(z.string()),
    visibility: z.enum(['public', 'private']),
    owner_scope: z.enum(RESULT_OWNER_SCOPES).openapi({
      description:
        "`dune`: built-in dataset; `me`: owned by the caller's context; `team`: owned by a team of the acting user; `community`: owned by anyone else",
    }),
    description: z.string(),
    schema: z
      .array(SearchDatasetSchemaColumn)
      .optional()
      .openapi({ description: 'Only with include_schema' }),
    metadata: SearchDatasetMetadata.optional().openapi({
      description: 'Only with include_metadata',
    }),
  })
  .openapi('SearchDatasetResult');
export type SearchDatasetResult = z.output<typeof SearchDatasetResult>;

export const SearchDatasetsResponse = z
  .object({
    total: z.number().int(),
    results: z.array(SearchDatasetResult),
    pagination: z
      .object({
        limit: z.number().int(),
        offset: z.number().int(),
        next_offset: z.number().int().optional().openapi({ description: 'Only when has_more' }),
        has_more: z.boolean(),
      })
      .openapi('SearchDatasetsPagination'),
  })
  .openapi('SearchDatasetsResponse');
export type SearchDatasetsResponse = z.output<typeof SearchDatasetsResponse>;
