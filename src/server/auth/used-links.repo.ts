import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** What replaces a used link's token in a stored email. */
export const USED_LINK = "[link used]";

/** Replaces `token` in the stored emails of `kinds` that carry it (and, if asked, only once the address is verified). */
export async function forgetToken(db: Database, token: string, kinds: readonly string[], onlyIfVerified: boolean): Promise<void> {
  await db.execute(sql`
    update mail_outbox m
       set text_body = replace(m.text_body, ${token}, ${USED_LINK}),
           html_body = replace(m.html_body, ${token}, ${USED_LINK})
     where m.kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
       and strpos(m.text_body, ${token}) > 0
       and (${!onlyIfVerified} or exists (select 1 from "user" u where lower(u.email) = lower(m.to_address) and u.email_verified))`);
}

