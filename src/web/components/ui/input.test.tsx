import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Select } from "./choice";
import { Input } from "./input";

// cn joins without merging (lib/cn.ts): each option must replace its default, not add to it.
const classesOf = (element: HTMLElement) => element.className.split(/\s+/);

describe("Input options", () => {
  it("defaults to a full-width 40 px field with small dark text on white", () => {
    render(<Input aria-label="Name" />);
    expect(classesOf(screen.getByLabelText("Name"))).toEqual(
      expect.arrayContaining(["h-10", "w-full", "px-3", "text-sm", "bg-white", "text-slate-900"]),
    );
  });

  it("replaces each default instead of adding a second class for the property", () => {
    render(
      <>
        <Input aria-label="Hero" fieldSize="lg" textSize="base" className="pl-10" />
        <Input aria-label="Mastery" fieldSize="sm" fullWidth={false} className="w-20" />
        <Input aria-label="Email" tone="muted" readOnly />
        <Input aria-label="Start" padding="tight" />
      </>,
    );
    const hero = classesOf(screen.getByLabelText("Hero"));
    expect(hero).toEqual(expect.arrayContaining(["h-12", "text-base", "pl-10"]));
    expect(hero).not.toContain("h-10");
    expect(hero).not.toContain("text-sm");
    const mastery = classesOf(screen.getByLabelText("Mastery"));
    expect(mastery).toEqual(expect.arrayContaining(["h-8", "w-20"]));
    expect(mastery).not.toContain("w-full");
    const email = classesOf(screen.getByLabelText("Email"));
    expect(email).toEqual(expect.arrayContaining(["bg-slate-50", "text-slate-600"]));
    expect(email).not.toContain("bg-white");
    expect(email).not.toContain("text-slate-900");
    const start = classesOf(screen.getByLabelText("Start"));
    expect(start).toContain("px-2");
    expect(start).not.toContain("px-3");
  });

  it("lets a select give up w-full for the caller's width", () => {
    render(<Select aria-label="Year" fullWidth={false} className="w-32" />);
    const year = classesOf(screen.getByLabelText("Year"));
    expect(year).toContain("w-32");
    expect(year).not.toContain("w-full");
  });
});
