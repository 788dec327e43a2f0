import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import PestControlIcon from "@mui/icons-material/PestControl";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { SignInMutation } from "../../__generated__/SignInMutation.graphql.ts";
import { chooseLocale, currentLocale, isLocale, LOCALES, type Locale } from "../../platform/i18n.ts";

const INVALID = msg`Invalid username or password. Please try again.`;

/** The sign-in screen's language switch: applies at once, and is remembered on this device. */
function LanguageSwitch() {
  const { t } = useLingui();
  return (
    <TextField
      select
      size="small"
      label={t`Language`}
      value={currentLocale()}
      onChange={(e) => {
        if (isLocale(e.target.value)) void chooseLocale(e.target.value);
      }}
      sx={{ minWidth: 160, alignSelf: "center" }}
    >
      {(Object.keys(LOCALES) as Locale[]).map((locale) => (
        <MenuItem key={locale} value={locale} lang={locale}>
          {LOCALES[locale]}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function SignIn() {
  const { t, i18n } = useLingui();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // A refusal from the server (already in the request's language) or INVALID, shown in the current language.
  const [failed, setFailed] = useState<string | typeof INVALID | null>(null);
  const [commit, pending] = useMutation<SignInMutation>(graphql`
    mutation SignInMutation($input: SignInInput!) {
      signIn(input: $input) {
        __typename
        ... on SignInPayload {
          viewer {
            ...session_viewer @relay(mask: false)
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailed(null);
    commit({
      variables: { input: { username, password } },
      // On success the current-user data is refreshed (§7): the viewer root field points at the new user.
      updater: (store) => {
        const viewer = store.getRootField("signIn")?.getLinkedRecord("viewer");
        if (viewer) store.getRoot().setLinkedRecord(viewer, "viewer");
      },
      onCompleted: ({ signIn }) => {
        if (signIn?.__typename === "SignInPayload") return setFailed(null);
        // Too many attempts (this username, or from this address) says so and for how long.
        setFailed(signIn?.__typename === "RateLimitedError" && signIn.message ? signIn.message : INVALID);
      },
      onError: () => setFailed(INVALID),
    });
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "grid",
        placeItems: "center",
        p: 2,
        bgcolor: "background.default",
      }}
    >
      <Card sx={{ width: "100%", maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: "center", mb: 3 }}>
            <PestControlIcon color="primary" sx={{ fontSize: 44 }} />
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
              Trapline
            </Typography>
            <Typography color="textSecondary" sx={{ textAlign: "center" }}>
              <Trans>Sign in to access your inventory management system</Trans>
            </Typography>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              {failed && (
                <Alert severity="error" variant="filled">
                  {typeof failed === "string" ? failed : i18n._(failed)}
                </Alert>
              )}
              <TextField
                label={t`Username`}
                name="username"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoFocus
              />
              <TextField
                label={t`Password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" variant="contained" size="large" disabled={pending || !username || !password}>
                {pending ? t`Signing in...` : t`Sign In`}
              </Button>
            </Stack>
          </form>
          <Stack sx={{ mt: 3 }}>
            <LanguageSwitch />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
export default SignIn;
