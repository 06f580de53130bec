import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApplicationDetail, WaitingApplications } from "../../../../shared/operator/applications.schemas";
import { Component as ApplicationPage } from "./application-page";
import { Component as ApplicationsPage } from "./applications-page";

/** Issue 27: the operators' queue and one application, against a fake API. */

const TEACHER_ID = "6b1f8f3e-7d4c-4a59-9a51-0c7f3d2b1a10";

const application = (overrides: Partial<ApplicationDetail> = {}): ApplicationDetail => ({
  id: TEACHER_ID,
  accountEmail: "clara@example.test",
  firstName: "Clara",
  lastName: "Wieck",
  email: "clara@example.test",
  phone: "(512) 555-0199",
  city: "Austin",
  state: "TX",
  timeZone: "America/Chicago",
  bio: "Concert pianist who loves teaching beginners.",
  hasTransportation: true,
  educationBackground: "Conservatory",
  teachingExperienceYears: "5+",
  teachingMethods: ["Traditional", "Suzuki"],
  ageGroupsTaught: ["Kids 5-10"],
  teachingStyleDescription: "Warm, patient and structured.",
  lessonFormat: "both",
  inPersonPlace: "family_home",
  studioAddress: null,
  platformExperience: "Zoom",
  videoConferenceExperience: true,
  backgroundCheckConsent: true,
  priorComplaints: true,
  complaintExplanation: "A scheduling dispute in 2019, resolved.",
  canProvideReferences: false,
  hourlyRateMin: 40,
  hourlyRateMax: 70,
  instruments: ["piano", "voice"],
  availability: [{ dayOfWeek: 1, startTime: "09:00", endTime: "17:00" }],
  introVideoUrl: `/api/files/teacher-videos/${TEACHER_ID}/intro-video.mp4?v=1`,
  reviewStatus: "pending",
  reviewMessage: null,
  submittedForReviewAt: "2026-11-20T10:00:00.000Z",
  reviewedAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  isDiscoverable: false,
  changesSinceReview: null,
  ...overrides,
});

function fakeApi(detail: ApplicationDetail = application()) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const url = new URL(request.url, "http://localhost");
      const headers = { "content-type": "application/json" };
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers });
      if (request.method === "GET" && url.pathname === "/api/operator/applications") {
        const queue: WaitingApplications = {
          total: 1,
          applications: [
            { teacherId: TEACHER_ID, firstName: "Clara", lastName: "Wieck", city: "Austin", state: "TX", instruments: ["piano"], submittedForReviewAt: "2026-11-20T10:00:00.000Z", waitedHours: 50 },
          ],
        };
        return json(queue);
      }
      if (request.method === "GET" && url.pathname === `/api/operator/applications/${TEACHER_ID}`) return json(detail);
      if (request.method === "POST") {
        posts.push({ path: url.pathname, body: await request.json() });
        return json({ teacherId: TEACHER_ID, reviewStatus: "changes_requested", reviewedAt: new Date().toISOString() });
      }
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
  return posts;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/operator/applications" element={<ApplicationsPage />} />
          <Route path="/operator/applications/:teacherId" element={<ApplicationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("operator: teacher applications (issue 27)", () => {
  it("a resubmitted application says what was asked and what changed since, field by field (issue 41)", async () => {
    fakeApi(
      application({
        reviewMessage: "Please say more about your teaching style.",
        reviewedAt: "2026-11-21T10:00:00.000Z",
        changesSinceReview: [{ field: "Teaching style", before: "Warm.", after: "Warm, patient and structured." }],
      }),
    );
    renderAt(`/operator/applications/${TEACHER_ID}`);
    const changes = await screen.findByRole("region", { name: "Changed since the last review" });
    expect(changes).toHaveTextContent("Asked for: Please say more about your teaching style.");
    const changed = within(within(changes).getByRole("list", { name: "Changed fields" })).getAllByRole("listitem");
    expect(changed).toHaveLength(1);
    expect(changed[0]).toHaveTextContent("Teaching styleBefore: Warm.Now: Warm, patient and structured.");
  });

  it("a first application has no such section", async () => {
    fakeApi();
    renderAt(`/operator/applications/${TEACHER_ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Clara Wieck" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Changed since the last review" })).toBeNull();
  });

  it("lists a waiting application with how long it has waited, linking to it", async () => {
    fakeApi();
    renderAt("/operator/applications");
    const link = await screen.findByRole("link", { name: /Clara Wieck/ });
    expect(link).toHaveAttribute("href", `/operator/applications/${TEACHER_ID}`);
    expect(link).toHaveTextContent("Waiting for 2 days");
    expect(screen.getByText("1 application waiting")).toBeInTheDocument();
  });

  it("shows every answer of the application, and Ask for changes needs a message before it is sent", async () => {
    const posts = fakeApi();
    const user = renderAt(`/operator/applications/${TEACHER_ID}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Clara Wieck" })).toBeInTheDocument();
    const screening = screen.getByRole("region", { name: "Screening answers" });
    expect(within(screening).getByText("A scheduling dispute in 2019, resolved.")).toBeInTheDocument();
    expect(within(screening).getByText("Can provide references").nextElementSibling).toHaveTextContent("No");
    expect(screen.getByRole("region", { name: "Teaching" })).toHaveTextContent("Piano, Voice");
    expect(screen.getByRole("region", { name: "Weekly availability" })).toHaveTextContent("Monday: 09:00 to 17:00");
    expect(document.querySelector("video")).toHaveAttribute("src", application().introVideoUrl);

    await user.click(screen.getByRole("button", { name: "Ask for changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask for changes" });
    await user.click(within(dialog).getByRole("button", { name: "Ask for changes" }));
    expect(await within(dialog).findByText("Please give a short reason.")).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByLabelText("Message to the teacher (required)"), "Please add a studio address.");
    await user.click(within(dialog).getByRole("button", { name: "Ask for changes" }));
    expect(await screen.findByText("Changes asked for. The teacher has been emailed your message.")).toBeInTheDocument();
    expect(posts).toEqual([{ path: `/api/operator/applications/${TEACHER_ID}/ask-for-changes`, body: { reason: "Please add a studio address." } }]);
  });
});
