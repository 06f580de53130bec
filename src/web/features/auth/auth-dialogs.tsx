import { createContext, Suspense, useContext, useMemo, useState, type ReactNode } from "react";
import { lazyPart, useOpenedOnce } from "../../lib/lazy-parts";
// A type only: erased, so the dialog's code still loads when first opened.
import type { SignInPrefill } from "./sign-in-dialog";

// The dialogs (forms, zod schemas, react-hook-form, Radix Dialog) load when first opened, not with
// every page: no first paint needs them.
const SignInDialog = lazyPart(() => import("./sign-in-dialog").then((m) => m.SignInDialog));
const ParentSignUpDialog = lazyPart(() => import("../accounts/parent-sign-up-dialog").then((m) => m.ParentSignUpDialog));
const CheckEmailDialog = lazyPart(() => import("./check-email-dialog").then((m) => m.CheckEmailDialog));
const ForgotPasswordDialog = lazyPart(() => import("./forgot-password-dialog").then((m) => m.ForgotPasswordDialog));

/** Fetch the Sign In dialog ahead of a click (hover, focus, idle). */
export const preloadSignIn = () => void SignInDialog.preload();

type OpenDialog =
  | { kind: "sign-in"; next: string | null; prefill?: SignInPrefill | undefined }
  | { kind: "parent-sign-up" }
  | { kind: "check-email"; email: string }
  | { kind: "forgot-password" }
  | null;

interface AuthDialogs {
  /** Opens the Sign In modal; after success the user continues to `next` when their role may see it. */
  openSignIn: (next?: string | null, prefill?: SignInPrefill) => void;
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
      openSignIn: (next = null, prefill) => setOpen({ kind: "sign-in", next, prefill }),
      openParentSignUp: () => setOpen({ kind: "parent-sign-up" }),
      openCheckEmail: (email) => setOpen({ kind: "check-email", email }),
      openForgotPassword: () => setOpen({ kind: "forgot-password" }),
      close: () => setOpen(null),
    }),
    [],
  );
  const closeUnless = (o: boolean) => !o && setOpen(null);
  const signIn = useOpenedOnce(open?.kind === "sign-in");
  const parentSignUp = useOpenedOnce(open?.kind === "parent-sign-up");
  const checkEmail = useOpenedOnce(open?.kind === "check-email");
  const forgotPassword = useOpenedOnce(open?.kind === "forgot-password");
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {signIn ? (
        <Suspense fallback={null}>
          <SignInDialog
            open={open?.kind === "sign-in"}
            next={open?.kind === "sign-in" ? open.next : null}
            prefill={open?.kind === "sign-in" ? open.prefill : undefined}
            onOpenChange={closeUnless}
            onCreateAccount={value.openParentSignUp}
            onForgotPassword={value.openForgotPassword}
            onUnconfirmedEmail={value.openCheckEmail}
          />
        </Suspense>
      ) : null}
      {parentSignUp ? (
        <Suspense fallback={null}>
          <ParentSignUpDialog open={open?.kind === "parent-sign-up"} onOpenChange={closeUnless} onUnconfirmedEmail={value.openCheckEmail} />
        </Suspense>
      ) : null}
      {checkEmail ? (
        <Suspense fallback={null}>
          <CheckEmailDialog
            email={open?.kind === "check-email" ? open.email : null}
            onOpenChange={closeUnless}
            onReturnToSignIn={() => value.openSignIn()}
          />
        </Suspense>
      ) : null}
      {forgotPassword ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={open?.kind === "forgot-password"}
            onOpenChange={closeUnless}
            onReturnToSignIn={() => value.openSignIn()}
          />
        </Suspense>
      ) : null}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error("useAuthDialogs must be used inside AuthDialogsProvider");
  return value;
}
