import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GOAL_BOTH_MESSAGE } from "../../../shared/practice/practice.schemas";
import { HomeworkForm } from "./homework-form";

const MIA = "7b0f6a52-58f6-4bb3-9a51-2f1a3f0f9c11";
const FILE = { id: "0c3c2f7e-9a1e-4c4e-8d55-0a8b7b9f2e22", name: "minuet.pdf" };
const PIECE = { id: "5d1c9a43-1f0e-4b8a-9c2d-3e4f5a6b7c88", title: "Minuet in G major", composer: "Christian Petzold" };

function renderForm(props: Partial<Parameters<typeof HomeworkForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(<HomeworkForm studentId={MIA} classId={null} files={[]} pieces={[]} defaultDueOn={null} pending={false} error={null} onSubmit={onSubmit} onCancel={vi.fn()} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("HomeworkForm", () => {
  it("assigns items with a goal, due on the next lesson's day by default", async () => {
    const { user, onSubmit } = renderForm({ defaultDueOn: "2026-12-03", files: [FILE] });
    expect(screen.getByLabelText("Due")).toHaveValue("2026-12-03");
    await user.type(screen.getByLabelText("Item 1"), "C major scale");
    await user.click(screen.getByRole("button", { name: "Add item" }));
    await user.type(screen.getByLabelText("Item 2"), "Minuet in G, bars 1-8");
    await user.selectOptions(screen.getAllByLabelText("Class file (optional)")[1]!, "minuet.pdf");
    await user.type(screen.getByLabelText("Minutes per day"), "20");
    await user.type(screen.getByLabelText("Days per week"), "5");
    await user.click(screen.getByRole("button", { name: "Assign homework" }));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      studentId: MIA,
      items: [
        { description: "C major scale", repertoireId: null, classFileId: null },
        { description: "Minuet in G, bars 1-8", repertoireId: null, classFileId: FILE.id },
      ],
      goalMinutesPerDay: 20,
      goalDaysPerWeek: 5,
      dueOn: "2026-12-03",
    });
  });

  it("leaves the goal and the due date out when they are empty (the server picks the next lesson)", async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText("Item 1"), "Scales");
    await user.click(screen.getByRole("button", { name: "Assign homework" }));
    const sent = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent.goalMinutesPerDay).toBeUndefined();
    expect(sent.dueOn).toBeUndefined();
  });

  it("asks for both goal figures or neither, and for something to practise", async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText("Minutes per day"), "20");
    await user.click(screen.getByRole("button", { name: "Assign homework" }));
    expect(await screen.findByText(GOAL_BOTH_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText("Item 1")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("names a piece of the student's repertoire as an item, its title filling an empty item", async () => {
    const { user, onSubmit } = renderForm({ pieces: [PIECE] });
    await user.selectOptions(screen.getByLabelText("Piece from the repertoire (optional)"), "Minuet in G major (Christian Petzold)");
    expect(screen.getByLabelText("Item 1")).toHaveValue("Minuet in G major (Christian Petzold)");
    await user.click(screen.getByRole("button", { name: "Assign homework" }));
    expect((onSubmit.mock.calls[0]![0] as { items: unknown[] }).items).toEqual([
      { description: "Minuet in G major (Christian Petzold)", repertoireId: PIECE.id, classFileId: null },
    ]);
  });

  it("offers no piece select when the student has no repertoire", () => {
    renderForm();
    expect(screen.queryByLabelText("Piece from the repertoire (optional)")).not.toBeInTheDocument();
  });
});
