import { CalendarPlus, CreditCard, MessageSquare, ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { Panel } from "./panel";

const ACTIONS: { label: string; to: string; icon: LucideIcon }[] = [
  { label: "Schedule Class", to: "/find-teachers", icon: CalendarPlus },
  { label: "Message Teacher", to: "/messages", icon: MessageSquare },
  { label: "Make Payment", to: "/billing", icon: CreditCard },
  { label: "Update Security", to: "/settings#security", icon: ShieldCheck },
];

/** Spec section 2's quick actions; each goes to the screen that does it. */
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
    </Panel>
  );
}
