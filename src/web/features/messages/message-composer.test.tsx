import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer, SEND_FAILED_MESSAGE } from "./message-composer";

/** A send the test settles by hand, to look at the composer while it is in flight. */
function deferredSend() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const onSend = vi.fn(
    () =>
      new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { onSend, resolve: () => resolve(), reject: () => reject(new Error("network")) };
}

function renderComposer(onSend: (text: string) => Promise<unknown>) {
  render(<MessageComposer onSend={onSend} maxLength={5000} />);
  return { user: userEvent.setup(), box: screen.getByLabelText("Message"), send: screen.getByRole("button", { name: "Send" }) };
}

describe("MessageComposer", () => {
  it("keeps Send disabled while the text is empty or only whitespace", async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const { user, box, send } = renderComposer(onSend);
    expect(send).toBeDisabled();
    await user.type(box, "   ");
    expect(send).toBeDisabled();
    await user.type(box, "{Shift>}{Enter}{/Shift}");
    expect(send).toBeDisabled();
    await user.type(box, "{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "hi");
    expect(send).toBeEnabled();
  });

  it("sends on Enter, makes a new line on Shift+Enter, and sends the text as typed", async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const { user, box } = renderComposer(onSend);
    await user.type(box, "Hello{Shift>}{Enter}{/Shift}<b>Mia</b>");
    expect(box).toHaveValue("Hello\n<b>Mia</b>");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "{Enter}");
    expect(onSend).toHaveBeenCalledExactlyOnceWith("Hello\n<b>Mia</b>");
    expect(box).toHaveValue("");
    expect(await screen.findByText("Message sent")).toBeInTheDocument();
  });

  it("disables Send while sending, so a second Enter sends nothing twice", async () => {
    const pending = deferredSend();
    const { user, box } = renderComposer(pending.onSend);
    await user.type(box, "Once{Enter}");
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await user.type(box, "{Enter}");
    expect(pending.onSend).toHaveBeenCalledTimes(1);
    await act(() => { pending.resolve(); return Promise.resolve(); });
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    expect(box).toHaveValue("");
  });

  it("shows Failed to send message and keeps the typed text when sending fails", async () => {
    const pending = deferredSend();
    const { user, box } = renderComposer(pending.onSend);
    await user.type(box, "Can we move Tuesday?{Enter}");
    await act(() => { pending.reject(); return Promise.resolve(); });
    expect(screen.getByRole("alert")).toHaveTextContent(SEND_FAILED_MESSAGE);
    expect(box).toHaveValue("Can we move Tuesday?");
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
    expect(screen.queryByText("Message sent")).not.toBeInTheDocument();
  });

  it("clears the failure when the next send goes through", async () => {
    const onSend = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(undefined);
    const { user, box } = renderComposer(onSend);
    await user.type(box, "Retry me{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(SEND_FAILED_MESSAGE);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenLastCalledWith("Retry me");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(box).toHaveValue("");
  });
});
