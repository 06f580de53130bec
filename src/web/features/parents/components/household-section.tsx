import { Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { Panel } from "./panel";

/** Issue 45: the way to the Household page from Settings. */
export function HouseholdSection() {
  return (
    <Panel id="household" title="Household" description="Share your children, lessons, requests and invoices with another parent or guardian, each with their own login.">
      <Link to="/settings/household" className={buttonClasses("secondary", "md", undefined, "start")}>
        <Users aria-hidden className="size-4 text-brand-700" />
        Guardians and invitations
      </Link>
    </Panel>
  );
}
