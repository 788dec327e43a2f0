import { Trans, useLingui } from "@lingui/react/macro";
import DescriptionIcon from "@mui/icons-material/Description";
import DownloadIcon from "@mui/icons-material/Download";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { SdsUploaderAttachMutation } from "../__generated__/SdsUploaderAttachMutation.graphql.ts";
import type { SdsUploaderUploadMutation } from "../__generated__/SdsUploaderUploadMutation.graphql.ts";
import { useToast } from "../platform/toast.tsx";
import { checkSdsFile, SDS_CONTENT_TYPES } from "./sdsFile.ts";

type Props = { itemId: string | null; sdsFileUrl: string | null | undefined };

/** SDS uploader (§4: no file, file chosen, uploading, linked). Disabled until the item has been saved. */
export function SdsUploader({ itemId, sdsFileUrl }: Props) {
  const { t } = useLingui();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [createUpload] = useMutation<SdsUploaderUploadMutation>(graphql`
    mutation SdsUploaderUploadMutation($input: CreateSdsUploadInput!) {
      createSdsUpload(input: $input) {
        __typename
        ... on CreateSdsUploadPayload {
          signedUrl
          objectPath
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [attach] = useMutation<SdsUploaderAttachMutation>(graphql`
    mutation SdsUploaderAttachMutation($input: AttachSdsFileInput!) {
      attachSdsFile(input: $input) {
        __typename
        ... on AttachSdsFilePayload {
          inventoryItem {
            id
            sdsFileUrl
          }
          equipment {
            id
            sdsFileUrl
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

  /** Rejects with the server's reason when it is about the file's bytes (checked on attach when they went straight to the store). */
  const link = (url: string | null) =>
    new Promise<void>((resolve, reject) =>
      attach({
        variables: { input: { id: itemId!, sdsFileUrl: url } },
        onCompleted: ({ attachSdsFile: r }) =>
          r.__typename === "AttachSdsFilePayload" ? resolve() : reject(new Error(r.__typename === "ValidationError" && r.field === "file" ? r.message : "")),
        onError: reject,
      }),
    );

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkSdsFile(file);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      if (input.current) input.current.value = "";
      return;
    }
    setChosen(file);
  }

  async function upload() {
    if (!chosen || !itemId) return;
    setUploading(true);
    const ext = chosen.name.split(".").pop()!.toLowerCase();
    const contentType = SDS_CONTENT_TYPES[ext]!;
    let step = t`Failed to get upload URL`;
    try {
      const target = await new Promise<{ signedUrl: string; objectPath: string }>((resolve, reject) =>
        createUpload({
          // The size lets an S3 store hand out a presigned URL for exactly these bytes.
          variables: { input: { fileName: chosen.name, contentType, size: chosen.size } },
          onCompleted: ({ createSdsUpload: r }) => (r.signedUrl && r.objectPath ? resolve({ signedUrl: r.signedUrl, objectPath: r.objectPath }) : reject(new Error())),
          onError: reject,
        }),
      );
      step = t`Failed to upload file`;
      const put = await fetch(target.signedUrl, { method: "PUT", headers: { "content-type": contentType }, body: chosen });
      if (!put.ok) {
        // The server says why (e.g. the contents are not the file type its name says).
        const reason = await put.json().then((body: { message?: unknown }) => body?.message, () => undefined);
        if (typeof reason === "string" && reason) step = reason;
        throw new Error();
      }
      step = t`Failed to link SDS file to item`;
      await link(target.objectPath).catch((err: unknown) => {
        if (err instanceof Error && err.message) step = err.message;
        throw err;
      });
      toast({ title: t`SDS Upload Complete`, description: chosen.name, variant: "success" });
      setChosen(null);
    } catch {
      toast({ title: t`Upload Failed`, description: step, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  async function remove() {
    try {
      await link(null);
      toast({ title: t`SDS Removed`, variant: "success" });
    } catch {
      toast({ title: t`Remove Failed`, description: t`Failed to remove SDS file`, variant: "destructive" });
    }
  }

  async function download() {
    if (!sdsFileUrl) return;
    try {
      const res = await fetch(sdsFileUrl, { credentials: "same-origin" });
      if (!res.ok) throw new Error();
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = decodeURIComponent(sdsFileUrl.split("/").pop() ?? "sds");
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      toast({ title: t`Download Failed`, description: t`Could not download SDS file`, variant: "destructive" });
    }
  }

  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 2 }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Safety Data Sheet (SDS)</Trans>
      </Typography>
      {!itemId ? (
        <Alert severity="info">
          <Trans>Save item first to upload SDS files</Trans>
        </Alert>
      ) : sdsFileUrl ? (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          <DescriptionIcon color="primary" />
          <Typography variant="body2" sx={{ flex: 1, wordBreak: "break-all" }}>
            {decodeURIComponent(sdsFileUrl.split("/").pop() ?? "")}
          </Typography>
          <Button startIcon={<DownloadIcon />} onClick={download}>
            <Trans>Download</Trans>
          </Button>
          <Button color="error" onClick={remove}>
            <Trans>Remove</Trans>
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1}>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t`SDS file`}
            accept=".pdf,.doc,.docx,.txt,application/pdf,text/plain,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={uploading} sx={{ whiteSpace: "nowrap", flexShrink: 0 }}>
              <Trans>Choose file</Trans>
            </Button>
            <Typography variant="body2" color="textSecondary" noWrap>
              {chosen ? chosen.name : t`PDF, DOC, DOCX or TXT, under 10MB`}
            </Typography>
          </Stack>
          {chosen && (
            <Button variant="contained" onClick={upload} disabled={uploading}>
              {uploading ? t`Uploading...` : t`Upload SDS`}
            </Button>
          )}
          {uploading && <LinearProgress />}
        </Stack>
      )}
    </Box>
  );
}
