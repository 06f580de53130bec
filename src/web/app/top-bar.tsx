import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Menu, Music2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ROLE_HOME } from "../../shared/accounts/accounts.constants";
import { Button, buttonClasses } from "../components/ui/button";
import { AccountMenu } from "../features/auth/account-menu";
import { useAuthDialogs } from "../features/auth/auth-dialogs";
import { useMe } from "../features/auth/use-me";
import { BecomeTeacherDialog } from "../features/teachers/become-teacher-dialog";

const DASHBOARD_LABEL = { parent: "Go to Parent Dashboard", teacher: "Go to Teacher Dashboard" } as const;

export function TopBar() {
  const me = useMe();
  const { openSignIn } = useAuthDialogs();
  const navigate = useNavigate();
  const [becomeTeacherOpen, setBecomeTeacherOpen] = useState(false);
  const user = me.data?.user ?? null;
  const role = me.data?.role ?? null;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Music2 aria-hidden className="size-5" />
          </span>
          <span className="text-lg">Music Lessons</span>
        </Link>

        <div className="hidden items-center gap-1 md:flex">
          <Link to="/find-teachers" className={buttonClasses("ghost")}>
            Find Teachers
          </Link>
          <Button variant="ghost" onClick={() => setBecomeTeacherOpen(true)}>
            Become a Teacher
          </Button>
          {user && role ? (
            <Link to={ROLE_HOME[role]} className={buttonClasses("secondary")}>
              {DASHBOARD_LABEL[role]}
            </Link>
          ) : null}
        </div>

        <div className="flex items-center gap-1">
          {me.isPending ? null : user ? (
            <AccountMenu email={user.email} role={role} />
          ) : (
            <Button onClick={() => openSignIn()}>Sign In</Button>
          )}
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden" aria-label="Open menu">
              <Menu aria-hidden className="size-6" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
                <DropdownMenu.Item className="cursor-pointer rounded-md px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-slate-100" onSelect={() => navigate("/find-teachers")}>
                  Find Teachers
                </DropdownMenu.Item>
                <DropdownMenu.Item className="cursor-pointer rounded-md px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-slate-100" onSelect={() => setBecomeTeacherOpen(true)}>
                  Become a Teacher
                </DropdownMenu.Item>
                {user && role ? (
                  <DropdownMenu.Item className="cursor-pointer rounded-md px-3 py-2.5 text-sm font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100" onSelect={() => navigate(ROLE_HOME[role])}>
                    {DASHBOARD_LABEL[role]}
                  </DropdownMenu.Item>
                ) : null}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </nav>
      <BecomeTeacherDialog open={becomeTeacherOpen} onOpenChange={setBecomeTeacherOpen} />
    </header>
  );
}
