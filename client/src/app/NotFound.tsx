import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Notice } from "../components/Notice.tsx";

export function NotFound() {
  return (
    <Notice icon={<ErrorOutlineIcon color="error" />} title="404 Page Not Found" maxWidth={480}>
      Did you forget to add the page to the router?
    </Notice>
  );
}
