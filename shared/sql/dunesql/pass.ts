import type { Edit } from './edits';
import type { Code } from './tokens';

/**
 * What each step of the rewrite works on: the code tokens, the edits so far, and which tokens
 * an earlier step has already rewritten (a later step leaves them alone).
 */
export type Pass = { code: Code; edits: Edit[]; taken: Uint8Array };
