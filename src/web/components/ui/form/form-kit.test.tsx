import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm, useWatch, type Control, type FieldValues } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../../../shared/errors";
import { Field } from "../field";
import { Input } from "../input";
import { ChoiceGroup, errorText, invalidProps, OptionsSelect, setServerErrors, useFlash } from ".";

interface Values {
  name: string;
  tags: string[];
  contact: { email: string };
}

const serverError = (fields: Record<string, string>) => new AppError("validation", "Check the form", { fields });

/** A small form with a text field, a checkbox group (a list field) and a nested field. */
function KitForm({ error, fields }: { error: unknown; fields?: readonly ("name" | "tags" | "contact.email")[] }) {
  const form = useForm<Values>({ defaultValues: { name: "", tags: [], contact: { email: "" } } });
  const { errors } = form.formState;
  return (
    <form>
      <Field id="name" label="Name" error={errors.name?.message}>
        <Input id="name" {...invalidProps("name", errors.name?.message)} {...form.register("name")} />
      </Field>
      <ChoiceGroup id="tags" legend="Tags" options={["Jazz", "Pop"]} registration={form.register("tags")} error={errorText(errors.tags)} />
      <Field id="email" label="Email" error={errors.contact?.email?.message}>
        <Input id="email" {...form.register("contact.email")} />
      </Field>
      <button type="button" onClick={() => setServerErrors(error, form.setError, fields)}>
        Apply
      </button>
    </form>
  );
}

/** The form's current values, shown as JSON so the test reads what the user's input did. */
function Values<T extends FieldValues>({ control }: { control: Control<T> }) {
  return <output data-testid="values">{JSON.stringify(useWatch({ control }))}</output>;
}
const values = () => JSON.parse(screen.getByTestId("values").textContent ?? "null") as unknown;

describe("setServerErrors", () => {
  it("puts each server message beside its field; an item's path lands on its list field", async () => {
    const error = serverError({ name: "Name is taken", "tags.1": "Unknown tag", "contact.email": "Enter a valid email" });
    render(<KitForm error={error} fields={["name", "tags", "contact.email"]} />);
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Name is taken");
    expect(screen.getByRole("group", { name: "Tags" })).toHaveAccessibleDescription("Unknown tag");
    expect(screen.getByText("Enter a valid email")).toHaveAttribute("id", "email-error");
  });

  it("skips paths the form does not show and returns the paths it placed", () => {
    const setError = vi.fn();
    const placed = setServerErrors(serverError({ name: "Name is taken", secret: "Not shown" }), setError, ["name"]);
    expect(placed).toEqual(["name"]);
    expect(setError).toHaveBeenCalledOnce();
    expect(setError).toHaveBeenCalledWith("name", { type: "server", message: "Name is taken" });
  });

  it("places every path as is when no fields are given (multi-step forms)", () => {
    const setError = vi.fn();
    expect(setServerErrors(serverError({ "parent.email": "Taken", "student.age": "Too young" }), setError)).toEqual([
      "parent.email",
      "student.age",
    ]);
    expect(setError).toHaveBeenCalledWith("parent.email", { type: "server", message: "Taken" });
  });

  it("does nothing for errors without field messages", () => {
    const setError = vi.fn();
    expect(setServerErrors(new AppError("conflict", "Already reviewed"), setError)).toEqual([]);
    expect(setServerErrors(new Error("network"), setError)).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe("invalidProps", () => {
  it("marks a control invalid and points it at its field's message", () => {
    expect(invalidProps("phone", "Enter a phone number")).toEqual({ "aria-invalid": true, "aria-describedby": "phone-error" });
  });

  it("adds nothing while the field is valid", () => {
    expect(invalidProps("phone", undefined)).toEqual({});
    expect(invalidProps("phone", "")).toEqual({});
  });
});

describe("errorText", () => {
  it("reads a field's own message, or the first nested item's", () => {
    expect(errorText({ message: "Required", type: "min" })).toBe("Required");
    expect(errorText([undefined, { message: "Too long", ref: {} }])).toBe("Too long");
    expect(errorText(undefined)).toBeUndefined();
  });
});

describe("useFlash", () => {
  afterEach(() => vi.useRealTimers());

  it("shows a message, then clears it after its time", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFlash(3000));
    expect(result.current.message).toBeNull();

    act(() => result.current.show("Settings saved successfully!"));
    expect(result.current.message).toBe("Settings saved successfully!");

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(result.current.message).toBe("Settings saved successfully!");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.message).toBeNull();
  });

  it("restarts the time when shown again, and clear hides it at once", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useFlash(3000));
    act(() => result.current.show("Saved"));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => result.current.show("Saved"));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.message).toBe("Saved");
    act(() => result.current.clear());
    expect(result.current.message).toBeNull();
  });
});

