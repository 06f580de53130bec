import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { ParentSignUpDialog } from "../accounts/parent-sign-up-dialog";
import { SignInDialog } from "./sign-in-dialog";

type OpenDialog = { kind: "sign-in"; next: string | null } | { kind: "parent-sign-up" } | null;

interface AuthDialogs {
  /** Opens the Sign In modal; after success the user continues to `next` when their role may see it. */
  openSignIn: (next?: string | null) => void;
  openParentSignUp: () => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** One place that owns the sign-in and sign-up modals, so any page can open them. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const value = useMemo<AuthDialogs>(
    () => ({
      openSignIn: (next = null) => setOpen({ kind: "sign-in", next }),
      openParentSignUp: () => setOpen({ kind: "parent-sign-up" }),
      close: () => setOpen(null),
    }),
    [],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <SignInDialog
        open={open?.kind === "sign-in"}
        next={open?.kind === "sign-in" ? open.next : null}
        onOpenChange={(o) => !o && setOpen(null)}
        onCreateAccount={() => setOpen({ kind: "parent-sign-up" })}
      />
      <ParentSignUpDialog open={open?.kind === "parent-sign-up"} onOpenChange={(o) => !o && setOpen(null)} />
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return value;
}
