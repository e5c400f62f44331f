import { dollarTag, lex, type Placeholder, type Token } from './lexer';

/**
 * Where SQL as written uses `{{name}}` placeholders (the rule: PLACEHOLDER_PATTERN in lexer.ts)
 * and how a value is written in each place, read by the lexer the server renders them with: the
 * editor lists and paints exactly the placeholders a run fills in, where it fills them in.
 */

/** The placeholders, in order, each with the token it stands in. */
export const placeholders = (sql: string): Placeholder[] => lex(sql).placeholders;

/** Distinct parameter names the SQL uses, in order of first use. */
export function placeholderNames(sql: string): string[] {
  return [...new Set(placeholders(sql).map((p) => p.name))];
}

/** Where a value goes: the lexical context its placeholder stands in. */
export type PlaceContext =
  | { kind: 'code' }
  | { kind: 'string'; escapes: boolean }
  | { kind: 'dollar'; tag: string }
  | { kind: 'ident' }
  | { kind: 'line-comment' }
  | { kind: 'block-comment' };

/** The context of a placeholder standing in `token` (its own `param` token: code). */
export function contextOf(token: Token): PlaceContext {
  switch (token.kind) {
    case 'string': {
      const tag = dollarTag(token);
      return tag ? { kind: 'dollar', tag } : { kind: 'string', escapes: !!token.escapes };
    }
    case 'quoted':
      return { kind: 'ident' };
    case 'comment':
      return { kind: token.text.startsWith('--') ? 'line-comment' : 'block-comment' };
    default:
      return { kind: 'code' };
  }
}