describe("OptionsSelect", () => {
  it("lists options from strings, value/label pairs or a record, after an optional placeholder", () => {
    const { rerender } = render(<OptionsSelect aria-label="Genre" options={["Jazz", "Pop"]} placeholder="Choose a genre" />);
    expect(screen.getAllByRole("option").map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ["", "Choose a genre"],
      ["Jazz", "Jazz"],
      ["Pop", "Pop"],
    ]);

    rerender(<OptionsSelect aria-label="Genre" options={{ email: "Email", sms: "SMS" }} />);
    expect(screen.getAllByRole("option").map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ["email", "Email"],
      ["sms", "SMS"],
    ]);
  });

  it("works as a registered form field", async () => {
    function Form() {
      const form = useForm<{ channel: string }>();
      return (
        <>
          <OptionsSelect aria-label="Channel" options={[{ value: "email", label: "Email" }, { value: "sms", label: "SMS" }]} {...form.register("channel")} />
          <Values control={form.control} />
        </>
      );
    }
    render(<Form />);
    // (happy-dom does not apply a select's default value through the ref, so the test picks both.)
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Channel" }), "SMS");
    expect(values()).toEqual({ channel: "sms" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Channel" }), "Email");
    expect(values()).toEqual({ channel: "email" });
  });
});

describe("ChoiceGroup", () => {
  it("checkboxes collect a list of the checked values", async () => {
    function Form() {
      const form = useForm<{ tags: string[] }>({ defaultValues: { tags: [] } });
      return (
        <>
          <ChoiceGroup id="tags" legend="Tags" options={{ jazz: "Jazz", pop: "Pop", rock: "Rock" }} registration={form.register("tags")} />
          <Values control={form.control} />
        </>
      );
    }
    render(<Form />);
    expect(screen.getByRole("group", { name: "Tags" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Jazz" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Rock" }));
    expect(values()).toEqual({ tags: ["jazz", "rock"] });
    expect(screen.getByRole("checkbox", { name: "Rock" })).toHaveAttribute("id", "tags-rock");
  });

  it("radios hold one value, in either look", async () => {
    function Form() {
      const form = useForm<{ format: string }>({ defaultValues: { format: "online" } });
      return (
        <>
          <ChoiceGroup
            id="format"
            legend="Format"
            type="radio"
            variant="list"
            options={[{ value: "online", label: "Online" }, { value: "in_person", label: "In person" }]}
            registration={form.register("format")}
          />
          <Values control={form.control} />
        </>
      );
    }
    render(<Form />);
    expect(screen.getByRole("radio", { name: "Online" })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "In person" }));
    expect(values()).toEqual({ format: "in_person" });
    expect(screen.getByRole("radio", { name: "Online" })).not.toBeChecked();
  });

  it("shows its error as an alert the group points at", () => {
    render(<ChoiceGroup id="ages" legend="Age groups" options={["Kids"]} registration={{ name: "ages", onChange: async () => {}, onBlur: async () => {}, ref: () => {} }} error="Choose at least one" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Choose at least one");
    expect(screen.getByRole("group", { name: "Age groups" })).toHaveAccessibleDescription("Choose at least one");
  });
});
