import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { loadPageRenderer, withRenderedPage } from "./web-ssr";

const logger = () => ({ error: vi.fn(), warn: vi.fn() });

function rendererDir(source: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "web-ssr-"));
  writeFileSync(path.join(dir, "entry-server.js"), source);
  return dir;
}

describe("loadPageRenderer", () => {
  it("is null without a built renderer (pages are then rendered in the browser only)", async () => {
    expect(await loadPageRenderer(logger(), mkdtempSync(path.join(tmpdir(), "web-ssr-empty-")))).toBeNull();
  });

  it("renders through the built module", async () => {
    const dir = rendererDir("export async function renderPage(url, data) { return { html: `<p>${url} ${data.length}</p>`, state: '' }; }");
    const render = await loadPageRenderer(logger(), dir);
    expect(await render!("http://localhost/", [])).toEqual({ html: "<p>http://localhost/ 0</p>", state: "" });
  });

  it("a page that throws while rendering is logged and sent unrendered (null), never an error page", async () => {
    const log = logger();
    const render = await loadPageRenderer(log, rendererDir("export async function renderPage() { throw new Error('boom'); }"));
    expect(await render!("http://localhost/find-teachers", [])).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ path: "/find-teachers" }), expect.any(String));
  });

  it("a renderer that cannot be loaded is logged, and the server goes on without it", async () => {
    const log = logger();
    expect(await loadPageRenderer(log, rendererDir("this is not javascript ("))).toBeNull();
    expect(log.warn).toHaveBeenCalled();
  });
});

describe("withRenderedPage", () => {
  const index = '<body><div id="root"><!--app-html--><p>frame</p><!--/app-html--></div><!--app-state--></body>';

  it("puts the page in the root in place of the frame, and its state after the root", () => {
    expect(withRenderedPage(index, { html: "<main>hi</main>", state: "<script>s</script>" })).toBe('<body><div id="root"><main>hi</main></div><script>s</script></body>');
  });

  it("takes the rendered text literally ($& and $1 in a teacher's bio stay as written)", () => {
    expect(withRenderedPage(index, { html: "<p>$& $1 $$</p>", state: "" })).toBe('<body><div id="root"><p>$& $1 $$</p></div></body>');
  });
});
