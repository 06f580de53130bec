const IANA_LIKE = /^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)+$/;
let supportedZones: Set<string> | undefined;
/** Aliases Intl accepted once (bounded): constructing a formatter costs more than the rest of a slots request's checks. */
const acceptedAliases = new Set<string>();
const ALIAS_MEMO_LIMIT = 500;

/**
 * An IANA time zone this runtime knows. `Intl.supportedValuesOf` lists the canonical names; a
 * browser may report an older alias of one (Asia/Calcutta for Asia/Kolkata), which Intl still
 * accepts, so aliases that Intl can use are admitted too.
 */
export function isIanaTimeZone(zone: string): boolean {
  supportedZones ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (supportedZones.has(zone) || zone === "UTC" || acceptedAliases.has(zone)) return true;
  if (!IANA_LIKE.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return false;
  }
  if (acceptedAliases.size < ALIAS_MEMO_LIMIT) acceptedAliases.add(zone);
  return true;
}

/**
 * The clock to count someone's days and hours on (issue 42): their zone when this runtime knows it,
 * else UTC, so that a zone from a browser with newer zone data never stops an email or a figure.
 * A parent's zone itself is chosen, else reported, else UTC: db/parent-zone.ts in SQL.
 */
export function knownZoneOrUtc(zone: string | null | undefined): string {
  return zone && isIanaTimeZone(zone) ? zone : "UTC";
}

/**
 * A parent's clock (issue 42), the one rule for every email, reminder, digest, streak, practice
 * date and invoice date a family reads: the zone chosen in settings, else the one their browser
 * last reported, else UTC (named wherever a time is shown). The same in SQL: db/parent-zone.ts.
 */
export function parentClock(parent: { timeZone: string | null; reportedTimeZone: string | null } | null | undefined): string {
  return knownZoneOrUtc(parent?.timeZone || parent?.reportedTimeZone);
}

export interface ZoneChoice {
  value: string;
  label: string;
}

/**
 * A zone named for people, city first: "America/Argentina/Buenos_Aires" is "Buenos Aires
 * (America, Argentina)". City first, so a select's type-ahead finds a zone by typing its city.
 */
export function zoneCityLabel(zone: string): string {
  const parts = zone.replaceAll("_", " ").split("/");
  const city = parts.at(-1) ?? zone;
  return parts.length > 1 ? `${city} (${parts.slice(0, -1).join(", ")})` : city;
}

/**
 * The choices of a time-zone picker: the common ones first with their friendly names (as the
 * application wizard offers them), then every other zone by its city, alphabetically; the current
 * zone is always among them, even one this runtime does not list.
 */
export function zoneChoices(allZones: readonly string[], common: Readonly<Record<string, string>>, current?: string): { common: ZoneChoice[]; others: ZoneChoice[] } {
  const commonChoices = Object.entries(common).map(([value, label]) => ({ value, label }));
  const rest = new Set(allZones.filter((zone) => !(zone in common)));
  if (current && !(current in common)) rest.add(current);
  const others = [...rest].map((value) => ({ value, label: zoneCityLabel(value) })).sort((a, b) => a.label.localeCompare(b.label));
  return { common: commonChoices, others };
}
