import { useState } from "react";
import type { Household, HouseholdGuardian } from "../../../shared/households/households.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { formatDay } from "./household-dates";
import { useLeaveHousehold, useRemoveGuardian } from "./use-household";

function GuardianRow({ guardian, onRemove, removing }: { guardian: HouseholdGuardian; onRemove: () => void; removing: boolean }) {
  const role = guardian.isFounder ? "Started the household" : guardian.invitedByName ? `Invited by ${guardian.invitedByName}` : "Guardian";
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {guardian.firstName} {guardian.lastName}
          {guardian.isYou ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">You</span> : null}
        </p>
        <p className="break-all text-sm text-slate-600">{guardian.email}</p>
        <p className="text-xs text-slate-600">
          {role}
          {guardian.joinedAt ? ` · joined ${formatDay(guardian.joinedAt)}` : ""}
        </p>
      </div>
      {guardian.canRemove ? (
        <Button variant="secondaryDanger" size="sm" disabled={removing} onClick={onRemove}>
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** The household's guardians, with Remove where the signed-in guardian may, and Leave for those who joined. */
export function GuardiansList({ household }: { household: Household }) {
  const remove = useRemoveGuardian();
  const leave = useLeaveHousehold();
  const [confirm, setConfirm] = useState<{ kind: "remove"; guardian: HouseholdGuardian } | { kind: "leave" } | null>(null);
  const error = remove.error ?? leave.error;

  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {household.guardians.map((guardian) => (
          <GuardianRow
            key={guardian.guardianId}
            guardian={guardian}
            removing={remove.isPending}
            onRemove={() => setConfirm({ kind: "remove", guardian })}
          />
        ))}
      </ul>
      {confirm ? (
        <div role="alertdialog" aria-labelledby="household-confirm" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p id="household-confirm" className="text-sm text-slate-900">
            {confirm.kind === "remove"
              ? `Remove ${confirm.guardian.firstName} ${confirm.guardian.lastName}? They keep their login but no longer see your children, lessons or invoices.`
              : "Leave this household? You keep your login but no longer see its children, lessons or invoices."}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              disabled={remove.isPending || leave.isPending}
              onClick={() =>
                confirm.kind === "remove"
                  ? remove.mutate(confirm.guardian.guardianId, { onSuccess: () => setConfirm(null) })
                  : leave.mutate(undefined, { onSuccess: () => setConfirm(null) })
              }
            >
              {confirm.kind === "remove" ? "Remove guardian" : "Leave household"}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <Alert className="mt-3">{errorMessage(error, "Failed to update the household")}</Alert> : null}
      {household.you.canLeave && !confirm ? (
        <Button variant="secondaryDanger" size="sm" className="mt-3" onClick={() => setConfirm({ kind: "leave" })}>
          Leave household
        </Button>
      ) : null}
    </div>
  );
}
