import { z } from "zod";
import { lineAmount, parseDollars, sumCents } from "../../../shared/invoices/money.rules";
import { lessonPackageSchema, PACKAGE_PRICE_MESSAGE, PACKAGE_VALID_MESSAGE, paymentOnAccountSchema } from "../../../shared/invoices/family-balance.schemas";
import { INVOICE_LIMITS } from "../../../shared/invoices/invoices.constants";
import {
  AMOUNT_MESSAGE,
  amountCentsSchema,
  createInvoiceSchema,
  extraLineSchema,
  RANGE_MESSAGE,
  recordPaymentSchema,
  UNIT_PRICE_MESSAGE,
  updateInvoiceSchema,
} from "../../../shared/invoices/invoices.schemas";

/**
 * The invoice forms read amounts in dollars as typed ("45", "$1,200.50") and send integer cents
 * (money.rules' parseDollars: no floating point). Every other field is the shared request schema's
 * own, so the browser and the server refuse the same input with the same message.
 */

/** Dollars typed in a field → cents, then the shared cents rule (its range and message). */
export const dollarsField = (message: string, cents: z.ZodType<number, number>) =>
  z
    .string({ error: message })
    .transform((text, ctx) => {
      const parsed = parseDollars(text);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(cents);

const extraShape = extraLineSchema.shape;

/** An extra line as the form holds it: quantity from a number field, the unit price in dollars. */
export const extraLineFormSchema = z.object({
  description: extraShape.description,
  quantity: extraShape.quantity,
  unitPrice: dollarsField(UNIT_PRICE_MESSAGE, extraShape.unitCents),
});
export type ExtraLineFormInput = z.input<typeof extraLineFormSchema>;

const extraLinesForm = z
  .array(extraLineFormSchema)
  .max(INVOICE_LIMITS.extraLinesMax, `An invoice has at most ${INVOICE_LIMITS.extraLinesMax} extra lines`)
  .transform((lines) => lines.map(({ unitPrice, ...line }) => ({ ...line, unitCents: unitPrice })));

/** What the period radios offer; "range" lets the teacher type both dates. */
export const PERIODS = ["this_month", "last_month", "range"] as const;
export type Period = (typeof PERIODS)[number];

const create = createInvoiceSchema.shape;
export const newInvoiceFormSchema = z
  .object({
    parentId: z.string().min(1, "Choose a family").pipe(create.parentId),
    period: z.enum(PERIODS),
    from: create.from,
    to: create.to,
    dueDays: create.dueDays,
    note: create.note,
    extraLines: extraLinesForm,
    replacesInvoiceId: create.replacesInvoiceId,
  })
  .refine((q) => q.to >= q.from, { message: RANGE_MESSAGE, path: ["to"] })
  // The request itself, as the route reads it.
  .transform(({ period: _period, ...input }) => input);
export type NewInvoiceFormInput = z.input<typeof newInvoiceFormSchema>;
export type NewInvoiceFormOutput = z.output<typeof newInvoiceFormSchema>;

const update = updateInvoiceSchema.shape;
export const editDraftFormSchema = z.object({
  dueDate: update.dueDate.unwrap(),
  note: update.note.unwrap(),
  extraLines: extraLinesForm,
});
export type EditDraftFormInput = z.input<typeof editDraftFormSchema>;
export type EditDraftFormOutput = z.output<typeof editDraftFormSchema>;

const payment = recordPaymentSchema.shape;
export const paymentFormSchema = z
  .object({
    amount: dollarsField(AMOUNT_MESSAGE, amountCentsSchema),
    paidOn: payment.paidOn,
    method: payment.method,
    note: payment.note,
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormOutput = z.output<typeof paymentFormSchema>;

/** The extra lines' amounts as far as they are readable yet (a half-typed price counts as nothing). */
export function extraLinesCents(lines: readonly { quantity: unknown; unitPrice: string }[]): number {
  return sumCents(
    lines.map((line) => {
      const unit = parseDollars(line.unitPrice ?? "");
      const quantity = typeof line.quantity === "number" && Number.isInteger(line.quantity) && line.quantity > 0 ? line.quantity : 0;
      return unit === null ? 0 : lineAmount(quantity, unit);
    }),
  );
}

/** Money received before any invoice (issue 40): the same fields as a payment, and the family. */
export const paymentOnAccountFormSchema = z
  .object({
    parentId: paymentOnAccountSchema.shape.parentId,
    amount: dollarsField(AMOUNT_MESSAGE, amountCentsSchema),
    paidOn: payment.paidOn,
    method: payment.method,
    note: payment.note,
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type PaymentOnAccountFormInput = z.input<typeof paymentOnAccountFormSchema>;
export type PaymentOnAccountFormOutput = z.output<typeof paymentOnAccountFormSchema>;

const pkg = lessonPackageSchema.shape;
/** A lesson package sold: the number of lessons, its price in dollars, until when, and how it was paid. */
export const lessonPackageFormSchema = z
  .object({
    parentId: pkg.parentId,
    lessons: pkg.lessons,
    price: dollarsField(PACKAGE_PRICE_MESSAGE, pkg.priceCents),
    validUntil: pkg.validUntil,
    paidOn: pkg.paidOn,
    method: pkg.method,
    note: pkg.note,
  })
  .refine((p) => p.validUntil >= p.paidOn, { message: PACKAGE_VALID_MESSAGE, path: ["validUntil"] })
  .transform(({ price, ...rest }) => ({ ...rest, priceCents: price }));
export type LessonPackageFormInput = z.input<typeof lessonPackageFormSchema>;
export type LessonPackageFormOutput = z.output<typeof lessonPackageFormSchema>;
