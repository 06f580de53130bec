// Takes screenshots of pages at desktop and phone width against a running server (default :4173).
import { chromium } from "@playwright/test";
const base = process.env.BASE_URL ?? "http://localhost:4173";
const pages = (process.argv[2] ?? "/").split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (const [label, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForTimeout(800);
    const name = `screenshots/${label}${p.replace(/[^a-z0-9]+/gi, "_")}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
}
await browser.close();
