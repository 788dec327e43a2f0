import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import {
  Autocomplete, Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, MenuItem,
  Stack, TextField, Typography,
} from "@mui/material";
import { Suspense, useState, type FormEvent } from "react";
import { ConnectionHandler, graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from "react-relay";
import type { RequestFormQuery } from "../../__generated__/RequestFormQuery.graphql.ts";
import type { RequestFormCreateMutation, RequestType } from "../../__generated__/RequestFormCreateMutation.graphql.ts";
import { useToast } from "../../app/toast.tsx";
import { addLine, type Line } from "./lines.ts";
import { adjustPendingCount } from "./useDecideRequest.ts";

type Props = { titleId: string; onDone(): void; prefill?: { itemId: string; quantity: number } };

/** §5 request form: type, lines (same item twice sums), justification; rendered inside a Dialog. */
export default function RequestForm({ titleId, onDone, prefill }: Props) {
  return (
    <>
      <DialogTitle id={titleId}>Create New Request</DialogTitle>
      <Suspense
        fallback={
          <DialogContent sx={{ display: "grid", placeItems: "center", minHeight: 200 }}>
            <CircularProgress aria-label="Loading items" />
          </DialogContent>
        }
      >
        <RequestFormBody onDone={onDone} prefill={prefill} />
      </Suspense>
    </>
  );
}

/** The Requests page's lists that a new request belongs in (All and Pending), when loaded. */
const requestConnectionFilters = [undefined, { status: "pending" }];

function RequestFormBody({ onDone, prefill }: Omit<Props, "titleId">) {
  const { toast } = useToast();
  const environment = useRelayEnvironment();
  const data = useLazyLoadQuery<RequestFormQuery>(
    graphql`
      query RequestFormQuery {
        inventoryItems(first: 100) {
          edges {
            node {
              id
              name
              quantity
              unit
            }
          }
        }
        equipment(first: 100, status: available) {
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
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const inventory = data.inventoryItems.edges.map((e) => e.node);
  const equipment = data.equipment.edges.map((e) => e.node).filter((e) => e.status === "available");

  const [type, setType] = useState<RequestType>("inventory");
  const [lines, setLines] = useState<Line[]>(() => {
    if (!prefill) return [];
    const item = inventory.find((i) => i.id === prefill.itemId);
    return item ? [{ id: item.id, name: item.name, quantity: Math.max(1, prefill.quantity) }] : [];
  });
  const [selected, setSelected] = useState<{ id: string; label: string } | null>(null);
  const [quantity, setQuantity] = useState("1");
  const [addError, setAddError] = useState<string | null>(null);
  const [justification, setJustification] = useState("");
  const [justificationError, setJustificationError] = useState<string | null>(null);
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
        ... on Error {
          message
        }
        ... on ValidationError {
          field
        }
      }
    }
  `);

  const options =
    type === "equipment"
      ? equipment.map((e) => ({ id: e.id, label: e.serialNumber ? `${e.name} (${e.serialNumber})` : e.name, name: e.name }))
      : inventory.map((i) => ({ id: i.id, label: `${i.name} (${i.quantity} ${i.unit} in stock)`, name: i.name }));

  const changeType = (next: RequestType) => {
    setType(next);
    setLines([]);
    setSelected(null);
    setQuantity("1");
    setAddError(null);
  };

  const add = () => {
    const qty = type === "equipment" ? 1 : Number(quantity);
    const option = selected && options.find((o) => o.id === selected.id);
    if (!option || !Number.isInteger(qty) || qty <= 0) {
      setAddError("Please select an item and enter a valid quantity");
      return;
    }
    setLines((current) => addLine(current, { id: option.id, name: option.name, quantity: qty }, type === "equipment"));
    setSelected(null);
    setQuantity("1");
    setAddError(null);
    setTriedEmpty(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let ok = true;
    if (lines.length === 0) {
      setTriedEmpty(true);
      ok = false;
    }
    if (!justification.trim()) {
      setJustificationError("Please provide justification for this request");
      ok = false;
    }
    if (!ok) return;
    const source = environment.getStore().getSource();
    const connections = requestConnectionFilters
      .map((filters) => ConnectionHandler.getConnectionID("client:root", "RequestsPage_requests", filters))
      .filter((id) => source.get(id) != null);
    commit({
      variables: {
        input: { type, justification: justification.trim(), items: lines.map((l) => ({ id: l.id, quantity: l.quantity })) },
        connections,
      },
      updater: (store, data) => {
        if (data?.createRequest.__typename === "CreateRequestPayload") adjustPendingCount(store, +1);
      },
      onCompleted: (res) => {
        const r = res.createRequest;
        if (r.__typename === "CreateRequestPayload") {
          toast({ title: "Request submitted successfully", variant: "success" });
          onDone();
          return;
        }
        const message = r.message;
        if (r.__typename === "ValidationError" && r.field === "justification" && message) setJustificationError(message);
        toast({ title: "Error", description: message || "Failed to submit request", variant: "destructive" });
      },
      onError: (err) => toast({ title: "Error", description: err.message || "Failed to submit request", variant: "destructive" }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField select label="Request Type" value={type} onChange={(e) => changeType(e.target.value as RequestType)} fullWidth>
            <MenuItem value="inventory">Inventory Items</MenuItem>
            <MenuItem value="equipment">Equipment</MenuItem>
          </TextField>

          <Box>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              Add Items
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
              <Autocomplete
                sx={{ flex: 1, minWidth: 0 }}
                options={options}
                value={selected ? (options.find((o) => o.id === selected.id) ?? null) : null}
                onChange={(_e, value) => {
                  setSelected(value ? { id: value.id, label: value.label } : null);
                  setAddError(null);
                }}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                noOptionsText={type === "equipment" ? "No available equipment" : "No inventory items"}
                renderInput={(params) => <TextField {...params} label={type === "equipment" ? "Equipment" : "Item"} />}
              />
              <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
                {type === "inventory" && (
                  <TextField
                    label="Quantity"
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
                  Add Item
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
              Requested Items
            </Typography>
            {lines.length === 0 ? (
              <Typography variant="body2" color={triedEmpty ? "error" : "text.secondary"} role={triedEmpty ? "alert" : undefined}>
                Please add at least one item to your request
              </Typography>
            ) : (
              <List dense aria-labelledby="request-lines-heading" sx={{ border: 1, borderColor: "divider", borderRadius: 2, py: 0, overflow: "hidden" }}>
                {lines.map((l, index) => (
                  <ListItem
                    key={l.id}
                    divider={index < lines.length - 1}
                    secondaryAction={
                      <IconButton edge="end" aria-label={`Remove ${l.name}`} onClick={() => setLines((c) => c.filter((x) => x.id !== l.id))}>
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

          <TextField
            label="Justification"
            required
            multiline
            minRows={3}
            value={justification}
            onChange={(e) => {
              setJustification(e.target.value);
              if (justificationError) setJustificationError(null);
            }}
            error={Boolean(justificationError)}
            helperText={justificationError ?? "Why are these items needed?"}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={lines.length === 0 || submitting}>
          {submitting ? "Submitting..." : "Submit Request"}
        </Button>
      </DialogActions>
    </Box>
  );
}
