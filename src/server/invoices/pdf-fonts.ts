import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/**
 * Every name prints right (issue 40). PDFKit's built-in Helvetica covers Western European letters
 * only, so invoices and statements embed Noto Sans, shipped with the app by the Fontsource
 * packages: Latin with every diacritic, Greek, Cyrillic (Noto Sans), Hebrew, Arabic and Chinese
 * (Noto Sans SC). Fontsource splits each family into files by Unicode range (its unicode.json); a
 * text is cut into runs, each drawn with the file that has its letters, and PDFKit embeds only the
 * glyphs used (a one-page invoice stays a few tens of KB). Arabic is shaped by fontkit and a
 * right-to-left run is laid out right to left; a run of one script stays whole, so a name in
 * Hebrew inside an English line reads in the right order.
 */

const require = createRequire(import.meta.url);
/** In the order a letter looks for its face: the first that covers it wins. */
const PACKAGES = ["@fontsource/noto-sans", "@fontsource/noto-sans-hebrew", "@fontsource/noto-sans-arabic", "@fontsource/noto-sans-sc"] as const;
export type Weight = 400 | 700;

interface Face {
  /** The font's name in the document, and its file for a weight. */
  key: string;
  file: (weight: Weight) => string;
  ranges: [number, number][];
}

const parseRanges = (text: string): [number, number][] =>
  text.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });

let faces: Face[] | null = null;
function allFaces(): Face[] {
  if (faces) return faces;
  faces = PACKAGES.flatMap((pkg) => {
    const name = pkg.split("/")[1]!;
    const subsets = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), "utf8")) as Record<string, string>;
    return Object.entries(subsets).map(([subset, ranges]) => {
      const id = subset.replace(/[[\]]/g, "");
      return { key: `${name}-${id}`, file: (weight: Weight) => require.resolve(`${pkg}/files/${name}-${id}-${weight}-normal.woff`), ranges: parseRanges(ranges) };
    });
  });
  return faces;
}

const covers = (face: Face, codePoint: number) => face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
/** The face for a letter; a letter no face has is drawn with the first (its box shows it is missing). */
const faceFor = (codePoint: number): Face => allFaces().find((face) => covers(face, codePoint)) ?? allFaces()[0]!;

const opened = new Map<string, fontkit.Font>();
function hasGlyph(face: Face, weight: Weight, codePoint: number): boolean {
  const file = face.file(weight);
  let font = opened.get(file);
  if (!font) {
    font = fontkit.create(readFileSync(file)) as fontkit.Font;
    opened.set(file, font);
  }
  return font.hasGlyphForCodePoint(codePoint);
}

/** Spaces, punctuation and digits: they take the face of the letters around them when it has them. */
const isCommon = (char: string) => /[\s\p{P}\p{S}\p{N}]/u.test(char);

export interface Run {
  text: string;
  /** The registered font's name (fontFile gives its file). */
  font: string;
}

/**
 * Cuts a text into runs of one face each. A common character joins the letters before it when the
 * letters after it are of the same face (so "דוד כהן" is one run and reads right to left as a
 * whole) and that face has it; otherwise it goes with the face of the text around it.
 */
export function textRuns(text: string, weight: Weight): Run[] {
  const chars = [...text];
  const letterFace = chars.map((char) => (isCommon(char) ? null : faceFor(char.codePointAt(0)!)));
  const runs: { face: Face; text: string }[] = [];
  let previous: Face | null = null;
  chars.forEach((char, index) => {
    let face = letterFace[index];
    if (!face) {
      const next = letterFace.slice(index + 1).find((f) => f !== null) ?? null;
      const codePoint = char.codePointAt(0)!;
      face = previous && (next === null || next === previous) && hasGlyph(previous, weight, codePoint) ? previous : faceFor(codePoint);
    } else {
      previous = face;
    }
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  });
  return visualOrder(runs).map((run) => ({ text: run.text, font: `${run.face.key}-${weight}` }));
}

const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;
const isRtl = (run: { text: string }) => RTL_LETTER.test(run.text);

/**
 * A run of right-to-left words ("محمد العلي") is laid out right to left: fontkit orders the letters
 * of each word (and shapes Arabic), and the words go right to left here, one run per word with
 * the spaces between them in the text's own face (a space inside a right-to-left run is lost by
 * fontkit's reordering). An English line around it stays left to right.
 */
function visualOrder(runs: { face: Face; text: string }[]): { face: Face; text: string }[] {
  const out: { face: Face; text: string }[] = [];
  const spaceFace = faceFor(0x20);
  for (const run of runs) {
    if (!isRtl(run)) {
      out.push(run);
      continue;
    }
    const parts = run.text.split(/(\s+)/).filter((part) => part !== "");
    for (const part of parts.reverse()) out.push({ face: /^\s+$/.test(part) ? spaceFace : run.face, text: part });
  }
  return out;
}

/** The file behind a run's font name. */
export function fontFile(font: string): string {
  const weight = Number(font.slice(font.lastIndexOf("-") + 1)) as Weight;
  const key = font.slice(0, font.lastIndexOf("-"));
  const face = allFaces().find((candidate) => candidate.key === key);
  if (!face) throw new Error(`No font ${font}`);
  return face.file(weight);
}
