import Bowser from "bowser";

/** "Chrome 131 on Linux" from a user-agent string, for Login History. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = parsed.os.name;
  if (!browser) return "Unknown browser";
  return os ? `${browser} on ${os}` : browser;
}
