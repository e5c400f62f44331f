import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { embedTarget, type EmbedTarget } from '../../shared/pages/page-protocol.js';
import type { Deps } from '../deps.js';
import type { AppEnv } from './app-env.js';

type Theme = 'light' | 'dark';
const themeOf = (c: Context): Theme => (c.req.query('theme') === 'dark' ? 'dark' : 'light');

/**
 * The page an embed shows when its content cannot be: the same words for a private and a
 * missing one (nothing is named), in the asked theme, with no script.
 */
export function notAvailablePage(theme: Theme): string {
  const [fg, dim, bg] =
    theme === 'dark' ? ['#c9c9c9', '#828282', '#242424'] : ['#212529', '#868e96', '#ffffff'];
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Not available</title>
    <style>
      html, body { height: 100%; margin: 0; }
      body { display: flex; align-items: center; justify-content: center; background: ${bg};
        color: ${fg}; font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
      main { text-align: center; padding: 16px; }
      p { margin: 0; }
      .dim { color: ${dim}; font-size: 13px; }
    </style>
  </head>
  <body>
    <main data-testid="embed-not-available">
      <p><strong>This content is not available</strong></p>
      <p class="dim">It may be private, or it may not exist.</p>
    </main>
  </body>
</html>
`;
}

/** Whether anyone may see the target (anonymously): public, not archived, and there. */
async function isPublic(deps: Deps, t: EmbedTarget): Promise<boolean> {
  const found =
    t.kind === 'dashboard'
      ? await deps.dashboards.findBySlug(t.ownerHandle, t.slug, null)
      : await deps.visualizations.findEmbeddable(t.queryId, t.visualizationId);
  return found !== null;
}

/**
 * The embed pages, `/embed/dashboards/{owner}/{slug}` and
 * `/embed/queries/{query_id}/{visualization_id}`: the light app of embed.html (its own Vite
 * entry, no app chrome) for public content, with the theme of `?theme=` set on the page so it
 * paints in it before any script runs; 404 with a small page that names nothing for private,
 * archived or unknown content. Anyone may frame them (security-headers.ts).
 */
export function embedPage(deps: Deps, staticDir: string) {
  const file = path.join(staticDir, 'embed.html');
  return async (c: Context<AppEnv>) => {
    const theme = themeOf(c);
    const target = embedTarget(c.req.path);
    if (!target || !(await isPublic(deps, target))) return c.html(notAvailablePage(theme), 404);
    let html: string;
    try {
      // Read per request (it is small): a rebuilt app is served without a restart.
      html = fs.readFileSync(file, 'utf8');
    } catch {
      return c.text('The embed pages are not built (npm run build).', 503);
    }
    return c.html(html.replace(/<html([^>]*)>/, `<html$1 data-mantine-color-scheme="${theme}">`));
  };
}
