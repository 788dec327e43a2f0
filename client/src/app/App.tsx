import { msg, t } from "@lingui/core/macro";
import { CssBaseline } from "@mui/material";
import { I18nProvider, useLingui } from "@lingui/react";
import { ThemeProvider } from "@mui/material/styles";
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { fetchQuery, graphql, RelayEnvironmentProvider, useLazyLoadQuery, useRelayEnvironment } from "react-relay";
import type { AppViewerQuery } from "../__generated__/AppViewerQuery.graphql.ts";
import { Loading } from "../components/Loading.tsx";
import { createEnvironment, resetLiveConnection } from "../relay/environment.ts";
import { dropEarlyAnswers, peekEarlyAnswer } from "../platform/earlyQueries.ts";
import { dropKeptAnswers } from "../platform/keptAnswers.ts";
import AppViewerQueryParams from "../__generated__/AppViewerQuery$parameters.ts";
import { offlineOwner, setOfflineOwner } from "../offline/queuedError.ts";
import { loadSignedInApp, loadSignIn } from "./entryChunks.ts";
import { useLocalePreference } from "../features/language/index.ts";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";
import { afterFirstScreen } from "../platform/firstScreen.ts";
import { nextTask } from "../platform/nextTask.ts";
import { importAgain } from "../platform/importAgain.ts";
import { SessionContext } from "../platform/session.ts";
import { theme } from "./theme.ts";
import { registerServiceWorker } from "./serviceWorker.ts";
import { preloadToastView, ToastProvider, useToast } from "../platform/toast.tsx";
import { cachedViewer, primeViewer, rememberViewer } from "../platform/viewerCache.ts";
import type { Viewer } from "../platform/session.ts";
import { signedInRole } from "../platform/viewerKey.ts";
import { keptLate } from "../platform/deviceStore.ts";
import { lazyComponent } from "../platform/lazyComponent.ts";
import { i18n } from "../platform/i18n.ts";

// The sign-in screen and the signed-in app (router, shell) are chunks of their own: a phone downloads
// the one it shows (src/main.tsx starts it early).
const SignIn = lazyComponent(loadSignIn);
const AppRouter = lazyComponent(loadSignedInApp);
/** Whose data the phone keeps (offline/session.ts): claimed after the first screen, released at sign-out. */
const loadOfflineSession = () => import("../offline/session.ts");

/**
 * The code of the first screen, which src/main.tsx started beside the app's: the sign-in screen, or, for
 * the user remembered on this device, the signed-in frame and the current route's screen. Where only the
 * role cookie was left, the viewer's early answer decides which (rememberEarlyViewer). src/app/start.tsx
 * renders once it is in, so that nothing of the first screen suspends on code: a 'Loading...' committed
 * for a moment would hold the screen back by React's 300 ms reveal throttle (platform/lazyComponent.ts).
 * index.html shows the same 'Loading...' meanwhile. For a returning user it then makes the first session and
 * its router, which the app's first render takes (takeFirstSession). Never rejects: a chunk that failed shows
 * its error where it renders.
 */
export async function loadFirstScreen(): Promise<void> {
  try {
    if (!cachedViewer() && (await signedInRole())) await rememberEarlyViewer();
    const viewer = cachedViewer();
    if (!viewer) return void (await SignIn.preload());
    const signedInApp = await AppRouter.preload();
    await signedInApp.preloadPage(location.pathname);
    // The first session and its router are made here, in tasks of their own, rather than inside React's first
    // render: making the router (its routes ranked, the first screen's loader run, the kept answer put in the store)
    // was 19 ms of one 27 ms render task on /inventory opened again here, at full speed, and a component's render is
    // not sliced. Then the router is made in one task and started (its first navigation, the loader) in the next:
    // the two were one task of 24-29 ms here. The remembered viewer is the phone's owner, as SessionGate renders it:
    // the loader opens the screen from that owner's kept answer (relay/environment.ts).
    if (typeof viewer.databaseId !== "number") return;
    await nextTask();
    setOfflineOwner(String(viewer.databaseId));
    firstSession = newSession();
    const isManager = viewer.role === "manager";
    signedInApp.routerFor(firstSession.environment, isManager, false);
    await nextTask();
    signedInApp.routerFor(firstSession.environment, isManager);
  } catch {
    // rendered anyway: the lazy component rethrows to its error boundary
  }
}
/**
 * A device that remembers no viewer, but whose role cookie says someone signed in here (the entry then sent
 * the viewer's query early, platform/viewerKey.ts): that answer, once in, is remembered as if the app had
 * seen it, so the first screen opens as a returning user's does (the store primed, no request of its own).
 * Nothing changes when the answer failed; a signed-out answer forgets the cookie (rememberViewer).
 */
