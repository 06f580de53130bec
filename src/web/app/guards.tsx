import { Navigate, Outlet, useLocation } from "react-router";
import type { Role } from "../../shared/accounts/accounts.constants";
import { Alert } from "../components/ui/alert";
import { Spinner } from "../components/ui/spinner";
import { useMe } from "../features/auth/use-me";

/**
 * Spec section 2 guard: spinner while the session resolves; nobody signed in → / keeping the
 * requested location (the landing page opens Sign In and continues there); wrong role → /unauthorized.
 */
export function RequireAuth({ role }: { role: Role | "any" }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Spinner />;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-md p-6">
        <Alert>We could not check your session. Please reload the page.</Alert>
      </div>
    );
  }
  if (!me.data.user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/?next=${encodeURIComponent(next)}`} replace />;
  }
  if (role !== "any" && me.data.role !== role) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
