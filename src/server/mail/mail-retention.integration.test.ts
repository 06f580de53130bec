import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../tests/factories/accounts";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { mailAttachments, mailOutbox } from "../db/schema";
import { mailRetentionSweep } from "./mail-retention.sweep";
import { insertOutboxMessage } from "./mail.repo";

const t = testAppForFile();
const DAY = 86_400_000;

/** An email as the outbox keeps it: an invoice with its PDF, stored `daysAgo` and in `status`. */
async function storedEmail(daysAgo: number, status: "sent" | "failed" | "pending", now: Date) {
  const to = uniqueEmail("retention");
  const id = (await insertOutboxMessage(t.deps.db, {
    to,
    subject: "Invoice CK-2026-0001",
    text: "Your invoice. Pay by https://example.test/pay?token=secret",
    html: "<p>Your invoice.</p>",
    kind: "invoice-sent",
    attachments: [{ filename: "CK-2026-0001.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 invoice") }],
  }))!;
  const createdAt = new Date(now.getTime() - daysAgo * DAY);
  await t.deps.db.update(mailOutbox).set({ status, createdAt, sentAt: status === "sent" ? createdAt : null }).where(eq(mailOutbox.id, id));
  return { id, to };
}

const row = async (id: string) => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const files = async (id: string) => (await t.deps.db.select({ id: mailAttachments.id }).from(mailAttachments).where(eq(mailAttachments.mailId, id))).length;

describe("email retention (issue 39, MAIL_RETENTION_DAYS)", () => {
  it("an email sent longer ago than the period loses its body and attachments and keeps its row; a newer one and a pending one are untouched", async () => {
    const now = new Date("2031-06-01T12:00:00Z");
    expect(t.deps.env.MAIL_RETENTION_DAYS).toBe(90);
    const [old, failed, recent, pending] = await Promise.all([
      storedEmail(91, "sent", now),
      storedEmail(200, "failed", now),
      storedEmail(89, "sent", now),
      storedEmail(120, "pending", now),
    ]);

    await mailRetentionSweep.run({ deps: t.deps, now });

    for (const email of [old, failed]) {
      expect(await row(email.id)).toMatchObject({
        toAddress: email.to,
        subject: "Invoice CK-2026-0001",
        kind: "invoice-sent",
        textBody: "",
        htmlBody: null,
        attachments: [{ filename: "CK-2026-0001.pdf", contentType: "application/pdf", size: 16 }],
      });
      expect(await files(email.id)).toBe(0);
    }
    expect((await row(old.id)).status).toBe("sent");
    for (const email of [recent, pending]) {
      expect((await row(email.id)).textBody).toContain("token=secret");
      expect((await row(email.id)).htmlBody).toBe("<p>Your invoice.</p>");
      expect(await files(email.id)).toBe(1);
    }
  });
});
