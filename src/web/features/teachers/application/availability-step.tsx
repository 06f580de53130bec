import { CalendarClock, X } from "lucide-react";
import { useWatch } from "react-hook-form";
import { MONDAY_FIRST_WEEK, QUICK_FILL_WINDOW } from "../../../../shared/teachers/availability.rules";
import { US_TIME_ZONES } from "../../../../shared/teachers/application.schemas";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import type { ApplicationForm } from "./use-application-form";

/**
 * Step 3: one optional window per day, Monday first. Each row carries its stored day number
 * (0 = Sunday), set once in the form's defaults; days left empty are not saved.
 */
export function AvailabilityStep({ form }: { form: ApplicationForm }) {
  const dayErrors = form.formState.errors.availability?.days;
  const timeZone = useWatch({ control: form.control, name: "personal.timeZone" });
  const days = useWatch({ control: form.control, name: "availability.days" });

  const setDay = (index: number, startTime: string, endTime: string) => {
    const options = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue(`availability.days.${index}.startTime`, startTime, options);
    form.setValue(`availability.days.${index}.endTime`, endTime, options);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        When can you teach each week? Leave a day empty if you are not available. Times are in{" "}
        <span className="font-medium">{US_TIME_ZONES[timeZone] ?? timeZone.replaceAll("_", " ")}</span>; you can add
        more windows later in your schedule.
      </p>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        onClick={() => MONDAY_FIRST_WEEK.forEach((_, index) => setDay(index, QUICK_FILL_WINDOW.startTime, QUICK_FILL_WINDOW.endTime))}
      >
        <CalendarClock aria-hidden className="size-4" />
        Fill {QUICK_FILL_WINDOW.startTime}-{QUICK_FILL_WINDOW.endTime} for all days
      </Button>

      <ul aria-label="Days of the week" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {MONDAY_FIRST_WEEK.map(({ dayOfWeek, name }, index) => {
          const errors = dayErrors?.[index];
          const message = errors?.startTime?.message ?? errors?.endTime?.message ?? errors?.dayOfWeek?.message;
          const filled = Boolean(days?.[index]?.startTime || days?.[index]?.endTime);
          return (
            <li key={dayOfWeek} className="px-3 py-2.5">
              <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-x-2 gap-y-1 sm:grid-cols-[7rem_minmax(0,1fr)_auto_minmax(0,1fr)_auto]">
                <span className="col-span-2 text-sm font-medium text-slate-900 sm:col-span-1">{name}</span>
                <Input
                  type="time"
                  padding="tight"
                  className="order-3 min-w-0 sm:order-none"
                  aria-label={`${name} start time`}
                  aria-invalid={errors?.startTime ? true : undefined}
                  {...form.register(`availability.days.${index}.startTime`)}
                />
                <span aria-hidden className="order-4 text-sm text-slate-500 sm:order-none">
                  to
                </span>
                <Input
                  type="time"
                  padding="tight"
                  className="order-5 min-w-0 sm:order-none"
                  aria-label={`${name} end time`}
                  aria-invalid={errors?.endTime ? true : undefined}
                  {...form.register(`availability.days.${index}.endTime`)}
                />
                <Button
                  variant="ghost"
                  size="compact"
                  aria-label={`Clear ${name}`}
                  disabled={!filled}
                  onClick={() => setDay(index, "", "")}
                  // On a phone the button sits beside the day's name, leaving the row to the two times.
                  className="order-2 justify-self-end sm:order-none"
                >
                  <X aria-hidden className="size-4 sm:hidden" />
                  <span className="hidden sm:inline">Clear</span>
                </Button>
              </div>
              {message ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {name}: {message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
