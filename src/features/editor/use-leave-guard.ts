import { useBlocker } from '@tanstack/react-router';

export const LEAVE_MESSAGE =
  'You have unsaved edits. They stay as a draft in this browser, but they are not saved. Leave anyway?';

/**
 * Asks before leaving the page with unsaved edits: on navigation to another page (not on a
 * change of the same page's search, such as parameter values) and on reload or close.
 */
export function useLeaveGuard(dirty: boolean) {
  useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (!dirty || current.pathname === next.pathname) return false;
      return !window.confirm(LEAVE_MESSAGE);
    },
    enableBeforeUnload: dirty,
    disabled: !dirty,
  });
}
