import { useLingui } from "@lingui/react/macro";
import { Box, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { Fragment, startTransition, useEffect, useState, type ReactNode } from "react";
import { CardButton } from "../CardButton.tsx";
import { useListSheet } from "./listSheet.ts";

/** A column of a list's desktop table: its header (visually hidden when `hideHeader`, e.g. an actions column). */
export interface ListColumn {
  header: ReactNode;
  align?: "left" | "right" | "center";
  hideHeader?: boolean;
  /** Left out of the table (e.g. a manager's actions for other users). */
  omit?: boolean;
}

export const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

export interface ResponsiveListProps<T> {
  /** The accessible name of the table and of the phone's list ("Suppliers"). */
  label: string;
  items: readonly T[];
  itemKey(item: T): string;
  /** Cards on a phone, a table on a wider screen. */
  phone: boolean;
  columns: ListColumn[];
  /** A table row (a <TableRow>) for an item. */
  row(item: T): ReactNode;
  /** A phone card (an <li>) for an item. */
  card(item: T): ReactNode;
  /** What an empty list says ("No suppliers yet"), or an empty state of its own (shown in a card). */
  empty: ReactNode;
  /** A search or filter is refetching the list: a progress bar over it, and the list dimmed. */
  busy?: boolean;
  /** Smaller table rows (a list with many columns). */
  dense?: boolean;
  /** Extra styles of the table (e.g. tighter cells). */
  tableSx?: object;
  /** The connection's "Load more": shown while there is more. */
  more?: { hasNext: boolean; isLoadingNext: boolean; loadNext(): void };
}

/**
 * How many cards a phone renders at a time: its first pass fills a screen, and each further batch of
 * the same size follows in a transition of its own once the one before is on screen. A slow phone
 * paints the top of the list without first building all of it, no task builds and inserts twenty
 * cards at once, and the cards already shown do not render again when the next batch comes. Cards
 * added later (Load more, a live update) show at once.
 */
const CARD_BATCH = 4;

/** Which batches of a list's cards are shown: up to `revealed`, every one once the first pass is done. */
class CardReveal {
  revealed = 0;
  private readonly waiting = new Map<number, Set<() => void>>();

  /** A hidden card of `batch` waits to be shown; returns the cancel for its effect. */
  wait(batch: number, show: () => void): () => void {
    if (batch <= this.revealed) {
      show();
      return () => {};
    }
    const set = this.waiting.get(batch) ?? new Set();
    this.waiting.set(batch, set.add(show));
    return () => set.delete(show);
  }

  /** The cards of `batch` are committed: once every card of this commit has registered, show the next batch. */
  committed(batch: number) {
    queueMicrotask(() => {
      if (batch !== this.revealed) return;
      const next = this.waiting.get(batch + 1);
      this.waiting.delete(batch + 1);
      if (!next?.size) {
        this.revealed = Infinity;
        const rest = [...this.waiting.values()];
        this.waiting.clear();
        rest.forEach((set) => set.forEach((show) => show()));
        return;
      }
      this.revealed = batch + 1;
      startTransition(() => next.forEach((show) => show()));
    });
  }
}

function CardSlot({ reveal, batch, children }: { reveal: CardReveal; batch: number; children: ReactNode }) {
  const [shown, setShown] = useState(() => batch <= reveal.revealed);
  useEffect(() => (shown ? undefined : reveal.wait(batch, () => setShown(true))), [reveal, batch, shown]);
  useEffect(() => {
    if (shown) reveal.committed(batch);
  }, [reveal, batch, shown]);
  return shown ? children : null;
}

/**
 * Every list screen's body: the empty state, cards on a phone (a labelled <ul>), an outlined table with
 * bold headers on a wider screen, with a progress bar and dimmed while it refetches; then "Load more"
 * while the connection has more.
 */
export function ResponsiveList<T>({ label, items, itemKey, phone, columns, row, card, empty, busy = false, dense = false, tableSx, more }: ResponsiveListProps<T>) {
  const { t } = useLingui();
  const shown = columns.filter((c) => !c.omit);
  // Tables render whole (their rows are lighter, and a desktop is not a phone's CPU).
  const [reveal] = useState(() => new CardReveal());
  useListSheet();
  // The wrappers, the phone's list and the empty card are plain elements (listSheet.ts); the table and the
  // progress bar of a refetch stay MUI's.
  return (
    <>
      <div style={{ position: "relative" }} aria-busy={busy}>
        {busy && <LinearProgress aria-label={t`Updating list`} sx={{ position: "absolute", top: 0, left: 0, right: 0, zIndex: 1 }} />}
        <div style={{ opacity: busy ? 0.6 : 1, transition: "opacity 120ms" }}>
          {items.length === 0 ? (
            <div className="tl-card">
              {typeof empty === "string" ? (
                <div className="tl-list-empty-body">
                  <p className="tl-t tl-secondary tl-list-empty">{empty}</p>
                </div>
              ) : (
                empty
              )}
            </div>
          ) : phone ? (
            <ul className="tl-cards" aria-label={label}>
              {items.map((item, i) => (
                <CardSlot key={itemKey(item)} reveal={reveal} batch={Math.floor(i / CARD_BATCH)}>
                  {card(item)}
                </CardSlot>
              ))}
            </ul>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table aria-label={label} size={dense ? "small" : "medium"} sx={tableSx}>
                <TableHead>
                  <TableRow
                    sx={{
                      "& th": {
                        fontWeight: 700,
                        color: "text.secondary",
                        whiteSpace: "nowrap",
                      },
                    }}
                  >
                    {shown.map((c, i) => (
                      <TableCell key={i} align={c.align}>
                        {c.hideHeader ? (
                          <Box component="span" sx={visuallyHidden}>
                            {c.header}
                          </Box>
                        ) : (
                          c.header
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <Fragment key={itemKey(item)}>{row(item)}</Fragment>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </div>
      </div>
      {more && <LoadMore {...more} />}
    </>
  );
}

/** A connection's "Load more" button, centred below its list. */
function LoadMore({ hasNext, isLoadingNext, loadNext }: { hasNext: boolean; isLoadingNext: boolean; loadNext(): void }) {
  const { t } = useLingui();
  if (!hasNext) return null;
  return (
    <div className="tl-center">
      <CardButton size="medium" variant="outlined" onClick={loadNext} disabled={isLoadingNext}>
        {isLoadingNext ? t`Loading...` : t`Load more`}
      </CardButton>
    </div>
  );
}