async function rememberEarlyViewer(): Promise<void> {
  const body = await peekEarlyAnswer(AppViewerQueryParams.params.id, {});
  const viewer = (body as { data?: { viewer?: Viewer | null } } | undefined)?.data?.viewer;
  if (viewer !== undefined) rememberViewer(viewer);
}
const signIn = (
  <Suspense fallback={<Loading />}>
    <SignIn />
  </Suspense>
);
/**
 * The sign-in screen where the viewer's query failed (no network, say). On a device whose storage answered after
 * the start stopped waiting for it (platform/deviceStore.ts), the viewer it remembers is known only now: the app
 * then opens for them, as it would have with the read in time, instead of asking an offline user to sign in.
 */
function SignInAfterFailure({ onKeptLate }: { onKeptLate(): void }) {
  useEffect(() => {
    let shown = true;
    void keptLate().then((late) => shown && late && cachedViewer() && onKeptLate());
    return () => void (shown = false);
  }, [onKeptLate]);
  return signIn;
}

const viewerQuery = graphql`
  query AppViewerQuery @preloadable {
    viewer {
      ...session_viewer @relay(mask: false)
    }
  }
`;

function SessionGate({ onSignedOut, primed }: { onSignedOut(): void; primed: boolean }) {
  const environment = useRelayEnvironment();
  // §2 app states: loading, then the sign-in screen without a user, else the shell. A viewer remembered on
  // this device is shown at once (the route's query starts beside it) while the server confirms it; a
  // session the server no longer knows turns into the sign-in screen, and no network keeps the shell.
  const data = useLazyLoadQuery<AppViewerQuery>(viewerQuery, {}, { fetchPolicy: primed ? "store-only" : "store-or-network" });
  useEffect(() => {
    if (!primed) return;
    // Once the first screen is up (its query goes first, or it opens from the phone's copy: platform/keptAnswers.ts).
    let sub: { unsubscribe(): void } | undefined;
    const cancel = afterFirstScreen(() => void (sub = fetchQuery<AppViewerQuery>(environment, viewerQuery, {}).subscribe({ error: () => {} })));
    return () => {
      cancel();
      sub?.unsubscribe();
    };
  }, [environment, primed]);
  const viewer = data.viewer;
  useEffect(() => {
    rememberViewer(viewer ?? null);
    // A session the server no longer knows: the answers kept for the first screens go with it.
    if (!viewer && primed) void dropKeptAnswers();
  }, [viewer, primed]);
  useLocalePreference(viewer);
  // Offline data and the queue belong to the signed-in user only (offline/session.ts).
  const owner = viewer ? String(viewer.databaseId) : null;
  setOfflineOwner(owner);
  useEffect(() => {
    if (!owner) return;
    return afterFirstScreen(() => {
      // Its code not reached (offline just then, before the service worker kept it): claimed when it comes, if this
      // user is still the one signed in. Storage that cannot be written keeps nothing to claim.
      void importAgain(loadOfflineSession)
        .then((m) => (offlineOwner() === owner ? m.claimOfflineData(owner) : undefined))
        .catch(() => {});
      // Answers another user left on this phone for their first screens go (platform/keptAnswers.ts).
      void dropKeptAnswers(owner);
    });
  }, [owner]);
  const signedIn = Boolean(viewer);
  useEffect(() => {
    // The first screen is up: fetch the toast's code now so the first toast never waits for it, and, on
    // the sign-in screen, the signed-in app's so that signing in opens it at once.
    const idle = setTimeout(() => {
      preloadToastView();
      if (!signedIn) AppRouter.preload().catch(() => {});
    }, 1500);
    return () => clearTimeout(idle);
  }, [signedIn]);
  if (!viewer) return signIn;
  return (
    <SessionContext.Provider value={{ viewer, signedOut: onSignedOut }}>
      <Suspense fallback={<Loading />}>
        <AppRouter />
      </Suspense>
    </SessionContext.Provider>
  );
}

