import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import UndoIcon from "@mui/icons-material/Undo";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useMemo, useRef, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import type { AmendApplicationDialogMutation } from "../../__generated__/AmendApplicationDialogMutation.graphql.ts";
import type { AmendApplicationDialogTeamQuery } from "../../__generated__/AmendApplicationDialogTeamQuery.graphql.ts";
import type { AmendApplicationDialog_application$key } from "../../__generated__/AmendApplicationDialog_application.graphql.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { useSession } from "../../platform/session.ts";
import {
  AMENDABLE,
  APPLICATION_METHODS,
  METHOD_LABEL,
  amendApplicationForm,
  isoToLocalDateTime,
  newLineValues,
  type Amendable,
  type AmendApplicationFormValues,
} from "../../../../schemas/applications.ts";
import { AREA_LABEL, AREA_UNITS, type AreaUnit } from "../../../../schemas/measures.ts";
import { COMMON_PESTS, useItemSearch, type FoundItem } from "../inventory/index.ts";
import { RECORD_WITHIN_DAYS } from "../../../../schemas/applications.ts";
import { unitText } from "./format.ts";
import { unitsOf, useProducts } from "./products.ts";

type Values = AmendApplicationFormValues;

/** Which form inputs make up each amendable part. */
const PART_FIELDS: Record<Amendable, (keyof Values)[]> = {
  customerName: ["customerName"],
  serviceAddress: ["serviceAddress"],
  siteDescription: ["siteDescription"],
  area: ["areaAmount", "areaUnit"],
  startedAt: ["startedAt"],
  endedAt: ["endedAt"],
  targetPests: ["targetPests"],
  method: ["method"],
  supervisor: ["supervisorId"],
  supervisedApplicators: ["supervisedApplicators"],
  weather: ["weather"],
  notes: ["notes"],
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Amend a record (issue 34): why (required), and the fields and product amounts as they stand; only
 * what changed is sent, the record's history keeps the rest. An amount of 0 takes a line back; a
 * line removed goes back to stock (and stays on the record at 0); products can be added; a manager
 * changes the supervising certified applicator, anyone who amends the supervised applicators.
 */
export default function AmendApplicationDialog({
  titleId,
  application,
  onDone,
}: {
  titleId: string;
  application: AmendApplicationDialog_application$key;
  onDone(): void;
}) {
  const a = useFragment(
    graphql`
      fragment AmendApplicationDialog_application on Application {
        id
        customerName
        serviceAddress {
          street
          city
          state
          zip
        }
        siteDescription
        areaTreated {
          amount
          unit
        }
        startedAt
        endedAt
        targetPests
        method
        applicator {
          id
        }
        supervisor {
          id
        }
        supervisorName
        supervisedApplicators
        weather {
          temperatureF
          windSpeedMph
          windDirection
        }
        notes
        lines {
          id
          productName
          amount
          unit
          unitLabel
          item {
            id
          }
        }
      }
    `,
    application,
  );
  const initial = useMemo<Values>(
    () => ({
      reason: "",
      customerName: a.customerName ?? "",
      serviceAddress: {
        street: a.serviceAddress.street ?? "",
        city: a.serviceAddress.city ?? "",
        state: a.serviceAddress.state ?? "",
        zip: a.serviceAddress.zip ?? "",
      },
      siteDescription: a.siteDescription ?? "",
      areaAmount: a.areaTreated ? String(a.areaTreated.amount) : "",
      areaUnit: (a.areaTreated?.unit ?? "SQ_FT") as AreaUnit,
      startedAt: isoToLocalDateTime(String(a.startedAt)),
      endedAt: a.endedAt ? isoToLocalDateTime(String(a.endedAt)) : "",
      targetPests: [...a.targetPests],
      method: a.method ?? "",
      supervisorId: a.supervisor?.id ?? "",
      supervisedApplicators: [...a.supervisedApplicators],
      weather: {
        temperatureF: a.weather?.temperatureF != null ? String(a.weather.temperatureF) : "",
        windSpeedMph: a.weather?.windSpeedMph != null ? String(a.weather.windSpeedMph) : "",
        windDirection: a.weather?.windDirection ?? "",
      },
      notes: a.notes ?? "",
      lines: a.lines.map((l) => ({ lineId: l.id, itemId: l.item?.id ?? "", unit: l.unit, amount: String(l.amount) })),
      newLines: [],
      removeLineIds: [],
    }),
    [a],
  );
  const { t } = useLingui();
  const { isManager } = useSession();
  // Managers pick the supervisor among the team's certified applicators (the team is theirs to list).
  const team = useLazyLoadQuery<AmendApplicationDialogTeamQuery>(
    graphql`
      query AmendApplicationDialogTeamQuery($isManager: Boolean!) {
        viewer {
          id
        }
        teamMembers(first: 100) @include(if: $isManager) {
          edges {
            node {
              id
              name
              certification {
                number
                valid
              }
            }
          }
        }
      }
    `,
    { isManager },
    { fetchPolicy: "store-or-network" },
  );
  const supervisors = (team.teamMembers?.edges ?? [])
    .map((e) => e.node)
    .filter((u) => u.id !== a.applicator.id && (u.certification?.valid || u.id === a.supervisor?.id));
  const { products, load } = useProducts();
  // Only the parts that changed are checked and sent: a migrated record's 'not recorded' parts need no value.
  const resolver: Resolver<Values> = (values, context, options) => {
    const changed = new Set(AMENDABLE.filter((part) => PART_FIELDS[part].some((f) => !same(values[f], initial[f]))));
    const linesChanged = values.lines.some((l, i) => l.amount.trim() !== initial.lines[i]?.amount && !values.removeLineIds.includes(l.lineId));
    return zodResolver(amendApplicationForm(changed, linesChanged) as never)(values as never, context, options as never) as never;
  };
  const form = useForm<Values>({ resolver, defaultValues: initial });
  const { control } = form;
  const added = useFieldArray({ control, name: "newLines" });
  const removed = useWatch({ control, name: "removeLineIds" });
  const setRemoved = (lineId: string, gone: boolean) =>
    form.setValue("removeLineIds", gone ? [...form.getValues("removeLineIds"), lineId] : form.getValues("removeLineIds").filter((id) => id !== lineId), {
      shouldDirty: true,
    });
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const addProduct = async (id: string) => {
    setProblem(null);
    setAdding(true);
    try {
      const product = products[id] ?? (await load(id));
      if (!product) return setProblem(t`That product could not be loaded`);
      added.append(newLineValues(product.id, unitsOf(product)[0]!));
    } catch {
      setProblem(t`The product could not be loaded: check the connection and try again`);
    } finally {
      setAdding(false);
    }
  };
  // Which form input each line sent stands for: the server names a line by its place in what was sent.
  const sentLines = useRef<string[]>([]);
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const save = useFormSave(form, {
    failure: t`Failed to amend the record`,
    onUnplaced: setUnplaced,
    placeFor: (field) => {
      if (field.startsWith("areaTreated")) return "areaAmount";
      const line = /^lines\.(\d+)\./.exec(field);
      if (line) return (sentLines.current[Number(line[1])] as FieldPath<Values> | undefined) ?? null;
      const top = field.split(".")[0]!;
      return top in initial ? (field as FieldPath<Values>) : null;
    },
  });
  const [commit, pending] = useMutation<AmendApplicationDialogMutation>(graphql`
    mutation AmendApplicationDialogMutation($input: AmendApplicationInput!) {
      amendApplication(input: $input) {
        __typename
        ... on AmendApplicationPayload {
          application {
            id
            updatedAt
            late
            ...ApplicationPage_application
            ...AmendApplicationDialog_application
            ...ApplicationsPage_application
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    setUnplaced(null);
    const { newLines = [], ...out } = values as unknown as Record<string, unknown> & {
      lines?: { lineId: string; itemId: string; unit: string; amount: string }[];
      newLines?: Record<string, unknown>[];
      removeLineIds?: string[];
    };
    // Only the lines whose amount changed (and that are not removed), then the products added.
    const gone = new Set(out.removeLineIds ?? []);
    const changedLines = (out.lines ?? []).map((l, i) => ({ l, i })).filter(({ l, i }) => l.amount !== initial.lines[i]?.amount && !gone.has(l.lineId));
    sentLines.current = [...changedLines.map(({ i }) => `lines.${i}.amount`), ...newLines.map((_l, i) => `newLines.${i}.amount`)];
    const lines = [...changedLines.map(({ l }) => l), ...newLines];
    const input = { ...out, applicationId: a.id, lines: lines.length ? lines : undefined };
    commit({
      variables: { input: input as never },
      onCompleted: (d) => save.completed(d.amendApplication, "AmendApplicationPayload", t`Record amended`, onDone),
      onError: save.failed,
    });
  });

  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>
        <Trans>Amend record</Trans>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          <Trans>
            The record as it was stays readable with who, when and why. Amended more than {RECORD_WITHIN_DAYS} days after the application, it is marked late.
          </Trans>
        </Typography>
        {unplaced && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {unplaced}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={12}>
            <FormText control={control} name="reason" label={t`Reason for the amendment`} required autoFocus multiline minRows={2} helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="customerName" label={t`Customer name`} helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="serviceAddress.street" label={t`Street`} helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="serviceAddress.city" label={t`City`} helperText=" " />
          </Grid>
          <Grid size={{ xs: 4, sm: 2 }}>
            <FormText control={control} name="serviceAddress.state" label={t`State`} slotProps={{ htmlInput: { maxLength: 2 } }} helperText=" " />
          </Grid>
          <Grid size={{ xs: 8, sm: 4 }}>
            <FormText control={control} name="serviceAddress.zip" label={t`ZIP`} helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="siteDescription" label={t`Site`} helperText=" " />
          </Grid>
          <Grid size={{ xs: 7, sm: 4 }}>
            <FormText control={control} name="areaAmount" label={t`Area treated`} slotProps={{ htmlInput: { inputMode: "decimal" } }} helperText=" " />
          </Grid>
          <Grid size={{ xs: 5, sm: 3 }}>
            <FormSelect
              control={control}
              name="areaUnit"
              label={t`Area unit`}
              options={AREA_UNITS.map((u) => ({ value: u, label: AREA_LABEL[u] }))}
              helperText=" "
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <FormSelect
              control={control}
              name="method"
              label={t`Method`}
              options={APPLICATION_METHODS.map((m) => ({ value: m, label: METHOD_LABEL[m] }))}
              helperText=" "
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="startedAt" label={t`Started`} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText control={control} name="endedAt" label={t`Ended`} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText=" " />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="targetPests"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  autoSelect
                  options={COMMON_PESTS}
                  value={field.value}
                  onChange={(_e, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={t`Target pests`}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? " "}
                    />
                  )}
                />
              )}
            />
          </Grid>
          {a.lines.map((l, i) => {
            const product = l.productName;
            return removed.includes(l.id) ? (
              <Grid size={12} key={l.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", textDecoration: "line-through" }} color="text.secondary">
                    {l.amount} {l.unitLabel} · {product}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <Trans>Removed: goes back into stock</Trans>
                  </Typography>
                  <Button size="small" startIcon={<UndoIcon />} onClick={() => setRemoved(l.id, false)} aria-label={t`Keep ${product}`}>
                    <Trans>Keep</Trans>
                  </Button>
                </Stack>
              </Grid>
            ) : (
              <Grid size={12} key={l.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <FormText
                      control={control}
                      name={`lines.${i}.amount`}
                      label={t`${product}: amount`}
                      disabled={!l.item}
                      slotProps={{
                        htmlInput: { inputMode: "decimal" },
                        input: { endAdornment: <InputAdornment position="end">{l.unitLabel}</InputAdornment> },
                      }}
                      helperText={l.item ? t`0 takes it back into stock` : t`The product no longer exists`}
                    />
                  </Box>
                  {Number(l.amount) > 0 && (
                    <IconButton aria-label={t`Remove ${product}`} onClick={() => setRemoved(l.id, true)} sx={{ mt: 1 }}>
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Stack>
              </Grid>
            );
          })}
          {added.fields.map((field, index) => {
            const product = products[field.itemId];
            if (!product) return null;
            const name = product.name;
            return (
              <Grid size={12} key={field.id}>
                <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t`Product added: ${name}`}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", mb: 1.5 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>{name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        <Trans>Added by this amendment; taken from stock when saved</Trans>
                      </Typography>
                    </Box>
                    <IconButton aria-label={t`Remove ${name}`} onClick={() => added.remove(index)} edge="end">
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  <Grid container spacing={2}>
                    <Grid size={{ xs: 7, sm: 6 }}>
                      <FormText
                        control={control}
                        name={`newLines.${index}.amount`}
                        label={t`Amount applied`}
                        required
                        slotProps={{ htmlInput: { inputMode: "decimal" } }}
                        helperText=" "
                      />
                    </Grid>
                    <Grid size={{ xs: 5, sm: 6 }}>
                      <FormSelect
                        control={control}
                        name={`newLines.${index}.unit`}
                        label={t`Unit`}
                        options={unitsOf(product).map((u) => ({ value: u, label: unitText(u) }))}
                        helperText=" "
                      />
                    </Grid>
                  </Grid>
                </Paper>
              </Grid>
            );
          })}
          <Grid size={12}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <ProductSearch onPick={(item) => void addProduct(item.id)} label={t`Add a product`} />
              {adding && <CircularProgress size={20} aria-label={t`Loading product`} />}
            </Stack>
            {problem && (
              <Alert severity="warning" onClose={() => setProblem(null)} sx={{ mt: 1 }}>
                {problem}
              </Alert>
            )}
          </Grid>
          {isManager && (
            <Grid size={12}>
              <FormSelect
                control={control}
                name="supervisorId"
                label={t`Supervising certified applicator`}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                options={[
                  { value: "", label: t`None` },
                  ...supervisors.map((u) => ({ value: u.id, label: u.certification ? `${u.name} · ${u.certification.number}` : u.name })),
                  ...(a.supervisor && !supervisors.some((u) => u.id === a.supervisor!.id)
                    ? [{ value: a.supervisor.id, label: a.supervisorName ?? a.supervisor.id }]
                    : []),
                ]}
                helperText={t`When the applicator worked under someone else's licence`}
              />
            </Grid>
          )}
          <Grid size={12}>
            <Controller
              control={control}
              name="supervisedApplicators"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  freeSolo
                  autoSelect
                  options={[] as string[]}
                  value={field.value}
                  onChange={(_e, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={t`Non-certified applicators supervised`}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? t`Names, each followed by Enter`}
                    />
                  )}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormText control={control} name="weather.temperatureF" label={t`Temperature °F`} helperText=" " />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormText control={control} name="weather.windSpeedMph" label={t`Wind mph`} helperText=" " />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormText control={control} name="weather.windDirection" label={t`Wind from`} helperText=" " />
          </Grid>
          <Grid size={12}>
            <FormText control={control} name="notes" label={t`Notes`} multiline minRows={2} helperText=" " />
          </Grid>
        </Grid>
      </DialogContent>
      <FormActions submitLabel={t`Save amendment`} busy={pending} onCancel={onDone} />
    </form>
  );
}

function ProductSearch({ onPick, label }: { onPick(item: FoundItem): void; label: string }) {
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
      isOptionEqualToValue={(x, y) => x.id === y.id}
      filterOptions={(o) => o}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
