import {
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { COLOR_SCHEME_COOKIE } from '../../contract/rules/color-scheme';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
});

const stored = localStorageColorSchemeManager({ key: 'strata.color-scheme' });

/**
 * The choice in a cookie too: the server reads it to draw a public dashboard's first paint in
 * the visitor's scheme (server/http/first-paint-page.ts). Only a hint for drawing; never a
 * credential.
 */
function remember(value: MantineColorScheme) {
  document.cookie = `${COLOR_SCHEME_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}

/** Light, dark or auto (follow the system, the default), remembered per browser. */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...stored,
  get: (fallback) => {
    const value = stored.get(fallback);
    remember(value);
    return value;
  },
  set: (value) => {
    stored.set(value);
    remember(value);
  },
};
