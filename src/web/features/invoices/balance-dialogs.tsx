import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { INVOICE_LIMITS, PACKAGE_LIMITS } from "../../../shared/invoices/invoices.constants";
import { addDays } from "../../../shared/invoices/invoice-state.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { invalidProps } from "../../components/ui/form";
import { ActionsRow, CancelButton } from "../../components/ui/form-actions";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { todayIn } from "./invoice-dates";
import {
  lessonPackageFormSchema,
  paymentOnAccountFormSchema,
  type LessonPackageFormInput,
  type LessonPackageFormOutput,
  type PaymentOnAccountFormInput,
  type PaymentOnAccountFormOutput,
} from "./invoice-forms";
import { MethodField, placePaymentErrors } from "./payment-fields";
import { useRecordPaymentOnAccount, useSellLessonPackage } from "./use-invoices";

/**
 * The teacher's two ways to add to a family's balance (issue 40): money received before any
 * invoice, and a prepaid lesson package. Both are recorded as received outside the app.
 */

type Props = { parentId: string; familyName: string; open: boolean; onOpenChange: (open: boolean) => void };

export function PaymentOnAccountDialog({ parentId, familyName, open, onOpenChange }: Props) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Record payment on account" description={`Money ${familyName} paid before an invoice. It is kept as credit and pays their open and next invoices.`}>
      <PaymentOnAccountForm parentId={parentId} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function PaymentOnAccountForm({ parentId, onDone }: { parentId: string; onDone: () => void }) {
  const record = useRecordPaymentOnAccount();
  const form = useForm<PaymentOnAccountFormInput, unknown, PaymentOnAccountFormOutput>({
    resolver: zodResolver(paymentOnAccountFormSchema),
    defaultValues: { parentId, amount: "", paidOn: todayIn(viewerTimeZone()), method: "bank_transfer", note: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    record.mutate(input, { onSuccess: onDone, onError: (error) => placePaymentErrors(error, form.setError, ["paidOn", "method", "note"], { server: "amountCents", field: "amount" }) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="account-amount" label="Amount ($)" error={errors.amount?.message}>
          <Input id="account-amount" inputMode="decimal" {...invalidProps("account-amount", errors.amount?.message)} {...form.register("amount")} />
        </Field>
        <Field id="account-date" label="Date received" error={errors.paidOn?.message}>
          <Input id="account-date" type="date" {...invalidProps("account-date", errors.paidOn?.message)} {...form.register("paidOn")} />
        </Field>
      </div>
      <MethodField id="account-method" error={errors.method?.message} register={form.register("method")} />
      <Field id="account-note" label="Note (optional)" error={errors.note?.message}>
        <Input id="account-note" maxLength={INVOICE_LIMITS.paymentNoteMax} {...invalidProps("account-note", errors.note?.message)} {...form.register("note")} />
      </Field>
      {record.isError && !Object.keys(errors).length ? <Alert>{errorMessage(record.error, "Failed to record the payment")}</Alert> : null}
      <ActionsRow className="mt-6">
        <CancelButton />
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? "Saving..." : "Record payment"}
        </Button>
      </ActionsRow>
    </form>
  );
}

export function SellPackageDialog({ parentId, familyName, open, onOpenChange }: Props) {
  return (
    <DialogWhenOpen
      open={open}
      onOpenChange={onOpenChange}
      title="Sell a lesson package"
      description={`${familyName} paid for a number of lessons in advance. Each lesson you mark attended (and each charged late cancellation) uses one, and is not invoiced.`}
    >
      <PackageForm parentId={parentId} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function PackageForm({ parentId, onDone }: { parentId: string; onDone: () => void }) {
  const sell = useSellLessonPackage();
  const today = todayIn(viewerTimeZone());
  const form = useForm<LessonPackageFormInput, unknown, LessonPackageFormOutput>({
    resolver: zodResolver(lessonPackageFormSchema),
    defaultValues: { parentId, lessons: 10, price: "", validUntil: addDays(today, 180), paidOn: today, method: "bank_transfer", note: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    sell.mutate(input, { onSuccess: onDone, onError: (error) => placePaymentErrors(error, form.setError, ["lessons", "validUntil", "paidOn", "method", "note"], { server: "priceCents", field: "price" }) }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="package-lessons" label="Lessons" error={errors.lessons?.message}>
          <Input
            id="package-lessons"
            type="number"
            min={PACKAGE_LIMITS.lessonsMin}
            max={PACKAGE_LIMITS.lessonsMax}
            {...invalidProps("package-lessons", errors.lessons?.message)}
            {...form.register("lessons", { valueAsNumber: true })}
          />
        </Field>
        <Field id="package-price" label="Price for all of them ($)" error={errors.price?.message}>
          <Input id="package-price" inputMode="decimal" {...invalidProps("package-price", errors.price?.message)} {...form.register("price")} />
        </Field>
        <Field id="package-paid-on" label="Date paid" error={errors.paidOn?.message}>
          <Input id="package-paid-on" type="date" {...invalidProps("package-paid-on", errors.paidOn?.message)} {...form.register("paidOn")} />
        </Field>
        <Field id="package-valid-until" label="Valid until" error={errors.validUntil?.message}>
          <Input id="package-valid-until" type="date" {...invalidProps("package-valid-until", errors.validUntil?.message)} {...form.register("validUntil")} />
        </Field>
      </div>
      <MethodField id="package-method" error={errors.method?.message} register={form.register("method")} />
      <Field id="package-note" label="Note (optional)" error={errors.note?.message}>
        <Input id="package-note" maxLength={INVOICE_LIMITS.paymentNoteMax} {...invalidProps("package-note", errors.note?.message)} {...form.register("note")} />
      </Field>
      {sell.isError && !Object.keys(errors).length ? <Alert>{errorMessage(sell.error, "Failed to record the package")}</Alert> : null}
      <ActionsRow className="mt-6">
        <CancelButton />
        <Button type="submit" disabled={sell.isPending}>
          {sell.isPending ? "Saving..." : "Record package"}
        </Button>
      </ActionsRow>
    </form>
  );
}
