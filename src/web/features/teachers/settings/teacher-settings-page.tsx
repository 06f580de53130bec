import { UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppError } from "../../../../shared/errors";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { TeacherSettingsForm } from "./teacher-settings-form";
import { useTeacherProfile } from "./use-teacher-profile";
import { LessonRulesSection } from "./lesson-rules-section";
import { useLessonSettings } from "./use-lesson-settings";
import { BillingSection } from "./billing-section";
import { useBillingSettings } from "./use-billing-settings";
import { EmailNotificationsSection } from "./email-notifications-section";
import { BackLink } from "../../../components/ui/back-link";
import { BusyCalendarsSection } from "../../calendar/busy-calendars-section";

/** /teacher/settings (spec section 2, Teacher settings). */
export function Component() {
  const profile = useTeacherProfile();

  if (profile.isPending) return <Spinner label="Loading profile..." />;
  if (profile.isError) {
    if (profile.error instanceof AppError && profile.error.code === "not_found") return <ProfileNotFound />;
    return (
      <Page>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Settings</h1>
        <Alert className="mt-4">
          <p>{errorMessage(profile.error, "Failed to load profile")}</p>
          <Button variant="link" className="mt-1" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  return (
    <Page>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Settings</h1>
      <p className="mt-1 text-slate-600">What parents see on your profile, and how they reach you.</p>
      {/* Keyed by id: a refetch never resets edits in progress; a save resets the form itself. */}
      <TeacherSettingsForm key={profile.data.id} profile={profile.data} />
      <LessonRules />
      {/* The teacher's own calendars (issue 46): their busy times close slots. Loads on its own. */}
      <div className="mt-6">
        <BusyCalendarsSection />
      </div>
      <Billing />
      {/* Loads on its own, like the two above. */}
      <div className="mt-6">
        <EmailNotificationsSection />
      </div>
    </Page>
  );
}

/** The lesson rules load on their own: the profile form never waits for them. */
function LessonRules() {
  const settings = useLessonSettings();
  if (settings.isPending) return <Spinner label="Loading lesson settings..." />;
  if (settings.isError) return <Alert className="mt-6">{errorMessage(settings.error, "Failed to load lesson settings")}</Alert>;
  return (
    <div className="mt-6">
      <LessonRulesSection settings={settings.data} />
    </div>
  );
}

/** Billing settings (issue 28) load on their own too. */
function Billing() {
  const settings = useBillingSettings();
  if (settings.isPending) return <Spinner label="Loading billing settings..." />;
  if (settings.isError) return <Alert className="mt-6">{errorMessage(settings.error, "Failed to load billing settings")}</Alert>;
  return (
    <div className="mt-6">
      <BillingSection settings={settings.data} />
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/teacher-landing">Back to Dashboard</BackLink>
      <div className="mt-4">{children}</div>
    </main>
  );
}

function ProfileNotFound() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <UserX aria-hidden className="mb-4 size-12 text-slate-400" />
      <h1 className="text-2xl font-bold text-slate-900">Profile Not Found</h1>
      <p className="mt-3 text-slate-600">Unable to load your profile information.</p>
      <Link to="/teacher-landing" className={`${buttonClasses("primary")} mt-6`}>
        Back to Dashboard
      </Link>
    </main>
  );
}
