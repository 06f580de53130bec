import { Download, FilePlus2, ReceiptText } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { INVOICE_STATE_LABELS } from "../../../shared/invoices/invoice-state.rules";
import { invoiceListQuerySchema } from "../../../shared/invoices/invoices.schemas";
import { PageShell } from "../../app/page-shell";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { TeacherFamilyBalanceSection } from "./family-balance-section";
import { HouseholdSplitSection } from "./household-split-section";
import { todayIn } from "./invoice-dates";
import { InvoiceList, MoneyTile } from "./invoice-list";
import { invoicesCsvHref, useInvoiceFamilies, useInvoiceList } from "./use-invoices";

/** The filters live in the address (?parentId=…&state=…), so My Students can link to a family's invoices. */
function useFilter() {
  const [params, setParams] = useSearchParams();
  // The route's own schema: a filter it would refuse reads as no filter instead of an error.
  const parsed = invoiceListQuerySchema.safeParse({ parentId: params.get("parentId") ?? undefined, state: params.get("state") ?? undefined });
  const filter = parsed.success ? parsed.data : {};
  const set = (key: "parentId" | "state", value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return { filter, set };
}

/** /teacher/invoices (issue 28): what families owe, overdue first, and the CSVs for taxes. */
export function Component() {
  const { filter, set } = useFilter();
  const list = useInvoiceList(filter);
  const families = useInvoiceFamilies();
  const thisYear = Number(todayIn(viewerTimeZone()).slice(0, 4));
  const years = [thisYear, thisYear - 1, thisYear - 2];
  const newHref = filter.parentId ? `/teacher/invoices/new?parentId=${filter.parentId}` : "/teacher/invoices/new";

  return (
    <PageShell title="Invoices">
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-slate-600">
          Invoices for the lessons you taught. Payments are not taken in the app: families pay you directly, and you record here what you received.
        </p>
        <Link to={newHref} className={buttonClasses("primary")}>
          <FilePlus2 aria-hidden className="size-4" />
          New Invoice
        </Link>
      </div>

      {list.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading invoices...
        </p>
      ) : list.isError ? (
        <Alert className="mt-6">
          <p>{errorMessage(list.error, "Failed to load invoices")}</p>
          <Button variant="link" className="mt-1" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="mt-6 space-y-6" aria-busy={list.isFetching}>
          <section aria-label="Totals" className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
            <MoneyTile label="Outstanding (sent, not yet paid)" cents={list.data.outstandingCents} testId="outstanding-total" />
            <MoneyTile label="Overdue" cents={list.data.overdueCents} tone="alert" testId="overdue-total" />
            {list.data.creditCents > 0 ? <MoneyTile label="Families' credit (pays their next invoices)" cents={list.data.creditCents} testId="credit-total" /> : null}
          </section>

          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="invoice-family" className="block text-sm font-medium text-slate-700">
                Family
              </label>
              <Select id="invoice-family" fullWidth={false} className="mt-1 w-56 max-w-full" value={filter.parentId ?? ""} onChange={(e) => set("parentId", e.target.value)}>
                <option value="">All families</option>
                {(families.data ?? []).map((family) => (
                  <option key={family.parentId} value={family.parentId}>
                    {family.familyName}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor="invoice-state" className="block text-sm font-medium text-slate-700">
                State
              </label>
              <Select id="invoice-state" fullWidth={false} className="mt-1 w-40" value={filter.state ?? ""} onChange={(e) => set("state", e.target.value)}>
                <option value="">All states</option>
                {Object.entries(INVOICE_STATE_LABELS).map(([state, label]) => (
                  <option key={state} value={state}>
                    {label}
                  </option>
                ))}
              </Select>
            </div>
          </div>

          {filter.parentId ? (
            <>
              <TeacherFamilyBalanceSection
                parentId={filter.parentId}
                familyName={families.data?.find((family) => family.parentId === filter.parentId)?.familyName ?? "this family"}
              />
              <HouseholdSplitSection parentId={filter.parentId} />
            </>
          ) : (
            <p className="text-sm text-slate-600">Choose a family to see its balance, record a payment on account, sell a lesson package or split its invoices between guardians.</p>
          )}

          {list.data.invoices.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
              <ReceiptText aria-hidden className="size-8 text-slate-400" />
              <p className="text-slate-700">
                {filter.parentId || filter.state ? "No invoices match these filters." : "No invoices yet. Create one from the lessons you taught."}
              </p>
            </div>
          ) : (
            <InvoiceList invoices={list.data.invoices} side="teacher" caption="Invoices, overdue first, then newest" />
          )}

          <section aria-labelledby="csv-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="csv-heading" className="text-lg font-semibold text-slate-900">
              Downloads for your taxes
            </h2>
            <p className="mt-1 text-sm text-slate-600">Every invoice and every payment you recorded in a year, as CSV.</p>
            <ul className="mt-3 space-y-2">
              {years.map((year) => (
                <li key={year} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                  <span className="w-12 font-medium text-slate-900">{year}</span>
                  <a href={invoicesCsvHref(year, "invoices")} download className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
                    <Download aria-hidden className="size-4" />
                    Invoices CSV<span className="sr-only"> {year}</span>
                  </a>
                  <a href={invoicesCsvHref(year, "payments")} download className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
                    <Download aria-hidden className="size-4" />
                    Payments CSV<span className="sr-only"> {year}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </PageShell>
  );
}
