import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { Alert, Autocomplete, Box, Button, Grid, Paper, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Controller, useForm, type FieldPath } from "react-hook-form";
import { graphql, useMutation, usePreloadedQuery } from "react-relay";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import type { z } from "zod";
import type { RecordApplicationPageMutation } from "../../__generated__/RecordApplicationPageMutation.graphql.ts";
import type { RecordApplicationPageQuery } from "../../__generated__/RecordApplicationPageQuery.graphql.ts";
import { BackLink } from "../../components/DetailPage.tsx";
import { FormSelect } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { shownMessage } from "../../platform/schemaMessages.ts";
import { useSession } from "../../platform/session.ts";
import { isoToLocalDateTime, newLineValues, recordApplicationForm } from "../../../../schemas/applications.ts";
import { applicationPath } from "./paths.ts";
import { ProductLines } from "./ProductLines.tsx";
import { unitsOf, useProducts } from "./products.ts";
import { AddressFields, SupervisedFields, SupervisorField, TreatmentFields, WeatherFields } from "./VisitFields.tsx";

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
      ...VisitFields_team @relay(mask: false)
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
        <BackLink to="/applications">{t`All applications`}</BackLink>
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
            <AddressFields control={control} required />
          </Grid>
        </Section>

        <Section title={t`Treatment`}>
          <Grid container spacing={2}>
            <TreatmentFields control={control} required />
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
              <SupervisorField
                control={control}
                people={team.filter((u) => u.certification?.valid).map((u) => ({ value: u.id, label: `${u.name} · ${u.certification!.number}` }))}
                helperText={t`When the applicator works under someone else's licence`}
              />
            )}
            <SupervisedFields control={control} />
          </Grid>
        </Section>

        <Section title={t`Weather and notes`}>
          <Grid container spacing={2}>
            <WeatherFields control={control} />
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
