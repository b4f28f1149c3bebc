import { useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, matchRoutes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api/client.ts';
import { RealtimeContext, createRealtime } from './api/realtime.ts';
import { NotifyProvider } from './components/NotifyProvider.tsx';
import { preloadable } from './components/preloadable.tsx';
import type { Preloadable } from './components/preloadable.tsx';
import { asLanguage, withAllTexts } from './i18n/index.ts';
import { useLiveTranslations } from './i18n/liveTranslations.ts';
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
 * A page that loads with its route: every page is its own chunk, so a visitor of a public page
 * (results, responses, start list, registration, cup) downloads neither the organiser's screens
 * nor their libraries (data grid, date pickers, maps). The routes are declared for the router's
 * declarative mode: the data router's loaders are not used here and weigh 15 KB more on a phone.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return preloadable<object>(async () => pick(await load()));
}

/** A page of the organiser's (or the participant's) app: it waits for all the texts too. */
function organiserPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return page(() => withAllTexts(load()), pick);
}

const HomePage = organiserPage(
  () => import('./features/home/HomePage.tsx'),
  (m) => m.HomePage,
);
const AccountDeletePage = organiserPage(
  () => import('./features/account/AccountDeletePage.tsx'),
  (m) => m.AccountDeletePage,
);
const AccountPage = organiserPage(
  () => import('./features/account/AccountPage.tsx'),
  (m) => m.AccountPage,
);
const PlatformLogPage = organiserPage(
  () => import('./features/history/PlatformLogPage.tsx'),
  (m) => m.PlatformLogPage,
);
const CupPage = page(
  () => import('./features/cups/CupPage.tsx'),
  (m) => m.CupPage,
);
const PlayHome = organiserPage(
  () => import('./features/participant/PlayHome.tsx'),
  (m) => m.PlayHome,
);
const RegistrationPage = page(
  () => import('./features/registration/RegistrationPage.tsx'),
  (m) => m.RegistrationPage,
);
const JoinPage = page(
  () => import('./features/joinCodes/JoinPage.tsx'),
  (m) => m.JoinPage,
);
const ResultsPage = page(
  () => import('./features/results/ResultsPage.tsx'),
  (m) => m.ResultsPage,
);
const ResponsesPage = page(
  () => import('./features/results/ResponsesPage.tsx'),
  (m) => m.ResponsesPage,
);
/** The start or play screen's page, loaded with the screen's own code. */
const standalone = (screen: 'start' | 'play') =>
  import('./features/eventPage/EventStandalonePage.tsx').then(async (m) => {
    await m.preloadScreen(screen);
    return m;
  });
const StartPage = page(
  () => standalone('start'),
  (m) => m.StartPage,
);
const PlayPage = organiserPage(
  () => standalone('play'),
  (m) => m.PlayPage,
);
const EventPage = organiserPage(
  () => import('./features/eventPage/EventPage.tsx'),
  (m) => m.EventPage,
);
const WheelPage = organiserPage(
  () => import('./features/wheel/WheelPage.tsx'),
  (m) => m.WheelPage,
);
const EmailLinkPage = page(
  () => import('./features/auth/LinkPages.tsx'),
  (m) => m.EmailLinkPage,
);
const ResetPasswordPage = page(
  () => import('./features/auth/LinkPages.tsx'),
  (m) => m.ResetPasswordPage,
);
const EmailChangePage = page(
  () => import('./features/auth/LinkPages.tsx'),
  (m) => m.EmailChangePage,
);
const NotFoundPage = page(
  () => import('./features/layout/NotFoundPage.tsx'),
  (m) => m.NotFoundPage,
);

/** The pages inside the app's shell, by path under `/`. */
const PAGES: { path?: string; Page: Preloadable<object> }[] = [
  { Page: HomePage },
  { path: 'accountdelete', Page: AccountDeletePage },
  { path: 'account', Page: AccountPage },
  { path: 'admin/log', Page: PlatformLogPage },
  { path: 'cup/:cupid', Page: CupPage },
  { path: 'play', Page: PlayHome },
  { path: 'auth/link', Page: EmailLinkPage },
  { path: 'auth/reset', Page: ResetPasswordPage },
  { path: 'auth/email', Page: EmailChangePage },
  { path: ':evid/reg', Page: RegistrationPage },
  { path: ':evid/join', Page: JoinPage },
  { path: ':evid/join/:code', Page: JoinPage },
  { path: ':evid/result', Page: ResultsPage },
  { path: ':evid/tulemus', Page: ResultsPage },
  { path: ':evid/responses', Page: ResponsesPage },
  { path: ':evid/start', Page: StartPage },
  { path: ':evid/play', Page: PlayPage },
  { path: ':evid/wheel', Page: WheelPage },
  { path: ':evid', Page: EventPage },
  { path: ':evid/:sub1', Page: EventPage },
  { path: '*', Page: NotFoundPage },
];
const MATCHED = [
  { path: '/', children: PAGES.map(({ path }) => (path ? { path } : { index: true })) },
];

/**
 * Loads the page of `pathname` (main.tsx waits for it before the first render, as a data router
 * would), so the page renders at once instead of after a fallback.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = matchRoutes(MATCHED, pathname)?.at(-1)?.route;
  const found = route && MATCHED[0]!.children.indexOf(route);
  return found === undefined || found < 0 ? Promise.resolve() : PAGES[found]!.Page.preload();
}

/** The routes, every page inside the app's shell (its app bar). */
function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<AppShell />}>
          {PAGES.map(({ path, Page }) =>
            path ? (
              <Route key={path} path={path} element={<Page />} />
            ) : (
              <Route key="" index element={<Page />} />
            ),
          )}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

/** The whole app: query cache, live connection, theme in the chosen language, routes. */
export function App() {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language) ?? 'en';
  const [queryClient] = useState(makeQueryClient);
  const [realtime] = useState(() => createRealtime(queryClient));
  useLiveTranslations(realtime);
  const theme = useMemo(() => makeTheme(lang), [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={realtime}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NotifyProvider>
            <AppRoutes />
          </NotifyProvider>
        </ThemeProvider>
      </RealtimeContext.Provider>
    </QueryClientProvider>
  );
}
