/**
 * Query keys of the messages feature. Kept apart from the hooks so the app frame (top bar badge,
 * live stream) can name them without loading the messages pages. Everything under ["messages"]
 * belongs to the signed-in user; sign-out removes it with the rest.
 */
export const MESSAGES_KEY = ["messages"] as const;
export const CONVERSATIONS_KEY = ["messages", "conversations"] as const;
export const UNREAD_KEY = ["messages", "unread"] as const;
export const conversationKey = (conversationId: string) => ["messages", "conversation", conversationId] as const;
export const threadKey = (conversationId: string) => ["messages", "thread", conversationId] as const;
