import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TimeZoneSelect } from "./time-zone-select";

describe("TimeZoneSelect", () => {
  it("offers the common zones first by name, then the others by city, keeping the saved one", () => {
    render(<TimeZoneSelect aria-label="Time zone" current="America/Chicago" defaultValue="America/Chicago" />);
    const select = screen.getByRole("combobox", { name: "Time zone" });
    const groups = within(select).getAllByRole("group");
    expect(groups.map((g) => g.getAttribute("label"))).toEqual(["Common time zones", "All time zones, by city"]);
    expect(within(groups[0]!).getAllByRole("option")[0]).toHaveTextContent("Eastern Time (New York)");
    expect(within(groups[1]!).getByRole("option", { name: "London (Europe)" })).toHaveValue("Europe/London");
    expect(select).toHaveValue("America/Chicago");
    // No raw IANA name is shown.
    expect(within(select).queryByRole("option", { name: "Europe/London" })).toBeNull();
  });
});
