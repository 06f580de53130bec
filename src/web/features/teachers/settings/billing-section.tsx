import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { INVOICE_LIMITS } from "../../../../shared/invoices/invoices.constants";
import { billingSettingsSchema, type BillingSettingsDTO, type BillingSettingsInput } from "../../../../shared/invoices/invoices.schemas";
import { LATE_CANCEL_CHARGE_LABELS } from "../../../../shared/invoices/money.rules";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { invalidProps, OptionsSelect, setServerErrors, useFlash } from "../../../components/ui/form";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/api";
import { SettingsSection } from "./form-parts";
import { SAVED_MESSAGE_MS } from "./use-teacher-settings-form";
import { useSaveBillingSettings } from "./use-billing-settings";

const FIELDS = ["lateCancelCharge", "paymentInstructions"] as const;


/**
 * Billing (issue 28): whether a family's late cancellation is charged from now on (lessons
 * already cancelled keep what they were charged), and how families pay, printed on invoices.
 */
export function BillingSection({ settings }: { settings: BillingSettingsDTO }) {
  const save = useSaveBillingSettings();
  const saved = useFlash(SAVED_MESSAGE_MS);
  const form = useForm<BillingSettingsInput, unknown, BillingSettingsDTO>({ resolver: zodResolver(billingSettingsSchema), defaultValues: settings });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    saved.clear();
    save.mutate(values, {
      onSuccess: (next) => {
        form.reset(next);
        saved.show("Billing settings saved.");
      },
      onError: (error) => setServerErrors(error, form.setError, [...FIELDS]),
    });
  });
  return (
    <SettingsSection
      id="billing"
      title="Billing"
      description="Payments are made directly to you, outside the app. These settings say what a late cancellation costs and how families pay you."
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field
          id="billing-late-charge"
          label="Late cancellation charge"
          hint="Applies when a family cancels inside your cancellation notice window, from now on. Lessons already cancelled keep what they were charged."
          error={errors.lateCancelCharge?.message}
        >
          <OptionsSelect id="billing-late-charge" options={LATE_CANCEL_CHARGE_LABELS} {...invalidProps("billing-late-charge", errors.lateCancelCharge?.message)} {...form.register("lateCancelCharge")} />
        </Field>
        <Field
          id="billing-instructions"
          label="Payment instructions"
          hint={`Printed on your invoices, for example "Zelle to you@example.com" or "Cash or check at the lesson". At most ${INVOICE_LIMITS.paymentInstructionsMax} characters.`}
          error={errors.paymentInstructions?.message}
        >
          <Textarea
            id="billing-instructions"
            rows={4}
            maxLength={INVOICE_LIMITS.paymentInstructionsMax}
            {...invalidProps("billing-instructions", errors.paymentInstructions?.message)}
            {...form.register("paymentInstructions")}
          />
        </Field>
        {saved.message ? <Alert tone="success">{saved.message}</Alert> : null}
        {save.isError ? <Alert>{errorMessage(save.error, "Failed to save billing settings")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? "Saving..." : "Save Billing Settings"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
