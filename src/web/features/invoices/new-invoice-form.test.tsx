import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvoiceFamilyDTO, InvoicePreviewDTO } from "../../../shared/invoices/invoices.schemas";
import { NewInvoiceForm } from "./new-invoice-page";

const PARENT = "4f1c2d3e-0000-4000-8000-000000000001";
const families: InvoiceFamilyDTO[] = [{ parentId: PARENT, familyName: "Jordan Rivera", uninvoicedCount: 2, uninvoicedCents: 12_000 }];
const preview: InvoicePreviewDTO = {
  totalCents: 12_000,
  lines: [
    { kind: "lesson", bookingId: "b1", startsAt: "2026-11-03T21:00:00.000Z", bookingType: "full", description: "Full Lesson · Tue, Nov 3, 2026 · 4:00 PM EST · Mia Rivera", detail: "Attended", amountCents: 7_000, estimated: false },
    { kind: "late_cancel", bookingId: "b2", startsAt: "2026-11-10T21:00:00.000Z", bookingType: "full", description: "Full Lesson · Tue, Nov 10, 2026 · 4:00 PM EST · Mia Rivera", detail: "Cancelled 20 h before; the policy charges cancellations within 24 h (full price)", amountCents: 5_000, estimated: true },
  ],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API as the form meets it: the preview, and a create that answers `created` (recording what was sent). */
function serve(created: Response) {
  const posted: unknown[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (input instanceof Request ? input.method : init?.method) ?? "GET";
    if (url.includes("/api/invoices/preview")) return Promise.resolve(json(preview));
    if (method === "POST" && url.endsWith("/api/invoices")) {
      const body = input instanceof Request ? input.clone().text() : Promise.resolve(typeof init?.body === "string" ? init.body : "");
      return body.then((text) => {
        posted.push(JSON.parse(text));
        return created.clone();
      });
    }
    return Promise.resolve(json({ error: { code: "not_found", message: "Not found" } }, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return posted;
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/teacher/invoices/new"]}>
        <Routes>
          <Route path="/teacher/invoices/new" element={<NewInvoiceForm families={families} today="2026-11-27" initial={{ parentId: "", from: null, to: null, replaces: null }} />} />
          <Route path="/teacher/invoices/:id" element={<p>Invoice page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("New invoice (issue 28)", () => {
  it("previews the family's lessons, adds an extra line typed in dollars, shows the total and sends cents", async () => {
    const posted = serve(json({ id: "inv-1" }, 201));
    const user = userEvent.setup();
    show();
    expect(screen.getByTestId("new-invoice-total")).toHaveTextContent("$0.00 USD");

    await user.selectOptions(screen.getByLabelText("Family"), PARENT);
    const lines = await screen.findAllByTestId("preview-line");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toHaveTextContent("Cancelled 20 h before");
    expect(within(lines[1]!).getByText("Estimated")).toBeInTheDocument();
    expect(within(lines[0]!).queryByText("Estimated")).toBeNull();
    expect(screen.getByTestId("new-invoice-total")).toHaveTextContent("$120.00 USD");

    await user.click(screen.getByRole("button", { name: "Add a line" }));
    await user.type(screen.getByLabelText("Description"), "Recital fee");
    await user.clear(screen.getByLabelText("Quantity"));
    await user.type(screen.getByLabelText("Quantity"), "2");
    await user.type(screen.getByLabelText("Unit price ($)"), "$12.35");
    expect(screen.getByTestId("extra-line-amount")).toHaveTextContent("$24.70 USD");
    expect(screen.getByTestId("new-invoice-total")).toHaveTextContent("$144.70 USD");

    await user.click(screen.getByRole("button", { name: "Create draft" }));
    expect(await screen.findByText("Invoice page")).toBeInTheDocument();
    expect(posted).toEqual([
      { parentId: PARENT, from: "2026-11-01", to: "2026-11-30", dueDays: 14, note: "", extraLines: [{ description: "Recital fee", quantity: 2, unitCents: 1235 }] },
    ]);
  });

  it("Last month fills the dates; a price that is not dollars and cents is refused in the browser, nothing is sent", async () => {
    const posted = serve(json({ id: "inv-1" }, 201));
    const user = userEvent.setup();
    show();
    await user.selectOptions(screen.getByLabelText("Family"), PARENT);
    await user.click(screen.getByRole("radio", { name: "Last month" }));
    expect(screen.getByLabelText("Start date")).toHaveValue("2026-10-01");
    expect(screen.getByLabelText("End date")).toHaveValue("2026-10-31");
    await user.click(screen.getByRole("button", { name: "Add a line" }));
    await user.type(screen.getByLabelText("Description"), "Book");
    await user.type(screen.getByLabelText("Unit price ($)"), "12.345");
    await user.click(screen.getByRole("button", { name: "Create draft" }));
    expect(await screen.findByText("Unit price must be an amount from $0 to $1,000")).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal beside the field it names", async () => {
    serve(json({ error: { code: "validation", message: "Check the dates", fields: { to: "The end date must be on or after the start date" } } }, 400));
    const user = userEvent.setup();
    show();
    await user.selectOptions(screen.getByLabelText("Family"), PARENT);
    await screen.findAllByTestId("preview-line");
    await user.click(screen.getByRole("button", { name: "Create draft" }));
    expect(await screen.findByText("The end date must be on or after the start date")).toBeInTheDocument();
  });

  it("a create with no field to blame shows the server's message on the form", async () => {
    serve(json({ error: { code: "conflict", message: "No lessons to invoice in these dates" } }, 409));
    const user = userEvent.setup();
    show();
    await user.selectOptions(screen.getByLabelText("Family"), PARENT);
    await user.click(screen.getByRole("button", { name: "Create draft" }));
    expect(await screen.findByText("No lessons to invoice in these dates")).toBeInTheDocument();
  });
});
