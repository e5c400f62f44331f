import { queryOptions } from '@tanstack/react-query';
import type { AlertDestinationTypes } from '../../../contract/alerts';
import { apiQueryFn } from '../../lib/api';
import type { FormValues } from '../../lib/parameter-values';
import { latestParamsQuery, latestResult } from '../../lib/resources/executions';
import { alertKeys } from './api';

/*
 * What only the alert form reads. Kept out of api.ts, which the app's first chunk holds (the
 * alerts route's loader), so the form's reads load with the form.
 */

/**
 * The latest run of the alert's query with these values (one row of its result, whatever its
 * age), or null when it has none: what the condition would read now. Empty values: the latest
 * run of any values (its columns are the query's).
 */
export const alertLatestOptions = (ctx: string, queryId: number, values: FormValues) =>
  queryOptions({
    queryKey: [...alertKeys.all(ctx), 'latest', queryId, values] as const,
    queryFn: ({ signal }) => latestResult(ctx, queryId, latestParamsQuery(values), signal),
    staleTime: 30_000,
  });

/** The destination types the server delivers to (no email without an SMTP server). */
export const alertDestinationTypesOptions = (ctx: string) =>
  queryOptions({
    queryKey: [...alertKeys.all(ctx), 'destinations'] as const,
    queryFn: apiQueryFn<AlertDestinationTypes>('/alerts/destinations', { ctx }),
    staleTime: Infinity,
  });
