import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import {
  Autocomplete, Box, Button, IconButton, List, ListItem, ListItemText, MenuItem,
  Stack, TextField, Typography,
} from "@mui/material";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { fetchQuery, graphql, useMutation, useRelayEnvironment } from "react-relay";
import type { RequestFormCreateMutation, RequestType } from "../../__generated__/RequestFormCreateMutation.graphql.ts";
import type { RequestFormEquipmentSearchQuery } from "../../__generated__/RequestFormEquipmentSearchQuery.graphql.ts";
import { requestForm } from "../../../../schemas/requests.ts";
import { useSession } from "../../platform/session.ts";
import { FormText } from "../../components/form/fields.tsx";
import { FormDialog } from "../../components/form/FormDialog.tsx";
import type { FormSave } from "../../components/form/useFormSave.ts";
import type { RequestPrefill } from "../../platform/quickActions.ts";
import { useSearchOptions } from "../../components/form/useSearchOptions.ts";
import { searchItems } from "../inventory/index.ts";
import { useKeptOnPhone } from "../../offline/useKeptOnPhone.ts";
import { connectionsForNewRequest } from "./connections.ts";
import { addLine, equipmentOptions, inventoryOptions, PICKER_PAGE, type Line, type PickerOption } from "./lines.ts";
import { adjustPendingCount } from "./pendingCount.ts";

type Props = { titleId: string; onDone(): void; prefill?: RequestPrefill };

const TITLE = msg`Create New Request`;

/** §5 request form: type, lines (same item twice sums), justification; rendered inside a Dialog. The dashboard's reorder button opens it with one item on it. */
export default function RequestForm({ titleId, onDone, prefill }: Props) {
  const lines = prefill ? [{ id: prefill.itemId, name: prefill.name, quantity: Math.max(1, prefill.quantity) }] : [];
  return <RequestFormFields titleId={titleId} onDone={onDone} initialLines={lines} />;
}

const equipmentSearchQuery = graphql`
  query RequestFormEquipmentSearchQuery($search: String, $first: Int!) {
    equipment(first: $first, status: available, search: $search) {
      edges {
        node {
          id
          name
          serialNumber
          status
        }
      }
    }
  }
`;

/** The picker's choices for the request's type, searched on the server as the user types (the first PICKER_PAGE matches). */
function usePickerOptions(type: RequestType, text: string) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  return useSearchOptions(
    text,
    (search) =>
      type === "equipment"
        ? fetchQuery<RequestFormEquipmentSearchQuery>(environment, equipmentSearchQuery, { search, first: PICKER_PAGE }).map((data) => equipmentOptions(data.equipment.edges.map((e) => e.node)))
        : searchItems(environment, search, PICKER_PAGE).map((items) => inventoryOptions(items, (quantity, unit) => t`${quantity} ${unit} in stock`)),
    type,
  );
}

/** The Requests page's lists a request the viewer makes belongs in (All and Pending), when loaded. */
function ownRequestConnections(source: { get(id: string): unknown }, viewerId: string) {
  return connectionsForNewRequest({ status: "pending", requesterId: viewerId }, viewerId).filter((id) => source.get(id) != null);
}

