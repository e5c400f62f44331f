import './app/mantine-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { colorSchemeManager, theme } from './app/theme';
import { liftServerFirstPaint } from './lib/server-first-paint';

const Toasts = lazy(() => import('./app/toasts'));
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A public dashboard's page may come with its charts drawn by the server: shown first, kept
// over the page until the app has drawn them (lib/server-first-paint.ts).
void liftServerFirstPaint().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
