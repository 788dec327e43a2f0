import PersonAddIcon from "@mui/icons-material/PersonAdd";
import BadgeIcon from "@mui/icons-material/BadgeOutlined";
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { calendarDate, shortDate } from "../../platform/dates.ts";
import { ConnectionHandler, graphql, useFragment } from "react-relay";
import type { TeamPageQuery } from "../../__generated__/TeamPageQuery.graphql.ts";
import type { TeamPage_members$key } from "../../__generated__/TeamPage_members.graphql.ts";
import type { TeamPage_member$key } from "../../__generated__/TeamPage_member.graphql.ts";
import { ManagerPage } from "../../components/ManagerPage.tsx";
import { TEAM_PAGE_SIZE as PAGE } from "./constants.ts";
import AddTeamMemberDialog from "./AddTeamMemberDialog.tsx";
import { SearchField } from "../../components/list/SearchField.tsx";
import { useDebouncedSearch } from "../../components/list/useDebouncedSearch.ts";
import { PageDialog } from "../../components/PageDialog.tsx";
import { ListPage } from "../../components/list/ListPage.tsx";
import { usePagedList } from "../../components/list/usePagedList.ts";
import { CertificationChip } from "./CertificationChip.tsx";
import type { CertificationTarget } from "./CertificationDialog.tsx";

// The certification form loads when a manager first opens it.
const CertificationDialog = lazy(() => import("./CertificationDialog.tsx"));

