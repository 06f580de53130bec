import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Dialog, DialogContent } from "./dialog";
import { FormActions } from "./form-actions";

function InDialog({ pending = false }: { pending?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {open ? (
        <DialogContent title="Add Student">
          <form onSubmit={(e) => e.preventDefault()}>
            <FormActions submit="Add Student" pending={pending} pendingLabel="Adding..." cancel="Keep" />
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

describe("FormActions", () => {
  it("in a dialog, its way out closes the dialog", async () => {
    const user = userEvent.setup();
    render(<InDialog />);
    expect(screen.getByRole("button", { name: "Add Student" })).toHaveAttribute("type", "submit");
    await user.click(screen.getByRole("button", { name: "Keep" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("while saving, says so and cannot be sent twice", () => {
    render(<InDialog pending />);
    expect(screen.getByRole("button", { name: "Adding..." })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Add Student" })).not.toBeInTheDocument();
  });

  it("inline, calls onCancel, and waits while the form is saving", async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const { rerender } = render(<FormActions submit="Save Piece" pending={false} onCancel={onCancel} />);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(<FormActions submit="Save Piece" pending onCancel={onCancel} />);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save Piece" })).toBeDisabled();
  });

  it("as a confirmation, is a plain button that calls onConfirm; disabled keeps it from being pressed", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(<FormActions submit="Delete Event" variant="danger" pending={false} onCancel={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByRole("button", { name: "Delete Event" })).toHaveAttribute("type", "button");
    await user.click(screen.getByRole("button", { name: "Delete Event" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    rerender(<FormActions submit="Delete Event" pending={false} disabled onCancel={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByRole("button", { name: "Delete Event" })).toBeDisabled();
  });
});
