import type { Executor } from "../db/client";
import type { OperatorUser } from "../http/app-env";
import * as repo from "./audit.repo";

export type { AuditEntry } from "./audit.repo";

/**
 * Appends one operator action to the audit trail (the desk's own actions and the report desk's).
 * Call it in the transaction of the change it records, after the change's own guarded write, so a
 * concurrent double action records once.
 */
export function recordOperatorAction(tx: Executor, operator: OperatorUser, entry: repo.AuditEntry): Promise<void> {
  return repo.recordOperatorAction(tx, operator, entry);
}
