import { describe, expect, it } from "vitest";
import type { BookingFormat, BookingStatus, BookingType, ChosenFormat } from "./booking.constants";
import {
  chooseFormatMessage,
  FORMAT_NOT_OFFERED_MESSAGE,
  formatsForSlot,
  formatsForSlots,
  isRevealed,
  lessonPlace,
  meetingLinkFor,
  movedFormat,
  NO_COMMON_FORMAT_MESSAGE,
  partyContact,
  placeLine,
  preselectedFormat,
  requestFormat,
  type PlaceSources,
} from "./lesson-place.rules";

describe("formatsForSlot", () => {
  it.each([
    ["full", "both", ["in_person", "online"]],
    ["full", "in_person", ["in_person"]],
    ["full", "online", ["online"]],
    // An intro call is online or by phone whatever the window says.
    ["intro", "both", ["online", "phone"]],
    ["intro", "in_person", ["online", "phone"]],
    ["intro", "online", ["online", "phone"]],
  ] as const)("%s in a %s window → %j", (type, window, expected) => {
    expect(formatsForSlot(type, window)).toEqual(expected);
  });
});

describe("formatsForSlots", () => {
  it.each([
    ["full", ["both", "both"], ["in_person", "online"]],
    ["full", ["both", "online"], ["online"]],
    ["full", ["in_person", "online"], []],
    ["full", [], ["in_person", "online"]],
    ["intro", ["in_person", "online"], ["online", "phone"]],
  ] as const)("%s in %j → %j", (type, windows, expected) => {
    expect(formatsForSlots(type, windows)).toEqual(expected);
  });
});

describe("preselectedFormat", () => {
  it.each<[ChosenFormat[], string | null, ChosenFormat | null]>([
    [["in_person", "online"], "online", "online"],
    [["in_person", "online"], "in_person", "in_person"],
    [["in_person", "online"], null, null],
    // The search's type is not offered here: the only format, else none.
    [["online"], "in_person", "online"],
    [["online", "phone"], "in_person", null],
    [["online", "phone"], "online", "online"],
    [["in_person"], null, "in_person"],
    [[], "online", null],
  ])("offered %j, searched %s → %s", (offered, searched, expected) => {
    expect(preselectedFormat(offered, searched)).toBe(expected);
  });
});

describe("requestFormat", () => {
  it.each<[BookingType, string[], ChosenFormat | undefined, ReturnType<typeof requestFormat>]>([
    ["full", ["both"], "online", { ok: true, format: "online" }],
    ["full", ["both"], "in_person", { ok: true, format: "in_person" }],
    ["full", ["online"], undefined, { ok: true, format: "online" }],
    ["full", ["in_person", "in_person"], undefined, { ok: true, format: "in_person" }],
    ["full", ["both"], undefined, { ok: false, message: "Choose in person or online" }],
    ["full", ["online"], "in_person", { ok: false, message: FORMAT_NOT_OFFERED_MESSAGE }],
    ["full", ["both"], "phone", { ok: false, message: FORMAT_NOT_OFFERED_MESSAGE }],
    ["full", ["both", "online"], "in_person", { ok: false, message: FORMAT_NOT_OFFERED_MESSAGE }],
    ["full", ["in_person", "online"], undefined, { ok: false, message: NO_COMMON_FORMAT_MESSAGE }],
    ["intro", ["both"], undefined, { ok: false, message: "Choose online or by phone" }],
    ["intro", ["in_person"], "phone", { ok: true, format: "phone" }],
    ["intro", ["both"], "in_person", { ok: false, message: FORMAT_NOT_OFFERED_MESSAGE }],
  ])("%s in %j, wanted %s", (type, windows, wanted, expected) => {
    expect(requestFormat(type, windows, wanted)).toEqual(expected);
  });

  it("names the choices in words", () => {
    expect(chooseFormatMessage(["in_person", "online"])).toBe("Choose in person or online");
  });
});

describe("movedFormat", () => {
  it.each<[BookingType, BookingFormat, string, BookingFormat | null]>([
    ["full", "online", "both", "online"],
    ["full", "online", "online", "online"],
    ["full", "online", "in_person", null],
    ["full", "in_person", "online", null],
    ["full", "in_person", "both", "in_person"],
    ["intro", "phone", "in_person", "phone"],
    ["intro", "online", "in_person", "online"],
    // Booked before formats were asked.
    ["full", "flexible", "both", "flexible"],
    ["full", "flexible", "online", "online"],
    ["intro", "flexible", "in_person", "flexible"],
    ["intro", "in_person", "both", "in_person"],
    ["intro", "in_person", "online", null],
  ])("%s %s into a %s window → %s", (type, current, window, expected) => {
    expect(movedFormat(type, current, window)).toBe(expected);
  });
});

