import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Statement } from "../../../shared/earnings/earnings.schemas";
import { api, call } from "../../lib/api";

/** Prefixes of every year's statement (a lesson's change can move any of them). */
export const EARNINGS_KEY = ["earnings"] as const;
export const BILLING_KEY = ["billing"] as const;

/** A year the page asks for; undefined lets the server pick the current year in the statement's zone. */
const yearQuery = (year: number | undefined) => (year === undefined ? {} : { year: String(year) });

/** The signed-in teacher's earnings for a year. */
export function useEarnings(year: number | undefined) {
  return useQuery({
    queryKey: [...EARNINGS_KEY, year ?? "current"],
    queryFn: (): Promise<Statement> => call(api.earnings.$get({ query: yearQuery(year) })),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in parent's billing for a year, months counted in the viewer's zone. */
export function useBilling(year: number | undefined, timeZone: string) {
  return useQuery({
    queryKey: [...BILLING_KEY, year ?? "current", timeZone],
    queryFn: (): Promise<Statement> => call(api.billing.$get({ query: { ...yearQuery(year), timeZone } })),
    placeholderData: keepPreviousData,
  });
}

/** Where the CSV of a statement downloads from (a plain link: the browser saves the attachment). */
export function statementCsvHref(side: "teacher" | "parent", year: number, timeZone: string): string {
  const query = new URLSearchParams({ year: String(year), ...(side === "parent" ? { timeZone } : {}) });
  return `/api/${side === "teacher" ? "earnings" : "billing"}/csv?${query.toString()}`;
}
