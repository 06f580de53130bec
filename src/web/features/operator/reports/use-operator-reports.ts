import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReportActionPath, ReportDetail, ReportList } from "../../../../shared/reports/reports.schemas";
import { api, call } from "../../../lib/api";

export const OPERATOR_REPORTS_KEY = ["operator", "reports"] as const;
const reportKey = (reportId: string) => [...OPERATOR_REPORTS_KEY, reportId] as const;

export function useOperatorReports() {
  return useQuery({ queryKey: OPERATOR_REPORTS_KEY, queryFn: (): Promise<ReportList> => call(api.operator.reports.$get()) });
}

export function useOperatorReport(reportId: string) {
  return useQuery({
    queryKey: reportKey(reportId),
    queryFn: (): Promise<ReportDetail> => call(api.operator.reports[":reportId"].$get({ param: { reportId } })),
  });
}

/** One action on the report, with the operator's reason; the report as it now stands comes back. */
export function useReportAction(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: ReportActionPath; reason: string }): Promise<ReportDetail> => {
      const report = api.operator.reports[":reportId"];
      const args = { param: { reportId }, json: { reason } };
      switch (action) {
        case "dismiss":
          return call(report.dismiss.$post(args));
        case "hide-review":
          return call(report["hide-review"].$post(args));
        case "hide-message":
          return call(report["hide-message"].$post(args));
        case "warn":
          return call(report.warn.$post(args));
        case "suspend":
          return call(report.suspend.$post(args));
      }
    },
    onSuccess: (detail) => queryClient.setQueryData(reportKey(reportId), detail),
    // A 409 means another operator acted first: reload what they decided.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATOR_REPORTS_KEY }),
  });
}
