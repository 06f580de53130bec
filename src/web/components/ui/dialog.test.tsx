import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogWhenOpen } from "./dialog";

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

describe("DialogWhenOpen", () => {
  function Reopen() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Add Student</Button>
        <DialogWhenOpen open={open} onOpenChange={setOpen} title="Add Student" description="Who is learning?">
          <label>
            First name <input name="first" />
          </label>
        </DialogWhenOpen>
      </>
    );
  }

  it("mounts its content only while open, so each opening starts from a fresh form", async () => {
    const user = userEvent.setup();
    render(<Reopen />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Student" }));
    expect(screen.getByRole("dialog", { name: "Add Student" })).toHaveAccessibleDescription("Who is learning?");
    await user.type(screen.getByRole("textbox", { name: "First name" }), "Mia");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Student" }));
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("");
  });
});
