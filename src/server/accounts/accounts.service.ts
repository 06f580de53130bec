import { findProfileIds } from "../auth/roles.service";
import type { Deps, SessionUser } from "../http/app-env";
import * as parents from "../parents/parents.service";
import * as teachers from "../teachers/teacher-profile.service";
import * as repo from "./accounts.repo";

/**
 * Delete Account (spec section 4), in one transaction and in the spec's order: students, parent
 * profile, teacher profile, role; each feature removes its own rows.
 */
export async function deleteAccount(deps: Pick<Deps, "db" | "env">, user: SessionUser): Promise<void> {
  const teacherId = await deps.db.transaction(async (tx) => {
    const { parentId, teacherId } = await findProfileIds(tx, user.id);
    await parents.deleteAccountData(tx, user.id, parentId);
    await teachers.deleteAccountData(tx, user.id);
    await repo.deleteUserData(tx, user.id);
    return teacherId;
  });
  // Personal data includes the intro video; the rows are gone, so the file goes too.
  if (teacherId) await teachers.deleteIntroVideo(deps, teacherId);
}
