import KeyIcon from "@mui/icons-material/Key";
import WebhookIcon from "@mui/icons-material/Webhook";
import { Box, Stack, Tab, Tabs } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { graphql } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { SettingsPageQuery } from "../../__generated__/SettingsPageQuery.graphql.ts";
import { ManagerPage } from "../../components/ManagerPage.tsx";
import { ApiTokensSection } from "./ApiTokensSection.tsx";
import { WebhooksSection } from "./WebhooksSection.tsx";

const TABS = ["tokens", "webhooks"] as const;
type SettingsTab = (typeof TABS)[number];

export default function SettingsPage() {
  const { t } = useLingui();
  // Managers only: for others the loader fires no query.
  return (
    <ManagerPage<SettingsPageQuery>
      denied={t`You need manager privileges to manage API tokens and webhooks.`}
      query={graphql`
        query SettingsPageQuery @preloadable {
          ...ApiTokensSection_query
          ...WebhooksSection_query
        }
      `}
    >
      {(data) => <Settings data={data} />}
    </ManagerPage>
  );
}

function Settings({ data }: { data: SettingsPageQuery["response"] }) {
  const { t } = useLingui();
  // ?tab=webhooks opens the second tab (and survives a reload).
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: SettingsTab = TABS.find((name) => name === asked) ?? "tokens";
  const select = (next: SettingsTab) => setParams(next === "tokens" ? {} : { tab: next }, { replace: true });

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs value={tab} onChange={(_e, v: SettingsTab) => select(v)} aria-label={t`Settings sections`} variant="fullWidth" sx={{ maxWidth: 480, minHeight: 48, "& .MuiTab-root": { minHeight: 48 } }}>
          <Tab value="tokens" label={t`API tokens`} icon={<KeyIcon fontSize="small" />} iconPosition="start" id="settings-tab-tokens" aria-controls="settings-panel-tokens" />
          <Tab value="webhooks" label={t`Webhooks`} icon={<WebhookIcon fontSize="small" />} iconPosition="start" id="settings-tab-webhooks" aria-controls="settings-panel-webhooks" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {tab === "tokens" ? <ApiTokensSection query={data} /> : <WebhooksSection query={data} />}
      </Box>
    </Stack>
  );
}
