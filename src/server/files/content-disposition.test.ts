import { describe, expect, it } from "vitest";
import { classFileDisposition, inlineContentDisposition } from "./content-disposition";

describe("inlineContentDisposition", () => {
  it.each([
    ["scales.pdf", `inline; filename="scales.pdf"; filename*=UTF-8''scales.pdf`],
    ["Für Elise (v2).pdf", `inline; filename="F_r Elise (v2).pdf"; filename*=UTF-8''F%C3%BCr%20Elise%20%28v2%29.pdf`],
    ['a"b\\c.pdf', `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`],
    ["x\r\nSet-Cookie: a=b", `inline; filename="x__Set-Cookie: a=b"; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3Db`],
    ["it's*.pdf", `inline; filename="it's*.pdf"; filename*=UTF-8''it%27s%2A.pdf`],
    ["日本.pdf", `inline; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`],
  ])("%j → %s", (name, header) => {
    expect(inlineContentDisposition(name)).toBe(header);
    // A header value never carries CR, LF or NUL.
    expect(/[\r\n\0]/.test(inlineContentDisposition(name))).toBe(false);
  });
});

describe("classFileDisposition", () => {
  it.each([
    ["application/pdf", "inline"],
    ["image/png", "inline"],
    ["audio/mpeg", "inline"],
    ["video/mp4", "inline"],
    ["application/vnd.recordare.musicxml+xml", "attachment"],
    ["application/vnd.recordare.musicxml", "attachment"],
    ["application/xml", "attachment"],
    ["text/html", "attachment"],
    ["image/svg+xml", "attachment"],
  ])("%s is %s", (type, disposition) => {
    expect(classFileDisposition(type, "score.xml")).toMatch(new RegExp(`^${disposition}; filename="score.xml"`));
  });
});
