import { eq } from "drizzle-orm";
import type { BillingSettingsDTO } from "../../shared/invoices/invoices.schemas";
import type { LateCancelCharge } from "../../shared/invoices/invoices.constants";
import type { Executor } from "../db/client";
import { teacherProfiles } from "../db/schema";

const columns = { lateCancelCharge: teacherProfiles.lateCancelCharge, paymentInstructions: teacherProfiles.paymentInstructions };

/** The teacher's own billing settings; null when there is no such teacher. */
export async function findBillingSettings(db: Executor, teacherId: string): Promise<BillingSettingsDTO | null> {
  const [row] = await db.select(columns).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  // The column's CHECK constraint admits only the policies.
  return row ? { lateCancelCharge: row.lateCancelCharge as LateCancelCharge, paymentInstructions: row.paymentInstructions } : null;
}

export async function updateBillingSettings(db: Executor, teacherId: string, settings: BillingSettingsDTO): Promise<BillingSettingsDTO | null> {
  const [row] = await db.update(teacherProfiles).set(settings).where(eq(teacherProfiles.id, teacherId)).returning(columns);
  return row ? { lateCancelCharge: row.lateCancelCharge as LateCancelCharge, paymentInstructions: row.paymentInstructions } : null;
}
