import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import UndoIcon from "@mui/icons-material/Undo";
import { Alert, Box, Button, CircularProgress, DialogContent, DialogTitle, Grid, IconButton, InputAdornment, Stack, Typography } from "@mui/material";
import { useMemo, useRef, useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { graphql, useFragment, useLazyLoadQuery, useMutation } from "react-relay";
import type { AmendApplicationDialogMutation } from "../../__generated__/AmendApplicationDialogMutation.graphql.ts";
import type { AmendApplicationDialogTeamQuery } from "../../__generated__/AmendApplicationDialogTeamQuery.graphql.ts";
import type { AmendApplicationDialog_application$key } from "../../__generated__/AmendApplicationDialog_application.graphql.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { useSession } from "../../platform/session.ts";
import {
  AMENDABLE,
  RECORD_WITHIN_DAYS,
  amendApplicationForm,
  isoToLocalDateTime,
  newLineValues,
  type Amendable,
  type AmendApplicationFormValues,
} from "../../../../schemas/applications.ts";
import type { AreaUnit } from "../../../../schemas/measures.ts";
import { AmountUnit, ProductCard, ProductProblem, ProductSearch, useProductAdder } from "./ProductLines.tsx";
import { unitsOf, useProducts } from "./products.ts";
import { AddressFields, SupervisedFields, SupervisorField, TreatmentFields, WeatherFields } from "./VisitFields.tsx";

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
        ...format_visit @relay(mask: false)
        applicator {
          id
        }
        supervisor {
          id
        }
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
          ...VisitFields_team @relay(mask: false)
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
  const {
    add: addProduct,
    busy: adding,
    problem,
    setProblem,
  } = useProductAdder(products, load, (product) => added.append(newLineValues(product.id, unitsOf(product)[0]!)));
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
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
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
          <AddressFields control={control} />
          <TreatmentFields control={control} />
          {a.lines.map((l, i) => {
            const product = l.productName;
            return removed.includes(l.id) ? (
              <Grid size={12} key={l.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", textDecoration: "line-through" }} color="textSecondary">
                    {l.amount} {l.unitLabel} · {product}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
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
                <ProductCard
                  label={t`Product added: ${name}`}
                  name={name}
                  onRemove={() => added.remove(index)}
                  about={
                    <Typography variant="body2" color="textSecondary">
                      <Trans>Added by this amendment; taken from stock when saved</Trans>
                    </Typography>
                  }
                >
                  <AmountUnit
                    control={control}
                    amount={`newLines.${index}.amount`}
                    unit={`newLines.${index}.unit`}
                    label={t`Amount applied`}
                    required
                    units={unitsOf(product)}
                    sizes={[6, 6]}
                  />
                </ProductCard>
              </Grid>
            );
          })}
          <Grid size={12}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <ProductSearch onPick={(item) => void addProduct(item.id)} label={t`Add a product`} />
              {adding && <CircularProgress size={20} aria-label={t`Loading product`} />}
            </Stack>
            <ProductProblem problem={problem} onClose={() => setProblem(null)} sx={{ mt: 1 }} />
          </Grid>
          {isManager && (
            <SupervisorField
              control={control}
              people={[
                ...supervisors.map((u) => ({ value: u.id, label: u.certification ? `${u.name} · ${u.certification.number}` : u.name })),
                ...(a.supervisor && !supervisors.some((u) => u.id === a.supervisor!.id)
                  ? [{ value: a.supervisor.id, label: a.supervisorName ?? a.supervisor.id }]
                  : []),
              ]}
              helperText={t`When the applicator worked under someone else's licence`}
            />
          )}
          <SupervisedFields control={control} />
          <WeatherFields control={control} />
        </Grid>
      </DialogContent>
      <FormActions submitLabel={t`Save amendment`} busy={pending} onCancel={onDone} />
    </form>
  );
}
