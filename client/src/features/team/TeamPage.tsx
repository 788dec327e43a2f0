import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { Avatar, Box, Button, Card, CardContent, Chip, Dialog, Stack, TableCell, TableRow, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useState } from "react";
import { ConnectionHandler, graphql, useFragment, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { TeamPageQuery } from "../../__generated__/TeamPageQuery.graphql.ts";
import type { TeamPage_members$key } from "../../__generated__/TeamPage_members.graphql.ts";
import type { TeamPage_member$key } from "../../__generated__/TeamPage_member.graphql.ts";
import { AccessDenied } from "../../components/AccessDenied.tsx";
import { TEAM_PAGE_SIZE as PAGE } from "./constants.ts";
import { useRouteQuery } from "../../platform/routeQueries.ts";
import { useSession } from "../../platform/session.ts";
import AddTeamMemberDialog from "./AddTeamMemberDialog.tsx";
import { ResponsiveList } from "../../components/list/ResponsiveList.tsx";
import { SearchField } from "../../components/list/SearchField.tsx";
import { useDebouncedSearch } from "../../components/list/useDebouncedSearch.ts";
import { ListToolbar } from "../../components/list/ListToolbar.tsx";


export default function TeamPage() {
  const { isManager } = useSession();
  // §6: only managers may list the team; for others the loader fires no query.
  const queryRef = useRouteQuery<TeamPageQuery>() as PreloadedQuery<TeamPageQuery> | null;
  if (!isManager || !queryRef) return <AccessDenied text="You need manager privileges to access team management." />;
  return <TeamManagement queryRef={queryRef} />;
}

function TeamManagement({ queryRef }: { queryRef: PreloadedQuery<TeamPageQuery> }) {
  const data = usePreloadedQuery<TeamPageQuery>(
    graphql`
      query TeamPageQuery($count: Int!) @preloadable {
        ...TeamPage_members @arguments(count: $count)
      }
    `,
    queryRef,
  );
  return <TeamList query={data} />;
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  const [adding, setAdding] = useState(false);
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
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
  );

  // Search as the manager types, a moment after the last keystroke.
  const search = useDebouncedSearch((text) => refetch({ search: text, count: PAGE, cursor: null }, { fetchPolicy: "store-and-network" }));

  const members = data.teamMembers.edges.map((e) => e.node);
  return (
    <Stack spacing={2}>
      <ListToolbar
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            Add Team Member
          </Button>
        }
      >
        <SearchField
          label="Search team members"
          placeholder="Name, username or department"
          value={search.text}
          onChange={search.setText}
          sx={{ minWidth: { sm: 320 } }}
        />
      </ListToolbar>

      <ResponsiveList
        label="Team members"
        items={members}
        itemKey={(m) => m.id}
        phone={phone}
        busy={search.searching}
        empty={search.applied ? "No team members match your search" : "No team members found"}
        columns={[{ header: "Name" }, { header: "Username" }, { header: "Role" }, { header: "Department" }, { header: "Created" }]}
        row={(m) => <MemberRow member={m} />}
        card={(m) => <MemberCard member={m} />}
        more={{ hasNext, isLoadingNext, loadNext: () => loadNext(PAGE) }}
      />

      <Dialog open={adding} onClose={() => setAdding(false)} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="add-team-member-title">
        {adding && (
          <AddTeamMemberDialog titleId="add-team-member-title" connections={[...new Set([data.teamMembers.__id, ConnectionHandler.getConnectionID("client:root", "TeamPage_teamMembers")])]} onDone={() => setAdding(false)} />
        )}
      </Dialog>
    </Stack>
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
      }
    `,
    member,
  );
}

function RoleChip({ role }: { role: string }) {
  return (
    <Chip
      size="small"
      label={role === "manager" ? "Manager" : "Employee"}
      color={role === "manager" ? "primary" : "default"}
      variant={role === "manager" ? "filled" : "outlined"}
    />
  );
}

const formatDate = (value: unknown) => new Date(value as string).toLocaleDateString();

function MemberAvatar({ name }: { name: string }) {
  return (
    <Avatar aria-hidden sx={{ bgcolor: "primary.main", width: 34, height: 34, fontSize: 14 }}>
      {initials(name)}
    </Avatar>
  );
}

function MemberRow({ member }: { member: TeamPage_member$key }) {
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
      <TableCell>{m.username}</TableCell>
      <TableCell>
        <RoleChip role={m.role} />
      </TableCell>
      <TableCell>
        {m.department ? (
          m.department
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            Not specified
          </Typography>
        )}
      </TableCell>
      <TableCell>{formatDate(m.createdAt)}</TableCell>
    </TableRow>
  );
}

function MemberCard({ member }: { member: TeamPage_member$key }) {
  const m = useMember(member);
  return (
    <Card component="li" aria-label={m.name}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <MemberAvatar name={m.name} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {m.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {m.username} · {m.department || "Not specified"}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              Created {formatDate(m.createdAt)}
            </Typography>
          </Box>
          <RoleChip role={m.role} />
        </Stack>
      </CardContent>
    </Card>
  );
}
