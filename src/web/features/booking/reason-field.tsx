import type { UseFormRegisterReturn } from "react-hook-form";
import { REASON_MAX } from "../../../shared/booking/booking.constants";
import { Field } from "../../components/ui/field";
import { invalidProps } from "../../components/ui/form";
import { Textarea } from "../../components/ui/textarea";

/** The teacher's optional reason for a decline or a cancel (issue 26): the family reads it in the app and the email. */
export function ReasonField({ id, error, placeholder, registration }: { id: string; error: string | undefined; placeholder?: string; registration: UseFormRegisterReturn }) {
  return (
    <Field id={id} label="Reason (optional)" hint={`Shown to the family in the app and in the email. Up to ${REASON_MAX} characters.`} error={error}>
      <Textarea id={id} rows={3} maxLength={REASON_MAX} placeholder={placeholder} {...invalidProps(id, error)} {...registration} />
    </Field>
  );
}
