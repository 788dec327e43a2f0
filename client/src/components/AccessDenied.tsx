import { useLingui } from "@lingui/react/macro";
import LockIcon from "@mui/icons-material/Lock";
import { Notice } from "./Notice.tsx";

export function AccessDenied({ text }: { text: string }) {
  const { t } = useLingui();
  return (
    <Notice icon={<LockIcon color="error" />} title={t`Access Denied`} maxWidth={520}>
      {text}
    </Notice>
  );
}
