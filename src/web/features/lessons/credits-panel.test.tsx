import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CreditLedgerDTO } from "../../../shared/lessons/lessons.schemas";
import { CreditsPanel } from "./credits-panel";

const ledger = (overrides: Partial<CreditLedgerDTO>): CreditLedgerDTO => ({
  student: { id: "s1", firstName: "Mia", lastName: "Rivera" },
  teacher: { id: "t1", firstName: "Casey", lastName: "Keys", canTeach: true },
  summary: { issued: 1, used: 0, expired: 0, voided: 0, available: 1 },
  credits: [
    {
      id: "c1",
      issuedAt: "2026-03-03T15:00:00.000Z",
      expiresAt: "2026-07-01T15:00:00.000Z",
      status: "available",
      usedAt: null,
      voidedAt: null,
      issuedForStartsAt: "2026-03-05T15:00:00.000Z",
      history: [
        { kind: "issued", reason: null, at: "2026-03-03T15:00:00.000Z", lessonStartsAt: "2026-03-05T15:00:00.000Z" },
        { kind: "spent", reason: null, at: "2026-03-04T15:00:00.000Z", lessonStartsAt: "2026-03-12T15:00:00.000Z" },
        { kind: "returned", reason: "declined", at: "2026-03-06T15:00:00.000Z", lessonStartsAt: "2026-03-12T15:00:00.000Z" },
      ],
    },
  ],
  ...overrides,
});

function show(ledgers: CreditLedgerDTO[]) {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ledgers }), { headers: { "content-type": "application/json" } }))));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CreditsPanel />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the credits panel shows each credit's history (issue 26)", () => {
  it("issued, used to ask for a make-up lesson, given back because the teacher declined", async () => {
    show([ledger({})]);
    const history = await screen.findByRole("list", { name: "Credit history" });
    const steps = within(history).getAllByRole("listitem").map((li) => li.textContent);
    expect(steps).toEqual([
      "Mar 3, 2026: Issued for the lesson of Mar 5, 2026",
      "Mar 4, 2026: Used to ask for a make-up lesson on Mar 12, 2026",
      "Mar 6, 2026: Given back: the teacher declined the request",
    ]);
    expect(screen.getByTestId("credits-available")).toHaveTextContent("1");
  });

  it("a teacher who closed their account: Deleted teacher, the credit Voided, no profile to book from", async () => {
    const base = ledger({});
    show([
      ledger({
        teacher: { id: null, firstName: "Deleted teacher", lastName: "", canTeach: false },
        summary: { issued: 1, used: 0, expired: 0, voided: 1, available: 0 },
        credits: [{ ...base.credits[0]!, status: "voided", voidedAt: "2026-03-08T15:00:00.000Z", history: [...base.credits[0]!.history, { kind: "voided", reason: "teacher_left", at: "2026-03-08T15:00:00.000Z", lessonStartsAt: null }] }],
      }),
    ]);
    expect(await screen.findByText(/Mia with Deleted teacher:/)).toBeInTheDocument();
    expect(screen.getByText("Voided")).toBeInTheDocument();
    expect(screen.getByText(/Voided: the teacher can no longer teach on Music Lessons/)).toBeInTheDocument();
    expect(screen.getByText(/The teacher can no longer teach on Music Lessons, so these credits can no longer be used/)).toBeInTheDocument();
    expect(screen.queryByText(/profile/)).not.toBeInTheDocument();
  });

  it("a suspended teacher (issue 41): named, the credits void with why, no profile to book from (it answers 404)", async () => {
    const base = ledger({});
    show([
      ledger({
        teacher: { id: "t1", firstName: "Casey", lastName: "Keys", canTeach: false },
        summary: { issued: 1, used: 0, expired: 0, voided: 1, available: 0 },
        credits: [{ ...base.credits[0]!, status: "voided", voidedAt: "2026-03-08T15:00:00.000Z", history: [...base.credits[0]!.history, { kind: "voided", reason: "teacher_left", at: "2026-03-08T15:00:00.000Z", lessonStartsAt: null }] }],
      }),
    ]);
    expect(await screen.findByText(/Mia with Casey Keys:/)).toBeInTheDocument();
    expect(screen.getByText(/Casey can no longer teach on Music Lessons, so these credits can no longer be used/)).toBeInTheDocument();
    expect(screen.queryByText(/profile/)).not.toBeInTheDocument();
  });
});
