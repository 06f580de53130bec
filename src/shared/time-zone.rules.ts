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