function RequestFormFields({ titleId, onDone, initialLines }: { titleId: string; onDone(): void; initialLines: Line[] }) {
  const { t, i18n } = useLingui();
  const environment = useRelayEnvironment();
  const viewerId = useSession().viewer.id;

  const [type, setType] = useState<RequestType>("inventory");
  const [lines, setLines] = useState<Line[]>(initialLines);
  const [selected, setSelected] = useState<PickerOption | null>(null);
  const [searchText, setSearchText] = useState("");
  const picker = usePickerOptions(type, searchText);
  const [quantity, setQuantity] = useState("1");
  const [addError, setAddError] = useState<string | null>(null);
  const kept = useKeptOnPhone();
  const [triedEmpty, setTriedEmpty] = useState(false);

  const [commit, submitting] = useMutation<RequestFormCreateMutation>(graphql`
    mutation RequestFormCreateMutation($input: CreateRequestInput!, $connections: [ID!]!) {
      createRequest(input: $input) {
        __typename
        ... on CreateRequestPayload {
          request @prependNode(connections: $connections, edgeTypeName: "QueryRequestsConnectionEdge") {
            id
            ...RequestsPage_request
          }
        }
        ...useFormSave_error @alias(as: "error")
      }
    }
  `);

  const changeType = (next: RequestType) => {
    setType(next);
    setLines([]);
    setSelected(null);
    setSearchText("");
    setQuantity("1");
    setAddError(null);
  };

  const add = () => {
    const qty = type === "equipment" ? 1 : Number(quantity);
    const option = selected;
    if (!option || !Number.isInteger(qty) || qty <= 0) {
      setAddError(t`Please select an item and enter a valid quantity`);
      return;
    }
    setLines((current) => addLine(current, { id: option.id, name: option.name, quantity: qty }, type === "equipment"));
    setSelected(null);
    setSearchText("");
    setQuantity("1");
    setAddError(null);
    setTriedEmpty(false);
  };

  const submit = ({ justification }: { justification: string }, save: FormSave) => {
    if (lines.length === 0) return setTriedEmpty(true);
    const connections = ownRequestConnections(environment.getStore().getSource(), viewerId);
    commit({
      variables: { input: { type, justification, items: lines.map((l) => ({ id: l.id, quantity: l.quantity })) }, connections },
      updater: (store, data) => {
        const r = data?.createRequest;
        if (r?.__typename === "CreateRequestPayload" && r.request) adjustPendingCount(store, +1, { requestId: r.request.id, status: "pending" });
      },
      onCompleted: (res) => save.completed(res.createRequest, "CreateRequestPayload", t`Request submitted successfully`, onDone),
      onError: (err) => (kept(err) ? onDone() : save.failed(err)),
    });
  };

  return (
    <FormDialog
      titleId={titleId}
      title={i18n._(TITLE)}
      schema={requestForm}
      defaultValues={{ justification: "" }}
      failure={t`Failed to submit request`}
      submitLabel={t`Submit Request`}
      busyLabel={t`Submitting...`}
      busy={submitting}
      disabled={lines.length === 0}
      onCancel={onDone}
      onSubmit={submit}
      onInvalid={() => lines.length === 0 && setTriedEmpty(true)}
    >
      {({ control }) => (
        <Stack spacing={2.5}>
          <TextField select label={t`Request Type`} value={type} onChange={(e) => changeType(e.target.value as RequestType)} fullWidth>
            <MenuItem value="inventory">
              <Trans>Inventory Items</Trans>
            </MenuItem>
            <MenuItem value="equipment">
              <Trans>Equipment</Trans>
            </MenuItem>
          </TextField>

          <Box>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              <Trans>Add Items</Trans>
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
              <Autocomplete
                sx={{ flex: 1, minWidth: 0 }}
                options={picker.options}
                // The server has searched already; every answer it gives is a match.
                filterOptions={(o) => o}
                loading={picker.loading}
                loadingText={t`Loading...`}
                value={selected}
                onChange={(_e, value) => {
                  setSelected(value);
                  setAddError(null);
                }}
                inputValue={searchText}
                onInputChange={(_e, text, reason) => {
                  // Picking an option writes its label into the box: that is not a new search.
                  if (reason === "reset" && selected && text === selected.label) return;
                  setSearchText(text);
                }}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                noOptionsText={picker.failed ? t`Could not load items` : type === "equipment" ? t`No available equipment` : t`No inventory items`}
                renderInput={(params) => <TextField {...params} label={type === "equipment" ? t`Equipment` : t`Item`} />}
              />
              <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
                {type === "inventory" && (
                  <TextField
                    label={t`Quantity`}
                    type="number"
                    value={quantity}
                    onChange={(e) => {
                      setQuantity(e.target.value);
                      setAddError(null);
                    }}
                    slotProps={{ htmlInput: { min: 1, step: 1 } }}
                    sx={{ width: { xs: "auto", sm: 120 }, flex: { xs: 1, sm: "none" } }}
                  />
                )}
                <Button variant="outlined" startIcon={<AddIcon />} onClick={add} sx={{ height: 56, flexShrink: 0, flex: { xs: 1, sm: "none" } }}>
                  <Trans>Add Item</Trans>
                </Button>
              </Stack>
            </Stack>
            {addError && (
              <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                {addError}
              </Typography>
            )}
          </Box>

          <Box>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }} id="request-lines-heading">
              <Trans>Requested Items</Trans>
            </Typography>
            {lines.length === 0 ? (
              <Typography variant="body2" color={triedEmpty ? "error" : "textSecondary"} role={triedEmpty ? "alert" : undefined}>
                <Trans>Please add at least one item to your request</Trans>
              </Typography>
            ) : (
              <List dense aria-labelledby="request-lines-heading" sx={{ border: 1, borderColor: "divider", borderRadius: 2, py: 0, overflow: "hidden" }}>
                {lines.map((l, index) => (
                  <ListItem
                    key={l.id}
                    divider={index < lines.length - 1}
                    secondaryAction={
                      <IconButton edge="end" aria-label={t`Remove ${l.name}`} onClick={() => setLines((c) => c.filter((x) => x.id !== l.id))}>
                        <DeleteIcon />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={`${l.quantity} x ${l.name}`} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>

          <FormText control={control} name="justification" label={t`Justification`} required multiline minRows={3} helperText={t`Why are these items needed?`} />
        </Stack>
      )}
    </FormDialog>
  );
}
