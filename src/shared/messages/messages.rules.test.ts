import { describe, expect, it } from "vitest";
import { familyNames, joinNames, lastMessagePrefix, showsAuthors } from "./messages.rules";

describe("joinNames", () => {
  it.each([
    [[], ""],
    [["Anna"], "Anna"],
    [["Anna", "Tom"], "Anna & Tom"],
    [["Anna", "Tom", "Lea"], "Anna, Tom & Lea"],
  ])("%j reads %s", (names, expected) => {
    expect(joinNames(names)).toBe(expected);
  });
});

describe("familyNames", () => {
  it("names a one-guardian family as before, and several guardians founder first", () => {
    expect(familyNames([{ firstName: "Pat", lastName: "Parent" }])).toEqual({ name: "Pat Parent", firstName: "Pat" });
    expect(
      familyNames([
        { firstName: "Anna", lastName: "Berg" },
        { firstName: "Tom", lastName: "Lind" },
      ]),
    ).toEqual({ name: "Anna Berg & Tom Lind", firstName: "Anna & Tom" });
  });
});

describe("showsAuthors", () => {
  it.each([
    [1, [], false],
    [1, ["a", "a"], false],
    [2, [], true],
    [2, ["a"], true],
    // A guardian who left: their messages and the founder's stay apart.
    [1, ["a", "b"], true],
    [1, ["a", null], true],
  ] as const)("%i guardians, family senders %j: %s", (count, senders, expected) => {
    expect(showsAuthors(count, senders)).toBe(expected);
  });
});

describe("lastMessagePrefix", () => {
  const from = (mine: boolean, senderRole: "parent" | "teacher", senderFirstName = "Tom") => ({ mine, senderRole, senderFirstName });
  it.each([
    [from(true, "parent"), 2, "You: "],
    [from(true, "teacher"), 1, "You: "],
    [from(false, "parent"), 2, "Tom: "],
    [from(false, "parent"), 1, ""],
    [from(false, "teacher"), 2, ""],
    // A deleted guardian has no first name left to show.
    [from(false, "parent", ""), 2, ""],
  ] as const)("%j with %i guardians: %j", (last, count, expected) => {
    expect(lastMessagePrefix(last, count)).toBe(expected);
  });
});
