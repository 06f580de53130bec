import { describe, expect, it } from "vitest";
import { markdownTable, p50p99, percentile, promValue, rssDrift, soakSeconds } from "./soak-figures";

describe("percentile (nearest rank)", () => {
  it.each([
    [[], 50, NaN],
    [[7], 99, 7],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4], 75, 3],
    [[1, 2, 3, 4], 100, 4],
    [Array.from({ length: 100 }, (_, i) => i + 1), 99, 99],
    [Array.from({ length: 1000 }, (_, i) => i + 1), 99, 990],
  ])("of %j at p%i is %d", (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it("p50p99 sorts its input and rounds, and says - for nothing", () => {
    expect(p50p99([30.4, 10.2, 20.6, 1000.5])).toBe("21/1001");
    expect(p50p99([])).toBe("-");
  });
});

describe("rssDrift", () => {
  const minute = 60_000;
  const series = (values: number[], stepMs: number) => values.map((rssMb, i) => ({ atMs: i * stepMs, rssMb }));

  it("judges a 10-minute run on its last 5 minutes: an early rise does not count", () => {
    const values = [100, 150, 190, 200, 200, 201, 199, 200, 202, 201, 200];
    const drift = rssDrift(series(values, minute), 10 * minute)!;
    expect(drift.from).toBe(5 * minute);
    expect(drift.samples).toBe(6);
    expect(drift.min).toBe(199);
    expect(drift.max).toBe(202);
    expect(drift.flat).toBe(true);
  });

  it("fails a steady climb beyond 10 % of the mean", () => {
    const values = [200, 205, 210, 215, 220, 225, 230, 235, 240, 245, 250];
    const drift = rssDrift(series(values, minute), 10 * minute)!;
    expect(drift.spreadPercent).toBeGreaterThan(10);
    expect(drift.flat).toBe(false);
  });

  it("judges a short run on its second half", () => {
    const drift = rssDrift(series([100, 180, 200, 205, 210], 30_000), 2 * minute)!;
    expect(drift.from).toBe(minute);
    expect(drift.samples).toBe(3);
    expect(drift.flat).toBe(true);
  });

  it("gives no verdict on fewer than two samples", () => {
    expect(rssDrift([{ atMs: 0, rssMb: 100 }], minute)).toBeNull();
  });
});

describe("promValue", () => {
  const text = [
    "# HELP nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.",
    "# TYPE nodejs_heap_size_used_bytes gauge",
    "nodejs_heap_size_used_bytes 52428800",
    'nodejs_heap_space_size_used_bytes{space="old"} 1234',
    "nodejs_heap_size_total_bytes 1e8",
  ].join("\n");

  it("reads a gauge, not a longer name that begins like it", () => {
    expect(promValue(text, "nodejs_heap_size_used_bytes")).toBe(52428800);
    expect(promValue(text, "nodejs_heap_size_total_bytes")).toBe(1e8);
    expect(promValue(text, "nodejs_heap_space_size_used_bytes")).toBe(1234);
    expect(promValue(text, "process_resident_memory_bytes")).toBeNull();
  });
});

describe("markdownTable", () => {
  it("pads every column to its widest cell and right-aligns the ones asked", () => {
    expect(markdownTable(["min", "requests"], [["1", "780"], ["10", "12"]], new Set([1]))).toBe(
      ["| min | requests |", "|-----|---------:|", "| 1   |      780 |", "| 10  |       12 |"].join("\n"),
    );
  });
});

describe("soakSeconds", () => {
  it.each([
    [[], 600],
    [["--minutes", "2"], 120],
    [["--seconds=45"], 45],
    [["--minutes=0.5"], 30],
  ])("%j → %i s", (argv, expected) => {
    expect(soakSeconds(argv)).toBe(expected);
  });

  it.each([[["--minutes"]], [["--seconds", "0"]], [["--minutes", "ten"]]])("refuses %j", (argv) => {
    expect(() => soakSeconds(argv)).toThrow(/positive number/);
  });
});
