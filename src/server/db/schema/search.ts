import { sql } from "drizzle-orm";
import { bigint, boolean, check, pgTable } from "drizzle-orm/pg-core";

/**
 * One row whose `generation` goes up whenever anything search results depend on changes
 * (statement triggers on teacher_profiles, teacher_instruments and reviews; migration
 * search_triggers). The search service caches exact result counts per generation, so a count is
 * reused until the data changes and never served stale, in any number of API processes.
 */
export const searchState = pgTable(
  "search_state",
  {
    singleton: boolean().primaryKey().default(true),
    generation: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("search_state_singleton_check", sql`${t.singleton}`)],
);
