import { handleProblem } from '../../contract/rules/names';

/** A form's message for a handle (user or team) the service would refuse, or null. */
export function handleError(raw: string): string | null {
  const handle = raw.trim();
  switch (handleProblem(handle)) {
    case 'invalid':
      return '2 to 39 letters, digits, _ or -, starting with a letter or digit';
    case 'reserved':
      return `“${handle}” is reserved (a page of the app has that name)`;
    default:
      return null;
  }
}
