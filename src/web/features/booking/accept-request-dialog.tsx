import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { AppError } from "../../../shared/errors";
import { PRICE_MESSAGE, priceCentsSchema } from "../../../shared/invoices/invoices.schemas";
import { centsToDollarsText, parseDollars } from "../../../shared/invoices/money.rules";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { invalidProps } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { requestSummary } from "./request-summary";
import { useDecideRequest } from "./use-booking";

/**
 * The price field reads dollars as typed ("60", "$1,000.50") into cents, then checks them with the
 * route's own price schema (acceptBookingSchema's priceCents), so both say the same thing.
 */
const acceptFormSchema = z.object({
  price: z
    .string()
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null) ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return cents ?? 0;
    })
    .pipe(priceCentsSchema),
});
type AcceptFormInput = z.input<typeof acceptFormSchema>;
type AcceptForm = z.output<typeof acceptFormSchema>;

/**
 * Accepting a full lesson or a weekly series (issue 28): the teacher confirms the price per lesson
 * for this family, prefilled with the suggestion (the family's last agreed price, else the low end
 * of the listed range). Every lesson of a series gets it. Intro calls are free and skip this.
 */
export function AcceptRequestDialog({
  request,
  lessons,
  open,
  onOpenChange,
}: {
  request: BookingRequestDTO;
  lessons: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={`Accept ${request.student.firstName}'s request`} description={requestSummary(request, lessons)}>
      <AcceptForm request={request} lessons={lessons} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function AcceptForm({ request, lessons, onDone }: { request: BookingRequestDTO; lessons: number; onDone: () => void }) {
  const decide = useDecideRequest();
  const form = useForm<AcceptFormInput, unknown, AcceptForm>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { price: centsToDollarsText(request.suggestedPriceCents ?? 0) },
  });
  const error = form.formState.errors.price?.message;
  const onSubmit = form.handleSubmit((values) =>
    decide.mutate(
      { bookingId: request.id, decision: "accept", priceCents: values.price },
      {
        onSuccess: onDone,
        // The server's price message goes beside the field it came from (sent as priceCents).
        onError: (failure) => {
          const message = failure instanceof AppError ? failure.fields?.priceCents : undefined;
          if (message) form.setError("price", { type: "server", message });
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <Field
        id="accept-price"
        label="Price per lesson"
        hint={`In US dollars, from $0 to $1,000.${lessons > 1 ? ` Each of the ${lessons} lessons gets this price.` : ""} The family sees it; payment is made directly to you.`}
        error={error}
      >
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
            $
          </span>
          <Input id="accept-price" inputMode="decimal" autoComplete="off" className="pl-7" {...invalidProps("accept-price", error)} {...form.register("price")} />
        </div>
      </Field>
      {decide.isError && !error ? <Alert>{errorMessage(decide.error, "Failed to accept request")}</Alert> : null}
      <FormActions submit="Accept" pending={decide.isPending} />
    </form>
  );
}
