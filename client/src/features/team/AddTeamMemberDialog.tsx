import { zodResolver } from "@hookform/resolvers/zod";
import { Button, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { useForm } from "react-hook-form";
import { graphql, useMutation, useRelayEnvironment } from "react-relay";
import type { AddTeamMemberDialogMutation } from "../../__generated__/AddTeamMemberDialogMutation.graphql.ts";
import { NEW_TEAM_MEMBER, teamMemberForm, type TeamMemberFormOutput, type TeamMemberFormValues } from "../../../../schemas/team.ts";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { useFormSave } from "../../components/form/useFormSave.ts";

const ROLE_OPTIONS = [
  { value: "employee", label: "Employee" },
  { value: "manager", label: "Manager" },
];

export default function AddTeamMemberDialog({ titleId, connections, onDone }: { titleId: string; connections: string[]; onDone(): void }) {
  const environment = useRelayEnvironment();
  const [commit, saving] = useMutation<AddTeamMemberDialogMutation>(graphql`
    mutation AddTeamMemberDialogMutation($input: CreateTeamMemberInput!, $connections: [ID!]!) {
      createTeamMember(input: $input) {
        __typename
        ... on CreateTeamMemberPayload {
          user @prependNode(connections: $connections, edgeTypeName: "QueryTeamMembersConnectionEdge") {
            id
            ...TeamPage_member
          }
        }
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
        ... on ConflictError {
          field
        }
      }
    }
  `);

  const form = useForm<TeamMemberFormValues, unknown, TeamMemberFormOutput>({ resolver: zodResolver(teamMemberForm), defaultValues: NEW_TEAM_MEMBER });
  const save = useFormSave(form, { failure: "Failed to add team member" });
  const { control } = form;

  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...input }) => {
    const source = environment.getStore().getSource();
    commit({
      variables: { input, connections: connections.filter((id) => source.get(id) != null) },
      onCompleted: (res) => save.completed(res.createTeamMember, "CreateTeamMemberPayload", "Team member added successfully", onDone),
      onError: save.failed,
    });
  });

  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>Add Team Member</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormText control={control} name="name" label="Full Name" required autoFocus autoComplete="off" />
          <FormText control={control} name="username" label="Username" required autoComplete="off" />
          <FormText control={control} name="password" label="Password" required type="password" autoComplete="new-password" />
          <FormText control={control} name="confirmPassword" label="Confirm Password" required type="password" autoComplete="new-password" />
          <FormSelect control={control} name="role" label="Role" options={ROLE_OPTIONS} />
          <FormText control={control} name="department" label="Department" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? "Adding..." : "Add Team Member"}
        </Button>
      </DialogActions>
    </form>
  );
}
