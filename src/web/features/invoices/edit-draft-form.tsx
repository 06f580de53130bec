import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { INVOICE_LIMITS } from "../../../shared/invoices/invoices.constants";
import type { InvoiceDTO } from "../../../shared/invoices/invoices.schemas";
import { centsToDollarsText } from "../../../shared/invoices/money.rules";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { formatDay } from "./invoice-dates";
import { errorMessage } from "../../lib/api";
import { ExtraLinesFields } from "./extra-lines-fields";
import { editDraftFormSchema, type EditDraftFormInput, type EditDraftFormOutput } from "./invoice-forms";
import { useUpdateInvoice } from "./use-invoices";

/** A draft's due date, note and extra lines (the lesson lines are removed one by one on the invoice). */
export function EditDraftForm({ invoice, onDone }: { invoice: InvoiceDTO; onDone: () => void }) {
  const update = useUpdateInvoice(invoice.id);
  const form = useForm<EditDraftFormInput, unknown, EditDraftFormOutput>({
    resolver: zodResolver(editDraftFormSchema),
    defaultValues: {
      dueDate: invoice.dueDate,
      note: invoice.note,
      extraLines: invoice.lines
        .filter((line) => line.kind === "extra")
        .map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: centsToDollarsText(line.unitCents) })),
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    update.mutate(input, { onSuccess: onDone, onError: (error) => setServerErrors(error, form.setError, ["dueDate", "note", "extraLines"]) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="edit-draft-heading" className="mt-4 space-y-5 rounded-2xl border border-brand-200 bg-white p-5 sm:p-6">
      <h2 id="edit-draft-heading" className="text-lg font-semibold text-slate-900">
        Edit draft
      </h2>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field id="draft-due" label="Due date" error={errors.dueDate?.message} hint={`Sent later, the invoice is dated the day it goes out and due as many days after that as this date is after ${formatDay(invoice.issueDate)}, the draft's date.`}>
          <Input id="draft-due" type="date" {...invalidProps("draft-due", errors.dueDate?.message)} {...form.register("dueDate")} />
        </Field>
        <Field id="draft-note" label="Note (optional)" error={errors.note?.message}>
          <Textarea id="draft-note" rows={2} maxLength={INVOICE_LIMITS.noteMax} {...invalidProps("draft-note", errors.note?.message)} {...form.register("note")} />
        </Field>
      </div>
      <ExtraLinesFields control={form.control} register={form.register} errors={errors} />
      {update.isError && !Object.keys(errors).length ? <Alert>{errorMessage(update.error, "Failed to save the draft")}</Alert> : null}
      <FormActions submit="Save draft" pending={update.isPending} pendingLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
