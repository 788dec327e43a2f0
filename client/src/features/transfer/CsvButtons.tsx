import DownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import UploadIcon from "@mui/icons-material/FileUploadOutlined";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState, type ReactNode } from "react";
import type { ListAction } from "../../components/ListActions.tsx";
import type { ImportArea } from "./ImportCsvDialog.tsx";

// The dialog (and the CSV parser) load when first opened.
const ImportCsvDialog = lazy(() => import("./ImportCsvDialog.tsx"));

/** The export link for the list as filtered now (the server applies the same filters as the list). */
export function exportHref(area: ImportArea, filters: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return `/api/${area}/export.csv${query ? `?${query}` : ""}`;
}

/**
 * Managers' Export CSV and Import CSV actions of the Inventory and Equipment pages, for the page's
 * `ListActions`, and the import dialog to render beside them (none for anyone else).
 */
export function useCsvActions(
  enabled: boolean,
  area: ImportArea,
  filters: Record<string, string | null | undefined>,
  onImported: () => void,
): { actions: ListAction[]; dialog: ReactNode } {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!enabled) return { actions: [], dialog: null };
  return {
    actions: [
      { label: t`Export CSV`, short: t`Export`, icon: <DownloadIcon fontSize="small" />, href: exportHref(area, filters), download: true },
      {
        label: t`Import CSV`,
        short: t`Import`,
        icon: <UploadIcon fontSize="small" />,
        onClick: () => {
          setOpened(true);
          setOpen(true);
        },
      },
    ],
    dialog: opened && (
      <Suspense fallback={null}>
        <ImportCsvDialog area={area} open={open} onClose={() => setOpen(false)} onImported={onImported} />
      </Suspense>
    ),
  };
}
