import type { Executor } from "../db/client";
import * as repo from "./jobs.repo";

export type { NewJob } from "./jobs.repo";

/**
 * Schedules work for the jobs runner, in the caller's transaction so the job exists exactly when
 * the change it follows does. A key already scheduled (another process, a restart) is a no-op;
 * true when this call stored it.
 */
export function scheduleJob(executor: Executor, job: repo.NewJob): Promise<boolean> {
  return repo.scheduleJob(executor, job);
}
