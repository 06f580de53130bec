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

/**
 * One action on the report, with the operator's reason (a step may also close the report); the
 * report as it now stands comes back.
 */
export function useReportAction(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason, close }: { action: ReportActionPath; reason: string; close?: boolean }): Promise<ReportDetail> => {
      const report = api.operator.reports[":reportId"];
      const param = { reportId };
      const step = { param, json: { reason, ...(close ? { close: true } : {}) } };
      switch (action) {
        case "dismiss":
          return call(report.dismiss.$post({ param, json: { reason } }));
        case "close":
          return call(report.close.$post({ param, json: { reason } }));
        case "hide-review":
          return call(report["hide-review"].$post(step));
        case "hide-message":
          return call(report["hide-message"].$post(step));
        case "warn":
          return call(report.warn.$post(step));
        case "suspend":
          return call(report.suspend.$post(step));
      }
    },
    onSuccess: (detail) => queryClient.setQueryData(reportKey(reportId), detail),
    // A 409 means another operator acted first: reload what they decided.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATOR_REPORTS_KEY }),
  });
}
