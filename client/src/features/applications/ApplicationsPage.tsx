import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import AddIcon from "@mui/icons-material/Add";
import FilterListIcon from "@mui/icons-material/FilterList";
import {
  Autocomplete,
  Badge,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Collapse,
  FormControlLabel,
  Link,
  MenuItem,
  Stack,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { graphql, useFragment, usePreloadedQuery } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import type { ApplicationsPageQuery } from "../../__generated__/ApplicationsPageQuery.graphql.ts";
import type { ApplicationsPage_application$key } from "../../__generated__/ApplicationsPage_application.graphql.ts";
import type { ApplicationsPage_applications$key } from "../../__generated__/ApplicationsPage_applications.graphql.ts";
import type { ApplicationFilter } from "../../__generated__/ApplicationsPagePaginationQuery.graphql.ts";
import { ListPage } from "../../components/list/ListPage.tsx";
import { usePagedList } from "../../components/list/usePagedList.ts";
import { SearchField } from "../../components/list/SearchField.tsx";
import { useDebouncedSearch } from "../../components/list/useDebouncedSearch.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import { useItemSearch, type FoundItem } from "../inventory/index.ts";
import { APPLICATIONS_PAGE_SIZE as PAGE } from "./constants.ts";
import { addressText, methodText, spanText, unitLabelText } from "./format.ts";
import { applicationPath, recordApplicationPath } from "./paths.ts";

const pageQuery = graphql`
  query ApplicationsPageQuery($first: Int!, $isManager: Boolean!, $team: Int!) @preloadable {
    ...ApplicationsPage_applications @arguments(first: $first)
    teamMembers(first: $team) @include(if: $isManager) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

/**
 * Application records (issue 34): a technician's own, every one for managers; filtered by applicator
 * (managers), product, restricted use, dates and customer; Record application.
 */
export default function ApplicationsPage() {
  const data = usePreloadedQuery<ApplicationsPageQuery>(pageQuery, useRouteQuery<ApplicationsPageQuery>());
  return <ApplicationList query={data} team={data.teamMembers?.edges.map((e) => e.node) ?? []} />;
}

type Filters = { applicatorId: string; item: FoundItem | null; restrictedUseOnly: boolean; from: string; to: string };
const NO_FILTERS: Filters = { applicatorId: "", item: null, restrictedUseOnly: false, from: "", to: "" };

function ApplicationList({ query, team }: { query: ApplicationsPage_applications$key; team: readonly { id: string; name: string }[] }) {
  const { t } = useLingui();
  const { isManager } = useSession();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  // On a phone the filters beyond the customer fold away under 'Filters'.
  const [showFilters, setShowFilters] = useState(false);
  const { data, list, reload } = usePagedList(
    graphql`
      fragment ApplicationsPage_applications on Query
      @argumentDefinitions(first: { type: "Int", defaultValue: 25 }, after: { type: "String" }, filter: { type: "ApplicationFilter" })
      @refetchable(queryName: "ApplicationsPagePaginationQuery") {
        applications(first: $first, after: $after, filter: $filter) @connection(key: "ApplicationsPage_applications") {
          totalCount
          edges {
            node {
              id
              ...ApplicationsPage_application
            }
          }
        }
      }
    `,
    query,
    PAGE,
    (d) => d.applications,
  );
  const filterOf = (f: Filters, customer: string | null): ApplicationFilter => ({
    ...(f.applicatorId && { applicatorId: f.applicatorId }),
    ...(f.item && { itemId: f.item.id }),
    ...(f.restrictedUseOnly && { restrictedUseOnly: true }),
    ...(f.from && { from: f.from }),
    ...(f.to && { to: f.to }),
    ...(customer && { customer }),
  });
  const search = useDebouncedSearch((text) => reload({ first: PAGE, filter: filterOf(filters, text) }));
  const change = (next: Partial<Filters>) => {
    const f = { ...filters, ...next };
    setFilters(f);
    reload({ first: PAGE, filter: filterOf(f, search.applied) });
  };

  const total = data.applications.totalCount;
  const anyFilter = Boolean(filters.applicatorId || filters.item || filters.restrictedUseOnly || filters.from || filters.to);
  const filtered = Boolean(search.applied) || anyFilter;
  return (
    <ListPage
      list={list}
      actions={
        <Button component={RouterLink} to={recordApplicationPath()} variant="contained" startIcon={<AddIcon />} sx={{ whiteSpace: "nowrap" }}>
          {t`Record application`}
        </Button>
      }
      filters={
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <SearchField label={t`Customer`} placeholder={t`Part of the name`} value={search.text} onChange={search.setText} grow />
            {phone && (
              <Button
                onClick={() => setShowFilters((v) => !v)}
                aria-expanded={showFilters}
                startIcon={
                  <Badge color="primary" variant="dot" invisible={!anyFilter}>
                    <FilterListIcon />
                  </Badge>
                }
              >
                {t`Filters`}
              </Button>
            )}
          </Stack>
          <Collapse in={!phone || showFilters} unmountOnExit>
            <Box sx={{ display: "grid", gap: 1.5, alignItems: "center", gridTemplateColumns: { xs: "1fr", sm: "repeat(auto-fill, minmax(200px, 1fr))" } }}>
              {isManager && (
                <TextField
                  select
                  size="small"
                  label={t`Applicator`}
                  value={filters.applicatorId}
                  onChange={(e) => change({ applicatorId: e.target.value })}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">{t`Everyone`}</MenuItem>
                  {team.map((u) => (
                    <MenuItem key={u.id} value={u.id}>
                      {u.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <ProductFilter value={filters.item} onChange={(item) => change({ item })} />
              <TextField
                size="small"
                type="date"
                label={t`From`}
                value={filters.from}
                onChange={(e) => change({ from: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                type="date"
                label={t`To`}
                value={filters.to}
                onChange={(e) => change({ to: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormControlLabel
                control={<Switch checked={filters.restrictedUseOnly} onChange={(e) => change({ restrictedUseOnly: e.target.checked })} />}
                label={t`Restricted use only`}
                sx={{ whiteSpace: "nowrap" }}
              />
            </Box>
          </Collapse>
        </Stack>
      }
      summary={
        <Typography variant="body2" color="textSecondary">
          {filtered
            ? plural(total, { one: "# application matching the filters", other: "# applications matching the filters" })
            : plural(total, { one: "# application", other: "# applications" })}
        </Typography>
      }
      label={t`Applications`}
      empty={filtered ? t`No applications match these filters` : t`No applications recorded yet`}
      columns={[{ header: t`When` }, { header: t`Customer` }, { header: t`Products` }, { header: t`Method` }, { header: t`Applicator` }]}
      row={(r) => <ApplicationRow application={r} />}
      card={(r) => <ApplicationCard application={r} />}
    />
  );
}

function ProductFilter({ value, onChange }: { value: FoundItem | null; onChange(item: FoundItem | null): void }) {
  const [text, setText] = useState("");
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { options, loading } = useItemSearch(open ? text : "");
  return (
    <Autocomplete<FoundItem>
      size="small"
      sx={{ minWidth: 0 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={loading}
      value={value}
      onChange={(_e, item) => onChange(item)}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      renderInput={(params) => <TextField {...params} label={t`Product`} />}
    />
  );
}

function useApplication(application: ApplicationsPage_application$key) {
  return useFragment(
    graphql`
      fragment ApplicationsPage_application on Application {
        id
        customerName
        startedAt
        endedAt
        method
        restrictedUse
        late
        applicatorName
        serviceAddress {
          street
          city
          state
          zip
        }
        lines {
          productName
          amount
          unitLabel
        }
      }
    `,
    application,
  );
}

const productsText = (lines: readonly { productName: string; amount: unknown; unitLabel: string }[]) =>
  lines.map((l) => `${l.productName} ${String(l.amount)} ${unitLabelText(l.unitLabel)}`).join(", ");

function Marks({ restrictedUse, late }: { restrictedUse: boolean; late: boolean }) {
  const { t } = useLingui();
  if (!restrictedUse && !late) return null;
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ ml: 1, display: "inline-flex", verticalAlign: "middle" }}>
      {restrictedUse && <Chip size="small" color="error" label="RUP" title={t`Restricted use`} />}
      {late && <Chip size="small" color="warning" label={t({ message: "Late", context: "record made after the deadline" })} />}
    </Stack>
  );
}

function ApplicationRow({ application }: { application: ApplicationsPage_application$key }) {
  const { t } = useLingui();
  const a = useApplication(application);
  const navigate = useNavigate();
  return (
    <TableRow hover onClick={() => navigate(applicationPath(a.id))} sx={{ cursor: "pointer" }}>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Link component={RouterLink} to={applicationPath(a.id)} onClick={(e) => e.stopPropagation()} underline="hover" sx={{ fontWeight: 600 }}>
          {spanText(String(a.startedAt), a.endedAt ? String(a.endedAt) : null)}
        </Link>
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }} component="span">
          {a.customerName ?? t`not recorded`}
        </Typography>
        <Marks restrictedUse={a.restrictedUse} late={a.late} />
        <Typography variant="caption" color="textSecondary" component="div">
          {addressText(a.serviceAddress)}
        </Typography>
      </TableCell>
      <TableCell>{productsText(a.lines)}</TableCell>
      <TableCell>{methodText(a.method)}</TableCell>
      <TableCell>{a.applicatorName}</TableCell>
    </TableRow>
  );
}

function ApplicationCard({ application }: { application: ApplicationsPage_application$key }) {
  const { t } = useLingui();
  const a = useApplication(application);
  return (
    <Card component="li" aria-label={`${a.customerName ?? t`Application`}, ${spanText(String(a.startedAt), null)}`}>
      <CardActionArea component={RouterLink} to={applicationPath(a.id)}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: "anywhere" }}>
            {a.customerName ?? t`Customer not recorded`}
            <Marks restrictedUse={a.restrictedUse} late={a.late} />
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
            {spanText(String(a.startedAt), a.endedAt ? String(a.endedAt) : null)} · {methodText(a.method)}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
            {productsText(a.lines)}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="div" sx={{ overflowWrap: "anywhere" }}>
            {a.applicatorName} · {addressText(a.serviceAddress)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
