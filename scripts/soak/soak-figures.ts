// The soak's arithmetic and printing (npm run soak), kept apart from the traffic so it can be tested.

/** The value at percentile `p` (0-100) of ascending `sorted` values (nearest rank), NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** "p50/p99" in whole milliseconds, or "-" when nothing of that kind ran in the period. */
export function p50p99(latencies: readonly number[]): string {
  if (latencies.length === 0) return "-";
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${Math.round(percentile(sorted, 50))}/${Math.round(percentile(sorted, 99))}`;
}

export interface RssSample {
  /** Milliseconds since the traffic started. */
  atMs: number;
  rssMb: number;
}

export interface RssDrift {
  /** The samples the verdict is made on: those of the last `windowMs` (or of the run's second half when shorter). */
  from: number;
  to: number;
  samples: number;
  min: number;
  max: number;
  mean: number;
  /** (max - min) / mean, in percent. */
  spreadPercent: number;
  flat: boolean;
}

/**
 * Whether resident memory stayed flat: max - min within `tolerancePercent` of the mean over the
 * last `windowMs` of the run. A run shorter than twice the window is judged on its second half
 * instead, so the start (code loading, caches filling) is not mistaken for a leak.
 */
export function rssDrift(samples: readonly RssSample[], runMs: number, windowMs = 5 * 60_000, tolerancePercent = 10): RssDrift | null {
  const from = runMs >= 2 * windowMs ? runMs - windowMs : runMs / 2;
  const judged = samples.filter((s) => s.atMs >= from && s.atMs <= runMs);
  if (judged.length < 2) return null;
  const values = judged.map((s) => s.rssMb);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const spreadPercent = ((max - min) / mean) * 100;
  return { from, to: runMs, samples: judged.length, min, max, mean, spreadPercent, flat: spreadPercent <= tolerancePercent };
}

/** A value of a Prometheus text exposition (first series of that name, labels ignored), or null. */
export function promValue(exposition: string, name: string): number | null {
  for (const line of exposition.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match?.[1] === name) {
      const value = Number(match[3]);
      return Number.isFinite(value) ? value : null;
    }
  }
  return null;
}

/** A Markdown table with columns padded to their widest cell; `right` columns are right-aligned. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[], right: ReadonlySet<number> = new Set()): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${widths.map((w, i) => (right.has(i) ? (cells[i] ?? "").padStart(w) : (cells[i] ?? "").padEnd(w))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (right.has(i) ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  return [line(headers), rule, ...rows.map(line)].join("\n");
}

/**
 * How long the soak runs, from its arguments: `--minutes N` or `--seconds N` (also `--x=N`),
 * default 10 minutes. Throws on a bad or non-positive value so a typo does not run for 10 minutes.
 */
export function soakSeconds(argv: readonly string[], defaultSeconds = 600): number {
  let seconds = defaultSeconds;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split("=", 2) as [string, string | undefined];
    if (flag !== "--minutes" && flag !== "--seconds") continue;
    const raw = inline ?? argv[++i];
    const value = Number(raw);
    if (raw === undefined || !Number.isFinite(value) || value <= 0) throw new Error(`${flag} needs a positive number, got ${raw ?? "nothing"}`);
    seconds = flag === "--minutes" ? value * 60 : value;
  }
  return Math.round(seconds);
}
