import { ROLE_HOME, type Role } from "../../shared/accounts/accounts.constants";
import type { Me } from "../../shared/auth/auth.schemas";
import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import * as repo from "./auth.repo";

/** The parent and teacher profile ids of a user (null when the user holds no such profile). */
export function findProfileIds(db: Executor, userId: string) {
  return repo.findProfileIds(db, userId);
}

/**
 * Role resolution of spec section 4: the stored active role if its profile still exists; else a
 * parent profile, then a teacher profile (parent wins); the result is stored.
 */
export async function resolveRole(deps: Pick<Deps, "db">, userId: string): Promise<Pick<Me, "role" | "profiles">> {
  const [{ parentId, teacherId }, stored] = await Promise.all([
    repo.findProfileIds(deps.db, userId),
    repo.findActiveRole(deps.db, userId),
  ]);
  const profiles = { parent: parentId !== null, teacher: teacherId !== null };
  let role: Role | null = stored && profiles[stored] ? stored : null;
  if (!role) {
    role = profiles.parent ? "parent" : profiles.teacher ? "teacher" : null;
    if (role) await repo.upsertActiveRole(deps.db, userId, role);
  }
  return { role, profiles };
}

/** "Who am I" for the session read by `optionalUser` (null: anonymous). */
export async function getMe(deps: Pick<Deps, "db">, viewer: SessionUser | null): Promise<Me> {
  if (!viewer) return { user: null, role: null, profiles: { parent: false, teacher: false } };
  const { id, email, name } = viewer;
  return { user: { id, email, name }, ...(await resolveRole(deps, id)) };
}

/** After a correct password: the chosen role's profile must exist, then it becomes the active role. */
export async function completeRoleSignIn(
  deps: Pick<Deps, "db">,
  userId: string,
  sessionToken: string,
  role: Role,
): Promise<{ role: Role; redirectTo: string }> {
  const { parentId, teacherId } = await repo.findProfileIds(deps.db, userId);
  const hasProfile = role === "parent" ? parentId !== null : teacherId !== null;
  if (!hasProfile) {
    // The password was right but this is not a {role} account: the new session must not survive.
    await repo.deleteSessionByToken(deps.db, sessionToken);
    return Promise.reject(
      new AppError(
        "forbidden",
        `No ${role} account found for this email address. Please sign up as a ${role} first.`,
        { reason: "missing_role_profile" },
      ),
    );
  }
  await repo.upsertActiveRole(deps.db, userId, role);
  return { role, redirectTo: ROLE_HOME[role] };
}
