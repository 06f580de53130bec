import type { PracticeTimerDTO } from "../../../shared/practice/practice.api";
import { errorMessage } from "../../lib/api";
import { PracticeTimer, type TimerItem } from "./practice-timer";
import { useTimerCommand } from "./use-practice";

/** The practice timer wired to the server, which keeps its start time (so it survives a reload). */
export function PracticeTimerCard({
  studentId,
  studentName,
  timer,
  receivedAt,
  items,
}: {
  studentId: string;
  studentName: string;
  timer: PracticeTimerDTO | null;
  /** When this device received `timer`: the display ticks on from there. */
  receivedAt: number;
  items: readonly TimerItem[];
}) {
  const command = useTimerCommand(studentId);
  return (
    <PracticeTimer
      studentName={studentName}
      timer={timer ? { running: timer.running, elapsedMs: timer.elapsedMs, receivedAt } : null}
      items={items}
      pending={command.isPending}
      error={command.isError ? errorMessage(command.error, "The timer could not be changed. Please try again.") : null}
      actions={{
        start: () => command.mutate({ kind: "start" }),
        pause: () => command.mutate({ kind: "pause" }),
        resume: () => command.mutate({ kind: "resume" }),
        stopAndLog: (json) => command.mutate({ kind: "stop", json }),
        discard: () => command.mutate({ kind: "discard" }),
      }}
    />
  );
}
