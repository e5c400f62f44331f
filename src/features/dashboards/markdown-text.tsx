import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * A text widget's Markdown, rendered sanitized: raw HTML is never rendered, and links and images
 * keep only safe URLs (react-markdown's URL filter, then rehype-sanitize's schema).
 */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <ReactMarkdown skipHtml rehypePlugins={[rehypeSanitize]}>
        {text}
      </ReactMarkdown>
    </Typography>
  );
}
