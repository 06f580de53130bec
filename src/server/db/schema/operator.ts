import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { AUDIT_TARGETS, OPERATOR_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from "../../../shared/operator/operator.constants";
import { user } from "./auth";
import { createdAt, id, instant, oneOf } from "./columns";
import { conversations } from "./messages";

/**
 * The accounts that may use the operator desk: kept in step with OPERATOR_EMAILS at every start
 * (a row per listed address that owns its account; a removed address loses its row). An operator
 * account holds no parent or teacher profile.
 */
export const operators = pgTable("operators", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A suspended account (issue 27): it cannot sign in and its sessions were revoked. For a teacher,
 * `teacherWasListed` remembers whether discovery was on, so reinstating restores the listing.
 * Reinstating deletes the row; the audit trail keeps the history.
 */
export const accountSuspensions = pgTable("account_suspensions", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  reason: text().notNull(),
  operatorUserId: text().references(() => user.id, { onDelete: "set null" }),
  teacherWasListed: boolean().notNull().default(false),
  suspendedAt: createdAt(),
});

/**
 * A report by a signed-in user about a teacher profile, a review or a message. `snapshot` keeps
 * the reported content as it was when reported, so an edit or a deletion does not erase the
 * evidence. One report per reporter and thing reported (reporting again changes nothing).
 */
export const reports = pgTable(
  "reports",
  {
    id: id(),
    reporterUserId: text().references(() => user.id, { onDelete: "set null" }),
    targetKind: text().notNull(),
    targetId: uuid().notNull(),
    /** The account behind the reported thing (the teacher, the review's author, the message's sender). */
    reportedUserId: text().references(() => user.id, { onDelete: "set null" }),
    reason: text().notNull(),
    details: text(),
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().notNull().default("open"),
    resolvedAt: instant(),
    resolvedByUserId: text().references(() => user.id, { onDelete: "set null" }),
    resolution: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_target_key").on(t.reporterUserId, t.targetKind, t.targetId),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_reported_user_idx").on(t.reportedUserId),
    check("reports_target_kind_check", oneOf(t.targetKind, REPORT_TARGETS)),
    check("reports_reason_check", oneOf(t.reason, REPORT_REASONS)),
    check("reports_status_check", oneOf(t.status, REPORT_STATUSES)),
    check("reports_details_check", sql`${t.details} is null or length(${t.details}) <= 2000`),
  ],
);

/**
 * The operators' audit trail: every approve, ask for changes, reject, dismiss, hide, warn,
 * suspend and reinstate. Append-only: no route edits or deletes it, and a trigger (migration
 * operator_desk) refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so deleting an account
 * can never cascade into it; ids are kept as text.
 */
export const operatorActions = pgTable(
  "operator_actions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    operatorUserId: text().notNull(),
    /** The operator's email at the time, so the trail reads without joins to living rows. */
    operatorEmail: text().notNull(),
    action: text().notNull(),
    targetKind: text().notNull(),
    targetId: text().notNull(),
    /** The account concerned (the teacher, the review's author, the sender, the suspended account). */
    subjectUserId: text(),
    reason: text().notNull(),
    /**
     * The report the action was taken from (issue 41): a report gathers several actions (remove
     * the message, warn the sender) until it is closed. One action of a kind per report.
     */
    reportId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index("operator_actions_created_idx").on(t.createdAt),
    uniqueIndex("operator_actions_report_action_key").on(t.reportId, t.action).where(sql`${t.reportId} is not null`),
    index("operator_actions_target_idx").on(t.targetKind, t.targetId),
    index("operator_actions_subject_idx").on(t.subjectUserId),
    check("operator_actions_action_check", oneOf(t.action, OPERATOR_ACTIONS)),
    check("operator_actions_target_kind_check", oneOf(t.targetKind, AUDIT_TARGETS)),
    check("operator_actions_reason_check", sql`length(trim(${t.reason})) between 1 and 1000`),
  ],
);

/** One side of a conversation blocked the other: the blocked side cannot send, and no emails go out. */
export const conversationBlocks = pgTable(
  "conversation_blocks",
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    blockerUserId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.blockerUserId] })],
);
