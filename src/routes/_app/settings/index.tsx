import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSettingsTab } from '../../../features/settings/settings-tab';

/** /settings reopens the tab the user was on (the context switcher lands here). */
export const Route = createFileRoute('/_app/settings/')({
  beforeLoad: () => {
    throw redirect({ to: `/settings/${useSettingsTab.getState().tab}`, replace: true });
  },
});
