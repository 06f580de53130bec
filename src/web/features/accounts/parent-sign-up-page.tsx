import { useAuthDialogs } from "../auth/auth-dialogs";
import { ParentSignUpFlow } from "./parent-sign-up-flow";

/** /signup/parent: the same flow as the modal, on its own page so it can be linked to. */
export function Component() {
  const { openSignIn, openCheckEmail } = useAuthDialogs();
  return (
    <main className="mx-auto w-full max-w-xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create a Parent Account</h1>
      <p className="mt-2 text-slate-600">Find a great teacher for your child.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <ParentSignUpFlow onFinished={() => undefined} onNeedsConfirmation={openCheckEmail} />
      </div>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <button type="button" className="text-brand-700 underline-offset-4 hover:underline" onClick={() => openSignIn()}>
          Sign in
        </button>
      </p>
    </main>
  );
}
