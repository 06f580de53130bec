import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../shared/auth/auth.schemas";
import { viewerTimeZone } from "../../lib/time-zone";
import { ReportTimeZone } from "./report-time-zone";

/** The app frame's reporter with /api/session answering `me`; returns the fetch spy. */
function mount(me: Me) {
  const fetchSpy = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = url.endsWith("/api/session") ? JSON.stringify(me) : null;
    return Promise.resolve(new Response(body, { status: body ? 200 : 204, headers: { "content-type": "application/json" } }));
  });
  vi.stubGlobal("fetch", fetchSpy);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ReportTimeZone />
    </QueryClientProvider>,
  );
  return { fetchSpy, client, view };
}

/** The reports sent: method and body of each call to the route. */
const reports = (fetchSpy: ReturnType<typeof mount>["fetchSpy"]) =>
  fetchSpy.mock.calls
    .filter(([input]) => String(input instanceof Request ? input.url : input).endsWith("/api/parents/me/time-zone"))
    .map(([, init]) => ({ method: init?.method, body: JSON.parse(init?.body as string) as unknown }));

const signedIn = (id: string, profiles: Me["profiles"]): Me => ({ user: { id, email: `${id}@example.test`, name: id }, role: profiles.parent ? "parent" : "teacher", profiles });

afterEach(() => vi.unstubAllGlobals());

describe("ReportTimeZone", () => {
  it("reports a signed-in parent's device zone once, however often the frame renders", async () => {
    const { fetchSpy, view, client } = mount(signedIn("parent-1", { parent: true, teacher: false }));
    await waitFor(() => expect(reports(fetchSpy)).toHaveLength(1));
    expect(reports(fetchSpy)[0]).toEqual({ method: "PUT", body: { timeZone: viewerTimeZone() } });
    view.rerender(
      <QueryClientProvider client={client}>
        <ReportTimeZone />
      </QueryClientProvider>,
    );
    await client.invalidateQueries();
    expect(reports(fetchSpy)).toHaveLength(1);
  });

  it("reports nothing for a teacher-only account or a visitor", async () => {
    const teacher = mount(signedIn("teacher-1", { parent: false, teacher: true }));
    await waitFor(() => expect(teacher.client.getQueryData(["me"])).toBeDefined());
    expect(reports(teacher.fetchSpy)).toHaveLength(0);
    teacher.view.unmount();
    const visitor = mount({ user: null, role: null, profiles: { parent: false, teacher: false } });
    await waitFor(() => expect(visitor.client.getQueryData(["me"])).toBeDefined());
    expect(reports(visitor.fetchSpy)).toHaveLength(0);
  });
});
