import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { CalendarDays, ChevronDown, LayoutDashboard, LogOut, Settings, Trash2, UserCircle2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ROLE_CALENDAR, ROLE_HOME, type Role } from "../../../shared/accounts/accounts.constants";
import { DeleteAccountDialog } from "../accounts/delete-account-dialog";
import { SignOutFailedAlert } from "./sign-out-failed-alert";
import { useSignOut } from "./use-sign-out";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100";

/**
 * Spec section 2: email, Dashboard (role's home, or / when no role), Settings, Sign Out, Delete
 * Account; and the role's calendar, which no page linked to otherwise (issue 25).
 */
export function AccountMenu({ email, role }: { email: string; role: Role | null }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
          aria-label="Account menu"
        >
          <UserCircle2 aria-hidden className="size-6 text-brand-700" />
          <ChevronDown aria-hidden className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
            <DropdownMenu.Label className="truncate px-2 py-2 text-sm text-slate-600">{email}</DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(role ? ROLE_HOME[role] : "/")}>
              <LayoutDashboard aria-hidden className="size-4" /> Dashboard
            </DropdownMenu.Item>
            {role ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => navigate(ROLE_CALENDAR[role])}>
                <CalendarDays aria-hidden className="size-4" /> My Calendar
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => navigate(role === "teacher" ? "/teacher/settings" : "/settings")}
            >
              <Settings aria-hidden className="size-4" /> Settings
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => signOut.mutate()}>
              <LogOut aria-hidden className="size-4" /> Sign Out
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={`${itemClass} text-red-700`} onSelect={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden className="size-4" /> Delete Account
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DeleteAccountDialog open={confirmDelete} onOpenChange={setConfirmDelete} />
      <SignOutFailedAlert signOut={signOut} />
    </>
  );
}
