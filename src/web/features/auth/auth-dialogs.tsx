import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { ParentSignUpDialog } from "../accounts/parent-sign-up-dialog";
import { CheckEmailDialog } from "./check-email-dialog";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { SignInDialog } from "./sign-in-dialog";

type OpenDialog =
  | { kind: "sign-in"; next: string | null }
  | { kind: "parent-sign-up" }
  | { kind: "check-email"; email: string }
  | { kind: "forgot-password" }
  | null;

interface AuthDialogs {
  /** Opens the Sign In modal; after success the user continues to `next` when their role may see it. */
  openSignIn: (next?: string | null) => void;
  openParentSignUp: () => void;
  openCheckEmail: (email: string) => void;
  openForgotPassword: () => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** One place that owns the sign-in and sign-up modals, so any page can open them and they can hand over to each other. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const value = useMemo<AuthDialogs>(
    () => ({
      openSignIn: (next = null) => setOpen({ kind: "sign-in", next }),
      openParentSignUp: () => setOpen({ kind: "parent-sign-up" }),
      openCheckEmail: (email) => setOpen({ kind: "check-email", email }),
      openForgotPassword: () => setOpen({ kind: "forgot-password" }),
      close: () => setOpen(null),
    }),
    [],
  );
  const closeUnless = (o: boolean) => !o && setOpen(null);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <SignInDialog
        open={open?.kind === "sign-in"}
        next={open?.kind === "sign-in" ? open.next : null}
        onOpenChange={closeUnless}
        onCreateAccount={value.openParentSignUp}
        onForgotPassword={value.openForgotPassword}
        onUnconfirmedEmail={value.openCheckEmail}
      />
      <ParentSignUpDialog open={open?.kind === "parent-sign-up"} onOpenChange={closeUnless} onUnconfirmedEmail={value.openCheckEmail} />
      <CheckEmailDialog
        email={open?.kind === "check-email" ? open.email : null}
        onOpenChange={closeUnless}
        onReturnToSignIn={() => value.openSignIn()}
      />
      <ForgotPasswordDialog
        open={open?.kind === "forgot-password"}
        onOpenChange={closeUnless}
        onReturnToSignIn={() => value.openSignIn()}
      />
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return value;
}
