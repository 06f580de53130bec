import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { lastMailLink, lastMailText } from "./outbox";

/**
 * Issue 45, the foundation: a mother invites a father from Settings → Household; he opens the
 * emailed link in a browser of his own (a phone), makes his login there and is in; both see the
 * household, he sees their child; a second link refused joins nobody; he leaves and no longer sees her.
 */
test("a mother invites a father by email; he makes his login from the link and shares the child; he leaves", async ({ page, browser, parent }) => {
  test.setTimeout(120_000);
  const fatherEmail = `father-${randomUUID().slice(0, 8)}@e2e.test`;
  await page.request.post("/api/session", { data: { role: "parent", email: parent.email, password: parent.password } });

  // Settings → Household: the mother alone, then her invitation waiting.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Guardians and invitations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Household" })).toBeVisible();
  const guardians = page.getByRole("region", { name: "Guardians" });
  await expect(guardians.getByRole("listitem")).toHaveCount(1);
  await expect(guardians).toContainText("Jordan Rivera");
  await expect(guardians).toContainText("Started the household");
  await page.getByLabel("Email of the adult to invite").fill("not-an-email");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email of the adult to invite").fill(fatherEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${fatherEmail}.`)).toBeVisible();
  const invite = page.getByRole("region", { name: "Invite a guardian" });
  await expect(invite.getByRole("listitem")).toContainText(fatherEmail);
  await expect(invite.getByRole("listitem")).toContainText("Sent by Jordan Rivera");

  const subject = await lastMailText(fatherEmail, "household-invitation");
  expect(subject).toContain("Jordan Rivera invited you to join the Rivera household on Music Lessons");
  const link = await lastMailLink(fatherEmail, "household-invitation");
  expect(new URL(link).pathname).toBe("/household/join");

  // The father, on his phone, not signed in: he makes his login with the invited address.
  const fatherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const father = await fatherContext.newPage();
  await father.goto(link);
  await expect(father.getByText(`invited ${fatherEmail} to join`)).toBeVisible();
  await expect(father.getByText("the Rivera household")).toBeVisible();
  await expect(father.getByLabel("Email")).toHaveValue(fatherEmail);
  await father.getByLabel("First name").fill("Diego");
  await father.getByLabel("Last name").fill("Rivera");
  await father.getByRole("textbox", { name: "Password" }).fill("short");
  await father.getByRole("button", { name: "Create login and join" }).click();
  await expect(father.getByText("Password must be at least 8 characters long")).toBeVisible();
  await father.getByRole("textbox", { name: "Password" }).fill("a-good-e2e-password");
  await father.getByRole("button", { name: "Create login and join" }).click();
  await expect(father).toHaveURL(/\/settings\/household$/);
  const fatherGuardians = father.getByRole("region", { name: "Guardians" });
  await expect(fatherGuardians.getByRole("listitem")).toHaveCount(2);
  await expect(fatherGuardians.getByRole("listitem").nth(1)).toContainText("Diego Rivera");
  await expect(fatherGuardians.getByRole("listitem").nth(1)).toContainText("Invited by Jordan Rivera");
  // No horizontal scrolling at phone width.
  expect(await father.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // He sees their child, as she does.
  await father.goto("/parent/student-profiles");
  await expect(father.getByText("Mia Rivera")).toBeVisible();

  // The link is spent.
  await father.goto("/");
  await father.goto(link);
  await expect(father.getByText(/This invitation was already used/)).toBeVisible();

  // She sees him; her waiting list is empty.
  await page.reload();
  await expect(guardians.getByRole("listitem")).toHaveCount(2);
  await expect(guardians).toContainText(fatherEmail);
  await expect(invite.getByText("No invitations are waiting.")).toBeVisible();

  // A second invitation, refused from its link by someone without a login: nobody joins.
  const auntEmail = `aunt-${randomUUID().slice(0, 8)}@e2e.test`;
  await page.getByLabel("Email of the adult to invite").fill(auntEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("listitem")).toContainText(auntEmail);
  const auntContext = await browser.newContext();
  const aunt = await auntContext.newPage();
  await aunt.goto(await lastMailLink(auntEmail, "household-invitation"));
  await aunt.getByRole("button", { name: "Refuse invitation" }).click();
  await expect(aunt.getByText("You refused the invitation. Nobody can join with this link now.")).toBeVisible();
  await page.reload();
  await expect(invite.getByText("No invitations are waiting.")).toBeVisible();

  // He leaves: his login stays, the child is no longer his to see; she is alone again.
  await father.goto("/settings/household");
  await father.getByRole("button", { name: "Leave household" }).click();
  await father.getByRole("alertdialog").getByRole("button", { name: "Leave household" }).click();
  await expect(fatherGuardians.getByRole("listitem")).toHaveCount(1);
  await father.goto("/parent/student-profiles");
  await expect(father.getByText("Mia Rivera")).toHaveCount(0);
  await page.reload();
  await expect(guardians.getByRole("listitem")).toHaveCount(1);

  await fatherContext.close();
  await auntContext.close();
});
