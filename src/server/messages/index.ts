/**
 * The messages feature's front door: what other features may use (services and types only).
 */
export { moveConversationsToHousehold } from "./conversations.service";
