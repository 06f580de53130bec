import { Spinner } from "../../components/ui/spinner";
import { MyRequests } from "../booking/my-requests";
import { CreditsPanel } from "../lessons/credits-panel";
import { ParentLessons } from "../lessons/lesson-panels";
import { ChildrenPractice } from "../practice/children-practice";
import { MyWaitlist } from "../waitlist/my-waitlist";
import { OfferBanner } from "../waitlist/offer-banner";
import { Panel } from "./components/panel";
import { DashboardCards } from "./components/dashboard-cards";
import { ProfileError } from "./components/profile-error";
import { QuickActions } from "./components/quick-actions";
import { UpcomingEventsCard } from "./components/upcoming-events-card";
import { WelcomeHeader } from "./components/welcome-header";
import { useParentDashboard } from "./use-parent";

/**
 * /dashboard (spec section 2 "Parent dashboard"). Built from small sections so later features
 * (lesson requests) add a section here rather than reshaping the page.
 */
export function Component() {
  const dashboard = useParentDashboard();

  if (dashboard.isPending) return <Spinner label="Loading your dashboard..." />;
  if (dashboard.isError) return <ProfileError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;

  const data = dashboard.data;
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <WelcomeHeader dashboard={data} />
      <div className="mt-6 empty:hidden">
        <OfferBanner />
      </div>
      {/* On a phone the schedule comes right after the cards; on a wide screen it is a side column. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DashboardCards counts={data.counts} />
          <Panel id="practice" title="Practice" description="Homework from the teachers, the practice timer and what was practised this week." className="mt-6">
            <ChildrenPractice />
          </Panel>
        </div>
        <aside className="space-y-6 self-start lg:col-start-3 lg:row-span-2 lg:row-start-1" aria-label="Schedule">
          <UpcomingEventsCard events={data.upcoming} />
          <Panel id="my-lessons" title="My lessons" description="Cancel or reschedule upcoming lessons; read the teachers' notes.">
            <ParentLessons limit={8} />
          </Panel>
          <Panel id="make-up-credits" title="Make-up credits">
            <CreditsPanel />
          </Panel>
          <Panel id="lesson-requests" title="My lesson requests" description="Requests you sent and the teachers' answers; a request still waiting is moved or withdrawn here.">
            <MyRequests limit={8} />
          </Panel>
          <Panel id="waitlist" title="My waitlist" description="Times you wait for; a freed time is offered to you here and by email.">
            <MyWaitlist />
          </Panel>
        </aside>
        <div className="lg:col-span-2">
          <QuickActions />
        </div>
      </div>
    </main>
  );
}
