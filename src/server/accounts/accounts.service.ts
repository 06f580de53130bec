import type { DeleteAccountInput } from "../../shared/accounts/accounts.schemas";
import { confirmIdentity, findProfileIds } from "../auth";
import * as calendar from "../calendar";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { closeLessonsOfParent, closeLessonsOfTeacher, eachReader, type ClosedAccountNotice } from "../lessons";
import * as parents from "../parents";
import * as teachers from "../teachers";
import { accountClosedEmail } from "./account-closed.emails";
import { leaveContactOnInvoices } from "../invoices";
import { closingAccountScope } from "../households";
import * as repo from "./accounts.repo";

/**
 * Delete Account (spec section 4, issue 26), once the user proved it is them (password, or a
 * two-factor code; nothing is touched otherwise), in one transaction and in the spec's order: the
 * requests and lessons still ahead are cancelled for the other side (the past stays with them,
 * shown with "Deleted user" or "Deleted teacher"), then students, parent profile, teacher profile,
 * calendar feed and own events, role; each feature removes its own rows. The other side's email,
 * in their own zone, is stored in the same transaction.
 */
export async function deleteAccount(
  deps: Pick<Deps, "db" | "env" | "auth" | "mailer" | "logger">,
  user: SessionUser,
  confirmation: { headers: Headers; input: DeleteAccountInput },
  now = new Date(),
): Promise<void> {
  await confirmIdentity(deps, user.id, confirmation.headers, confirmation.input);
  const { teacherId } = await transactionWithRetry(deps.db, async (tx) => {
    const { parentId: householdId, guardianId, teacherId } = await findProfileIds(tx, user.id);
    // Issue 45: a guardian who joined a household closes only their own profile (the household's
    // children and lessons stay with the others); a founder with other guardians is refused.
    const scope = householdId && guardianId ? await closingAccountScope(tx, { parentId: householdId, guardianId }) : null;
    const parentId = scope === "household" ? householdId : null;
    const notices: ClosedAccountNotice[] = [
      ...(parentId ? await closeLessonsOfParent(tx, parentId, now) : []),
      ...(teacherId ? await closeLessonsOfTeacher(tx, teacherId, now) : []),
    ];
    // Issue 41: a teacher may leave how families who still owe them can reach and pay them; it is
    // written on their invoices (which outlive the profile) and told to those families.
    const leftContact = teacherId ? (confirmation.input.contactForFamilies?.trim() ?? "") : "";
    if (teacherId && leftContact) {
      await leaveContactOnInvoices(tx, teacherId, leftContact);
      for (const notice of notices) if (notice.closedBy === "teacher") notice.leftContact = leftContact;
    }
    await parents.deleteAccountData(tx, user.id, parentId);
    await teachers.deleteAccountData(tx, user.id);
    await calendar.deleteAccountData(tx, user.id);
    await repo.deleteUserData(tx, user.id);
    // The other side's emails are stored with the closing: they exist exactly when it committed.
    // A family's is written to each of its guardians (issue 45).
    for (const notice of notices.flatMap(eachReader)) await deps.mailer.enqueue(tx, accountClosedEmail(deps.env.PUBLIC_URL, notice));
    return { teacherId };
  });
  deps.mailer.kick();
  // Personal data includes the intro video; the rows are gone, so the file goes too.
  if (teacherId) await teachers.deleteIntroVideo(deps, teacherId);
}
