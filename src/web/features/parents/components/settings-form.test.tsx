import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ParentSettings } from "../../../../shared/parents/parents.schemas";
import { SettingsForm } from "./settings-form";

const SETTINGS: ParentSettings = {
  firstName: "Jordan",
  lastName: "Rivera",
  email: "jordan@example.test",
  phone: null,
  location: null,
  address: null,
  notifications: { email: true, sms: false },
  preferredCommunication: "email",
  wantsNotifications: true,
  allowStudentMessages: true,
  timeZone: null,
  reportedTimeZone: null,
};

describe("SettingsForm: the student-page messages setting", () => {
  it("is named for what it governs, since students have no accounts, and says what turning it off does", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettingsForm settings={SETTINGS} />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(/Allow Student to Message Teacher/)).not.toBeInTheDocument();
    const toggle = screen.getByRole("switch", { name: "Message teachers from student and class pages" });
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(toggle).toHaveAccessibleDescription(
      "Students have no accounts of their own: they write from this account. When this is off, Message Teacher on a student's page and messages from a class page are turned off; you can still message a teacher from their profile, and conversations already in Messages stay open.",
    );
  });

  it("asks for the home address with when and with whom it is shared (issue 26)", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettingsForm settings={{ ...SETTINGS, address: "12 Elm St, Brooklyn, NY" }} />
      </QueryClientProvider>,
    );
    const address = screen.getByRole("textbox", { name: "Home address (optional)" });
    expect(address).toHaveValue("12 Elm St, Brooklyn, NY");
    expect(screen.getByText(/shared only with a teacher who travels to you, after they accept a lesson/)).toBeInTheDocument();
  });
});
