import { useMemo, useState } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api/client.ts';
import { RealtimeContext, createRealtime } from './api/realtime.ts';
import { NotifyProvider } from './components/NotifyProvider.tsx';
import { asLanguage } from './i18n/index.ts';
import { pickerLocaleText } from './i18n/pickerLocale.ts';
import { makeTheme } from './theme.ts';
import { AppShell } from './features/layout/AppShell.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { AccountDeletePage } from './features/account/AccountDeletePage.tsx';
import { AccountPage } from './features/account/AccountPage.tsx';
import { EventPage } from './features/eventPage/EventPage.tsx';
import { ResultsPage } from './features/results/ResultsPage.tsx';
import { ResponsesPage } from './features/results/ResponsesPage.tsx';
import { RegistrationPage } from './features/registration/RegistrationPage.tsx';
import { JoinPage } from './features/joinCodes/JoinPage.tsx';
import { PlayHome } from './features/participant/PlayHome.tsx';
import { NotFoundPage } from './features/layout/ComingSoonPages.tsx';
import { CupPage } from './features/cups/CupPage.tsx';

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

const router = createBrowserRouter([
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'accountdelete', element: <AccountDeletePage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'cup/:cupid', element: <CupPage /> },
      { path: 'play', element: <PlayHome /> },
      { path: ':evid/reg', element: <RegistrationPage /> },
      { path: ':evid/join', element: <JoinPage /> },
      { path: ':evid/join/:code', element: <JoinPage /> },
      { path: ':evid/result', element: <ResultsPage /> },
      { path: ':evid/tulemus', element: <ResultsPage /> },
      { path: ':evid/responses', element: <ResponsesPage /> },
      { path: ':evid', element: <EventPage /> },
      { path: ':evid/:sub1', element: <EventPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

/** The whole app: query cache, live connection, theme and dates in the chosen language, routes. */
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
          <LocalizationProvider
            dateAdapter={AdapterDayjs}
            adapterLocale={lang}
            localeText={pickerLocaleText(lang)}
          >
            <NotifyProvider>
              <RouterProvider router={router} />
            </NotifyProvider>
          </LocalizationProvider>
        </ThemeProvider>
      </RealtimeContext.Provider>
    </QueryClientProvider>
  );
}
