import { describe, expect, it } from "vitest";
import { missingRoleMessage, signInSchema } from "./auth.schemas";

describe("signInSchema", () => {
  it("trims and lower-cases the email", () => {
    const parsed = signInSchema.parse({ role: "parent", email: "  Jane@Example.COM ", password: "x" });
    expect(parsed.email).toBe("jane@example.com");
  });

  it.each([
    [{ email: "a@b.co", password: "x" }, "role", "Please select your role (Teacher or Parent)"],
    [{ role: "admin", email: "a@b.co", password: "x" }, "role", "Please select your role (Teacher or Parent)"],
    [{ role: "parent", email: "nope", password: "x" }, "email", "Please enter a valid email address"],
    [{ role: "parent", email: "", password: "x" }, "email", "Email is required"],
    [{ role: "teacher", email: "a@b.co", password: "" }, "password", "Password is required"],
  ])("%j → %s: %s", (input, field, message) => {
    const result = signInSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe("missingRoleMessage", () => {
  it("names the role twice, as the spec says", () => {
    expect(missingRoleMessage("parent")).toBe(
      "No parent account found for this email address. Please sign up as a parent first.",
    );
  });
});
