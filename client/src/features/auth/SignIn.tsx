import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import PestControlIcon from "@mui/icons-material/PestControl";
import { useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { SignInMutation } from "../../__generated__/SignInMutation.graphql.ts";

const INVALID = "Invalid username or password. Please try again.";

export function SignIn() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [failed, setFailed] = useState<string | null>(null);
  const [commit, pending] = useMutation<SignInMutation>(graphql`
    mutation SignInMutation($input: SignInInput!) {
      signIn(input: $input) {
        __typename
        ... on SignInPayload {
          viewer {
            id
            databaseId
            name
            role
            department
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
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2, bgcolor: "background.default" }}>
      <Card sx={{ width: "100%", maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: "center", mb: 3 }}>
            <PestControlIcon color="primary" sx={{ fontSize: 44 }} />
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
              Trapline
            </Typography>
            <Typography color="text.secondary" sx={{ textAlign: "center" }}>
              Sign in to access your inventory management system
            </Typography>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Stack spacing={2}>
              {failed && (
                <Alert severity="error" variant="filled">
                  {failed}
                </Alert>
              )}
              <TextField label="Username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
              <TextField label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              <Button type="submit" variant="contained" size="large" disabled={pending || !username || !password}>
                {pending ? "Signing in..." : "Sign In"}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
export default SignIn;
