import { sql } from "drizzle-orm";
import { parentClock } from "../../shared/time-zone.rules";
import { activeAccount } from "./account-standing";
import { queryRows, type Executor } from "./client";

/**
 * Issue 45: a guardian of a household as an email to the family reaches them: their own address,
 * name, phone and clock (parentClock: the zone they chose, else their browser's, else UTC), and
 * whether their account may be emailed (account-standing.ts). A household's address is not theirs:
 * it stays on the household's own row.
 */
export interface MailGuardian {
  /** Their own parent_profiles row. */
  id: string;
  userId: string;
  householdId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  timeZone: string | null;
  reportedTimeZone: string | null;
  /** Their clock: what every time in an email to them is written on. */
  zone: string;
}

/**
 * The outbox key of one guardian's copy of an email stored once per household before households
 * (issue 45): the founder's copy keeps the old key, so a job stored then and run again now still
 * stores it once; each other guardian's is that key and their own profile's id.
 */
export function guardianDedupeKey(key: string, guardian: Pick<MailGuardian, "id" | "householdId">): string {
  return guardian.id === guardian.householdId ? key : `${key}:${guardian.id}`;
}

/**
 * The one place that lists a household's guardians as recipients of the family's email: every
 * guardian of each household whose account is active (a suspended or deleted login gets nothing),
 * the founder first, then by joining. One query for any number of households.
 */
export async function householdMailGuardians(db: Executor, householdIds: readonly string[]): Promise<Map<string, MailGuardian[]>> {
  const byHousehold = new Map<string, MailGuardian[]>();
  const unique = [...new Set(householdIds)];
  if (unique.length === 0) return byHousehold;
  const rows = await queryRows<Omit<MailGuardian, "zone">>(
    db,
    sql`select p.id, p.user_id as "userId", p.household_id as "householdId", p.first_name as "firstName", p.last_name as "lastName",
               u.email, p.phone, p.time_zone as "timeZone", p.reported_time_zone as "reportedTimeZone"
          from parent_profiles p
          join "user" u on u.id = p.user_id
         where p.household_id in (${sql.join(
           unique.map((id) => sql`${id}`),
           sql`, `,
         )})
           and ${activeAccount(sql`p.user_id`)}
         order by p.household_id, (p.id = p.household_id) desc, p.household_joined_at, p.id`,
  );
  for (const row of rows) {
    const guardian = { ...row, zone: parentClock(row) };
    const list = byHousehold.get(row.householdId);
    if (list) list.push(guardian);
    else byHousehold.set(row.householdId, [guardian]);
  }
  return byHousehold;
}
