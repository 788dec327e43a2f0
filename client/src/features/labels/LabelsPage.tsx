import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import PrintIcon from "@mui/icons-material/Print";
import {
  Alert, Box, Button, Card, CardContent, CardHeader, Checkbox, FormControlLabel, GlobalStyles, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography,
} from "@mui/material";
import QRCode from "qrcode";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { LabelsPagePickerQuery } from "../../__generated__/LabelsPagePickerQuery.graphql.ts";
import type { LabelsPageSheetQuery } from "../../__generated__/LabelsPageSheetQuery.graphql.ts";
import { labelsPath, MAX_LABELS } from "./sheetPath.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { readPlaces } from "../../components/stockPlaces.ts";

/**
 * Printable QR labels: `/labels?ids=<id>,<id>` is a print-ready sheet (one label per item or piece
 * of equipment: its QR payload, name and serial number or barcode); `/labels` alone lets the user
 * pick what to print. Rendered outside the app shell so the sheet prints on its own.
 */
export default function LabelsPage() {
  // The route (LabelsPage.route.ts) parsed ?ids= and started the sheet's query, or the picker's without ids.
  const query = useRouteQuery<LabelsPageSheetQuery | LabelsPagePickerQuery>();
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "background.default", "@media print": { bgcolor: "#fff", minHeight: 0 } }}>
      <GlobalStyles
        styles={{
          "@page": { margin: "8mm" },
          "@media print": {
            "html, body": { background: "#fff !important" },
            ".labels-screen-only": { display: "none !important" },
          },
        }}
      />
      {query.name === "LabelsPageSheetQuery" ? (
        <LabelSheet queryRef={query as PreloadedQuery<LabelsPageSheetQuery>} />
      ) : (
        <LabelPicker queryRef={query as PreloadedQuery<LabelsPagePickerQuery>} />
      )}
    </Box>
  );
}

/** What a label says it is (the kinds' names in the app's language). */
const KIND_NAMES = { Equipment: msg`Equipment`, Inventory: msg`Inventory`, Location: msg`Location` } as const;

function Toolbar({ title, children }: { title: string; children?: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Box className="labels-screen-only" component="header" sx={{ bgcolor: "background.paper", borderBottom: 1, borderColor: "divider", px: { xs: 1.5, sm: 3 }, py: 1.5 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/scan"))}>
          <Trans>Back</Trans>
        </Button>
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, flex: 1, minWidth: 160 }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Box>
  );
}

type LabelData = { id: string; kind: "Equipment" | "Inventory" | "Location"; name: string; code: string; category: string; idLine: string | null; location: string | null };

function LabelSheet({ queryRef }: { queryRef: PreloadedQuery<LabelsPageSheetQuery> }) {
  const { t } = useLingui();
  const ids = queryRef.variables.ids as readonly string[];
  const data = usePreloadedQuery<LabelsPageSheetQuery>(
    graphql`
      query LabelsPageSheetQuery($ids: [ID!]!) @preloadable {
        nodes(ids: $ids) {
          __typename
          ... on InventoryItem {
            id
            name
            category
            labelCode
            barcode
            location
          }
          ... on Equipment {
            id
            name
            category
            labelCode
            serialNumber
            location
          }
          ... on StockLocation {
            id
            name
            kind
            labelCode
            holder {
              name
            }
          }
        }
      }
    `,
    queryRef,
  );
  const labels: LabelData[] = data.nodes.flatMap((n): LabelData[] => {
    if (n?.__typename === "Equipment")
      return [{ id: n.id, kind: "Equipment", name: n.name, code: n.labelCode, category: n.category, idLine: n.serialNumber ? t`S/N ${n.serialNumber}` : null, location: n.location ?? null }];
    if (n?.__typename === "InventoryItem")
      return [{ id: n.id, kind: "Inventory", name: n.name, code: n.labelCode, category: n.category, idLine: n.barcode ? t`Barcode ${n.barcode}` : null, location: n.location ?? null }];
    // A stock location's label (issue 15): scanning it opens the location.
    if (n?.__typename === "StockLocation")
      return [{ id: n.id, kind: "Location", name: n.name, code: n.labelCode, category: n.kind === "VEHICLE" ? t`Vehicle` : t`Warehouse`, idLine: null, location: n.holder ? t`Held by ${n.holder.name}` : null }];
    return [];
  });
  const missing = ids.length - labels.length;

  return (
    <>
      <Toolbar title={plural(labels.length, { one: "Print # label", other: "Print # labels" })}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!labels.length}>
          <Trans>Print</Trans>
        </Button>
      </Toolbar>
      <Box className="labels-screen-only" sx={{ px: { xs: 1.5, sm: 3 }, pt: 2 }}>
        <Typography variant="body2" color="textSecondary">
          <Trans>Each label's QR code opens the item or location in the QR Scanner. Print on plain paper or label stock and cut along the dashed lines.</Trans>
        </Typography>
        {missing > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {plural(missing, { one: "# item no longer exists and has no label.", other: "# items no longer exist and have no label." })}
          </Alert>
        )}
      </Box>
      <Box component="main" sx={{ p: { xs: 1, sm: 3 }, "@media print": { p: 0 } }}>
        <Box
          aria-label={t`Label sheet`}
          role="region"
          sx={{
            // On screen a sheet of paper; printed, just the labels.
            width: "min(100%, 194mm)",
            boxSizing: "border-box",
            mx: "auto",
            p: { xs: "3mm", sm: "6mm" },
            bgcolor: "#fff",
            boxShadow: 2,
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, 90mm)",
            justifyContent: "center",
            gap: "3mm 4mm",
            "@media print": { width: "auto", p: 0, boxShadow: "none", gap: "2mm 4mm", justifyContent: "start" },
          }}
        >
          {labels.map((l) => (
            <Label key={l.id} label={l} />
          ))}
        </Box>
      </Box>
    </>
  );
}

