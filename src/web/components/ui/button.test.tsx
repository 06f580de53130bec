import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button, buttonClasses, type ButtonAlign, type ButtonSize, type ButtonVariant } from "./button";

// cn joins without merging (lib/cn.ts), so two classes for one property would both reach the
// element and Tailwind's stylesheet order, not the caller, would pick the winner.
const PROPERTY_GROUPS: [string, RegExp][] = [
  ["justify-content", /^justify-(start|end|center|between|around|evenly|stretch)$/],
  ["height", /^h-/],
  ["padding-x", /^px-/],
  ["padding-y", /^py-/],
  ["font-size", /^text-(xs|sm|base|lg|\d?xl)$/],
  ["color", /^text-(white|black|[a-z]+-\d+)(\/\d+)?$/],
  ["background", /^bg-/],
  ["ring-color", /^ring-[a-z]+-\d+/],
];

/** Pairs of classes that set the same property under the same variant (`hover:`, `disabled:`...). */
function conflicts(className: string): string[][] {
  const byProperty = new Map<string, string[]>();
  for (const cls of className.split(/\s+/).filter(Boolean)) {
    const cut = cls.lastIndexOf(":");
    const prefix = cls.slice(0, cut + 1);
    const utility = cls.slice(cut + 1);
    const group = PROPERTY_GROUPS.find(([, pattern]) => pattern.test(utility))?.[0];
    if (group) byProperty.set(prefix + group, [...(byProperty.get(prefix + group) ?? []), cls]);
  }
  return [...byProperty.values()].filter((classes) => classes.length > 1);
}

const classesOf = (element: HTMLElement) => element.className.split(/\s+/);

const VARIANTS: ButtonVariant[] = ["primary", "secondary", "secondaryDanger", "ghost", "ghostDanger", "danger", "link"];
const SIZES: ButtonSize[] = ["sm", "compact", "md", "tall", "lg"];
const ALIGNS: ButtonAlign[] = ["center", "start"];

describe("Button", () => {
  it("centres its content by default and aligns it to the start with align=start", () => {
    render(
      <>
        <Button>Centred</Button>
        <Button align="start" className="w-full">
          Start
        </Button>
      </>,
    );
    expect(classesOf(screen.getByRole("button", { name: "Centred" }))).toContain("justify-center");
    const start = classesOf(screen.getByRole("button", { name: "Start" }));
    expect(start).toEqual(expect.arrayContaining(["justify-start", "w-full"]));
    expect(start).not.toContain("justify-center");
  });

  it("gives destructive variants red text instead of the neutral colours", () => {
    render(
      <>
        <Button variant="secondaryDanger">Disenroll</Button>
        <Button variant="ghostDanger" size="sm" aria-label="Delete" />
      </>,
    );
    const secondary = classesOf(screen.getByRole("button", { name: "Disenroll" }));
    expect(secondary).toEqual(expect.arrayContaining(["text-red-700", "bg-white", "ring-slate-300"]));
    expect(secondary).not.toContain("text-slate-900");
    const ghost = classesOf(screen.getByRole("button", { name: "Delete" }));
    expect(ghost).toEqual(expect.arrayContaining(["text-red-700", "hover:bg-red-50"]));
    expect(ghost).not.toContain("text-slate-700");
    expect(ghost).not.toContain("hover:bg-slate-100");
  });

  it("has one height and one padding per size, and none of the box for a link", () => {
    render(
      <>
        <Button size="tall">Send</Button>
        <Button variant="ghost" size="compact">
          Clear
        </Button>
        <Button variant="link">Retry</Button>
      </>,
    );
    const tall = classesOf(screen.getByRole("button", { name: "Send" }));
    expect(tall).toEqual(expect.arrayContaining(["h-11", "px-4"]));
    expect(tall).not.toContain("h-10");
    const compact = classesOf(screen.getByRole("button", { name: "Clear" }));
    expect(compact).toEqual(expect.arrayContaining(["h-8", "px-2"]));
    expect(compact).not.toContain("px-3");
    const link = classesOf(screen.getByRole("button", { name: "Retry" }));
    expect(link).toEqual(expect.arrayContaining(["h-auto", "px-0", "text-sm"]));
    expect(link).not.toContain("h-10");
    expect(link).not.toContain("px-4");
  });

  it("emits no conflicting pair for any variant, size and alignment", () => {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        for (const align of ALIGNS) {
          const { unmount } = render(<Button variant={variant} size={size} align={align} />);
          const label = `${variant}/${size}/${align}`;
          expect(conflicts(screen.getByRole("button").className), label).toEqual([]);
          expect(conflicts(buttonClasses(variant, size, undefined, align)), `buttonClasses ${label}`).toEqual([]);
          unmount();
        }
      }
    }
  });

  it("buttonClasses takes the alignment as its fourth argument", () => {
    const classes = buttonClasses("secondary", "md", undefined, "start").split(" ");
    expect(classes).toContain("justify-start");
    expect(classes).not.toContain("justify-center");
    expect(buttonClasses("primary", "md", "w-full").split(" ")).toEqual(expect.arrayContaining(["justify-center", "w-full"]));
  });

  it("the conflict check itself finds a pair", () => {
    expect(conflicts("justify-center justify-start hover:bg-slate-50 hover:bg-brand-50 bg-white")).toEqual([
      ["justify-center", "justify-start"],
      ["hover:bg-slate-50", "hover:bg-brand-50"],
    ]);
  });
});
