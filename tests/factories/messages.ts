import { conversations, messages } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";

/**
 * A household's conversation with a teacher, written straight to the tables, with messages from
 * the guardian `parentUserId` (`parentId`: their household).
 */
export async function createConversation(
  deps: Pick<Deps, "db">,
  options: { parentId: string; parentUserId: string; teacherUserId: string; texts?: string[] },
): Promise<{ conversationId: string }> {
  const [row] = await deps.db
    .insert(conversations)
    .values({ parentId: options.parentId, teacherUserId: options.teacherUserId, lastMessageAt: new Date() })
    .returning({ id: conversations.id });
  const texts = options.texts ?? ["Hello, do you have time on Tuesdays?"];
  if (texts.length > 0) {
    await deps.db.insert(messages).values(texts.map((body) => ({ conversationId: row!.id, senderUserId: options.parentUserId, body })));
  }
  return { conversationId: row!.id };
}
