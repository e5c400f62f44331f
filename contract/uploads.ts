import { z } from '@hono/zod-openapi';
import { COLUMN_TYPES, CONTEXT_TYPES } from './rules/enums.js';
import { UPLOAD_LIMITS } from './rules/limits.js';
import { UPLOAD_NAME_RULE } from './rules/names.js';

/** Request and response shapes of the uploads API (spec 2.8; paths in compat-reference 2.9). */

export { COLUMN_TYPES, type ColumnType } from './rules/enums.js';

export const NAME_RULE = UPLOAD_NAME_RULE;
export const MAX_NAME_LENGTH = UPLOAD_LIMITS.name;
export const MAX_COLUMNS = UPLOAD_LIMITS.columns;

const name = z.string().max(10_000);

export const TableColumn = z
  .object({
    name: name.openapi({ description: NAME_RULE }),
    type: z.unknown().openapi({ type: 'string', enum: [...COLUMN_TYPES] }),
    nullable: z.boolean().nullish().openapi({ description: 'Default true' }),
    description: z.string().max(UPLOAD_LIMITS.columnDescription).nullish().openapi({
      description:
        "Strata addition: what the column holds, shown in the dataset browser and as `metadata.description` in the list (the upload wizard keeps a CSV header's original text here, e.g. 'City Name' for city_name)",
    }),
  })
  .openapi('TableColumn');

export const TableCreateRequest = z
  .object({
    namespace: name.openapi({ description: "The caller context's handle" }),
    table_name: name.openapi({ description: NAME_RULE }),
    schema: z
      .array(TableColumn)
      .max(100_000)
      .openapi({ description: `1 to ${MAX_COLUMNS} columns` }),
    description: z.string().max(100_000).nullish(),
    is_private: z.boolean().nullish(),
  })
  .openapi('TableCreateRequest');

export const TableCreateResponse = z
  .object({
    namespace: z.string(),
    table_name: z.string(),
    full_name: z.string(),
    example_query: z.string(),
    message: z.string(),
    already_existed: z.boolean(),
  })
  .openapi('TableCreateResponse');

export const CSVUploadRequest = z
  .object({
    table_name: name.openapi({ description: `${NAME_RULE}; stored as dataset_<table_name>` }),
    data: z.string().openapi({ description: 'CSV text; the first line names the columns' }),
    description: z.string().max(100_000).nullish(),
    is_private: z.boolean().nullish(),
  })
  .openapi('CSVUploadRequest');

export const CSVUploadResponse = z
  .object({ success: z.boolean(), table_name: z.string(), full_name: z.string() })
  .openapi('CSVUploadResponse');

export const TableInsertResponse = z
  .object({ name: z.string(), rows_written: z.number().int(), bytes_written: z.number().int() })
  .openapi('TableInsertResponse');

export const MessageResponse = z.object({ message: z.string() }).openapi('TableMessageResponse');

export const TableListElement = z
  .object({
    full_name: z.string(),
    is_private: z.boolean(),
    owner: z.object({ handle: z.string(), type: z.enum(CONTEXT_TYPES) }),
    columns: z.array(
      z.object({
        name: z.string(),
        type: z.string(),
        nullable: z.boolean(),
        metadata: z.record(z.string(), z.unknown()),
      }),
    ),
    table_size_bytes: z.string().openapi({ description: 'Bytes of Parquet, as a string' }),
    created_at: z.string(),
    updated_at: z.string(),
    description: z.string().openapi({ description: 'Strata addition' }),
    row_count: z.number().int().openapi({ description: 'Strata addition' }),
  })
  .openapi('TableListElement');

export const TableListResponse = z
  .object({
    tables: z.array(TableListElement),
    next_offset: z.number().int().optional().openapi({ description: 'Present when more follow' }),
  })
  .openapi('TableListResponse');

export const LIST_DEFAULT = UPLOAD_LIMITS.listDefault;
export const LIST_MAX = UPLOAD_LIMITS.listMax;

export const ListParams = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(LIST_DEFAULT)
    .transform((n) => Math.min(n, LIST_MAX))
    .openapi({ description: `Default ${LIST_DEFAULT}; over ${LIST_MAX} is taken as ${LIST_MAX}` }),
  offset: z.coerce
    .number()
    .int()
    .default(0)
    .transform((n) => Math.max(n, 0))
    .openapi({ description: 'Negative is taken as 0' }),
});

export const TableParams = z.object({
  namespace: z.string().openapi({ param: { name: 'namespace', in: 'path' } }),
  table_name: z.string().openapi({ param: { name: 'table_name', in: 'path' } }),
});
