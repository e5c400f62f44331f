import '@mantine/core/styles/Typography.css';
import { Typography, type MantineFontSize } from '@mantine/core';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** Links leave the app in a new tab and learn nothing of it (no opener, no referrer). */
const COMPONENTS: Components = {
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} {...linkProps(href)}>
      {children}
    </a>
  ),
};

/** A link's target and rel: every link gets rel noopener noreferrer; absolute ones a new tab. */
function linkProps(href: string | undefined): { rel: string; target?: '_blank' } {
  return /^(https?:)?\/\//i.test(href ?? '')
    ? { rel: 'noopener noreferrer', target: '_blank' }
    : { rel: 'noopener noreferrer' };
}

/**
 * Markdown written by users or operators (dashboard text widgets, dataset and column docs),
 * rendered sanitized: raw HTML is never rendered, and links and images keep only safe URLs
 * (react-markdown's URL filter, then rehype-sanitize's schema).
 */
export function MarkdownText({ text, fz = 'sm' }: { text: string; fz?: MantineFontSize }) {
  return (
    <Typography fz={fz} style={{ overflowWrap: 'anywhere' }}>
      <ReactMarkdown skipHtml rehypePlugins={[rehypeSanitize]} components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </Typography>
  );
}
