import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from "react-hook-form";
import { AppError } from "../../../shared/errors";
import { RECORDED_PAYMENT_METHODS } from "../../../shared/invoices/invoices.constants";
import { PAYMENT_METHOD_LABELS } from "../../../shared/invoices/invoices.schemas";
import { Select } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";

/** What the forms that record money received share: the method picker and the server's errors. */

/** The server names amounts in cents; the forms' fields are the dollars ones. */
export function placePaymentErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  cents: { server: string; field: Path<T> },
) {
  const placed = setServerErrors(error, setError, fields);
  const message = error instanceof AppError ? error.fields?.[cents.server] : undefined;
  if (message) setError(cents.field, { type: "server", message });
  return placed;
}

/** How the teacher received the money (never `credit`: the app alone moves credit). */
export function MethodField({ id, error, register }: { id: string; error: string | undefined; register: UseFormRegisterReturn }) {
  return (
    <Field id={id} label="Method" error={error}>
      <Select id={id} {...invalidProps(id, error)} {...register}>
        {RECORDED_PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {PAYMENT_METHOD_LABELS[method]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
