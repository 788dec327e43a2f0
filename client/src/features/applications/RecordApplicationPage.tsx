import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Autocomplete, Box, Button, Grid, Paper, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Controller, useForm, type Control, type FieldPath } from "react-hook-form";
import { graphql, useMutation, usePreloadedQuery } from "react-relay";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import type { z } from "zod";
import type { RecordApplicationPageMutation } from "../../__generated__/RecordApplicationPageMutation.graphql.ts";
import type { RecordApplicationPageQuery } from "../../__generated__/RecordApplicationPageQuery.graphql.ts";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { shownMessage } from "../../platform/schemaMessages.ts";
import { useSession } from "../../platform/session.ts";
import { APPLICATION_METHODS, isoToLocalDateTime, newLineValues, recordApplicationForm } from "../../../../schemas/applications.ts";
import { AREA_UNITS } from "../../../../schemas/measures.ts";
import { COMMON_PESTS } from "../inventory/index.ts";
import { areaUnitText, methodText } from "./format.ts";
import { applicationPath } from "./paths.ts";
import { ProductLines } from "./ProductLines.tsx";
import { unitsOf, useProducts } from "./products.ts";

type Values = z.input<typeof recordApplicationForm>;
type Output = z.output<typeof recordApplicationForm>;

const pageQuery = graphql`
  query RecordApplicationPageQuery($recent: Int!, $isManager: Boolean!, $team: Int!) @preloadable {
    viewer {
      id
      name
      certification {
        number
        state
        valid
        expiresOn
      }
    }
    applications(first: $recent) {
      edges {
        node {
          customerName
          siteDescription
          serviceAddress {
            street
            city
            state
            zip
          }
        }
      }
    }
    teamMembers(first: $team) @include(if: $isManager) {
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
`;

const blank = (): Values => ({
  customerName: "",
  serviceAddress: { street: "", city: "", state: "", zip: "" },
  siteDescription: "",
  areaAmount: "",
  areaUnit: "SQ_FT",
  startedAt: isoToLocalDateTime(new Date()),
  endedAt: "",
  targetPests: [],
  method: "",
  applicatorId: "",
  supervisorId: "",
  supervisedApplicators: [],
  weather: { temperatureF: "", windSpeedMph: "", windDirection: "" },
  notes: "",
  lines: [],
});

/** Where a server error about an input field shows in this form (`areaTreated.amount` → the area's amount). */
function placeFor(field: string): FieldPath<Values> | null {
  if (field.startsWith("areaTreated")) return "areaAmount";
  if (field === "applicatorId" || field === "supervisorId" || field === "customerName" || field === "startedAt" || field === "endedAt" || field === "method")
    return field;
  if (field === "targetPests" || field === "siteDescription" || field === "notes" || field === "supervisedApplicators") return field;
  if (/^serviceAddress\.(street|city|state|zip)$/.test(field)) return field as FieldPath<Values>;
  if (/^weather\.(temperatureF|windSpeedMph|windDirection)$/.test(field)) return field as FieldPath<Values>;
  const line = /^lines\.(\d+)\.(amount|unit|locationId)$/.exec(field);
  if (line) return `lines.${Number(line[1])}.${line[2] as "amount"}`;
  if (field.startsWith("lines")) return "lines";
  return null;
}

/**
 * 'Record application' (issue 34): the record a technician makes at the customer's door: who and
 * where (recent customers offered), area, times, pests, method, the products (scan the label or find
 * by name, amount in the product's units, dilution, where it was taken from), the applicator and any
 * supervision, weather and notes. Offline it joins the phone's queue and is applied once.
 */
