import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
});

/** Light, dark or auto (follow the system, the default), remembered per browser. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'strata.color-scheme' });
