import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Menu } from "lucide-react";
import { useNavigate } from "react-router";
import { ROLE_CALENDAR, ROLE_HOME, type Role } from "../../shared/accounts/accounts.constants";
import { MENU_TRIGGER_CLASS } from "./mobile-menu-trigger";

const itemClass = "cursor-pointer rounded-md px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-slate-100";

/** The phone's menu of the top bar. Its own chunk: Radix menus are not needed for the first paint. */
export function MobileMenu({
  role,
  dashboardLabel,
  onBecomeTeacher,
}: {
  role: Role | null;
  dashboardLabel: string | null;
  onBecomeTeacher: () => void;
}) {
  const navigate = useNavigate();
  return (
    // It mounts on the tap that asked for it (see TopBar), so it opens at once; autoFocus keeps the
    // focus on the button that replaced the stand-in.
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger className={MENU_TRIGGER_CLASS} aria-label="Open menu" autoFocus>
        <Menu aria-hidden className="size-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/find-teachers")}>
            Find Teachers
          </DropdownMenu.Item>
          {role === "teacher" ? null : (
            <DropdownMenu.Item className={itemClass} onSelect={onBecomeTeacher}>
              Become a Teacher
            </DropdownMenu.Item>
          )}
          {role && dashboardLabel ? (
            <DropdownMenu.Item className={`${itemClass} font-medium text-brand-700`} onSelect={() => navigate(ROLE_HOME[role])}>
              {dashboardLabel}
            </DropdownMenu.Item>
          ) : null}
          {role && dashboardLabel ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(ROLE_CALENDAR[role])}>
              My Calendar
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
