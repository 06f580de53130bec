import { emailOnFor, type EmailPreferencesDTO, type EmailPreferencesUpdate } from "../../shared/accounts/email-preferences";
import { AppError } from "../../shared/errors";
import { resolveRole } from "../auth";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { saveEmailPreferences, storedEmailPreferences } from "../mail";

/** Parents and teachers have email settings; an account with neither profile has nothing to set. */
async function audienceOf(deps: Pick<Deps, "db">, userId: string): Promise<"parent" | "teacher"> {
  const { role } = await resolveRole(deps, userId);
  if (!role) throw new AppError("forbidden", "Email settings are for parent and teacher accounts.");
  return role;
}

async function dto(deps: Pick<Deps, "db">, user: SessionUser, audience: "parent" | "teacher"): Promise<EmailPreferencesDTO> {
  const { preferences, emailOn } = await storedEmailPreferences(deps.db, user.id);
  return {
    preferences,
    audience,
    emailOn: emailOnFor(audience, emailOn),
  };
}

export async function getEmailPreferences(deps: Pick<Deps, "db">, user: SessionUser): Promise<EmailPreferencesDTO> {
  return dto(deps, user, await audienceOf(deps, user.id));
}

export async function updateEmailPreferences(deps: Pick<Deps, "db">, user: SessionUser, patch: EmailPreferencesUpdate): Promise<EmailPreferencesDTO> {
  const audience = await audienceOf(deps, user.id);
  await saveEmailPreferences(deps.db, user.id, patch);
  return dto(deps, user, audience);
}

