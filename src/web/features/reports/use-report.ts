import { useMutation } from "@tanstack/react-query";
import type { CreateReportInput, ReportReceipt } from "../../../shared/reports/reports.schemas";
import { api, call } from "../../lib/api";

/** POST /api/reports: a new report (201) or the same thanks for one already sent (200). */
export function useSendReport() {
  return useMutation({
    mutationFn: (input: CreateReportInput): Promise<ReportReceipt> => call(api.reports.$post({ json: input })),
  });
}
