import '../app/mantine-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';
import { EmbedApp } from './embed-app';
import { readEmbedLocation } from './embed-location';

// The embed pages' own entry (embed.html): no router, no app shell, no editor; one chart or one
// dashboard, in the theme the URL asks for (not the visitor's saved one).
const at = readEmbedLocation(window.location.pathname, window.location.search);

createRoot(document.getElementById('embed')!).render(
  <StrictMode>
    <MantineProvider theme={theme} forceColorScheme={at.theme}>
      <QueryClientProvider client={createQueryClient()}>
        <EmbedApp at={at} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
