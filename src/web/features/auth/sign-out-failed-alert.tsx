import { X } from "lucide-react";
import { Alert } from "../../components/ui/alert";
import { SIGN_OUT_FAILED_MESSAGE, type useSignOut } from "./use-sign-out";

/**
 * Shown wherever Sign Out is offered, while the last attempt failed. Fixed at the top of the
 * screen, since the account menu that started it has already closed.
 */
export function SignOutFailedAlert({ signOut }: { signOut: Pick<ReturnType<typeof useSignOut>, "isError" | "reset"> }) {
  if (!signOut.isError) return null;
  return (
    <div className="fixed inset-x-0 top-4 z-50 mx-auto w-full max-w-md px-4">
      <Alert className="shadow-lg">
        <div className="flex items-start justify-between gap-2">
          <p>{SIGN_OUT_FAILED_MESSAGE}</p>
          <button type="button" aria-label="Dismiss" className="rounded p-0.5 hover:bg-red-100" onClick={() => signOut.reset()}>
            <X aria-hidden className="size-4" />
          </button>
        </div>
      </Alert>
    </div>
  );
}
