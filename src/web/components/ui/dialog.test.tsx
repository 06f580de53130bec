import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent } from "./dialog";

function Opener({ withField }: { withField: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add Event</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent title="Add Event">
            <p>Some words first.</p>
            {withField ? (
              <label>
                Title <input name="title" />
              </label>
            ) : null}
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

describe("DialogContent focus", () => {
  it("opens on its first field, so typing goes into it (a space does not close the dialog)", async () => {
    const user = userEvent.setup();
    render(<Opener withField />);
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Title" })).toHaveFocus());
    await user.keyboard(" Recital");
    expect(screen.getByRole("dialog", { name: "Add Event" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue(" Recital");
  });

  it("without a field, opens on its first action, not the Close button", async () => {
    const user = userEvent.setup();
    render(<Opener withField={false} />);
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus());
  });

  it("gives focus back to the control that opened it when it closes", async () => {
    const user = userEvent.setup();
    render(<Opener withField />);
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Add Event" })).toHaveFocus());
  });
});
