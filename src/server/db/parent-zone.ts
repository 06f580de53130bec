import { sql, type SQL } from "drizzle-orm";

/**
 * A parent's clock in SQL (issue 42): the zone chosen in settings, else the one the browser last
 * reported, else UTC. `alias` is the parent_profiles alias of the statement. The expression is
 * written exactly as the parent_profiles_zone_idx index is, so a lookup by zone reads that index.
 */
export function parentZoneOf(alias: string): SQL {
  return sql.raw(`coalesce(${alias}.time_zone, ${alias}.reported_time_zone, 'UTC')`);
}
