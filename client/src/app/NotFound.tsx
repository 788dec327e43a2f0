import { Trans, useLingui } from "@lingui/react/macro";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Notice } from "../components/Notice.tsx";

export function NotFound() {
  const { t } = useLingui();
  return (
    <Notice icon={<ErrorOutlineIcon color="error" />} title={t`404 Page Not Found`} maxWidth={480}>
      <Trans>Did you forget to add the page to the router?</Trans>
    </Notice>
  );
}
