import { useMemo, useState } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api/client.ts';
import { RealtimeContext, createRealtime } from './api/realtime.ts';
import { NotifyProvider } from './components/NotifyProvider.tsx';
import { asLanguage, withAllTexts } from './i18n/index.ts';
import { makeTheme } from './theme.ts';
import { AppShell } from './features/layout/AppShell.tsx';

/** Creates the app's query cache: client errors (4xx) are not retried. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/**
 * A route whose page loads with it: every page is its own chunk, so a visitor of a public page
 * (results, responses, start list, registration, cup) downloads neither the organiser's screens
 * nor their libraries (data grid, date pickers, maps).
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** A route of the organiser's (or the participant's) app: its page waits for all the texts too. */
function organiserPage<M>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) {
  return page(() => withAllTexts(load()), pick);
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <AppShell />,
    children: [
      {
        index: true,
        ...organiserPage(
          () => import('./features/home/HomePage.tsx'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'accountdelete',
        ...organiserPage(
          () => import('./features/account/AccountDeletePage.tsx'),
          (m) => m.AccountDeletePage,
        ),
      },
      {
        path: 'account',
        ...organiserPage(
          () => import('./features/account/AccountPage.tsx'),
          (m) => m.AccountPage,
        ),
      },
      {
        path: 'cup/:cupid',
        ...page(
          () => import('./features/cups/CupPage.tsx'),
          (m) => m.CupPage,
        ),
      },
      {
        path: 'play',
        ...organiserPage(
          () => import('./features/participant/PlayHome.tsx'),
          (m) => m.PlayHome,
        ),
      },
      {
        path: ':evid/reg',
        ...page(
          () => import('./features/registration/RegistrationPage.tsx'),
          (m) => m.RegistrationPage,
        ),
      },
      {
        path: ':evid/join',
        ...page(
          () => import('./features/joinCodes/JoinPage.tsx'),
          (m) => m.JoinPage,
        ),
      },
      {
        path: ':evid/join/:code',
        ...page(
          () => import('./features/joinCodes/JoinPage.tsx'),
          (m) => m.JoinPage,
        ),
      },
      {
        path: ':evid/result',
        ...page(
          () => import('./features/results/ResultsPage.tsx'),
          (m) => m.ResultsPage,
        ),
      },
      {
        path: ':evid/tulemus',
        ...page(
          () => import('./features/results/ResultsPage.tsx'),
          (m) => m.ResultsPage,
        ),
      },
      {
        path: ':evid/responses',
        ...page(
          () => import('./features/results/ResponsesPage.tsx'),
          (m) => m.ResponsesPage,
        ),
      },
      {
        path: ':evid/start',
        ...page(
          () => import('./features/eventPage/EventStandalonePage.tsx'),
          (m) => m.StartPage,
        ),
      },
      {
        path: ':evid/play',
        ...organiserPage(
          () => import('./features/eventPage/EventStandalonePage.tsx'),
          (m) => m.PlayPage,
        ),
      },
      {
        path: ':evid',
        ...organiserPage(
          () => import('./features/eventPage/EventPage.tsx'),
          (m) => m.EventPage,
        ),
      },
      {
        path: ':evid/:sub1',
        ...organiserPage(
          () => import('./features/eventPage/EventPage.tsx'),
          (m) => m.EventPage,
        ),
      },
      {
        path: '*',
        ...page(
          () => import('./features/layout/ComingSoonPages.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]);

/** The whole app: query cache, live connection, theme in the chosen language, routes. */
export function App() {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language) ?? 'en';
  const [queryClient] = useState(makeQueryClient);
  const [realtime] = useState(() => createRealtime(queryClient));
  const theme = useMemo(() => makeTheme(lang), [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={realtime}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NotifyProvider>
            <RouterProvider router={router} />
          </NotifyProvider>
        </ThemeProvider>
      </RealtimeContext.Provider>
    </QueryClientProvider>
  );
}
