import DownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import UploadIcon from "@mui/icons-material/FileUploadOutlined";
import { Box, Button } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import type { ImportArea } from "./ImportCsvDialog.tsx";

// The dialog (and the CSV parser) load when first opened.
const ImportCsvDialog = lazy(() => import("./ImportCsvDialog.tsx"));

const compact = { whiteSpace: "nowrap", flexShrink: 0, minWidth: 0, px: { xs: 1.25, sm: 2 } } as const;

/** The export link for the list as filtered now (the server applies the same filters as the list). */
export function exportHref(area: ImportArea, filters: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return `/api/${area}/export.csv${query ? `?${query}` : ""}`;
}

/** Managers' Export CSV and Import CSV buttons of the Inventory and Equipment pages. */
export function CsvButtons({ area, filters, onImported }: { area: ImportArea; filters: Record<string, string | null | undefined>; onImported(): void }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="outlined" component="a" href={exportHref(area, filters)} download aria-label="Export CSV" sx={compact}>
        <DownloadIcon fontSize="small" />
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" }, ml: 1 }}>
          Export
        </Box>
      </Button>
      <Button
        variant="outlined"
        aria-label="Import CSV"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        sx={compact}
      >
        <UploadIcon fontSize="small" />
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" }, ml: 1 }}>
          Import
        </Box>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ImportCsvDialog area={area} open={open} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
