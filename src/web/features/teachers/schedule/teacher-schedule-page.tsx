import * as Tabs from "@radix-ui/react-tabs";
import { CalendarDays, CalendarRange, Clock, Hourglass } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { isLocalDate } from "../../../../shared/calendar/calendar-views.rules";
import { useMe } from "../../auth/use-me";
import { viewerTimeZone } from "../../../lib/time-zone";
import { CalendarView } from "../../calendar/calendar-view";
import { earliestStartMinute } from "../../../../shared/calendar/calendar-views.rules";
import { AvailabilityEditor } from "./availability-editor";
import { useAvailability } from "./use-availability";
import { BackLink } from "../../../components/ui/back-link";
import { TeacherWaitlist } from "../../waitlist/teacher-waitlist";

const TABS = [
  { value: "month", label: "Month", icon: CalendarDays },
  { value: "week", label: "Week", icon: CalendarRange },
  { value: "availability", label: "Availability", icon: Clock },
  { value: "waitlist", label: "Waitlist", icon: Hourglass },
] as const;
type Tab = (typeof TABS)[number]["value"];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/**
 * /teacher/schedule (spec section 2, Teacher schedule): the calendar's Month and Week views (with
 * Add Event and the event options) and the availability editor on one page. The tab and the date
 * are kept in the URL (?tab=week&date=2026-12-03) so a link can open them.
 */
export function Component() {
  const availability = useAvailability();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "month";
  const dateParam = params.get("date");
  const date = dateParam && isLocalDate(dateParam) ? dateParam : null;
  const setDate = (next: string) => {
    const updated = new URLSearchParams(params);
    updated.set("date", next);
    setParams(updated, { replace: true });
  };

  if (availability.isPending || me.isPending) return <Spinner label="Loading schedule..." />;
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
      <BackLink to="/teacher-landing">Back to Dashboard</BackLink>
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
        {(["month", "week"] as const).map((view) => (
          <Tabs.Content key={view} value={view} className="mt-6 focus-visible:outline-none">
            {me.data?.user ? (
              <CalendarView
                view={view}
                date={date}
                onDateChange={setDate}
                timeZone={viewerTimeZone()}
                userId={me.data.user.id}
                workStartMinute={earliestStartMinute(availability.data?.windows ?? [])}
                showBusy
              />
            ) : null}
          </Tabs.Content>
        ))}
        <Tabs.Content value="availability" className="mt-6 focus-visible:outline-none">
          <AvailabilityEditor availability={availability.data} />
        </Tabs.Content>
        <Tabs.Content value="waitlist" className="mt-6 focus-visible:outline-none">
          <TeacherWaitlist />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
