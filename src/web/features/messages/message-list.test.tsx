import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MessageDTO } from "../../../shared/messages/messages.api";
import { MessageList } from "./message-list";

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, "0")}:00.000Z`;
function message(id: string, minute: number, mine: boolean, text: string, readAt: string | null = null): MessageDTO {
  return { id, conversationId: "c1", senderUserId: mine ? "me" : "them", mine, text, removed: false, sentAt: at(minute), readAt };
}

function renderList(messages: MessageDTO[], hasOlder = false) {
  render(<MessageList messages={messages} otherFirstName="Casey" hasOlder={hasOlder} loadingOlder={false} onLoadOlder={vi.fn()} />);
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
});
