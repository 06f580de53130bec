import { useEffect } from "react";
import { useLocation } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { HouseholdSection } from "./components/household-section";
import { SecuritySection } from "./components/security-section";
import { SettingsForm } from "./components/settings-form";
import { useParentSettings } from "./use-parent";
import { BackLink } from "../../components/ui/back-link";

/** /settings (spec section 2 "Parent settings"). */
export function Component() {
  const settings = useParentSettings();
  const { hash } = useLocation();

  // "Update Security" links to /settings#security; the section exists only once the data is here.
  useEffect(() => {
    if (settings.isSuccess && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [settings.isSuccess, hash]);

  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Settings</h1>
      <p className="mt-1 text-slate-600">Your profile, how we reach you, and your account security.</p>

      <div className="mt-6">
        {settings.isPending ? (
          <Spinner label="Loading your settings..." />
        ) : settings.isError ? (
          <Alert>
            <p>{errorMessage(settings.error, "Failed to load profile")}</p>
            <Button variant="link" className="mt-1" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <div className="space-y-6">
            <SettingsForm settings={settings.data} />
            <HouseholdSection />
            <SecuritySection />
          </div>
        )}
      </div>
    </main>
  );
}
