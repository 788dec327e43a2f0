import { Button, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import { graphql, useMutation, useRelayEnvironment } from "react-relay";
import type { AddTeamMemberDialogMutation } from "../../__generated__/AddTeamMemberDialogMutation.graphql.ts";
import { useToast } from "../../app/toast.tsx";

import { emptyTeamMember as empty, validateTeamMember, type FieldName, type Fields } from "./teamRules.ts";

export default function AddTeamMemberDialog({ titleId, connections, onDone }: { titleId: string; connections: string[]; onDone(): void }) {
  const { toast } = useToast();
  const environment = useRelayEnvironment();
  const [values, setValues] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
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

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateTeamMember(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    const source = environment.getStore().getSource();
    const { confirmPassword: _confirm, ...input } = values;
    commit({
      variables: {
        input: { ...input, username: input.username.trim(), name: input.name.trim(), department: input.department.trim() || null },
        connections: connections.filter((id) => source.get(id) != null),
      },
      onCompleted: (res) => {
        const r = res.createTeamMember;
        if (r.__typename === "CreateTeamMemberPayload") {
          toast({ title: "Team member added successfully", variant: "success" });
          onDone();
          return;
        }
        const message = r.message;
        const field = (r.__typename === "ValidationError" || r.__typename === "ConflictError") && r.field ? (r.field as FieldName) : undefined;
        if (field && field in empty && message) setErrors((x) => ({ ...x, [field]: message }));
        toast({ title: "Error", description: message || "Failed to add team member", variant: "destructive" });
      },
      onError: (err) => toast({ title: "Error", description: err.message || "Failed to add team member", variant: "destructive" }),
    });
  };

  const field = (name: FieldName, label: string, extra: Record<string, unknown> = {}) => ({
    name,
    label,
    value: values[name],
    onChange: set(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
    ...extra,
  });

  return (
    <form noValidate onSubmit={submit} style={{ display: "contents" }}>
      <DialogTitle id={titleId}>Add Team Member</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField {...field("name", "Full Name", { required: true, autoFocus: true, autoComplete: "off" })} />
          <TextField {...field("username", "Username", { required: true, autoComplete: "off" })} />
          <TextField {...field("password", "Password", { required: true, type: "password", autoComplete: "new-password" })} />
          <TextField {...field("confirmPassword", "Confirm Password", { required: true, type: "password", autoComplete: "new-password" })} />
          <TextField {...field("role", "Role", { select: true })}>
            <MenuItem value="employee">Employee</MenuItem>
            <MenuItem value="manager">Manager</MenuItem>
          </TextField>
          <TextField {...field("department", "Department")} />
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
