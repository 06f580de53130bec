import { Check } from "lucide-react";
import { cn } from "../../../lib/cn";

export const APPLICATION_STEPS = ["personal", "teaching", "availability", "screening", "success"] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

export const STEP_TITLES: Record<ApplicationStep, string> = {
  personal: "Personal",
  teaching: "Teaching",
  availability: "Availability",
  screening: "Screening",
  success: "Done",
};

/** Where the applicant is among the five steps; the current one is named, the done ones ticked. */
export function StepIndicator({ step }: { step: ApplicationStep }) {
  const current = APPLICATION_STEPS.indexOf(step);
  return (
    <nav aria-label="Application progress" className="mb-5">
      <p className="mb-2 text-sm font-medium text-brand-700">
        Step {current + 1} of {APPLICATION_STEPS.length} · {STEP_TITLES[step]}
      </p>
      <ol className="flex items-center gap-1.5">
        {APPLICATION_STEPS.map((name, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={name} aria-current={active ? "step" : undefined} className="flex flex-1 items-center gap-1.5">
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                  done && "bg-brand-600 text-white",
                  active && "bg-brand-100 text-brand-800 ring-2 ring-brand-600",
                  !done && !active && "bg-slate-100 text-slate-500",
                )}
              >
                {done ? <Check aria-hidden className="size-4" /> : index + 1}
                <span className="sr-only">
                  {STEP_TITLES[name]}
                  {done ? " (done)" : ""}
                </span>
              </span>
              <span aria-hidden className={cn("hidden truncate text-xs sm:inline", active ? "font-semibold text-slate-900" : "text-slate-500")}>
                {STEP_TITLES[name]}
              </span>
              {index < APPLICATION_STEPS.length - 1 ? (
                <span aria-hidden className={cn("h-0.5 min-w-2 flex-1 rounded", done ? "bg-brand-600" : "bg-slate-200")} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
