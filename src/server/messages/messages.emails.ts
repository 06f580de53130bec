import type { MailMessage } from "../mail";

/** Shown in the email: enough to know what it is about, the rest is on the site. */
const EXCERPT_LENGTH = 300;

export function unreadMessageEmail(
  publicUrl: string,
  to: { email: string; firstName: string | null; audience: "parent" | "teacher" },
  sender: { name: string | null; withTeacher: string | null },
  conversationId: string,
  text: string,
): MailMessage {
  const from = sender.name ?? "Someone";
  // Issue 45: another guardian's message is in the family's conversation with the teacher, not to you alone.
  const what = sender.withTeacher ? `${from} wrote in your family's conversation with ${sender.withTeacher}` : `${from} sent you a message`;
  const trimmed = text.trim();
  const excerpt = trimmed.length > EXCERPT_LENGTH ? `${trimmed.slice(0, EXCERPT_LENGTH)}…` : trimmed;
  return {
    to: to.email,
    kind: "message-unread",
    audience: to.audience,
    subject: `New message from ${from}`,
    text: `Hi ${to.firstName ?? "there"},\n\n${what} on Music Lessons:\n\n${excerpt
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")}\n\nRead and reply:\n${publicUrl}/messages/${conversationId}\n\nYou get at most one such email an hour per conversation. Turn these emails off in Settings (New messages).\n`,
  };
}
