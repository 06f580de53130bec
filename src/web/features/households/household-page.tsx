import { Alert } from "../../components/ui/alert";
import { BackLink } from "../../components/ui/back-link";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { Panel } from "../parents/components/panel";
import { GuardiansList } from "./guardians-list";
import { InvitationsPanel } from "./invitations-panel";
import { useHousehold } from "./use-household";

/** /settings/household (issue 45): who shares the family's children, lessons and invoices, and inviting another adult. */
export function Component() {
  const household = useHousehold();
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/settings">Back to Settings</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Household</h1>
      <p className="mt-1 text-slate-600">
        Guardians share your children, lessons, requests, invoices and practice, each with their own login, name and time zone. Every guardian gets the emails about the family's requests, lessons, reminders and invoices and the weekly digest, each in their own time zone and as their own email settings choose; when a teacher splits the family's invoices, each guardian gets their own share. Conversations with teachers belong to the household: every guardian reads and writes them, and each message shows who wrote it.
      </p>
      <div className="mt-6">
        {household.isPending ? (
          <Spinner label="Loading your household..." />
        ) : household.isError ? (
          <Alert>
            <p>{errorMessage(household.error, "Failed to load your household")}</p>
            <Button variant="link" className="mt-1" onClick={() => void household.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <div className="space-y-6">
            <Panel
              id="guardians"
              title="Guardians"
              description={`A household can have up to ${household.data.limits.maxGuardians} guardians. Whoever started it stays in it; they can remove anyone, and each guardian can remove the people they invited.`}
            >
              <GuardiansList household={household.data} />
            </Panel>
            <Panel id="invite" title="Invite a guardian" description="Another parent, a grandparent or a carer: they join with their own login.">
              <InvitationsPanel household={household.data} />
            </Panel>
          </div>
        )}
      </div>
    </main>
  );
}
