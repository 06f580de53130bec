import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { voidCreditNotice } from "../../../shared/invoices/family-credit.rules";
import { INVOICE_LIMITS } from "../../../shared/invoices/invoices.constants";
import { voidInvoiceSchema, type InvoiceDTO, type VoidInvoiceInput } from "../../../shared/invoices/invoices.schemas";
import { centsToDollarsText, formatMoney } from "../../../shared/invoices/money.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { ActionsRow, CancelButton } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { todayIn } from "./invoice-dates";
import { paymentFormSchema, type PaymentFormInput, type PaymentFormOutput } from "./invoice-forms";
import { MethodField, placePaymentErrors } from "./payment-fields";
import { useRecordPayment, useSendInvoice, useVoidInvoice } from "./use-invoices";

type DialogProps = { invoice: InvoiceDTO; open: boolean; onOpenChange: (open: boolean) => void };

function Actions({ children }: { children: React.ReactNode }) {
  return (
    <ActionsRow className="mt-6">
      <CancelButton />
      {children}
    </ActionsRow>
  );
}

/** "A", "A and B", "A, B and C": the guardians an invoice goes to. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Sending emails the family the invoice with its PDF; after it the invoice can no longer be edited. */
export function SendInvoiceDialog({ invoice, open, onOpenChange }: DialogProps) {
  const send = useSendInvoice(invoice.id);
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={`Send invoice ${invoice.number}?`}>
      <div className="space-y-2 text-sm text-slate-700">
        {invoice.shareNote ? (
          <p>
            This emails {invoice.guardianName}
            {invoice.guardianEmail ? ` (${invoice.guardianEmail})` : ""} their {invoice.shareNote}, {formatMoney(invoice.totalCents)}, with the PDF attached. The other guardians&apos; shares are sent from their own invoices.
          </p>
        ) : (
          <p>
            {invoice.recipients.length > 0
              ? `This emails ${listOf(invoice.recipients.map((recipient) => `${recipient.name} (${recipient.email})`))} the invoice for ${formatMoney(invoice.totalCents)} with the PDF attached.`
              : `Nobody in the ${invoice.familyName} household can be emailed now (their accounts are suspended or closed): sending only marks the invoice sent.`}
          </p>
        )}
        <p>A sent invoice cannot be edited: to change it, void it and create a new one.</p>
      </div>
      {send.isError ? <Alert className="mt-4">{errorMessage(send.error, "Failed to send the invoice")}</Alert> : null}
      <Actions>
        <Button disabled={send.isPending} onClick={() => send.mutate(undefined, { onSuccess: () => onOpenChange(false) })}>
          {send.isPending ? "Sending..." : "Send"}
        </Button>
      </Actions>
    </DialogWhenOpen>
  );
}

export function RecordPaymentDialog({ invoice, open, onOpenChange }: DialogProps) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Record payment" description={`Invoice ${invoice.number} · balance ${formatMoney(invoice.balanceCents)}`}>
      <PaymentForm invoice={invoice} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function PaymentForm({ invoice, onDone }: { invoice: InvoiceDTO; onDone: () => void }) {
  const record = useRecordPayment(invoice.id);
  const form = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { amount: centsToDollarsText(invoice.balanceCents), paidOn: todayIn(viewerTimeZone()), method: "bank_transfer", note: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: onDone,
      onError: (error) => placePaymentErrors(error, form.setError, ["paidOn", "method", "note"], { server: "amountCents", field: "amount" }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="payment-amount" label="Amount ($)" error={errors.amount?.message}>
          <Input id="payment-amount" inputMode="decimal" {...invalidProps("payment-amount", errors.amount?.message)} {...form.register("amount")} />
        </Field>
        <Field id="payment-date" label="Date received" error={errors.paidOn?.message}>
          <Input id="payment-date" type="date" {...invalidProps("payment-date", errors.paidOn?.message)} {...form.register("paidOn")} />
        </Field>
      </div>
      <MethodField id="payment-method" error={errors.method?.message} register={form.register("method")} />
      <Field id="payment-note" label="Note (optional)" error={errors.note?.message}>
        <Input id="payment-note" maxLength={INVOICE_LIMITS.paymentNoteMax} {...invalidProps("payment-note", errors.note?.message)} {...form.register("note")} />
      </Field>
      {record.isError && !Object.keys(errors).length ? <Alert>{errorMessage(record.error, "Failed to record the payment")}</Alert> : null}
      <Actions>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? "Saving..." : "Record payment"}
        </Button>
      </Actions>
    </form>
  );
}

/** Void (with a reason); "Void and replace" then opens New invoice for the same family and dates. */
export function VoidInvoiceDialog({ invoice, open, onOpenChange }: DialogProps) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={`Void invoice ${invoice.number}`} description="Nothing is owed on a void invoice, and its lessons can go on a new one.">
      <VoidForm invoice={invoice} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function VoidForm({ invoice, onDone }: { invoice: InvoiceDTO; onDone: () => void }) {
  const navigate = useNavigate();
  const voiding = useVoidInvoice(invoice.id);
  const form = useForm<VoidInvoiceInput>({ resolver: zodResolver(voidInvoiceSchema), defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const submit = (replace: boolean) =>
    form.handleSubmit((input) =>
      voiding.mutate(input, {
        onSuccess: () => {
          onDone();
          if (!replace || !invoice.parentId) return;
          const query = new URLSearchParams({ parentId: invoice.parentId, replaces: invoice.id });
          if (invoice.periodFrom && invoice.periodTo) {
            query.set("from", invoice.periodFrom);
            query.set("to", invoice.periodTo);
          }
          void navigate(`/teacher/invoices/new?${query.toString()}`);
        },
        onError: (error) => setServerErrors(error, form.setError, ["reason"]),
      }),
    );
  return (
    <form noValidate onSubmit={(e) => void submit(false)(e)} className="space-y-4">
      <Field id="void-reason" label="Reason" error={errors.reason?.message} hint="The family sees it on the invoice.">
        <Textarea id="void-reason" rows={2} maxLength={INVOICE_LIMITS.voidReasonMax} {...invalidProps("void-reason", errors.reason?.message)} {...form.register("reason")} />
      </Field>
      {invoice.paidCents > 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="void-credit-notice">
          {voidCreditNotice(invoice.paidCents)} Without a replacement, it pays the family&apos;s next invoice. The payments stay listed on this invoice.
        </p>
      ) : null}
      {voiding.isError && !errors.reason ? <Alert>{errorMessage(voiding.error, "Failed to void the invoice")}</Alert> : null}
      <Actions>
        {invoice.parentId ? (
          <Button variant="secondaryDanger" disabled={voiding.isPending} onClick={(e) => void submit(true)(e)}>
            Void and replace
          </Button>
        ) : null}
        <Button type="submit" variant="danger" disabled={voiding.isPending}>
          {voiding.isPending ? "Voiding..." : "Void"}
        </Button>
      </Actions>
    </form>
  );
}
