import { t } from "@lingui/core/macro";
/** The §5 SDS types by extension, with the content type the upload is signed for. */
export const SDS_CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
const MAX_BYTES = 10 * 1024 * 1024;

/** §5 file rules, before anything is sent. Returns the error toast to show, or null. */
export function checkSdsFile(file: { name: string; size: number }): { title: string; description: string } | null {
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!SDS_CONTENT_TYPES[ext]) return { title: t`Invalid File Type`, description: t`Please select a PDF, DOC, DOCX, or TXT file` };
  if (file.size >= MAX_BYTES) return { title: t`File Too Large`, description: t`SDS files must be smaller than 10MB` };
  return null;
}
