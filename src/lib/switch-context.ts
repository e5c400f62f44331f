import { useRouter } from '@tanstack/react-router';
import { useContextChoice } from './session';

/**
 * Acts in another context from where the user is (a detail page opened from a teammate's link):
 * the choice is kept and the page's data is read again in that context.
 */
export function useSwitchContext(): (handle: string) => void {
  const choose = useContextChoice((s) => s.choose);
  const router = useRouter();
  return (handle) => {
    choose(handle);
    void router.invalidate();
  };
}
