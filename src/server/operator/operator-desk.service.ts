import type { AuditPage, AuditQuery, OperatorOverview } from "../../shared/operator/operator.schemas";
import type { Deps } from "../deps";
import * as repo from "./operator-desk.repo";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The operator home counts recent activity over the last 7 days (the page says so). */
export const OVERVIEW_DAYS = 7;
const AUDIT_PAGE_SIZE = 25;

export async function getOverview(deps: Pick<Deps, "db">, now = new Date()): Promise<OperatorOverview> {
  const since = new Date(now.getTime() - OVERVIEW_DAYS * DAY_MS);
  const figures = await repo.readOverview(deps.db, since, now);
  return { ...figures, oldestWaitingSince: figures.oldestWaitingSince?.toISOString() ?? null, since: since.toISOString() };
}

/** The audit trail, newest first, filtered by target and/or subject account, one page at a time. */
export async function getAuditPage(deps: Pick<Deps, "db">, query: AuditQuery): Promise<AuditPage> {
  const limit = Number(query.limit ?? AUDIT_PAGE_SIZE);
  const separator = query.target?.indexOf(":") ?? -1;
  const target = query.target && separator > 0 ? { kind: query.target.slice(0, separator), id: query.target.slice(separator + 1) } : undefined;
  // One row more than the page tells whether an older page exists, without a count.
  const rows = await repo.listAuditEntries(deps.db, {
    target,
    subjectUserId: query.subject,
    before: query.before === undefined ? undefined : Number(query.before),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({ ...row, id: String(row.id), createdAt: row.createdAt.toISOString() })),
    nextCursor: rows.length > limit && last ? String(last.id) : null,
  };
}
