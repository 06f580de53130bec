import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StudentClasses } from "./student-classes";

describe("the student page's classes", () => {
  it("lists each class with its teacher, linking to the class page", () => {
    render(
      <MemoryRouter>
        <StudentClasses
          classes={[
            { id: "c1", name: "Strings", teacherName: "Terry Teacher" },
            { id: "c2", name: "Theory", teacherName: "Casey Keys" },
          ]}
        />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole("list", { name: "Classes" })).getAllByRole("link");
    expect(items.map((link) => link.getAttribute("href"))).toEqual(["/class/c1", "/class/c2"]);
    expect(items[0]).toHaveTextContent("Strings");
    expect(items[0]).toHaveTextContent("with Terry Teacher");
    expect(items[1]).toHaveTextContent("with Casey Keys");
    expect(screen.queryByText("Not enrolled in a class yet")).not.toBeInTheDocument();
  });

  it("says so when the student is in no class", () => {
    render(
      <MemoryRouter>
        <StudentClasses classes={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Not enrolled in a class yet")).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
