import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Principal } from './principal.js';

export type AppEnv = { Variables: { principal: Principal | null } };
export type Router = OpenAPIHono<AppEnv>;
