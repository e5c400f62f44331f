import { create } from 'zustand';

export type SettingsTab = 'teams' | 'api-keys';

/**
 * The settings tab the user was on last (UI state, this tab only): switching context sends the
 * app to /settings, which reopens this tab for the new context.
 */
export const useSettingsTab = create<{ tab: SettingsTab; remember: (t: SettingsTab) => void }>()(
  (set) => ({ tab: 'teams', remember: (tab) => set({ tab }) }),
);
