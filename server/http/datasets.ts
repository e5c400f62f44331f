import { createRoute } from '@hono/zod-openapi';
import {
  Dataset,
  DatasetSlugParams,
  ListDatasetsParams,
  ListDatasetsResponse,
  SearchDatasetsByContractRequest,
  SearchDatasetsRequest,
  SearchDatasetsResponse,
} from '../../contract/datasets.js';
import { requireScope } from './principal.js';
import { toDataset } from '../catalog/datasets-wire.js';
import type { Deps } from '../deps.js';
import { SECURED, answers, needs, jsonBody, newRouter, optionalJsonBody } from './router.js';

const OWNERSHIP =
  'Built-in datasets (the demo data) have no owner account and are shown as owned by the team `dune`.';

/** The dataset catalog: list, read by full name, search, search by contract (scope read). */
export function datasetRoutes(deps: Deps) {
  const r = newRouter();
  const tags = ['datasets'];
  const { catalog } = deps;

  r.openapi(
    createRoute({
      method: 'get',
      path: '/datasets',
      tags,
      summary: 'List the datasets the caller can see, by full name',
      description: `Public datasets of every context and the caller context's private ones. \`limit\` defaults to 50; a limit over 250 is clamped to 250 (not rejected). ${OWNERSHIP}`,
      security: SECURED,
      middleware: [needs('read')],
      request: { query: ListDatasetsParams },
      responses: answers(ListDatasetsResponse, 'Datasets', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const q = c.req.valid('query');
      const { entries, total } = await catalog.list(await catalog.viewerOf(p), {
        limit: q.limit,
        offset: q.offset,
        ownerHandle: q.owner_handle,
        types: q.type,
      });
      return c.json({ datasets: entries.map(toDataset), total }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/datasets/{slug}',
      tags,
      summary: 'One dataset by full name, with its columns',
      description: `The slug is the full name, e.g. \`dex.trades\` or \`dune.<namespace>.<table>\` (parts may be double-quoted; case-insensitive). Unknown datasets and other contexts' private ones are 404. ${OWNERSHIP}`,
      security: SECURED,
      middleware: [needs('read')],
      request: { params: DatasetSlugParams },
      responses: answers(Dataset, 'The dataset', 400, 401, 404),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const entry = await catalog.get(await catalog.viewerOf(p), c.req.valid('param').slug);
      return c.json(toDataset(entry), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/datasets/search',
      tags,
      summary: 'Search the catalog by text and facets',
      description:
        "Every word of `query` must match (as a prefix) the name, description, contract metadata or column names. Ranking: exact full name, then name matches, then description matches, then column matches; within each, by page_rank_score, then text relevance. Without `query`, by page_rank_score. Private datasets (the caller context's own only) appear only with `include_private=true`. `limit` defaults to 20; over 250 is clamped to 250. `next_offset` is present only when `has_more`. The body may be omitted (every dataset).",
      security: SECURED,
      middleware: [needs('read')],
      request: { body: jsonBody(SearchDatasetsRequest, false) },
      responses: answers(SearchDatasetsResponse, 'Results', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const body = await optionalJsonBody(c, SearchDatasetsRequest);
      return c.json(await catalog.search(await catalog.viewerOf(p), body), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/datasets/search-by-contract',
      tags,
      summary: 'Decoded tables of a contract address',
      description:
        'Public decoded tables whose contract list has the address (EVM 0x-hex, case-insensitive, or Tron), by page_rank_score; the result shape of /datasets/search, with `metadata` always included. `limit` defaults to 20; over 250 is clamped to 250.',
      security: SECURED,
      middleware: [needs('read')],
      request: {
        body: jsonBody(SearchDatasetsByContractRequest),
      },
      responses: answers(SearchDatasetsResponse, 'Results', 400, 401),
    }),
    async (c) => {
      const p = requireScope(c, 'read');
      const body = await optionalJsonBody(c, SearchDatasetsByContractRequest);
      return c.json(await catalog.searchByContract(await catalog.viewerOf(p), body), 200);
    },
  );

  return r;
}
