import BadgeIconMui from "@mui/icons-material/BadgeOutlined";
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
import { useDashboardSheet } from "./dashboardParts.ts";

// Plain <svg>s with MUI's look (components/plainIcon.tsx).
const BadgeIcon = plainIcon(BadgeIconMui);

function CardFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  useDashboardSheet();
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
        <p className="tl-t tl-body1 tl-secondary tl-empty">
          {select(daysCategory, { one: `No applicator certification expires within ${days} day`, other: `No applicator certification expires within ${days} days` })}
        </p>
      ) : (
        <ul className="tl-stack tl-sp-1 tl-list">
          {sorted.slice(0, 5).map((c) => (
            <li key={c.user.id} className={`tl-wrap-row tl-cert ${c.expiresInDays < 0 ? "tl-cert-expired" : "tl-cert-soon"}`}>
              <div className="tl-fill tl-cert-who">
                <p className="tl-t tl-body2 tl-bold">{c.user.name}</p>
                <span className="tl-t tl-caption tl-secondary">
                  <Trans>
                    {c.state} {c.number} · expires {calendarDate(c.expiresOn)}
                  </Trans>
                </span>
              </div>
              <CertificationChip certification={c} />
            </li>
          ))}
          {sorted.length > 5 && <li className="tl-t tl-caption tl-secondary">{select(moreCategory, { one: `and ${more} more on Team`, other: `and ${more} more on Team` })}</li>}
        </ul>
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
        <div className="tl-line tl-py-1">
          <BadgeIcon color="disabled" />
          <p className="tl-t tl-body2 tl-secondary">
            <Trans>No applicator certification on file. A manager records it on Team.</Trans>
          </p>
        </div>
      ) : (
        <div className="tl-stack tl-sp-1">
          <div className="tl-wrap-row">
            <BadgeIcon color="primary" />
            <p className="tl-t tl-body1 tl-heavy tl-fill">
              {c.state} {c.number}
            </p>
            <CertificationChip certification={c} />
          </div>
          <p className="tl-t tl-body2 tl-secondary">
            {c.issuedOn ? t`Issued ${calendarDate(c.issuedOn)} · Expires ${calendarDate(c.expiresOn)}` : t`Expires ${calendarDate(c.expiresOn)}`}
          </p>
          {c.categories.length > 0 && (
            <p className="tl-t tl-body2 tl-secondary">
              <Trans>Categories: {c.categories.join(", ")}</Trans>
            </p>
          )}
        </div>
      )}
    </CardFrame>
  );
}
