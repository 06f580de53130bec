import { AppError } from "../../shared/errors";
import type { BillingSettingsDTO } from "../../shared/invoices/invoices.schemas";
import { TEACHER_PROFILE_NOT_FOUND_MESSAGE } from "../../shared/teachers/profile.schemas";
import type { Deps } from "../deps";
import * as repo from "./billing-settings.repo";

/**
 * The signed-in teacher's billing settings (issue 28): what a late cancellation by the family
 * costs from now on (lessons already cancelled keep the charge stored then), and how families pay
 * the teacher outside the app, printed on invoices.
 */
const notFound = () => new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);

export async function getBillingSettings(deps: Pick<Deps, "db">, teacherId: string): Promise<BillingSettingsDTO> {
  const settings = await repo.findBillingSettings(deps.db, teacherId);
  if (!settings) throw notFound();
  return settings;
}

/** The schema has trimmed the instructions already. */
export async function updateBillingSettings(deps: Pick<Deps, "db">, teacherId: string, input: BillingSettingsDTO): Promise<BillingSettingsDTO> {
  const settings = await repo.updateBillingSettings(deps.db, teacherId, input);
  if (!settings) throw notFound();
  return settings;
}
