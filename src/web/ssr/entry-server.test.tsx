// The server's render of the landing pages, and the browser's hydration of it: the same tree on both
// sides, so React keeps the server's elements (no recoverable error, no console error).
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../shared/auth/auth.schemas";
import type { PublicTeacherProfile } from "../../shared/teachers/public-profile.schemas";
import { startApp } from "../app/start-app";
import { renderPage } from "./entry-server";
import { readSsrState } from "./ssr-state";

const TEACHER_ID = "6f1c8a3e-2b7d-4c59-9e0a-1d2b3c4d5e6f";
const profile: PublicTeacherProfile = {
  id: TEACHER_ID,
  firstName: "Taylor",
  lastName: "Morgan",
  city: "New York",
  state: "NY",
  lessonFormat: "both",
  inPersonPlace: "studio",
  hourlyRateMin: 60,
  hourlyRateMax: 90,
  teachingExperienceYears: "5+",
  educationBackground: "Conservatory",
  teachingMethods: ["Suzuki"],
  ageGroupsTaught: ["Kids 5-10"],
  teachingStyleDescription: "Patient.",
  bio: "I love teaching </script><script>alert(1)</script> and scales.",
  introVideoUrl: null,
  timeZone: "America/New_York",
  instruments: ["piano"],
  rating: null,
  reviewCount: 0,
};
const profileData = [{ path: `/api/teachers/${TEACHER_ID}/public`, body: profile }];

/** The page's address, as the browser would have it (happy-dom's own API). */
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

/** The API as the pages ask it right after hydration: nobody signed in, no teachers, no reviews. */
function fakeApi(url: string): Response {
  const path = new URL(url, "http://localhost").pathname;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  // The server's signed-out answer, typed so it cannot drift from what the pages read.
  const signedOut: Me = { user: null, role: null, profiles: { parent: false, teacher: false } };
  if (path === "/api/session") return json(signedOut);
  if (path === "/api/search/teachers") return json({ teachers: [], total: 0, place: null, distanceApplied: false, nextCursor: null });
  if (path.endsWith("/reviews")) return json({ reviews: [], nextCursor: null });
  return json({ error: { code: "not_found", message: "Not found" } }, 404);
}

