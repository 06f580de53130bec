import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that start servers of their own (`*.process.test.ts`) and the API barrages (tests/api) take
 * minutes and spend most of it waiting; run last, as a clean clone's first run does (no timing
 * cache yet: the component project first, by name, then by size), they leave one worker alone for
 * the final minutes. Started first, the short files fill the other worker around them.
 */
const LONG = /\.process\.test\.ts$|\/tests\/api\/[^/]+\.test\.ts$/;

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG.test(f.moduleId)), ...sorted.filter((f) => !LONG.test(f.moduleId))];
  }
}
