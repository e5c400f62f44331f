import { z } from '@hono/zod-openapi';
import { RESULT_AGE_LIMITS } from './rules/result-age.js';

const { minSeconds, maxSeconds } = RESULT_AGE_LIMITS;

/**
 * Strata extension on queries and dashboards: how old a result readers accept, in seconds
 * (contract/rules/result-age.ts); null clears it (any age: always the latest result).
 */
export const MaxResultAgeSchema = z
  .number()
  .int()
  .min(minSeconds, `max_result_age_seconds must be at least ${minSeconds} (a minute)`)
  .max(maxSeconds, `max_result_age_seconds must be at most ${maxSeconds} (30 days)`)
  .nullable()
  .openapi({
    description: `Strata extension: the maximum age of a result its readers accept, in seconds (${minSeconds} to ${maxSeconds}); null (the default) means any age, the latest result. A read that finds no result this young starts a run (or says one is running).`,
    example: 3600,
  });
