import { Box, CircularProgress, DialogContent, DialogTitle } from "@mui/material";

/** A dialog's title and a spinner while its form's code or data loads. */
export function FormLoading({ titleId, title }: { titleId: string; title: string }) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      </DialogContent>
    </>
  );
}
