import { ChevronRight, CreditCard, GraduationCap, MessageSquare, Settings, Users, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ParentDashboard } from "../../../../shared/parents/parents.schemas";
import { useUnreadTotal } from "../../messages/use-unread";

const noun = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The dashboard's doors (spec section 2): students, classes, messages, billing and settings. */
export function DashboardCards({ counts }: { counts: ParentDashboard["counts"] }) {
  const unread = useUnreadTotal().data;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your account">
      <li>
        <NavCard to="/parent/student-profiles" icon={Users} title="My Students" figure={counts.students}>
          {noun(counts.students, "student", "students")}
        </NavCard>
      </li>
      <li>
        <NavCard to="/manage" icon={GraduationCap} title="Classes" figure={counts.activeClasses}>
          {noun(counts.activeClasses, "active class", "active classes")}
        </NavCard>
      </li>
      <li>
        {unread === undefined ? (
          <NavCard to="/messages" icon={MessageSquare} title="Messages">
            Talk with your teachers
          </NavCard>
        ) : (
          <NavCard to="/messages" icon={MessageSquare} title="Messages" figure={unread}>
            unread {noun(unread, "message", "messages")}
          </NavCard>
        )}
      </li>
      <li>
        <NavCard to="/billing" icon={CreditCard} title="Billing">
          Lessons and their prices
        </NavCard>
      </li>
      <li>
        <NavCard to="/settings" icon={Settings} title="Settings">
          Profile, notifications and security
        </NavCard>
      </li>
    </ul>
  );
}

function NavCard({
  to,
  icon: Icon,
  title,
  figure,
  children,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  figure?: number;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600/40 hover:shadow-md"
    >
      <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center justify-between gap-2">
          <span className="font-semibold text-slate-900">{title}</span>
          <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600" />
        </span>
        {figure !== undefined ? (
          <span className="mt-1 flex items-baseline gap-1.5">
            <span className="text-3xl font-bold text-slate-900">{figure}</span>
            <span className="text-sm text-slate-600">{children}</span>
          </span>
        ) : (
          <span className="mt-1 block text-sm text-slate-600">{children}</span>
        )}
      </span>
    </Link>
  );
}
