import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { SignInDialog } from "./sign-in-dialog";

type OpenDialog = { kind: "sign-in"; next: string | null } | null;

interface AuthDialogs {
  /** Opens the Sign In modal; after success the user continues to `next` when their role may see it. */
  openSignIn: (next?: string | null) => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** One place that owns the sign-in (and later sign-up) modals, so any page can open them. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const value = useMemo<AuthDialogs>(
    () => ({
      openSignIn: (next = null) => setOpen({ kind: "sign-in", next }),
      close: () => setOpen(null),
    }),
    [],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <SignInDialog open={open?.kind === "sign-in"} next={open?.next ?? null} onOpenChange={(o) => !o && setOpen(null)} />
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return value;
}
