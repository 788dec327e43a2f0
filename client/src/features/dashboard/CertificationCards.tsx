import BadgeIconMui from "@mui/icons-material/BadgeOutlined";
import { Box, Stack, Typography } from "@mui/material";
import { select } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { CertificationCards_expiring$key } from "../../__generated__/CertificationCards_expiring.graphql.ts";
import type { CertificationCards_mine$key } from "../../__generated__/CertificationCards_mine.graphql.ts";
import { CertificationChip, EXPIRING_SOON_DAYS } from "../team/index.ts";
import { calendarDate } from "../../platform/dates.ts";
import { countWords } from "../../platform/i18n.ts";
import { plainIcon } from "../../components/plainIcon.tsx";
import { CardButton } from "../../components/CardButton.tsx";
import { SectionCard } from "../../components/cardParts.tsx";

// Plain <svg>s with MUI's look (components/plainIcon.tsx).
const BadgeIcon = plainIcon(BadgeIconMui);

function CardFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <SectionCard full as="section" aria-label={title} title={title} action={action}>
      {children}
    </SectionCard>
  );
}

/** Managers: certifications that expired or expire within 60 days (the server's expiringCertifications), soonest first. */
export function ExpiringCertificationsCard({ query }: { query: CertificationCards_expiring$key }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const { expiringCertifications: certs } = useFragment(
    graphql`
      fragment CertificationCards_expiring on Query {
        expiringCertifications {
          number
          state
          expiresOn
          expiresInDays
          valid
          user {
            id
            name
          }
        }
      }
    `,
    query,
  );
  const sorted = [...certs].sort((a, b) => a.expiresInDays - b.expiresInDays);
  // Counts in words without Intl.NumberFormat (countWords): this card is on the dashboard, the first screen.
  const { category: daysCategory, shown: days } = countWords(EXPIRING_SOON_DAYS);
  const { category: moreCategory, shown: more } = countWords(sorted.length - 5);
  return (
    <CardFrame
      title={t`Certifications expiring`}
      action={
        <CardButton size="medium" onClick={() => navigate("/team")}>
          <Trans>Team</Trans>
        </CardButton>
      }
    >
      {sorted.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2, textAlign: "center" }}>
          {select(daysCategory, { one: `No applicator certification expires within ${days} day`, other: `No applicator certification expires within ${days} days` })}
        </Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {sorted.slice(0, 5).map((c) => (
            <Stack
              key={c.user.id}
              component="li"
              direction="row"
              sx={{ alignItems: "center", columnGap: 1, rowGap: 0.5, flexWrap: "wrap", p: 1.5, borderRadius: 2, bgcolor: c.expiresInDays < 0 ? "#fdecea" : "#fff4e5" }}
            >
              <Box sx={{ flex: 1, minWidth: 160 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {c.user.name}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  <Trans>
                    {c.state} {c.number} · expires {calendarDate(c.expiresOn)}
                  </Trans>
                </Typography>
              </Box>
              <CertificationChip certification={c} />
            </Stack>
          ))}
          {sorted.length > 5 && (
            <Typography component="li" variant="caption" color="textSecondary">
              {select(moreCategory, { one: `and ${more} more on Team`, other: `and ${more} more on Team` })}
            </Typography>
          )}
        </Stack>
      )}
    </CardFrame>
  );
}

/** Everyone else: their own applicator certification, as a manager recorded it. */
export function MyCertificationCard({ query }: { query: CertificationCards_mine$key }) {
  const { viewer } = useFragment(
    graphql`
      fragment CertificationCards_mine on Query {
        viewer {
          id
          certification {
            ...certificationStatus_certification @relay(mask: false)
          }
        }
      }
    `,
    query,
  );
  const c = viewer?.certification;
  const { t } = useLingui();
  return (
    <CardFrame title={t`My certification`}>
      {!c ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", py: 1 }}>
          <BadgeIcon color="disabled" />
          <Typography variant="body2" color="textSecondary">
            <Trans>No applicator certification on file. A manager records it on Team.</Trans>
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: "center", columnGap: 1, rowGap: 0.5, flexWrap: "wrap" }}>
            <BadgeIcon color="primary" />
            <Typography variant="body1" sx={{ fontWeight: 700, flex: 1 }}>
              {c.state} {c.number}
            </Typography>
            <CertificationChip certification={c} />
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {c.issuedOn ? t`Issued ${calendarDate(c.issuedOn)} · Expires ${calendarDate(c.expiresOn)}` : t`Expires ${calendarDate(c.expiresOn)}`}
          </Typography>
          {c.categories.length > 0 && (
            <Typography variant="body2" color="textSecondary">
              <Trans>Categories: {c.categories.join(", ")}</Trans>
            </Typography>
          )}
        </Stack>
      )}
    </CardFrame>
  );
}