// Every request of the file goes to the fake: a page left loading by one test may still fetch during the next,
// and a real request would reach whatever listens on happy-dom's default localhost:3000.
beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn((input: RequestInfo | URL) => Promise.resolve(fakeApi(input instanceof Request ? input.url : String(input)))));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("renderPage (the server's render)", () => {
  it("renders the landing hero into HTML, with router state and no queries", async () => {
    const page = await renderPage("http://localhost/");
    expect(page?.html).toContain("Personalised");
    expect(page?.html).toContain('id="landing-hero-title"');
    expect(page?.state).toMatch(/^<script type="application\/json" id="ssr-state">/);
  });

  it("renders the search frame from the URL's filters, results still to come", async () => {
    const page = await renderPage("http://localhost/find-teachers?instrument=piano&location=New%20York");
    expect(page?.html).toContain("Find a Music Teacher");
    expect(page?.html).toContain('value="New York"');
    expect(page?.html).toContain("Loading teachers...");
  });

  it("renders a profile from the API answer it is given, and hands that answer to the browser", async () => {
    const page = await renderPage(`http://localhost/teacher/profile/${TEACHER_ID}`, profileData);
    expect(page?.html).toMatch(/<h1[^>]*>Taylor<!-- --> <!-- -->Morgan<\/h1>/);
    // The bio's "</script>" cannot close the data block early: only the block's own end tag is there.
    expect(page!.state.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = page!.state;
    expect(readSsrState(document)?.queries.queries[0]?.state.data).toEqual(profile);
  });

  it("renders a profile without its answer as the page looks while loading", async () => {
    const page = await renderPage(`http://localhost/teacher/profile/${TEACHER_ID}`);
    expect(page?.html).toContain("Loading teacher profile...");
  });
});

describe("hydration of the server's page (start-app.tsx)", () => {
  beforeEach(() => {
    // act() waits for React's work to finish, as Testing Library's render does.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it.each([
    ["/", "Personalised 1-on-1 music lessons for your child", []],
    ["/find-teachers?instrument=piano&location=New%20York", "Find a Music Teacher", []],
    [`/teacher/profile/${TEACHER_ID}`, "Taylor Morgan", profileData],
  ])("%s hydrates onto the server's elements without a mismatch", async (path, heading, data) => {
    const url = `http://localhost${path}`;
    setUrl(url);
    const page = await renderPage(url, data);
    document.body.innerHTML = `<div id="root">${page!.html}</div>${page!.state}`;
    const serverHeading = document.querySelector("h1");
    expect(serverHeading?.textContent).toBe(heading);
    const consoleError = vi.spyOn(console, "error");
    const onRecoverableError = vi.fn();

    let started: Awaited<ReturnType<typeof startApp>> | undefined;
    await act(async () => {
      started = await startApp(document.getElementById("root")!, { onRecoverableError });
    });

    expect(started?.hydrated).toBe(true);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // React kept the element the server sent (a client render would have replaced it).
    expect(document.querySelector("h1")).toBe(serverHeading);
    act(() => started!.root.unmount());
  });

  it("keeps the landing page's static sections as the server's HTML: there, not hydrated, unchanged", async () => {
    const url = "http://localhost/";
    setUrl(url);
    const page = await renderPage(url);
    document.body.innerHTML = `<div id="root">${page!.html}</div>${page!.state}`;
    const claims = document.getElementById("landing-claims-title");
    const footer = document.querySelector("footer");
    expect(claims?.textContent).toBe("Why families choose Music Lessons");
    expect(document.querySelectorAll('input[type="checkbox"][aria-label$=" features"]')).toHaveLength(2);
    const before = document.getElementById("root")!.innerHTML;
    const consoleError = vi.spyOn(console, "error");
    let started: Awaited<ReturnType<typeof startApp>> | undefined;
    await act(async () => {
      started = await startApp(document.getElementById("root")!);
    });
    expect(consoleError).not.toHaveBeenCalled();
    expect(document.getElementById("landing-claims-title")).toBe(claims);
    expect(document.querySelector("footer")).toBe(footer);
    // React attached nothing to the static parts (a hydrated element carries React's own keys).
    expect(Object.keys(claims!).some((key) => key.startsWith("__react"))).toBe(false);
    expect(Object.keys(document.getElementById("landing-hero-title")!).some((key) => key.startsWith("__react"))).toBe(true);
    expect(document.getElementById("landing-features-title")?.textContent).toBe("From first search to every lesson");
    expect(before).toContain("Why families choose Music Lessons");
    act(() => started!.root.unmount());
  });

  it("keeps a profile's details as the server's HTML and hydrates its booking buttons", async () => {
    const url = `http://localhost/teacher/profile/${TEACHER_ID}`;
    setUrl(url);
    const page = await renderPage(url, profileData);
    document.body.innerHTML = `<div id="root">${page!.html}</div>${page!.state}`;
    const name = document.querySelector("h1");
    const about = document.getElementById("about-heading");
    let started: Awaited<ReturnType<typeof startApp>> | undefined;
    await act(async () => {
      started = await startApp(document.getElementById("root")!);
    });
    const reactKeys = (element: Element | null) => Object.keys(element ?? {}).some((key) => key.startsWith("__react"));
    expect(document.querySelector("h1")).toBe(name);
    expect(document.getElementById("about-heading")).toBe(about);
    expect(reactKeys(name)).toBe(false);
    const book = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Book Introduction Call"));
    expect(reactKeys(book ?? null)).toBe(true);
    act(() => started!.root.unmount());
  });

  it("renders from scratch a page the server did not render", async () => {
    setUrl("http://localhost/find-teachers");
    document.body.innerHTML = '<div id="root"><p>frame</p></div>';
    let started: Awaited<ReturnType<typeof startApp>> | undefined;
    await act(async () => {
      started = await startApp(document.getElementById("root")!);
    });
    expect(started?.hydrated).toBe(false);
    expect(await vi.waitFor(() => document.querySelector("h1")?.textContent)).toBe("Find a Music Teacher");
    act(() => started!.root.unmount());
  });
});
