import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { INVOICE_LIMITS } from "../../../shared/invoices/invoices.constants";
import { formatMoney, lineAmount, parseDollars } from "../../../shared/invoices/money.rules";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { invalidProps } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import type { ExtraLineFormInput } from "./invoice-forms";

type WithExtraLines = { extraLines: ExtraLineFormInput[] };

/** Extra lines (books, a recital fee): description, quantity and unit price in dollars, with each line's amount. */
export function ExtraLinesFields<T extends WithExtraLines, Out>({
  control,
  register,
  errors,
}: {
  control: Control<T, unknown, Out>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T> | undefined;
}) {
  // The generic form narrows to the one field this part edits.
  const ctl = control as unknown as Control<WithExtraLines>;
  const reg = register as unknown as UseFormRegister<WithExtraLines>;
  const errs = (errors as FieldErrors<WithExtraLines> | undefined)?.extraLines;
  const { fields, append, remove } = useFieldArray({ control: ctl, name: "extraLines" });
  const lines = useWatch({ control: ctl, name: "extraLines" });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Extra lines (optional)</legend>
      {fields.length === 0 ? <p className="text-sm text-slate-600">Books, a recital fee or anything else beside the lessons.</p> : null}
      <ul className="space-y-3">
        {fields.map((field, index) => {
          const line = lines?.[index];
          const unit = parseDollars(line?.unitPrice ?? "");
          const quantity = Number.isInteger(line?.quantity) ? (line!.quantity) : 0;
          const e = errs?.[index];
          const id = (name: string) => `extra-${index}-${name}`;
          return (
            <li key={field.id} data-testid="extra-line" className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_6rem_9rem_auto] sm:items-start">
              <Field id={id("description")} label="Description" error={e?.description?.message}>
                <Input id={id("description")} maxLength={INVOICE_LIMITS.lineDescriptionMax} {...invalidProps(id("description"), e?.description?.message)} {...reg(`extraLines.${index}.description`)} />
              </Field>
              <Field id={id("quantity")} label="Quantity" error={e?.quantity?.message}>
                <Input id={id("quantity")} type="number" inputMode="numeric" min={1} max={INVOICE_LIMITS.extraQuantityMax} step={1} {...invalidProps(id("quantity"), e?.quantity?.message)} {...reg(`extraLines.${index}.quantity`, { valueAsNumber: true })} />
              </Field>
              <Field id={id("unit")} label="Unit price ($)" error={e?.unitPrice?.message}>
                <Input id={id("unit")} inputMode="decimal" placeholder="25.00" {...invalidProps(id("unit"), e?.unitPrice?.message)} {...reg(`extraLines.${index}.unitPrice`)} />
              </Field>
              <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end sm:pt-7">
                <span className="text-sm font-medium whitespace-nowrap text-slate-900" data-testid="extra-line-amount">
                  {unit === null ? "—" : formatMoney(lineAmount(quantity, unit))}
                </span>
                <Button variant="ghostDanger" size="compact" aria-label={`Remove extra line ${index + 1}`} onClick={() => remove(index)}>
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {typeof errs?.message === "string" ? (
        <p role="alert" className="text-sm text-red-700">
          {errs.message}
        </p>
      ) : null}
      {fields.length < INVOICE_LIMITS.extraLinesMax ? (
        <Button variant="secondary" size="sm" onClick={() => append({ description: "", quantity: 1, unitPrice: "" })}>
          <Plus aria-hidden className="size-4" />
          Add a line
        </Button>
      ) : null}
    </fieldset>
  );
}
