import { useLingui } from "@lingui/react/macro";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Grid,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
  type SxProps,
  type Theme,
} from "@mui/material";
import { useState, type ReactNode } from "react";
import { useFieldArray, type Control, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useRelayEnvironment } from "react-relay";
import type { z } from "zod";
import { BarcodeScannerDialog } from "../../components/BarcodeScannerDialog.tsx";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { shownMessage } from "../../platform/schemaMessages.ts";
import { newLineValues, type recordApplicationForm } from "../../../../schemas/applications.ts";
import { MEASURE_UNITS } from "../../../../schemas/measures.ts";
import { useItemSearch, type FoundItem } from "../inventory/index.ts";
import { signalText, unitText } from "./format.ts";
import { findProduct, unitsOf, type Product } from "./products.ts";

type Values = z.input<typeof recordApplicationForm>;
type Output = z.output<typeof recordApplicationForm>;

/** 'Taken from' left at this: the server takes from the applicator's truck when it carries the product, else the main warehouse. */
const USUAL_PLACE = "";

/**
 * The product lines of 'Record application': each product picked by scanning its label or barcode or
 * by name, its amount in one of its units, an optional dilution, and where it was taken from.
 */
export function ProductLines({
  form,
  products,
  load,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  products: Record<string, Product>;
  load(id: string): Promise<Product | null>;
}) {
  const { t } = useLingui();
  const { control } = form;
  const lines = useFieldArray({ control, name: "lines" });
  const environment = useRelayEnvironment();
  const [scanning, setScanning] = useState(false);
  const { add, busy, setBusy, problem, setProblem } = useProductAdder(products, load, (product) => {
    lines.append(newLineValues(product.id, unitsOf(product)[0]!));
    form.clearErrors("lines");
  });
  const scanned = async (code: string) => {
    setBusy(true);
    const found = await findProduct(environment, code);
    setBusy(false);
    if ("problem" in found) return setProblem(found.problem);
    await add(found.id);
  };

  const error = form.formState.errors.lines;
  const listError = shownMessage(error?.message ?? error?.root?.message);
  return (
    <Stack spacing={2}>
      {lines.fields.map((field, index) => {
        const product = products[field.itemId];
        return product ? <LineFields key={field.id} control={control} index={index} product={product} onRemove={() => lines.remove(index)} /> : null;
      })}
      {listError && <Alert severity="error">{listError}</Alert>}
      <ProductProblem problem={problem} onClose={() => setProblem(null)} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)} sx={{ whiteSpace: "nowrap" }}>
          {t`Scan product`}
        </Button>
        <ProductSearch onPick={(item) => void add(item.id)} label={lines.fields.length ? t`Add another product` : t`Find product by name`} />
        {busy && <CircularProgress size={20} aria-label={t`Loading product`} />}
      </Stack>
      <BarcodeScannerDialog open={scanning} title={t`Scan product label`} onClose={() => setScanning(false)} onUse={(code) => void scanned(code)} />
    </Stack>
  );
}

/**
 * Adding a product to a form's lines: the product read from the server (once), then `append`; while
 * it loads `busy`, and when it cannot be read the `problem` to show.
 */
export function useProductAdder(products: Record<string, Product>, load: (id: string) => Promise<Product | null>, append: (product: Product) => void) {
  const { t } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (id: string) => {
    setProblem(null);
    setBusy(true);
    try {
      const product = products[id] ?? (await load(id));
      if (!product) return setProblem(t`That product could not be loaded`);
      append(product);
    } catch {
      setProblem(t`The product could not be loaded: check the connection and try again`);
    } finally {
      setBusy(false);
    }
  };
  return { add, busy, setBusy, problem, setProblem };
}

/** Why a product could not be added, until closed. */
export function ProductProblem({ problem, onClose, sx }: { problem: string | null; onClose(): void; sx?: SxProps<Theme> }) {
  return problem ? (
    <Alert severity="warning" onClose={onClose} sx={sx}>
      {problem}
    </Alert>
  ) : null;
}

