import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, Grid, IconButton, InputAdornment, Stack, Typography } from "@mui/material";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import type { InventoryItemFormOutput, InventoryItemFormValues } from "../../../../schemas/inventory.ts";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { SIGNAL_WORDS } from "../../../../schemas/constants.ts";
import { SIGNAL_WORD_MSG } from "./LabelFactsChips.tsx";
import { MEASURE_LABEL, MEASURE_UNITS } from "../../../../schemas/measures.ts";
import { FormNumber, FormSelect, FormSwitch, FormText } from "../../components/form/fields.tsx";

type Form = UseFormReturn<InventoryItemFormValues, unknown, InventoryItemFormOutput>;

const SIGNAL_OPTIONS = [{ value: "", label: msg`None on the label` }, ...SIGNAL_WORDS.map((w) => ({ value: w, label: SIGNAL_WORD_MSG[w] }))];
const NO_CONTAINER = msg`None (counted in units)`;

/** The EPA registration number: among a product's label facts, and on any other item as well. */
export function EpaNumberField({ control, helperText }: { control: Form["control"]; helperText: string }) {
  const { t } = useLingui();
  return <FormText control={control} name="epaRegistrationNumber" label={t`EPA Registration Number`} placeholder={t`e.g. 432-1012`} helperText={helperText} />;
}

/**
 * The label facts of a Pesticide, Chemicals or Bait item (issue 34): EPA registration number, active
 * ingredients (name and %), signal word, restricted use, formulation and the container size that makes
 * the product measured. Checked by the item form's shared schema (schemas/inventory.ts).
 */
export function LabelFactsFields({ form, stockText }: { form: Form; stockText?: string | null }) {
  const { control } = form;
  const ingredients = useFieldArray({ control, name: "activeIngredients" });
  const { t, i18n } = useLingui();
  const signalOptions = SIGNAL_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }));
  // The measures' short names (gal, fl oz, mL…) are the same in both languages.
  const containerUnits = [{ value: "", label: i18n._(NO_CONTAINER) }, ...MEASURE_UNITS.map((u) => ({ value: u, label: MEASURE_LABEL[u] }))];
  return (
    <Grid size={12} component="section" aria-labelledby="item-label-facts">
      <Typography id="item-label-facts" component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        <Trans>Label facts</Trans>
      </Typography>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1.5 }}>
        <Trans>As printed on the product label; application records and the inspector&apos;s reports take them from here.</Trans>
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <EpaNumberField control={control} helperText={t`As on the label: 432-1012 or 432-1012-5481`} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect control={control} name="signalWord" label={t`Signal word`} options={signalOptions} />
        </Grid>
        <Grid size={12}>
          <FormSwitch
            control={control}
            name="restrictedUse"
            label={t`Restricted use pesticide (RUP)`}
            helperText={t`Applied only by or under a certified applicator; needs the EPA registration number`}
          />
        </Grid>
        <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
            <Trans>Active ingredients</Trans>
          </Typography>
          <Stack spacing={1.5}>
            {ingredients.fields.map((row, index) => (
              <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <FormText control={control} name={`activeIngredients.${index}.name`} label={t`Ingredient`} size="small" placeholder={t`e.g. Fipronil`} />
                </Box>
                <Box sx={{ width: { xs: 104, sm: 130 }, flexShrink: 0 }}>
                  <FormNumber
                    control={control}
                    name={`activeIngredients.${index}.percent`}
                    label={t`Percent`}
                    size="small"
                    min={0}
                    max={100}
                    step="0.001"
                    slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
                  />
                </Box>
                <IconButton aria-label={t`Remove ingredient ${index + 1}`} onClick={() => ingredients.remove(index)} sx={{ mt: 0.25 }}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button size="small" startIcon={<AddIcon />} onClick={() => ingredients.append({ name: "", percent: "" })} disabled={ingredients.fields.length >= 10}>
                <Trans>Add ingredient</Trans>
              </Button>
            </Box>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name="formulation" label={t`Formulation`} placeholder={t`e.g. Suspension concentrate (SC)`} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <FormNumber control={control} name="containerSize.amount" label={t`Container size`} min={0} step="0.001" />
            </Box>
            <Box sx={{ width: 150, flexShrink: 0 }}>
              <FormSelect control={control} name="containerSize.unit" label={t`Measure`} options={containerUnits} />
            </Box>
          </Stack>
        </Grid>
        <Grid size={12}>
          <Typography variant="caption" color="textSecondary" component="p">
            <Trans>
              With a container size (1 container = 1 gal, 78 fl oz…) the stock is measured exactly: amounts applied come off in any unit of its
              kind, and the quantity counts whole containers.
            </Trans>
            {stockText ? " " + t`In stock now: ${stockText}.` : ""} <Trans>It can change only while every location holds whole containers.</Trans>
          </Typography>
        </Grid>
      </Grid>
    </Grid>
  );
}
