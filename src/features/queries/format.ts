/** The first line of a description, cut to `max` characters. */
export function excerpt(text: string, max = 120): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
