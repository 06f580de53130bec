import { waitlistEntries, waitlistOffers } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";
import type { WaitWindow } from "../../src/shared/waitlist/waitlist-windows.rules";

/** A family's waitlist entry, written directly (a test of the routes makes its own through them). */
export async function createWaitlistEntry(
  deps: Pick<Deps, "db">,
  options: {
    teacherId: string;
    parentId: string;
    studentId: string;
    bookingType?: "intro" | "full";
    format?: "in_person" | "online" | "phone";
    windows?: WaitWindow[];
    timeZone?: string;
    createdAt?: Date;
  },
): Promise<string> {
  const createdAt = options.createdAt ?? new Date();
  const [row] = await deps.db
    .insert(waitlistEntries)
    .values({
      teacherId: options.teacherId,
      parentId: options.parentId,
      studentId: options.studentId,
      bookingType: options.bookingType ?? "full",
      format: options.format ?? "online",
      windows: options.windows ?? [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek: dayOfWeek as WaitWindow["dayOfWeek"], startTime: "00:00", endTime: "23:59" })),
      timeZone: options.timeZone ?? "America/Chicago",
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 90 * 24 * 3600_000),
    })
    .returning({ id: waitlistEntries.id });
  return row!.id;
}

/** An open offer of one time to an entry's family, held for two hours from now. */
export async function createWaitlistOffer(
  deps: Pick<Deps, "db">,
  options: { entryId: string; teacherId: string; parentId: string; startsAt: Date; minutes?: number },
): Promise<string> {
  const now = new Date();
  const [row] = await deps.db
    .insert(waitlistOffers)
    .values({
      entryId: options.entryId,
      teacherId: options.teacherId,
      parentId: options.parentId,
      startsAt: options.startsAt,
      endsAt: new Date(options.startsAt.getTime() + (options.minutes ?? 60) * 60_000),
      offeredAt: now,
      expiresAt: new Date(now.getTime() + 2 * 3600_000),
    })
    .returning({ id: waitlistOffers.id });
  return row!.id;
}