export default function RecordApplicationPage() {
  const data = usePreloadedQuery<RecordApplicationPageQuery>(pageQuery, useRouteQuery<RecordApplicationPageQuery>());
  const { isManager } = useSession();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const kept = useKeptOnPhone();
  const { products, load } = useProducts();
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(recordApplicationForm), defaultValues: blank() });
  const { control } = form;
  const save = useFormSave(form, { failure: t`Failed to record the application`, placeFor, onUnplaced: setUnplaced });

  // ?item=<id> (Record application from an item): the first line is that product.
  const started = useRef(false);
  useEffect(() => {
    const itemId = params.get("item");
    if (!itemId || started.current) return;
    started.current = true;
    void load(itemId)
      .then((p) => p && form.getValues("lines").length === 0 && form.setValue("lines", [newLineValues(p.id, unitsOf(p)[0]!)]))
      .catch(() => setUnplaced(t`The product could not be loaded`));
  }, [params, load, form, t]);

  const customers = useMemo(() => {
    const seen = new Map<string, NonNullable<RecordApplicationPageQuery["response"]["applications"]["edges"][number]["node"]>>();
    for (const e of data.applications.edges) if (e.node.customerName && !seen.has(e.node.customerName)) seen.set(e.node.customerName, e.node);
    return seen;
  }, [data.applications]);
  const team = data.teamMembers?.edges.map((e) => e.node) ?? [];
  const me = data.viewer;
  const myName = me?.name ?? "";
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const cert = me?.certification;
  let licence: string;
  if (offline && !cert) licence = t`Without signal: the server checks the licence when the record is sent`;
  else if (!cert) licence = t`No licence on file`;
  else {
    const { number, state, expiresOn } = cert;
    licence = cert.valid ? t`Licence ${number} (${state})` : t`Licence ${number} (${state}), expired ${expiresOn}`;
  }

  const [commit, pending] = useMutation<RecordApplicationPageMutation>(graphql`
    mutation RecordApplicationPageMutation($input: RecordApplicationInput!) {
      recordApplication(input: $input) {
        __typename
        ... on RecordApplicationPayload {
          application {
            id
            customerName
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = form.handleSubmit((input) => {
    if (pending) return;
    setUnplaced(null);
    setQueued(null);
    commit({
      variables: { input },
      onCompleted: (d) => {
        const r = d.recordApplication;
        save.completed(r, "RecordApplicationPayload", t`Application recorded`, () => {
          if (r.__typename === "RecordApplicationPayload" && r.application) navigate(applicationPath(r.application.id));
        });
      },
      onError: (error) => {
        // Kept on the phone: it is sent when the network is back; the form is ready for the next visit.
        if (kept(error)) {
          const customer = input.customerName;
          setQueued(t`${customer}: saved on this phone, it will be sent when you are back online.`);
          form.reset(blank());
          window.scrollTo({ top: 0 });
          return;
        }
        save.failed(error);
      },
    });
  });

  const pickCustomer = (name: string) => {
    const c = customers.get(name);
    if (!c) return;
    form.setValue("serviceAddress", {
      street: c.serviceAddress.street ?? "",
      city: c.serviceAddress.city ?? "",
      state: c.serviceAddress.state ?? "",
      zip: c.serviceAddress.zip ?? "",
    });
    if (c.siteDescription && !form.getValues("siteDescription")) form.setValue("siteDescription", c.siteDescription);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t`Record application`} sx={{ maxWidth: 800 }}>
      <Stack spacing={2}>
        <Box>
          <Button component={RouterLink} to="/applications" size="small" startIcon={<ArrowBackIcon />}>
            {t`All applications`}
          </Button>
        </Box>
        {queued && (
          <Alert severity="info" onClose={() => setQueued(null)}>
            {queued}
          </Alert>
        )}
        {unplaced && (
          <Alert severity="error" onClose={() => setUnplaced(null)}>
            {unplaced}
          </Alert>
        )}
        <Section title={t`Customer`}>
          <Grid container spacing={2}>
            <Grid size={12}>
              <Controller
                control={control}
                name="customerName"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    freeSolo
                    options={[...customers.keys()]}
                    inputValue={field.value}
                    onInputChange={(_e, v, reason) => {
                      field.onChange(v);
                      if (reason === "selectOption") pickCustomer(v);
                    }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        required
                        label={t`Customer name`}
                        error={Boolean(fieldState.error)}
                        helperText={shownMessage(fieldState.error?.message) ?? t`Recent customers fill in their address`}
                      />
                    )}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <FormText control={control} name="serviceAddress.street" label={t`Street`} required autoComplete="street-address" helperText=" " />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText control={control} name="serviceAddress.city" label={t`City`} required helperText=" " />
            </Grid>
            <Grid size={{ xs: 4, sm: 2 }}>
              <FormText
                control={control}
                name="serviceAddress.state"
                label={t`State`}
                required
                placeholder="TX"
                slotProps={{ htmlInput: { maxLength: 2, autoCapitalize: "characters" } }}
                helperText=" "
              />
            </Grid>
            <Grid size={{ xs: 8, sm: 4 }}>
              <FormText
                control={control}
                name="serviceAddress.zip"
                label={t`ZIP`}
                required
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 10 } }}
                helperText=" "
              />
            </Grid>
            <Grid size={12}>
              <FormText control={control} name="siteDescription" label={t`Site`} placeholder={t`e.g. Kitchen and exterior perimeter`} helperText=" " />
            </Grid>
          </Grid>
        </Section>

        <Section title={t`Treatment`}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 7, sm: 4 }}>
              <FormText
                control={control}
                name="areaAmount"
                label={t`Area treated`}
                required
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
                helperText=" "
              />
            </Grid>
            <Grid size={{ xs: 5, sm: 3 }}>
              <FormSelect
                control={control}
                name="areaUnit"
                label={t`Area unit`}
                options={AREA_UNITS.map((u) => ({ value: u, label: areaUnitText(u) }))}
                helperText=" "
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormSelect
                control={control}
                name="method"
                label={t`Method`}
                required
                options={APPLICATION_METHODS.map((m) => ({ value: m, label: methodText(m) }))}
                helperText=" "
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText
                control={control}
                name="startedAt"
                label={t`Started`}
                type="datetime-local"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                helperText=" "
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormText
                control={control}
                name="endedAt"
                label={t`Ended`}
                type="datetime-local"
                slotProps={{ inputLabel: { shrink: true } }}
                helperText={t`Optional`}
              />
            </Grid>
            <Grid size={12}>
              <Names control={control} name="targetPests" label={t`Target pests`} required options={COMMON_PESTS} helperText={t`Pick or type, then Enter`} />
            </Grid>
          </Grid>
        </Section>

        <Section title={t`Products`}>
          <ProductLines form={form} products={products} load={load} />
        </Section>

        <Section title={t`Applicator`}>
          <Grid container spacing={2}>
            <Grid size={12}>
              {isManager && team.length > 0 ? (
                <FormSelect
                  control={control}
                  name="applicatorId"
                  label={t`Applicator`}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  options={[
                    { value: "", label: t`Me (${myName})` },
                    ...team
                      .filter((u) => u.id !== me?.id)
                      .map((u) => ({ value: u.id, label: `${u.name}${u.certification ? ` · ${u.certification.number}` : ""}` })),
                  ]}
                  helperText={licence}
                />
              ) : (
                <Controller
                  control={control}
                  name="applicatorId"
                  render={({ field, fieldState }) => (
                    <TextField
                      fullWidth
                      label={t`Applicator`}
                      value={me?.name ?? ""}
                      inputRef={field.ref}
                      slotProps={{ htmlInput: { readOnly: true } }}
                      error={Boolean(fieldState.error)}
                      helperText={shownMessage(fieldState.error?.message) ?? licence}
                    />
                  )}
                />
              )}
            </Grid>
            {isManager && team.length > 0 && (
              <Grid size={12}>
                <FormSelect
                  control={control}
                  name="supervisorId"
                  label={t`Supervising certified applicator`}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  options={[
                    { value: "", label: t`None` },
                    ...team.filter((u) => u.certification?.valid).map((u) => ({ value: u.id, label: `${u.name} · ${u.certification!.number}` })),
                  ]}
                  helperText={t`When the applicator works under someone else's licence`}
                />
              </Grid>
            )}
            <Grid size={12}>
              <Names
                control={control}
                name="supervisedApplicators"
                label={t`Non-certified applicators supervised`}
                options={[]}
                helperText={t`Names, each followed by Enter`}
              />
            </Grid>
          </Grid>
        </Section>

        <Section title={t`Weather and notes`}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, sm: 4 }}>
              <FormText
                control={control}
                name="weather.temperatureF"
                label={t`Temperature °F`}
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
                helperText=" "
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>
              <FormText control={control} name="weather.windSpeedMph" label={t`Wind mph`} slotProps={{ htmlInput: { inputMode: "decimal" } }} helperText=" " />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormText control={control} name="weather.windDirection" label={t`Wind from`} placeholder={t`e.g. NW`} helperText=" " />
            </Grid>
            <Grid size={12}>
              <FormText control={control} name="notes" label={t`Notes`} multiline minRows={2} helperText=" " />
            </Grid>
          </Grid>
        </Section>

        <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", pb: 2 }}>
          <Button component={RouterLink} to="/applications" disabled={pending}>
            {t`Cancel`}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {pending ? t`Saving...` : t`Record application`}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A list of names (pests, people): picked or typed; what is typed is added on Enter or when leaving the field. */
function Names({
  control,
  name,
  label,
  options,
  helperText,
  required,
}: {
  control: Control<Values, unknown, Output>;
  name: "targetPests" | "supervisedApplicators";
  label: string;
  options: readonly string[];
  helperText: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          autoSelect
          options={options}
          value={field.value ?? []}
          onChange={(_e, v) => field.onChange(v.map((s) => s.trim()).filter(Boolean))}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              required={required}
              label={label}
              error={Boolean(fieldState.error)}
              helperText={shownMessage(fieldState.error?.message) ?? helperText}
            />
          )}
        />
      )}
    />
  );
}
