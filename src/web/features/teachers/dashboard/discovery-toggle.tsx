import * as SwitchPrimitive from "@radix-ui/react-switch";
import { Eye, EyeOff } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { useFlash } from "../../../components/ui/form";
import { errorMessage } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useSetDiscovery } from "./use-teacher-dashboard";
import type { TeacherReviewStatus } from "../../../../shared/operator/operator.constants";
import { discoveryBlockedReason } from "../../../../shared/teachers/review-status.rules";

/** Spec section 9: success banners and the discovery message last 3 seconds. */
export const DISCOVERY_MESSAGE_MS = 3000;

const MESSAGES = { on: "You are now visible in search.", off: "You are hidden from search." } as const;

/**
 * The discovery switch (spec section 4): on, parents find the teacher in Find Teachers; off, the
 * teacher is hidden from search but keeps their lessons, classes and profile link.
 */
export function DiscoveryToggle({
  isDiscoverable,
  discoveryEnabledAt,
  reviewStatus,
}: {
  isDiscoverable: boolean;
  discoveryEnabledAt: string | null;
  reviewStatus: TeacherReviewStatus;
}) {
  const setDiscovery = useSetDiscovery();
  const flash = useFlash(DISCOVERY_MESSAGE_MS);

  const change = (enabled: boolean) => {
    flash.clear();
    setDiscovery.mutate(enabled, { onSuccess: () => flash.show(enabled ? MESSAGES.on : MESSAGES.off) });
  };

  // Issue 27: until approved the switch stays off and says why; the server refuses it as well.
  const blockedReason = isDiscoverable ? null : discoveryBlockedReason(reviewStatus);

  const since = discoveryEnabledAt
    ? new Date(discoveryEnabledAt).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" })
    : null;

  return (
    <section aria-labelledby="discovery-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden
            className={cn(
              "flex size-10 shrink-0 items-center justify-center rounded-full",
              isDiscoverable ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-500",
            )}
          >
            {isDiscoverable ? <Eye className="size-5" /> : <EyeOff className="size-5" />}
          </span>
          <h2 id="discovery-heading" className="text-lg font-semibold text-slate-900">
            Discoverable in search
          </h2>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <label htmlFor="discovery-switch" className="text-sm font-medium text-slate-700">
            <span className="sr-only">Discoverable in search: </span>
            {isDiscoverable ? "On" : "Off"}
          </label>
          <SwitchPrimitive.Root
            id="discovery-switch"
            checked={isDiscoverable}
            disabled={setDiscovery.isPending || blockedReason !== null}
            {...(blockedReason ? { "aria-describedby": "discovery-blocked" } : {})}
            onCheckedChange={change}
            className={cn(
              "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors",
              "focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none",
              blockedReason ? "disabled:cursor-not-allowed disabled:opacity-60" : "disabled:cursor-wait disabled:opacity-60",
              "data-[state=checked]:bg-brand-600 data-[state=unchecked]:bg-slate-300",
            )}
          >
            <SwitchPrimitive.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
          </SwitchPrimitive.Root>
        </div>
      </div>
      <p id={blockedReason ? "discovery-blocked" : undefined} className="mt-3 text-sm text-slate-600 sm:mt-1 sm:pl-13">
        {blockedReason ?? (isDiscoverable
          ? `Parents can find you in Find Teachers and request lessons${since ? ` (visible since ${since})` : ""}.`
          : "You are hidden: parents cannot find you in search. Your lessons, classes and messages carry on as usual.")}
      </p>
      {flash.message ? (
        <Alert tone="success" className="mt-4">
          {flash.message}
        </Alert>
      ) : null}
      {setDiscovery.isError ? (
        <Alert className="mt-4">{errorMessage(setDiscovery.error, "Failed to update discovery status")}</Alert>
      ) : null}
    </section>
  );
}
