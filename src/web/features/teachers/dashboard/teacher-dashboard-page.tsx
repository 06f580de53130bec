import { CalendarDays, CalendarRange, ChevronRight, DollarSign, GraduationCap, LogOut, MessageSquare, ReceiptText, Settings, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { AppError } from "../../../../shared/errors";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { SignOutFailedAlert } from "../../auth/sign-out-failed-alert";
import { useSignOut } from "../../auth/use-sign-out";
import { DiscoveryToggle } from "./discovery-toggle";
import { ReviewStatusNotice } from "./review-status-notice";
import { PaymentSettingsDialog } from "./payment-settings-dialog";
import { TeacherRequestsList } from "../../booking/teacher-requests-list";
import { RequestsPanel } from "./requests-panel";
import { TeacherLessons } from "../../lessons/lesson-panels";
import { StatTiles } from "./stat-tiles";
import { useTeacherDashboard } from "./use-teacher-dashboard";
import { useUnreadTotal } from "../../messages/use-unread";

const CARDS: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  { to: "/teacher/manage", title: "Manage Classes", text: "Create classes, share join codes, track progress and grades.", icon: GraduationCap },
  { to: "/teacher/schedule", title: "Schedule", text: "Your calendar and the weekly hours parents can book.", icon: CalendarDays },
  { to: "/teacher/earnings", title: "Earnings", text: "Accepted lessons and the rates you list.", icon: DollarSign },
  { to: "/teacher/students", title: "My Students", text: "The students you teach and their families.", icon: Users },
  { to: "/teacher/invoices", title: "Invoices", text: "Invoice families for the lessons you taught; record what they paid.", icon: ReceiptText },
];

/** /teacher-landing (spec section 2, Teacher dashboard). */
export function Component() {
  const dashboard = useTeacherDashboard();
  const signOut = useSignOut();

  if (dashboard.isPending) return <Spinner label="Loading dashboard..." />;

  const signOutButton = (
    <>
      <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden className="size-4" />
        Sign Out
      </Button>
      <SignOutFailedAlert signOut={signOut} />
    </>
  );

  if (dashboard.isError) {
    const notFound = dashboard.error instanceof AppError && dashboard.error.code === "not_found";
    return (
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Teacher Dashboard</h1>
          {signOutButton}
        </div>
        <Alert className="mt-6">
          <p>{notFound ? "Teacher profile not found" : errorMessage(dashboard.error, "Failed to load profile status")}</p>
          {notFound ? null : (
            <Button variant="link" className="mt-1" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </main>
    );
  }

  const data = dashboard.data;
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">Teacher Dashboard</p>
          <h1 className="mt-1 text-2xl font-bold break-words text-slate-900 sm:text-3xl">Welcome back, {data.firstName}!</h1>
        </div>
        {signOutButton}
      </header>

      <div className="mt-6 space-y-6">
        <ReviewStatusNotice status={data.reviewStatus} message={data.reviewMessage} supportEmail={data.supportEmail} />
        <DiscoveryToggle isDiscoverable={data.isDiscoverable} discoveryEnabledAt={data.discoveryEnabledAt} reviewStatus={data.reviewStatus} />
        <StatTiles stats={data.stats} />

        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <RequestsPanel pendingCount={data.pendingRequests}>
              <TeacherRequestsList />
            </RequestsPanel>
            <section aria-labelledby="lessons-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
              <h2 id="lessons-heading" className="text-lg font-semibold text-slate-900">
                Lessons
              </h2>
              <p className="mt-1 text-sm text-slate-600">Record attendance and notes after each lesson; cancel or move upcoming ones.</p>
              <div className="mt-2">
                <TeacherLessons limit={10} />
              </div>
            </section>
          </div>
          <QuickLinksPanel />
        </div>

        <TeachingTools />
      </div>
    </main>
  );
}

function QuickLink({ to, icon: Icon, children, badge }: { to: string; icon: LucideIcon; children: string; badge?: string }) {
  return (
    <Link
      to={to}
      className="flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <Icon aria-hidden className="size-4" />
      {children}
      {badge ? <span className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{badge}</span> : null}
    </Link>
  );
}

/** Messages with the real unread count, which the live stream keeps current. */
function MessagesQuickLink() {
  const unread = useUnreadTotal().data ?? 0;
  return (
    <QuickLink to="/messages" icon={MessageSquare} {...(unread > 0 ? { badge: `${unread} unread` } : {})}>
      Messages
    </QuickLink>
  );
}

function QuickLinksPanel() {
  return (
    <section aria-labelledby="quick-links-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="quick-links-heading" className="text-lg font-semibold text-slate-900">
        Quick Links
      </h2>
      <ul className="mt-4 space-y-2">
        <li>
          <MessagesQuickLink />
        </li>
        <li>
          <QuickLink to="/teacher/calendar" icon={CalendarRange}>
            My calendar
          </QuickLink>
        </li>
        <li>
          <QuickLink to="/teacher/schedule?tab=availability" icon={CalendarDays}>
            Set my availability
          </QuickLink>
        </li>
        <li>
          <QuickLink to="/teacher/settings" icon={Settings}>
            Edit my profile
          </QuickLink>
        </li>
        <li>
          <PaymentSettingsDialog />
        </li>
      </ul>
    </section>
  );
}

/** The cards to each teaching tool (CARDS). */
function TeachingTools() {
  return (
    <nav aria-label="Teaching tools">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {CARDS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-brand-300 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:flex-col sm:gap-0 sm:p-5"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-1 font-semibold text-slate-900 sm:mt-3">
                  {title}
                  <ChevronRight aria-hidden className="size-4 text-slate-400 transition group-hover:translate-x-0.5" />
                </span>
                <span className="mt-1 block text-sm text-slate-600">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