/** A product found by name as it is typed; picking one hands it on and empties the search. */
export function ProductSearch({ onPick, label }: { onPick(item: FoundItem): void; label: string }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const { options, loading } = useItemSearch(open ? text : "");
  return (
    <Autocomplete<FoundItem>
      sx={{ flex: 1, minWidth: 0 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={loading}
      value={null}
      inputValue={text}
      onInputChange={(_e, v, reason) => setText(reason === "reset" ? "" : v)}
      onChange={(_e, item) => item && onPick(item)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

function LineFields({ control, index, product, onRemove }: { control: Control<Values, unknown, Output>; index: number; product: Product; onRemove(): void }) {
  const { t } = useLingui();
  const units = unitsOf(product);
  const { name, epaRegistrationNumber: epa, stockText } = product;
  const measured = Boolean(product.containerSize);
  const [dilution, setDilution] = useState(false);
  // Places with something to take: whole containers, or an open one ("0 containers + 62 fl oz" in any language).
  const places = product.stockLevels.filter((l) => l.quantity > 0 || (measured && l.stockText.includes(" + ")));
  return (
    <ProductCard
      label={t`Product: ${name}`}
      name={name}
      onRemove={onRemove}
      about={
        <>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
            {epa ? t`EPA Reg. No. ${epa}` : t`No EPA number`} · {t`${stockText} in stock`}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: "wrap" }} useFlexGap>
            {product.restrictedUse && <Chip size="small" color="error" label={t`Restricted use`} />}
            {product.signalWord && <Chip size="small" variant="outlined" label={signalText(product.signalWord)} />}
          </Stack>
        </>
      }
    >
      <AmountUnit
        control={control}
        amount={`lines.${index}.amount`}
        unit={`lines.${index}.unit`}
        label={t`Amount applied`}
        required
        units={units}
        sizes={[4, 3]}
        unitHelp={measured ? " " : t`Whole units`}
      />
      <Grid size={{ xs: 12, sm: 5 }}>
        <FormSelect
          control={control}
          name={`lines.${index}.locationId`}
          label={t`Taken from`}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          options={[
            { value: USUAL_PLACE, label: t`The usual place` },
            ...places.map((l) => ({ value: l.location.id, label: `${l.location.name} · ${l.stockText}` })),
          ]}
          helperText={t`Default: your truck when it carries it, else the main warehouse`}
        />
      </Grid>
      {measured && !dilution && (
        <Grid size={12}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setDilution(true)}>
            {t`Add dilution`}
          </Button>
        </Grid>
      )}
      {measured && dilution && (
        <>
          <AmountUnit
            control={control}
            amount={`lines.${index}.dilutionAmount`}
            unit={`lines.${index}.dilutionUnit`}
            label={t`Product`}
            units={MEASURE_UNITS}
            sizes={[3, 3]}
          />
          <AmountUnit
            control={control}
            amount={`lines.${index}.finishedVolume`}
            unit={`lines.${index}.finishedUnit`}
            label={t`per finished mix`}
            units={["FL_OZ", "GAL", "ML", "L"]}
            sizes={[3, 3]}
          />
        </>
      )}
    </ProductCard>
  );
}

/** A product line as a card: the product's name and what is said about it, a button that removes it, then its fields. */
export function ProductCard({
  label,
  name,
  about,
  onRemove,
  children,
}: {
  label: string;
  name: string;
  about: ReactNode;
  onRemove(): void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>{name}</Typography>
          {about}
        </Box>
        <IconButton aria-label={t`Remove ${name}`} onClick={onRemove} edge="end">
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}

/** An amount and its unit, side by side (`amount` and `unit` name them in their form); `sizes` are their widths on a wider screen. */
export function AmountUnit<T extends FieldValues, O>({
  control,
  amount,
  unit,
  label,
  required,
  units,
  sizes,
  unitHelp = " ",
}: {
  control: Control<T, unknown, O>;
  amount: string;
  unit: string;
  label: string;
  required?: boolean;
  units: readonly string[];
  sizes: [number, number];
  unitHelp?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <Grid size={{ xs: 7, sm: sizes[0] }}>
        <FormText
          control={control}
          name={amount as FieldPath<T>}
          label={label}
          required={required}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          helperText=" "
        />
      </Grid>
      <Grid size={{ xs: 5, sm: sizes[1] }}>
        <FormSelect
          control={control}
          name={unit as FieldPath<T>}
          label={t`Unit`}
          options={units.map((u) => ({ value: u, label: unitText(u) }))}
          helperText={unitHelp}
        />
      </Grid>
    </>
  );
}
