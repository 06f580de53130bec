import { traceMainThread } from "./bench/main-thread-trace";
const t = await traceMainThread(process.argv[2]!, { chromiumPath: "/usr/bin/chromium", chromiumArgs: ["--no-sandbox", "--disable-gpu"], distDir: "dist/web" });
console.log(t.longTasks.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(" "), Math.round(t.blockingMs));
console.log([...t.byModule].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${Math.round(v)} ${k}`).join("\n"));
