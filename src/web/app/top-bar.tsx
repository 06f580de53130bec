import { ChevronDown, Menu, Music2, UserCircle2 } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { ROLE_HOME } from "../../shared/accounts/accounts.constants";
import { Button, buttonClasses } from "../components/ui/button";
import { preloadSignIn, useAuthDialogs } from "../features/auth/auth-dialogs";
import { useMe } from "../features/auth/use-me";
import { MessagesLink } from "../features/messages/messages-link";
import { lazyPart, preloadWhenIdle, useOpenedOnce } from "../lib/lazy-parts";
import { MENU_TRIGGER_CLASS } from "./mobile-menu-trigger";

// Menus and the Become a Teacher dialog (its application form, zod, react-hook-form) are separate
// chunks fetched on intent (pointer over, focus or touch on their button) or when opened, so they
// are neither downloaded nor parsed during the page's first seconds.
const MobileMenu = lazyPart(() => import("./mobile-menu").then((m) => m.MobileMenu));
const AccountMenu = lazyPart(() => import("../features/auth/account-menu").then((m) => m.AccountMenu));
const BecomeTeacherDialog = lazyPart(() => import("../features/teachers/become-teacher-dialog").then((m) => m.BecomeTeacherDialog));

const preloadMobileMenu = () => void MobileMenu.preload();
const preloadBecomeTeacher = () => void BecomeTeacherDialog.preload();

const DASHBOARD_LABEL = { parent: "Go to Parent Dashboard", teacher: "Go to Teacher Dashboard" } as const;

export function TopBar() {
  const me = useMe();
  const { openSignIn } = useAuthDialogs();
  const [becomeTeacherOpen, setBecomeTeacherOpen] = useState(false);
  // Mounted from the first opening on and never unmounted: the application's answers live in it and
  // must survive the dialog being closed.
  const becomeTeacherMounted = useOpenedOnce(becomeTeacherOpen);
  // The phone menu (Radix) is fetched on intent (pointer over, touch or focus on its button) and
  // replaces its stand-in on the first tap, opening at once. Swapping earlier would replace the
  // button between a tap's touchstart and its click, and the click would be lost.
  const [menuRequested, setMenuRequested] = useState(false);
  const user = me.data?.user ?? null;
  const role = me.data?.role ?? null;

  useEffect(() => (user ? preloadWhenIdle(AccountMenu) : undefined), [user]);

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
          {/* A signed-in teacher already is one. */}
          {role === "teacher" ? null : (
            <Button variant="ghost" onPointerEnter={preloadBecomeTeacher} onFocus={preloadBecomeTeacher} onClick={() => setBecomeTeacherOpen(true)}>
              Become a Teacher
            </Button>
          )}
          {user && role ? (
            <Link to={ROLE_HOME[role]} className={buttonClasses("secondary")}>
              {DASHBOARD_LABEL[role]}
            </Link>
          ) : null}
        </div>

        <div className="flex items-center gap-1">
          {user ? <MessagesLink /> : null}
          {me.isPending ? null : user ? (
            <Suspense fallback={<AccountMenuPlaceholder />}>
              <AccountMenu email={user.email} role={role} />
            </Suspense>
          ) : (
            <Button onPointerEnter={preloadSignIn} onFocus={preloadSignIn} onClick={() => openSignIn()}>
              Sign In
            </Button>
          )}
          {menuRequested ? (
            <Suspense fallback={<MenuButtonStandIn />}>
              <MobileMenu
                role={role}
                dashboardLabel={user && role ? DASHBOARD_LABEL[role] : null}
                onBecomeTeacher={() => setBecomeTeacherOpen(true)}
              />
            </Suspense>
          ) : (
            <MenuButtonStandIn onIntent={preloadMobileMenu} onOpen={() => setMenuRequested(true)} />
          )}
        </div>
      </nav>
      {becomeTeacherMounted ? (
        <Suspense fallback={null}>
          <BecomeTeacherDialog open={becomeTeacherOpen} onOpenChange={setBecomeTeacherOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}

/** The account menu's button as it looks, shown for the moment its chunk takes to arrive. */
function AccountMenuPlaceholder() {
  return (
    <span className="flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-800" aria-hidden>
      <UserCircle2 className="size-6 text-brand-700" />
      <ChevronDown className="size-4" />
    </span>
  );
}

/** The phone menu's button before its chunk is loaded; same look, so the swap does not move anything. */
function MenuButtonStandIn({ onIntent, onOpen }: { onIntent?: () => void; onOpen?: () => void }) {
  return (
    <button
      type="button"
      className={MENU_TRIGGER_CLASS}
      aria-label="Open menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
      onClick={onOpen}
    >
      <Menu aria-hidden className="size-6" />
    </button>
  );
}
