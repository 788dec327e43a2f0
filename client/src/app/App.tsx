import { Box, CircularProgress, CssBaseline, Typography } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { Suspense, useCallback, useMemo, useState } from "react";
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from "react-relay";
import { createEnvironment, resetLiveConnection } from "../relay/environment.ts";
import type { AppViewerQuery } from "../__generated__/AppViewerQuery.graphql.ts";
import { SignIn } from "../features/auth/SignIn.tsx";
import { AppRouter } from "./AppRouter.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { SessionContext } from "./session.ts";
import { theme } from "./theme.ts";
import { ToastProvider } from "./toast.tsx";

export function Loading() {
  return (
    <Box role="progressbar" aria-label="Loading" sx={{ display: "grid", placeItems: "center", minHeight: "60vh", gap: 2 }}>
      <Box sx={{ textAlign: "center" }}>
        <CircularProgress />
        <Typography sx={{ mt: 2 }} color="text.secondary">
          Loading...
        </Typography>
      </Box>
    </Box>
  );
}

function SessionGate({ onSignedOut }: { onSignedOut(): void }) {
  // §2 app states: loading, then the sign-in screen without a user, else the shell.
  const data = useLazyLoadQuery<AppViewerQuery>(
    graphql`
      query AppViewerQuery {
        viewer {
          id
          databaseId
          name
          role
          department
        }
      }
    `,
    {},
  );
  if (!data.viewer) return <SignIn />;
  return (
    <SessionContext.Provider value={{ viewer: data.viewer, signedOut: onSignedOut }}>
      <AppRouter />
    </SessionContext.Provider>
  );
}

export function App() {
  const [environment, setEnvironment] = useState(createEnvironment);
  // Signing out clears every cached record (§7) and reconnects the live channel as nobody.
  const signedOut = useCallback(() => {
    resetLiveConnection();
    setEnvironment(createEnvironment());
  }, []);
  const gate = useMemo(() => <SessionGate onSignedOut={signedOut} />, [signedOut]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <RelayEnvironmentProvider environment={environment}>
          <ErrorBoundary fallback={<SignIn />}>
            <Suspense fallback={<Loading />}>{gate}</Suspense>
          </ErrorBoundary>
        </RelayEnvironmentProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
