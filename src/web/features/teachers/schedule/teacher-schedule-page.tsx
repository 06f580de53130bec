import * as Tabs from "@radix-ui/react-tabs";
import { ArrowLeft, CalendarDays, CalendarRange, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { AvailabilityEditor } from "./availability-editor";
import { useAvailability } from "./use-availability";

const TABS = [
  { value: "month", label: "Month", icon: CalendarDays },
  { value: "week", label: "Week", icon: CalendarRange },
  { value: "availability", label: "Availability", icon: Clock },
] as const;
type Tab = (typeof TABS)[number]["value"];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/**
 * /teacher/schedule (spec section 2, Teacher schedule). The tab is kept in ?tab= so a link can open
 * one. Availability is the default while the Month and Week views are still to come.
 */
export function Component() {
  const availability = useAvailability();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "availability";

  if (availability.isPending) return <Spinner label="Loading schedule..." />;
  if (availability.isError) {
    return (
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Error Loading Schedule</h1>
        <Alert className="mt-4 text-left">{errorMessage(availability.error, "Failed to load availability")}</Alert>
        <Link to="/teacher-landing" className={`${buttonClasses("primary")} mt-6`}>
          Back to Dashboard
        </Link>
      </main>
    );
  }

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/teacher-landing" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Schedule</h1>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          params.set("tab", value);
          setParams(params, { replace: true });
        }}
        className="mt-6"
      >
        <Tabs.List aria-label="Schedule views" className="inline-flex rounded-xl bg-slate-100 p-1">
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm sm:px-4"
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="month" className="mt-6 focus-visible:outline-none">
          <ComingWithCalendar view="month" />
        </Tabs.Content>
        <Tabs.Content value="week" className="mt-6 focus-visible:outline-none">
          <ComingWithCalendar view="week" />
        </Tabs.Content>
        <Tabs.Content value="availability" className="mt-6 focus-visible:outline-none">
          <AvailabilityEditor availability={availability.data} />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}

function ComingWithCalendar({ view }: { view: "month" | "week" }): ReactNode {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-medium text-slate-900">The {view} view arrives with the calendar.</p>
      <p className="mt-1 text-sm text-slate-600">Meanwhile, set the weekly hours parents can book in the Availability tab.</p>
    </div>
  );
}
