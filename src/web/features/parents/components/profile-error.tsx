import { UserX } from "lucide-react";
import { Link } from "react-router";
import { AppError } from "../../../../shared/errors";
import { NO_PARENT_PROFILE_MESSAGE } from "../../../../shared/parents/parents.schemas";
import { Button, buttonClasses } from "../../../components/ui/button";

/**
 * Spec section 2: no parent profile → "Profile Error" with links to /signup/parent and /. Any
 * other failure says so (spec section 7's dashboard message) and offers another try.
 */
export function ProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const noProfile = error instanceof AppError && (error.code === "forbidden" || error.code === "not_found");
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <UserX aria-hidden className="mb-4 size-12 text-red-600" />
      <h1 className="text-2xl font-bold text-slate-900">Profile Error</h1>
      <p role="alert" className="mt-3 text-slate-600">
        {noProfile ? NO_PARENT_PROFILE_MESSAGE : "An error occurred while loading your profile"}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {noProfile ? null : (
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link to="/signup/parent" className={buttonClasses(noProfile ? "primary" : "secondary")}>
          Complete Profile Setup
        </Link>
        <Link to="/" className={buttonClasses("secondary")}>
          Home
        </Link>
      </div>
    </main>
  );
}