function Label({ label }: { label: LabelData }) {
  const { t, i18n } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(label.code, { errorCorrectionLevel: "M", margin: 2, width: 384, color: { dark: "#000000", light: "#ffffff" } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [label.code]);
  return (
    <Box
      component="article"
      aria-label={t`Label: ${label.name}`}
      data-label-code={label.code}
      sx={{
        width: "90mm",
        height: "38mm",
        boxSizing: "border-box",
        display: "flex",
        gap: "3mm",
        alignItems: "center",
        p: "2.5mm",
        bgcolor: "#fff",
        color: "#000",
        border: "1px dashed #9aa3af",
        borderRadius: "2mm",
        overflow: "hidden",
        breakInside: "avoid",
        pageBreakInside: "avoid",
      }}
    >
      <Box sx={{ width: "32mm", height: "32mm", flexShrink: 0, display: "grid", placeItems: "center" }}>
        {src ? (
          <Box component="img" src={src} alt={t`QR code ${label.code}`} sx={{ width: "32mm", height: "32mm", imageRendering: "pixelated" }} />
        ) : (
          <Typography variant="caption">QR…</Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 800, fontSize: "11pt", lineHeight: 1.2, overflowWrap: "anywhere", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" }}>
          {label.name}
        </Typography>
        <Typography sx={{ fontSize: "8pt", mt: "0.8mm" }}>
          {i18n._(KIND_NAMES[label.kind])} · {label.category}
        </Typography>
        {label.idLine && <Typography sx={{ fontSize: "9pt", fontFamily: "monospace", fontWeight: 700, mt: "0.8mm", overflowWrap: "anywhere" }}>{label.idLine}</Typography>}
        {label.location && <Typography sx={{ fontSize: "7.5pt", mt: "0.5mm", color: "#333" }} noWrap>{label.location}</Typography>}
        <Typography sx={{ fontSize: "6.5pt", fontFamily: "monospace", mt: "0.8mm", color: "#555" }} noWrap>
          {label.code}
        </Typography>
      </Box>
    </Box>
  );
}

/** `/labels` without ids: tick equipment and items, then open their sheet. */
function LabelPicker({ queryRef }: { queryRef: PreloadedQuery<LabelsPagePickerQuery> }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const data = usePreloadedQuery<LabelsPagePickerQuery>(
    graphql`
      query LabelsPagePickerQuery @preloadable {
        equipment(first: 100) {
          edges {
            node {
              id
              name
              category
              serialNumber
            }
          }
        }
        inventoryItems(first: 100) {
          edges {
            node {
              id
              name
              category
              barcode
            }
          }
        }
        stockLocations(first: 100) {
          edges {
            node {
              ...stockPlaces_place
            }
          }
        }
      }
    `,
    queryRef,
  );
  const groups = [
    { title: t`Equipment`, all: t`All equipment`, rows: data.equipment.edges.map(({ node: n }) => ({ id: n.id, name: n.name, detail: [n.category, n.serialNumber].filter(Boolean).join(" · ") })) },
    { title: t`Inventory`, all: t`All inventory`, rows: data.inventoryItems.edges.map(({ node: n }) => ({ id: n.id, name: n.name, detail: [n.category, n.barcode].filter(Boolean).join(" · ") })) },
    {
      title: t`Locations`,
      all: t`All locations`,
      rows: readPlaces(data.stockLocations).map((n) => ({ id: n.id, name: n.name, detail: [n.kind === "VEHICLE" ? t`Vehicle` : t`Warehouse`, n.holder?.name].filter(Boolean).join(" · ") })),
    },
  ];
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const toggle = (ids: string[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });
  const count = Math.min(picked.size, MAX_LABELS);

  return (
    <>
      <Toolbar title={t`Print labels`}>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={!count} onClick={() => navigate(labelsPath([...picked]))}>
          {count ? plural(count, { one: "Print # label", other: "Print # labels" }) : t`Print labels`}
        </Button>
      </Toolbar>
      <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900, mx: "auto" }}>
        <Typography variant="body2" color="textSecondary">
          <Trans>Choose what to label. Each label carries a QR code that the QR Scanner reads to open the item.</Trans>
        </Typography>
        {groups.map((g) => {
          const all = g.rows.length > 0 && g.rows.every((r) => picked.has(r.id));
          const some = g.rows.some((r) => picked.has(r.id));
          return (
            <Card key={g.title}>
              <CardHeader
                title={g.title}
                slotProps={{ title: { variant: "subtitle1", component: "h2", sx: { fontWeight: 700 } } }}
                action={
                  <FormControlLabel
                    sx={{ mr: 1 }}
                    control={<Checkbox checked={all} indeterminate={some && !all} onChange={(e) => toggle(g.rows.map((r) => r.id), e.target.checked)} />}
                    label={g.all}
                  />
                }
              />
              <CardContent sx={{ pt: 0 }}>
                {g.rows.length === 0 ? (
                  <Typography color="textSecondary">
                    <Trans>Nothing here yet.</Trans>
                  </Typography>
                ) : (
                  <List dense disablePadding aria-label={g.title}>
                    {g.rows.map((r) => (
                      <ListItem key={r.id} disablePadding>
                        <ListItemButton onClick={() => toggle([r.id], !picked.has(r.id))} dense>
                          <ListItemIcon sx={{ minWidth: 36 }}>
                            <Checkbox edge="start" checked={picked.has(r.id)} tabIndex={-1} disableRipple slotProps={{ input: { "aria-label": r.name } }} />
                          </ListItemIcon>
                          <ListItemText primary={r.name} secondary={r.detail} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    </>
  );
}