/** The theme with MUI's own texts (an Autocomplete's 'No options', 'Open', 'Clear'; an Alert's 'Close') in the app's language. */
function LocalizedTheme({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // The same theme with two components' default props added: a copy, not createTheme(theme, …), which
  // deep-merges the whole theme again (about 10 ms of the first render's task here, 40 ms at 4x slowdown).
  const localized = useMemo(
    () =>
      locale
        ? {
            ...theme,
            components: {
              ...theme.components,
              MuiAutocomplete: {
                ...theme.components?.MuiAutocomplete,
                defaultProps: {
                  ...theme.components?.MuiAutocomplete?.defaultProps,
                  noOptionsText: i18n._(msg`No options`),
                  openText: i18n._(msg`Open`),
                  closeText: i18n._(msg`Close`),
                  clearText: i18n._(msg`Clear`),
                  loadingText: i18n._(msg`Loading…`),
                },
              },
              MuiAlert: { ...theme.components?.MuiAlert, defaultProps: { ...theme.components?.MuiAlert?.defaultProps, closeText: i18n._(msg`Close`) } },
            },
          }
        : theme,
    [i18n, locale],
  );
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

/** Installs the service worker and offers a new version, when one is waiting, with a 'Reload' toast. */
function ServiceWorkerUpdates() {
  const { toast } = useToast();
  useEffect(
    () =>
      registerServiceWorker((apply) =>
        toast({
          title: t`A new version is available`,
          action: { label: t`Reload`, onClick: apply },
        }),
      ),
    [toast],
  );
  return null;
}

let sessions = 0;
function newSession() {
  const environment = createEnvironment();
  return { environment, primed: primeViewer(environment), id: ++sessions };
}
/** The session loadFirstScreen made for a returning user, taken by the app's first render. */
let firstSession: ReturnType<typeof newSession> | undefined;
function takeFirstSession() {
  const session = firstSession ?? newSession();
  firstSession = undefined;
  return session;
}

export function App() {
  const [session, setSession] = useState(takeFirstSession);
  // Signing out clears every cached record (§7), the remembered viewer, and reconnects the live channel as nobody.
  const signedOut = useCallback(() => {
    // What the phone kept for field work (lists, queue, opened SDS files) goes with the session.
    const owner = offlineOwner();
    setOfflineOwner(null);
    // Its code not reached: released when it comes, unless this user has signed in again meanwhile.
    if (owner)
      void importAgain(loadOfflineSession)
        .then((m) => (offlineOwner() !== owner ? m.releaseOfflineData(owner) : undefined))
        .catch(() => {});
    rememberViewer(null);
    dropEarlyAnswers();
    void dropKeptAnswers();
    resetLiveConnection();
    setSession(newSession());
  }, []);
  // Once: a session primed with the late-read viewer never starts another.
  const keptLateViewer = useCallback(() => setSession((current) => (current.primed ? current : newSession())), []);
  const gate = useMemo(() => <SessionGate onSignedOut={signedOut} primed={session.primed} />, [signedOut, session.primed]);
  return (
    <I18nProvider i18n={i18n}>
      <LocalizedTheme>
        <CssBaseline />
        <ToastProvider>
          <ServiceWorkerUpdates />
          <RelayEnvironmentProvider environment={session.environment}>
            <ErrorBoundary key={session.id} fallback={<SignInAfterFailure onKeptLate={keptLateViewer} />}>
              <Suspense fallback={<Loading />}>{gate}</Suspense>
            </ErrorBoundary>
          </RelayEnvironmentProvider>
        </ToastProvider>
      </LocalizedTheme>
    </I18nProvider>
  );
}
