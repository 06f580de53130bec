import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { INVOICE_LIMITS } from "../../../shared/invoices/invoices.constants";
import { invoicePreviewQuerySchema, type InvoiceFamilyDTO } from "../../../shared/invoices/invoices.schemas";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { PageShell } from "../../app/page-shell";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/choice";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { countOf } from "../../lib/plural";
import { viewerTimeZone } from "../../lib/time-zone";
import { useLessonSettings } from "../teachers/settings/use-lesson-settings";
import { ExtraLinesFields } from "./extra-lines-fields";
import { monthRange, todayIn } from "./invoice-dates";
import { InvoiceTotals, LessonsPreview } from "./new-invoice-parts";
import { extraLinesCents, newInvoiceFormSchema, type NewInvoiceFormInput, type NewInvoiceFormOutput, type Period } from "./invoice-forms";
import { useCreateInvoice, useInvoiceFamilies, useInvoicePreview } from "./use-invoices";
import { BackLink } from "../../components/ui/back-link";

const PERIOD_LABELS: Record<Period, string> = { this_month: "This month", last_month: "Last month", range: "A date range" };

/** /teacher/invoices/new (?parentId=…; Void and replace also passes from, to and replaces). */
export function Component() {
  const [params] = useSearchParams();
  const families = useInvoiceFamilies();
  // "This month" and "Last month" are the teacher's months (issue 40): their zone, not the browser's.
  const settings = useLessonSettings();
  return (
    <PageShell title="New Invoice">
      <BackLink to="/teacher/invoices" className="mt-2">All invoices</BackLink>
      {families.isPending || settings.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading families...
        </p>
      ) : families.isError ? (
        <Alert className="mt-6">
          <p>{errorMessage(families.error, "Failed to load your families")}</p>
          <Button variant="link" className="mt-1" onClick={() => void families.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : families.data.length === 0 ? (
        <p className="mt-6 text-slate-700">No families yet: a family appears here once you have taught one of its students.</p>
      ) : (
        <NewInvoiceForm
          families={families.data}
          today={todayIn(settings.data?.timeZone ?? viewerTimeZone())}
          initial={{ parentId: params.get("parentId") ?? "", from: params.get("from"), to: params.get("to"), replaces: params.get("replaces") }}
        />
      )}
    </PageShell>
  );
}

export function NewInvoiceForm({
  families,
  today,
  initial,
}: {
  families: InvoiceFamilyDTO[];
  today: string;
  initial: { parentId: string; from: string | null; to: string | null; replaces: string | null };
}) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const thisMonth = monthRange(today, 0);
  const given = initial.from && initial.to ? { from: initial.from, to: initial.to } : null;
  const form = useForm<NewInvoiceFormInput, unknown, NewInvoiceFormOutput>({
    resolver: zodResolver(newInvoiceFormSchema),
    defaultValues: {
      parentId: families.some((f) => f.parentId === initial.parentId) ? initial.parentId : "",
      period: given ? "range" : "this_month",
      from: given?.from ?? thisMonth.from,
      to: given?.to ?? thisMonth.to,
      dueDays: INVOICE_LIMITS.dueDaysDefault,
      note: "",
      extraLines: [],
      ...(initial.replaces ? { replacesInvoiceId: initial.replaces } : {}),
    },
  });
  const { errors } = form.formState;
  const [parentId, period, from, to, extraLines] = useWatch({ control: form.control, name: ["parentId", "period", "from", "to", "extraLines"] });

  const previewQuery = invoicePreviewQuerySchema.safeParse({ parentId, from, to });
  const preview = useInvoicePreview(previewQuery.success ? previewQuery.data : null);
  const lessonsCents = preview.data && previewQuery.success ? preview.data.totalCents : 0;
  const total = lessonsCents + extraLinesCents(extraLines ?? []);

  // A period radio fills both dates; a date range leaves them to the teacher.
  const periodField = form.register("period", {
    onChange: (event: { target: { value: Period } }) => {
      const value = event.target.value;
      if (value === "range") return;
      const range = monthRange(today, value === "this_month" ? 0 : -1);
      form.setValue("from", range.from, { shouldValidate: true });
      form.setValue("to", range.to, { shouldValidate: true });
    },
  });

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (invoice) => void navigate(`/teacher/invoices/${invoice.id}`),
      onError: (error) => setServerErrors(error, form.setError, ["parentId", "from", "to", "dueDays", "note", "extraLines"]),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        {initial.replaces ? <Alert tone="info">This invoice replaces the one you voided.</Alert> : null}
        <Field id="invoice-parent" label="Family" error={errors.parentId?.message}>
          <Select id="invoice-parent" {...invalidProps("invoice-parent", errors.parentId?.message)} {...form.register("parentId")}>
            <option value="">Choose a family</option>
            {families.map((family) => (
              <option key={family.parentId} value={family.parentId}>
                {family.familyName}
                {family.uninvoicedCount > 0 ? ` (${countOf(family.uninvoicedCount, "lesson", "lessons")} not invoiced, ${formatMoney(family.uninvoicedCents)})` : ""}
              </option>
            ))}
          </Select>
        </Field>

        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Lessons from</legend>
          <div className="flex flex-wrap gap-2">
            {(Object.keys(PERIOD_LABELS) as Period[]).map((value) => (
              <label
                key={value}
                className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={value} className="size-4 accent-brand-600" {...periodField} />
                {PERIOD_LABELS[value]}
              </label>
            ))}
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
            <Field id="invoice-from" label="Start date" error={errors.from?.message}>
              <Input id="invoice-from" type="date" readOnly={period !== "range"} tone={period === "range" ? "default" : "muted"} {...invalidProps("invoice-from", errors.from?.message)} {...form.register("from")} />
            </Field>
            <Field id="invoice-to" label="End date" error={errors.to?.message}>
              <Input id="invoice-to" type="date" readOnly={period !== "range"} tone={period === "range" ? "default" : "muted"} {...invalidProps("invoice-to", errors.to?.message)} {...form.register("to")} />
            </Field>
          </div>
        </fieldset>

        <LessonsPreview query={previewQuery.success ? previewQuery.data : null} preview={preview} />

        <ExtraLinesFields control={form.control} register={form.register} errors={errors} />

        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field id="invoice-due" label="Due in (days)" error={errors.dueDays?.message}>
            <Input id="invoice-due" type="number" inputMode="numeric" min={0} max={INVOICE_LIMITS.dueDaysMax} {...invalidProps("invoice-due", errors.dueDays?.message)} {...form.register("dueDays", { valueAsNumber: true })} />
          </Field>
          <Field id="invoice-note" label="Note (optional)" error={errors.note?.message} hint="Shown on the invoice and its PDF.">
            <Textarea id="invoice-note" rows={2} maxLength={INVOICE_LIMITS.noteMax} {...invalidProps("invoice-note", errors.note?.message)} {...form.register("note")} />
          </Field>
        </div>
      </div>

      <InvoiceTotals
        lessonsCents={lessonsCents}
        totalCents={total}
        error={create.isError && !Object.keys(errors).length ? create.error : null}
        pending={create.isPending}
      />
    </form>
  );
}
