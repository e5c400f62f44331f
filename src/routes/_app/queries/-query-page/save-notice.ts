/** "Removed parameter chain, no longer used in the SQL" (and the plural). */
export function removedNotice(keys: string[]): string {
  const names =
    keys.length > 1 ? `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}` : keys[0];
  return `Removed parameter${keys.length > 1 ? 's' : ''} ${names}, no longer used in the SQL`;
}
