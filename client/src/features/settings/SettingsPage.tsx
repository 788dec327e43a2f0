import KeyIcon from "@mui/icons-material/Key";
import WebhookIcon from "@mui/icons-material/Webhook";
import { Box, Stack, Tab, Tabs } from "@mui/material";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { SettingsPageQuery } from "../../__generated__/SettingsPageQuery.graphql.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { AccessDenied } from "../../components/AccessDenied.tsx";
import { ApiTokensSection } from "./ApiTokensSection.tsx";
import { WebhooksSection } from "./WebhooksSection.tsx";

const TABS = ["tokens", "webhooks"] as const;
type SettingsTab = (typeof TABS)[number];

export default function SettingsPage() {
  const { isManager } = useSession();
  // Managers only: for others the loader fires no query.
  const queryRef = useRouteQuery<SettingsPageQuery>() as PreloadedQuery<SettingsPageQuery> | null;
  if (!isManager || !queryRef) return <AccessDenied text="You need manager privileges to manage API tokens and webhooks." />;
  return <Settings queryRef={queryRef} />;
}

function Settings({ queryRef }: { queryRef: PreloadedQuery<SettingsPageQuery> }) {
  const data = usePreloadedQuery<SettingsPageQuery>(
    graphql`
      query SettingsPageQuery @preloadable {
        ...ApiTokensSection_query
        ...WebhooksSection_query
      }
    `,
    queryRef,
  );
  // ?tab=webhooks opens the second tab (and survives a reload).
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: SettingsTab = TABS.find((t) => t === asked) ?? "tokens";
  const select = (next: SettingsTab) => setParams(next === "tokens" ? {} : { tab: next }, { replace: true });

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs value={tab} onChange={(_e, v: SettingsTab) => select(v)} aria-label="Settings sections" variant="fullWidth" sx={{ maxWidth: 480, minHeight: 48, "& .MuiTab-root": { minHeight: 48 } }}>
          <Tab value="tokens" label="API tokens" icon={<KeyIcon fontSize="small" />} iconPosition="start" id="settings-tab-tokens" aria-controls="settings-panel-tokens" />
          <Tab value="webhooks" label="Webhooks" icon={<WebhookIcon fontSize="small" />} iconPosition="start" id="settings-tab-webhooks" aria-controls="settings-panel-webhooks" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {tab === "tokens" ? <ApiTokensSection query={data} /> : <WebhooksSection query={data} />}
      </Box>
    </Stack>
  );
}
