import { Card, LinearProgress, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { presetRange, type ReportInterval, type ReportRange } from "./range.ts";
import { daysInRange, PRESETS, rangeProblem } from "./rangeRules.ts";

type Props = { range: ReportRange; onChange(range: ReportRange): void; busy: boolean };

/** One date range for every report: presets, or From/To dates, and daily or weekly periods. */
export function DateRangeControl({ range, onChange, busy }: Props) {
  const { t, i18n } = useLingui();
  // What is typed; applied once it is a valid range.
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const problem = rangeProblem(from, to);
  const preset = PRESETS.find((p) => {
    const r = presetRange(p.days);
    return r.from === range.from && r.to === range.to;
  });

  const type = (next: { from?: string; to?: string }) => {
    const f = next.from ?? from;
    const until = next.to ?? to;
    setFrom(f);
    setTo(until);
    if (!rangeProblem(f, until)) onChange({ ...range, from: f, to: until });
  };
  const pick = (days: number) => {
    const r = presetRange(days);
    setFrom(r.from);
    setTo(r.to);
    onChange(r);
  };

  return (
    <Card component="section" aria-label={t`Date range`} sx={{ p: { xs: 1.5, sm: 2 }, position: "relative", overflow: "hidden" }}>
      {busy && <LinearProgress aria-label={t`Updating reports`} sx={{ position: "absolute", top: 0, left: 0, right: 0 }} />}
      <Stack direction={{ xs: "column", md: "row" }} spacing={1.5} useFlexGap sx={{ alignItems: { md: "center" }, flexWrap: "wrap" }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset?.days ?? null}
          onChange={(_e, days: number | null) => days && pick(days)}
          aria-label={t`Preset ranges`}
          sx={{ flexWrap: "wrap" }}
        >
          {PRESETS.map((p) => (
            <ToggleButton key={p.days} value={p.days} sx={{ px: 1.5, textTransform: "none" }}>
              {i18n._(p.label)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
          {(["from", "to"] as const).map((end) => (
            <TextField
              key={end}
              label={end === "from" ? t`From` : t`To`}
              type="date"
              size="small"
              value={end === "from" ? from : to}
              onChange={(e) => type({ [end]: e.target.value })}
              error={Boolean(problem)}
              // The problem shows once, under the second date.
              helperText={end === "to" ? (problem ?? undefined) : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: end === "from" ? { max: to || undefined } : { min: from || undefined } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
          ))}
        </Stack>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range.interval}
          onChange={(_e, interval: ReportInterval | null) => interval && onChange({ ...range, interval })}
          aria-label={t`Period`}
        >
          <ToggleButton value="DAY" sx={{ textTransform: "none" }}>
            <Trans>Daily</Trans>
          </ToggleButton>
          <ToggleButton value="WEEK" sx={{ textTransform: "none" }}>
            <Trans>Weekly</Trans>
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="textSecondary" sx={{ ml: { md: "auto" } }}>
          {plural(daysInRange(range.from, range.to), { one: "# day, applies to every report", other: "# days, applies to every report" })}
        </Typography>
      </Stack>
    </Card>
  );
}
