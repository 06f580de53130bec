import { CalendarPlus, MessageSquare, ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { Panel } from "./panel";

/**
 * Spec section 2's quick actions; each goes to the screen that does it. The spec's "Make Payment"
 * is not offered: no payment is taken in the app (decisions.md section 6), so the panel says how
 * families pay instead, and Billing (a dashboard card) lists what the lessons come to.
 */
const ACTIONS: { label: string; to: string; icon: LucideIcon }[] = [
  { label: "Schedule Class", to: "/find-teachers", icon: CalendarPlus },
  { label: "Message Teacher", to: "/messages", icon: MessageSquare },
  { label: "Update Security", to: "/settings#security", icon: ShieldCheck },
];

const PAYMENTS_NOTE = "Payments are made directly to your teachers, in the way you agree with them: no payment is taken in the app.";

export function QuickActions() {
  return (
    <Panel id="quick-actions" title="Quick Actions">
      <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {ACTIONS.map(({ label, to, icon: Icon }) => (
          <Link key={label} to={to} className={buttonClasses("secondary", "md", undefined, "start")}>
            <Icon aria-hidden className="size-4 text-brand-700" />
            {label}
          </Link>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {PAYMENTS_NOTE}{" "}
        <Link to="/billing" className="font-medium text-brand-700 underline underline-offset-2">
          See your lessons in Billing
        </Link>
        .
      </p>
    </Panel>
  );
}
