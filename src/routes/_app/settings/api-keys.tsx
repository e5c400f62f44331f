import { createFileRoute } from '@tanstack/react-router';
import { apiKeysQueryOptions } from '../../../features/settings/api';
import { ApiKeysPage } from '../../../features/settings/api-keys-page';
import { useSettingsTab } from '../../../features/settings/settings-tab';
import { meQueryOptions, resolveContext, useContextChoice } from '../../../lib/session';

export const Route = createFileRoute('/_app/settings/api-keys')({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions);
    if (!me) return;
    const ctx = resolveContext(me, useContextChoice.getState().handle).handle;
    await queryClient.ensureQueryData(apiKeysQueryOptions(ctx));
  },
  onEnter: () => useSettingsTab.getState().remember('api-keys'),
  component: ApiKeysPage,
});