export default function TeamPage() {
  // §6: only managers may list the team; for others the loader fires no query.
  const { t } = useLingui();
  return (
    <ManagerPage<TeamPageQuery>
      denied={t`You need manager privileges to access team management.`}
      query={graphql`
        query TeamPageQuery($count: Int!) @preloadable {
          ...TeamPage_members @arguments(count: $count)
        }
      `}
    >
      {(data) => <TeamList query={data} />}
    </ManagerPage>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

function TeamList({ query }: { query: TeamPage_members$key }) {
  const { t } = useLingui();
  const [adding, setAdding] = useState(false);
  const [certifying, setCertifying] = useState<CertificationTarget | null>(null);
  const { data, list, reload } = usePagedList(
    graphql`
      fragment TeamPage_members on Query
      @argumentDefinitions(count: { type: "Int", defaultValue: 25 }, cursor: { type: "String" }, search: { type: "String" })
      @refetchable(queryName: "TeamPagePaginationQuery") {
        teamMembers(first: $count, after: $cursor, search: $search) @connection(key: "TeamPage_teamMembers") {
          __id
          edges {
            node {
              id
              ...TeamPage_member
            }
          }
        }
      }
    `,
    query,
    PAGE,
    (d) => d.teamMembers,
  );

  // Search as the manager types, a moment after the last keystroke.
  const search = useDebouncedSearch((text) => reload({ search: text, count: PAGE, cursor: null }));
  return (
    <ListPage
      list={list}
      actions={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
          <Trans>Add Team Member</Trans>
        </Button>
      }
      filters={
        <SearchField
          label={t`Search team members`}
          placeholder={t`Name, username or department`}
          value={search.text}
          onChange={search.setText}
          wide
        />
      }
      dialog={
        <>
          <PageDialog open={adding} onClose={() => setAdding(false)} titleId="add-team-member-title">
            <AddTeamMemberDialog titleId="add-team-member-title" connections={[...new Set([data.teamMembers.__id, ConnectionHandler.getConnectionID("client:root", "TeamPage_teamMembers")])]} onDone={() => setAdding(false)} />
          </PageDialog>
          <PageDialog open={certifying !== null} onClose={() => setCertifying(null)} titleId="certification-title">
            {certifying && (
              <Suspense fallback={null}>
                <CertificationDialog titleId="certification-title" member={certifying} onDone={() => setCertifying(null)} />
              </Suspense>
            )}
          </PageDialog>
        </>
      }
      label={t`Team members`}
      empty={search.applied ? t`No team members match your search` : t`No team members found`}
      columns={[{ header: t`Name` }, { header: t`Username` }, { header: t`Role` }, { header: t`Department` }, { header: t`Certification` }, { header: t`Created` }]}
      row={(m) => <MemberRow member={m} onCertify={setCertifying} />}
      card={(m) => <MemberCard member={m} onCertify={setCertifying} />}
    />
  );
}

function useMember(member: TeamPage_member$key) {
  return useFragment(
    graphql`
      fragment TeamPage_member on User {
        id
        name
        username
        role
        department
        createdAt
        certification {
          ...certificationStatus_certification @relay(mask: false)
        }
      }
    `,
    member,
  );
}

function RoleChip({ role }: { role: string | null | undefined }) {
  const { t } = useLingui();
  return (
    <Chip
      size="small"
      label={role === "manager" ? t`Manager` : t`Employee`}
      color={role === "manager" ? "primary" : "default"}
      variant={role === "manager" ? "filled" : "outlined"}
    />
  );
}

const formatDate = (value: unknown) => shortDate(value as string);

function MemberAvatar({ name }: { name: string }) {
  return (
    <Avatar aria-hidden sx={{ bgcolor: "primary.main", width: 34, height: 34, fontSize: 14 }}>
      {initials(name)}
    </Avatar>
  );
}

type Member = ReturnType<typeof useMember>;
type OnCertify = (target: CertificationTarget) => void;

/** The member's licence: number, state and expiry with its status chip, and the button that sets or edits it. */
function Certification({ m, onCertify, layout }: { m: Member; onCertify: OnCertify; layout: "row" | "card" }) {
  const { t } = useLingui();
  const c = m.certification;
  const name = m.name;
  const open = () => onCertify({ userId: m.id, name: m.name, certification: c });
  return (
    <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 1.5, rowGap: 0.5 }}>
      {c && (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {c.state} {c.number}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="div">
            <Trans>Expires {calendarDate(c.expiresOn)}</Trans>
            {c.categories.length ? ` · ${c.categories.join(", ")}` : ""}
          </Typography>
        </Box>
      )}
      <Stack direction="row" sx={{ alignItems: "center", columnGap: 1, ml: layout === "card" && c ? "auto" : undefined }}>
        <CertificationChip certification={c} />
        <Button size="small" startIcon={<BadgeIcon />} onClick={open} aria-label={c ? t`Edit certification of ${name}` : t`Add certification of ${name}`} sx={{ whiteSpace: "nowrap" }}>
          {c ? t`Edit` : t`Add`}
        </Button>
      </Stack>
    </Stack>
  );
}

function MemberRow({ member, onCertify }: { member: TeamPage_member$key; onCertify: OnCertify }) {
  const m = useMember(member);
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <MemberAvatar name={m.name} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {m.name}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>{m.username ?? ""}</TableCell>
      <TableCell>
        <RoleChip role={m.role} />
      </TableCell>
      <TableCell>
        {m.department ? (
          m.department
        ) : (
          <Typography component="span" variant="body2" color="textSecondary">
            <Trans>Not specified</Trans>
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Certification m={m} onCertify={onCertify} layout="row" />
      </TableCell>
      <TableCell>{formatDate(m.createdAt)}</TableCell>
    </TableRow>
  );
}

function MemberCard({ member, onCertify }: { member: TeamPage_member$key; onCertify: OnCertify }) {
  const m = useMember(member);
  const { t } = useLingui();
  return (
    <Card component="li" aria-label={m.name}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <MemberAvatar name={m.name} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {m.name}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div" noWrap>
              {m.username} · {m.department || t`Not specified`}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="div">
              <Trans>Created {formatDate(m.createdAt)}</Trans>
            </Typography>
          </Box>
          <RoleChip role={m.role} />
        </Stack>
        <Box sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: "divider" }}>
          <Certification m={m} onCertify={onCertify} layout="card" />
        </Box>
      </CardContent>
    </Card>
  );
}
