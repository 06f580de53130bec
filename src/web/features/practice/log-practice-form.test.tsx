import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../../shared/errors";
import { MINUTES_MESSAGE, PRACTICE_DATE_RANGE_MESSAGE } from "../../../shared/practice/practice.schemas";
import { LogPracticeForm } from "./log-practice-form";

const SCALES = { id: "7b0f6a52-58f6-4bb3-9a51-2f1a3f0f9c11", description: "C major scale, hands together" };
const MINUET = { id: "0c3c2f7e-9a1e-4c4e-8d55-0a8b7b9f2e22", description: "Minuet in G" };

function renderForm(props: Partial<Parameters<typeof LogPracticeForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = render(<LogPracticeForm today="2026-11-27" items={[SCALES, MINUET]} pending={false} error={null} onSubmit={onSubmit} {...props} />);
  return { onSubmit, view, user: userEvent.setup() };
}

describe("LogPracticeForm", () => {
  it("dates the practice today by default and offers only today and the 60 days before it", () => {
    renderForm();
    const date = screen.getByLabelText("Date");
    expect(date).toHaveValue("2026-11-27");
    expect(date).toHaveAttribute("max", "2026-11-27");
    expect(date).toHaveAttribute("min", "2026-09-28");
  });

  it("sends the minutes, the items practised and the note", async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText("Minutes"), "25");
    await user.click(screen.getByRole("checkbox", { name: MINUET.description }));
    await user.type(screen.getByLabelText("Note (optional)"), "  Left hand alone first ");
    await user.click(screen.getByRole("button", { name: "Log practice" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ practicedOn: "2026-11-27", minutes: 25, homeworkItemIds: [MINUET.id], note: "Left hand alone first" });
  });

  it.each(["", "0", "601", "12.5"])("names minutes out of 1-600 or not whole (%j) before sending", async (typed) => {
    const { user, onSubmit } = renderForm();
    if (typed) await user.type(screen.getByLabelText("Minutes"), typed);
    await user.click(screen.getByRole("button", { name: "Log practice" }));
    expect(await screen.findByText(MINUTES_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText("Minutes")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's date refusal beside the date field", async () => {
    const { user, onSubmit } = renderForm();
    onSubmit.mockImplementation((_values, form: { setServerErrors: (error: unknown) => void }) =>
      form.setServerErrors(new AppError("validation", "Invalid input", { fields: { practicedOn: PRACTICE_DATE_RANGE_MESSAGE } })),
    );
    await user.type(screen.getByLabelText("Minutes"), "30");
    await user.click(screen.getByRole("button", { name: "Log practice" }));
    expect(await screen.findByText(PRACTICE_DATE_RANGE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveAttribute("aria-invalid", "true");
  });

  it("edits an entry with its values and says Save changes", async () => {
    const { user, onSubmit } = renderForm({ entry: { practicedOn: "2026-11-26", minutes: 40, homeworkItemIds: [SCALES.id], note: "" }, onCancel: vi.fn() });
    expect(screen.getByLabelText("Minutes")).toHaveValue(40);
    expect(screen.getByRole("checkbox", { name: SCALES.description })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ practicedOn: "2026-11-26", minutes: 40, homeworkItemIds: [SCALES.id] });
  });

  it("shows a failure that is not a field's in an alert", () => {
    renderForm({ error: new AppError("not_found", "Student not found") });
    expect(screen.getByRole("alert")).toHaveTextContent("Student not found");
  });
});