describe("meetingLinkFor", () => {
  it.each([
    ["https://meet.example/student", "https://meet.example/default", "https://meet.example/student"],
    [null, "https://meet.example/default", "https://meet.example/default"],
    ["", "https://meet.example/default", "https://meet.example/default"],
    ["https://meet.example/student", null, "https://meet.example/student"],
    [null, null, null],
    [undefined, "", null],
  ])("student %s, default %s → %s", (student, fallback, expected) => {
    expect(meetingLinkFor(student, fallback)).toBe(expected);
  });
});

const sources = (overrides: Partial<PlaceSources>): PlaceSources => ({
  format: "online",
  status: "accepted",
  meetingUrl: "https://meet.example/room",
  inPersonPlace: "studio",
  studioAddress: "1 Studio Way, Chicago, IL",
  familyAddress: "12 Elm St, Brooklyn, NY",
  teacherPhone: "(312) 555-0100",
  parentPhone: "(212) 555-0199",
  ...overrides,
});

describe("lessonPlace", () => {
  it.each<[string, Partial<PlaceSources>, ReturnType<typeof lessonPlace>]>([
    ["online, accepted: the link", {}, { format: "online", label: "Online", link: "https://meet.example/room" }],
    ["online, no link yet", { meetingUrl: null }, { format: "online", label: "Online", link: null }],
    ["in person at the studio", { format: "in_person" }, { format: "in_person", label: "In person", at: "studio", address: "1 Studio Way, Chicago, IL" }],
    [
      "in person at the family's home",
      { format: "in_person", inPersonPlace: "family_home" },
      { format: "in_person", label: "In person", at: "family_home", address: "12 Elm St, Brooklyn, NY" },
    ],
    [
      "by phone: both numbers",
      { format: "phone" },
      { format: "phone", label: "By phone", teacherPhone: "(312) 555-0100", parentPhone: "(212) 555-0199" },
    ],
    ["flexible: only the label", { format: "flexible" }, { format: "flexible", label: "In person or online (agree with the teacher)" }],
  ])("%s", (_name, overrides, expected) => {
    expect(lessonPlace(sources(overrides))).toEqual(expected);
  });

  // Before acceptance, and for a request or lesson that did not go ahead, only the format is told.
  it.each<BookingStatus>(["pending", "declined", "expired", "cancelled"])("%s: never a link, an address or a phone number", (status) => {
    expect(lessonPlace(sources({ status }))).toEqual({ format: "online", label: "Online", link: null });
    expect(lessonPlace(sources({ status, format: "in_person" }))).toEqual({ format: "in_person", label: "In person", at: "studio", address: null });
    expect(lessonPlace(sources({ status, format: "phone" }))).toEqual({ format: "phone", label: "By phone", teacherPhone: null, parentPhone: null });
    expect(isRevealed(status)).toBe(false);
  });
});

describe("placeLine", () => {
  it.each<[Partial<PlaceSources>, string]>([
    [{}, "Online: https://meet.example/room"],
    [{ status: "pending" }, "Online (the teacher will share the link)"],
    [{ format: "in_person" }, "In person at 1 Studio Way, Chicago, IL"],
    [{ format: "in_person", status: "pending" }, "In person at the teacher's studio"],
    [{ format: "in_person", inPersonPlace: "family_home", familyAddress: null }, "In person at the family's home"],
    [{ format: "phone" }, "By phone"],
  ])("%j → %s", (overrides, expected) => {
    expect(placeLine(lessonPlace(sources(overrides)))).toBe(expected);
  });
});

describe("partyContact", () => {
  const person = { firstName: "Casey", lastName: "Keys", email: "casey@example.test", phone: "(312) 555-0100" };
  it.each<[BookingStatus, Parameters<typeof partyContact>[1], ReturnType<typeof partyContact>]>([
    ["accepted", person, { name: "Casey Keys", email: "casey@example.test", phone: "(312) 555-0100" }],
    ["accepted", { ...person, phone: null }, { name: "Casey Keys", email: "casey@example.test", phone: null }],
    ["accepted", { ...person, phone: "" }, { name: "Casey Keys", email: "casey@example.test", phone: null }],
    // The other side deleted their account.
    ["accepted", null, { name: "Deleted user", email: null, phone: null }],
    ["accepted", { firstName: null, lastName: null, email: null, phone: null }, { name: "Deleted user", email: null, phone: null }],
    ["pending", person, null],
    ["declined", person, null],
    ["expired", person, null],
    ["cancelled", person, null],
  ])("%s, %j → %j", (status, who, expected) => {
    expect(partyContact(status, who)).toEqual(expected);
  });
});
