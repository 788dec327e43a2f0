import LockIcon from "@mui/icons-material/Lock";
import { Notice } from "./Notice.tsx";

export function AccessDenied({ text }: { text: string }) {
  return (
    <Notice icon={<LockIcon color="error" />} title="Access Denied" maxWidth={520}>
      {text}
    </Notice>
  );
}
