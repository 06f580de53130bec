/** The viewer's IANA time zone, as the browser reports it: times are shown in it, with its name. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
