import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MessageDTO } from "../../../shared/messages/messages.api";
import { MessageList } from "./message-list";

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, "0")}:00.000Z`;
function message(id: string, minute: number, mine: boolean, text: string, readAt: string | null = null): MessageDTO {
  return {
    id,
    conversationId: "c1",
    senderUserId: mine ? "me" : "them",
    senderName: mine ? "Anna Berg" : "Casey Teacher",
    senderFirstName: mine ? "Anna" : "Casey",
    senderRole: mine ? "parent" : "teacher",
    mine,
    text,
    removed: false,
    sentAt: at(minute),
    readAt,
  };
}

/** A message from the household's other guardian. */
function fromTom(id: string, minute: number, text: string): MessageDTO {
  return { ...message(id, minute, false, text), senderUserId: "tom", senderName: "Tom Berg", senderFirstName: "Tom", senderRole: "parent" };
}

function renderList(messages: MessageDTO[], hasOlder = false, showAuthors = false) {
  render(
    <MessageList messages={messages} otherFirstName="Casey" showAuthors={showAuthors} myRole="parent" hasOlder={hasOlder} loadingOlder={false} onLoadOlder={vi.fn()} />,
  );
  return screen.getByRole("log", { name: "Messages" });
}

describe("MessageList", () => {
  it("shows text as typed, never as HTML, keeping its line breaks", () => {
    const log = renderList([message("m1", 1, true, "<img src=x onerror=alert(1)> <b>bold?</b>\nsecond line")]);
    expect(log.querySelector("img, b")).toBeNull();
    expect(log).toHaveTextContent("<img src=x onerror=alert(1)> <b>bold?</b>");
    expect(within(log).getByText(/second line/).textContent).toContain("\nsecond line");
  });

  it("puts Read under my last message the other side has read, and nowhere else", () => {
    const log = renderList([
      message("m1", 1, true, "first", at(5)),
      message("m2", 2, false, "their reply", at(6)),
      message("m3", 3, true, "second", at(5)),
      message("m4", 4, true, "third, unread"),
    ]);
    const items = within(log).getAllByRole("listitem");
    expect(items.map((li) => within(li).queryByText("Read") !== null)).toEqual([false, false, true, false]);
  });

  it("says where the conversation starts once no older page is left, and invites a first message when empty", () => {
    const { unmount } = render(<MessageList messages={[]} otherFirstName="Casey" hasOlder={false} loadingOlder={false} onLoadOlder={vi.fn()} />);
    expect(screen.getByText("No messages yet. Say hello to Casey!")).toBeInTheDocument();
    unmount();
    renderList([message("m1", 1, false, "hello")]);
    expect(screen.getByText("This is the start of your conversation with Casey.")).toBeInTheDocument();
  });

  it("with several guardians, names the author once above each run of someone else's messages, never above mine", () => {
    const log = renderList(
      [message("m1", 1, false, "Lesson moved to 5pm"), message("m2", 2, false, "See you then"), fromTom("m3", 3, "I'll drive her"), message("m4", 4, true, "Thanks both")],
      false,
      true,
    );
    const items = within(log).getAllByRole("listitem");
    const label = (li: HTMLElement) => li.querySelector("p[aria-hidden]")?.textContent ?? null;
    expect(items.map(label)).toEqual(["Casey Teacher", null, "Tom Berg", null]);
    // Screen readers hear every author too; the other guardian's message is reportable under their name.
    expect(items[2]).toHaveTextContent("Tom Berg: I'll drive her");
    expect(within(items[2]!).getByRole("button", { name: "Report this message from Tom Berg" })).toBeInTheDocument();
  });

  it("a one-guardian family's thread shows no names", () => {
    const log = renderList([message("m1", 1, false, "Hello"), message("m2", 2, true, "Hi")]);
    expect(log.querySelector("p[aria-hidden]")).toBeNull();
    expect(within(log).getAllByRole("listitem")[0]).toHaveTextContent("Casey: Hello");
  });
});
