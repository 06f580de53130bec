import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { JOIN_CODE_MESSAGE } from "../../../shared/classes/classes.schemas";
import { AppError } from "../../../shared/errors";
import { Dialog } from "../../components/ui/dialog";
import { JoinClassForm } from "./join-class-dialog";

const MIA = { value: "7b0f6a52-58f6-4bb3-9a51-2f1a3f0f9c11", label: "Mia Rivera" };
const LEO = { value: "0c3c2f7e-9a1e-4c4e-8d55-0a8b7b9f2e22", label: "Leo Rivera" };

function renderForm(props: Partial<Parameters<typeof JoinClassForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <Dialog open>
      <JoinClassForm students={[MIA, LEO]} pending={false} error={null} onSubmit={onSubmit} {...props} />
    </Dialog>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe("JoinClassForm", () => {
  it("describes the code as letters or digits, never as a 6-digit code", () => {
    renderForm();
    const code = screen.getByLabelText("Class Code");
    expect(code).toHaveAttribute("placeholder", "6 letters or digits");
    expect(code).toHaveAccessibleDescription("The code your teacher gave you: 6 letters or digits, like K7M2QX. Codes have no 0, O, 1 or I.");
    expect(document.body).not.toHaveTextContent(/digit code/i);
  });

  it("upper-cases the code as it is typed and keeps at most 6 characters", async () => {
    const { user } = renderForm();
    const code = screen.getByLabelText("Class Code");
    await user.type(code, "ab3k9zq7");
    expect(code).toHaveValue("AB3K9Z");
  });

  it("keeps Join Class disabled until both a code and a student are chosen, then sends them", async () => {
    const { user, onSubmit } = renderForm();
    const submit = screen.getByRole("button", { name: "Join Class" });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Class Code"), "ab3k9z");
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Student"), "Leo Rivera");
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText("Class Code"));
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Class Code"), "ab3k9z");
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ code: "AB3K9Z", studentId: LEO.value });
  });

  it.each(["AB2", "AB0DE2", "IK7M2Q"])("names a code of the wrong form (%s) before sending it", async (typed) => {
    const { user, onSubmit } = renderForm({ students: [MIA] });
    await user.type(screen.getByLabelText("Class Code"), typed);
    await user.click(screen.getByRole("button", { name: "Join Class" }));
    expect(screen.getByText(JOIN_CODE_MESSAGE)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("chooses the only student by itself", async () => {
    const { user, onSubmit } = renderForm({ students: [MIA] });
    await user.type(screen.getByLabelText("Class Code"), "pq7rst");
    await user.click(screen.getByRole("button", { name: "Join Class" }));
    expect(onSubmit).toHaveBeenCalledWith({ code: "PQ7RST", studentId: MIA.value });
  });

  it("shows the server's refusal", () => {
    renderForm({ error: new AppError("not_found", "No active class has that code. Check the code with your teacher.") });
    expect(screen.getByRole("alert")).toHaveTextContent("No active class has that code. Check the code with your teacher.");
  });

  it("asks for a student profile first when the parent has none", () => {
    renderForm({ students: [] });
    expect(screen.queryByLabelText("Class Code")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Add a student profile first");
  });
});
