import { Stack } from "@mui/material";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { graphql, useMutation, useRelayEnvironment } from "react-relay";
import type { AddTeamMemberDialogMutation } from "../../__generated__/AddTeamMemberDialogMutation.graphql.ts";
import { NEW_TEAM_MEMBER, teamMemberForm, type TeamMemberFormOutput } from "../../../../schemas/team.ts";
import { FormSelect, FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";

const ROLE_OPTIONS = [
  { value: "employee", label: msg`Employee` },
  { value: "manager", label: msg`Manager` },
];

export default function AddTeamMemberDialog({ titleId, connections, onDone }: { titleId: string; connections: string[]; onDone(): void }) {
  const environment = useRelayEnvironment();
  const { t, i18n } = useLingui();
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
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const submit = ({ confirmPassword: _confirm, ...input }: TeamMemberFormOutput, save: FormSave) => {
    const source = environment.getStore().getSource();
    commit({
      variables: { input, connections: connections.filter((id) => source.get(id) != null) },
      onCompleted: (res) => save.completed(res.createTeamMember, "CreateTeamMemberPayload", t`Team member added successfully`, onDone),
      onError: save.failed,
    });
  };

  return (
    <FormDialog
      titleId={titleId}
      title={t`Add Team Member`}
      schema={teamMemberForm}
      defaultValues={NEW_TEAM_MEMBER}
      failure={t`Failed to add team member`}
      submitLabel={t`Add Team Member`}
      busyLabel={t`Adding...`}
      busy={saving}
      onCancel={onDone}
      onSubmit={submit}
    >
      {({ control }) => (
        <Stack spacing={2}>
          <FormText control={control} name="name" label={t`Full Name`} required autoFocus autoComplete="off" />
          <FormText control={control} name="username" label={t`Username`} required autoComplete="off" />
          <FormText control={control} name="password" label={t`Password`} required type="password" autoComplete="new-password" />
          <FormText control={control} name="confirmPassword" label={t`Confirm Password`} required type="password" autoComplete="new-password" />
          <FormSelect control={control} name="role" label={t`Role`} options={ROLE_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }))} />
          <FormText control={control} name="department" label={t`Department`} />
        </Stack>
      )}
    </FormDialog>
  );
}
