import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { ConnectionHandler, graphql, useFragment, usePaginationFragment } from "react-relay";
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
import { loadMore } from "../../components/list/ResponsiveList.tsx";

export default function TeamPage() {
  // §6: only managers may list the team; for others the loader fires no query.
  return (
    <ManagerPage<TeamPageQuery>
      denied="You need manager privileges to access team management."
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
  const [adding, setAdding] = useState(false);
  const { data, refetch, ...paging } = usePaginationFragment(
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
    <ListPage
      actions={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
          Add Team Member
        </Button>
      }
      filters={
        <SearchField
          label="Search team members"
          placeholder="Name, username or department"
          value={search.text}
          onChange={search.setText}
          sx={{ minWidth: { sm: 320 } }}
        />
      }
      dialog={
        <PageDialog open={adding} onClose={() => setAdding(false)} titleId="add-team-member-title">
          <AddTeamMemberDialog titleId="add-team-member-title" connections={[...new Set([data.teamMembers.__id, ConnectionHandler.getConnectionID("client:root", "TeamPage_teamMembers")])]} onDone={() => setAdding(false)} />
        </PageDialog>
      }
      label="Team members"
      items={members}
      itemKey={(m) => m.id}
      busy={search.searching}
      empty={search.applied ? "No team members match your search" : "No team members found"}
      columns={[{ header: "Name" }, { header: "Username" }, { header: "Role" }, { header: "Department" }, { header: "Created" }]}
      row={(m) => <MemberRow member={m} />}
      card={(m) => <MemberCard member={m} />}
      more={loadMore(paging, PAGE)}
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
      }
    `,
    member,
  );
}

function RoleChip({ role }: { role: string | null | undefined }) {
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
      <TableCell>{m.username ?? ""}</TableCell>
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
