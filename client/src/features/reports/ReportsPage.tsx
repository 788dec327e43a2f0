import { Card, CardContent, Typography } from "@mui/material";
import { useSession } from "../../app/session.ts";
import { AccessDenied } from "../../components/AccessDenied.tsx";

/** The spec gives Reports only a title and description; the charts are their own issue. */
export default function ReportsPage() {
  const { isManager } = useSession();
  if (!isManager) return <AccessDenied text="You need manager privileges to access reports." />;
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Reports & Analytics
        </Typography>
        <Typography color="text.secondary">View detailed reports on inventory and equipment usage</Typography>
      </CardContent>
    </Card>
  );
}
