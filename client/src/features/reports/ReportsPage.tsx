import { Alert, Stack } from "@mui/material";
import { useLingui } from "@lingui/react/macro";
import { Suspense, useTransition } from "react";
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import type { ReportsPageQuery } from "../../__generated__/ReportsPageQuery.graphql.ts";
import { Loading } from "../../components/Loading.tsx";
import { AccessDenied } from "../../components/AccessDenied.tsx";
import { useCardSheet } from "../../components/cardParts.tsx";
import { useManagerRouteQuery } from "../../components/ManagerPage.tsx";
import { ApplicationReportsSection } from "./ApplicationReports.tsx";
import { ChemicalUseByProductReport, ChemicalUseByTechnicianReport, ChemicalUseRecordsReport } from "./ChemicalUseReports.tsx";
import { DateRangeControl } from "./DateRangeControl.tsx";
import { EquipmentCategoryReport, EquipmentStatusReport } from "./EquipmentReports.tsx";
import type { ReportRange } from "./range.ts";
import { ReportsProvider } from "./ReportCard.tsx";
import { OpensPageContext } from "./reveal.tsx";
import { RequestStatusReport, TopRequestedReport } from "./RequestReports.tsx";
import { SpendByCategoryReport, SpendBySupplierReport } from "./SpendReports.tsx";
import { LowStockReport, StockMovementsReport, StockValueByLocationReport, StockValueReport } from "./StockReports.tsx";

/** Reports & Analytics (managers): every report over one date range, each with its CSV. */
export default function ReportsPage() {
  // The loader starts the default range's reports (last 30 days) for managers only.
  const initialRef = useManagerRouteQuery<ReportsPageQuery>();
  const { t } = useLingui();
  if (!initialRef) return <AccessDenied text={t`You need manager privileges to access reports.`} />;
  return <Reports initialRef={initialRef} />;
}

function Reports({ initialRef }: { initialRef: PreloadedQuery<ReportsPageQuery> }) {
  const [queryRef, loadReports] = useQueryLoader<ReportsPageQuery>(reportsQuery, initialRef);
  const range = (queryRef ?? initialRef).variables as ReportRange;
  // A new range loads while the current reports stay on screen.
  const [busy, startTransition] = useTransition();
  return (
    <Stack spacing={2}>
      <DateRangeControl range={range} busy={busy} onChange={(next) => startTransition(() => loadReports(next, { fetchPolicy: "store-and-network" }))} />
      <Suspense fallback={<Loading />}>
        <ReportGrid queryRef={queryRef ?? initialRef} />
      </Suspense>
    </Stack>
  );
}

const reportsQuery = graphql`
  query ReportsPageQuery($from: String!, $to: String!, $interval: ReportInterval!) @preloadable {
    reports(from: $from, to: $to, interval: $interval) {
      __typename
      ... on Reports @alias(as: "ready") {
        ...StockReports_value
        ...StockReports_locations
        ...StockReports_movements
        ...StockReports_lowStock
        ...SpendReports_bySupplier
        ...SpendReports_byCategory
        ...EquipmentReports_byStatus
        ...EquipmentReports_byCategory
        ...RequestReports_requests
        ...RequestReports_top
        ...ChemicalUseReports_byProduct
        ...ChemicalUseReports_byTechnician
        ...ChemicalUseReports_records
      }
      ... on Error {
        message
      }
    }
    applicationReports(from: $from, to: $to) {
      __typename
      ... on ApplicationReports @alias(as: "ready") {
        ...ApplicationReports_reports
      }
      ... on Error {
        message
      }
    }
  }
`;

function ReportGrid({ queryRef }: { queryRef: PreloadedQuery<ReportsPageQuery> }) {
  const data = usePreloadedQuery<ReportsPageQuery>(reportsQuery, queryRef);
  useCardSheet();
  const range = queryRef.variables as ReportRange;
  const reports = data.reports.ready;
  const { t } = useLingui();
  if (!reports) return <Alert severity="error">{data.reports.message ?? t`Reports are not available`}</Alert>;
  // MUI's Grid as classes (components/cardParts.tsx).
  const half = "tl-xs-12 tl-lg-6";
  const whole = "tl-xs-12";
  return (
    <ReportsProvider range={range}>
      <div className="tl-cols tl-gap-2">
        <OpensPageContext.Provider value={true}>
          <div className={half}>
            <StockValueReport reports={reports} />
          </div>
          <div className={half}>
            <LowStockReport reports={reports} />
          </div>
        </OpensPageContext.Provider>
        <div className={whole}>
          <StockValueByLocationReport reports={reports} />
        </div>
        <div className={whole}>
          <StockMovementsReport reports={reports} />
        </div>
        <div className={half}>
          <SpendBySupplierReport reports={reports} />
        </div>
        <div className={half}>
          <SpendByCategoryReport reports={reports} />
        </div>
        <div className={half}>
          <EquipmentStatusReport reports={reports} />
        </div>
        <div className={half}>
          <EquipmentCategoryReport reports={reports} />
        </div>
        <div className={half}>
          <RequestStatusReport reports={reports} />
        </div>
        <div className={half}>
          <TopRequestedReport reports={reports} />
        </div>
        <div className={half}>
          <ChemicalUseByProductReport reports={reports} />
        </div>
        <div className={half}>
          <ChemicalUseByTechnicianReport reports={reports} />
        </div>
        <div className={whole}>
          <ChemicalUseRecordsReport reports={reports} />
        </div>
        <div className={whole}>
          <ApplicationReportsSection reports={data.applicationReports.ready ?? null} error={data.applicationReports.message} />
        </div>
      </div>
    </ReportsProvider>
  );
}
