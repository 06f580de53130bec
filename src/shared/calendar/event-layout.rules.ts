/**
 * Side-by-side layout of one day's events (day and week views). Classic interval-graph layout:
 * events are sorted by start, grouped into clusters of transitively overlapping events, each event
 * takes the first free column of its cluster, and every event in a cluster shares the cluster's
 * column count so widths line up. O(n log n + n·columns).
 */

/** Height given to very short or zero-length events so they stay clickable (minutes). */
export const MIN_EVENT_MINUTES = 15;

export interface LayoutInput {
  /** Minutes from the day's start (see minutesFrom); negative when it began the day before. */
  startMinute: number;
  /** Minutes from the day's start; beyond `dayMinutes` when it ends the next day. */
  endMinute: number;
}

export interface EventPlacement {
  /** Visible start in minutes from the day's start, clipped to 0. */
  top: number;
  /** Visible length in minutes, at least the minimum height, never past the day's end. */
  height: number;
  /** 0-based column inside the event's cluster. */
  column: number;
  /** Columns in the event's cluster: the event is 1/columns wide. */
  columns: number;
  /** True when the event began before this day (cut at the top). */
  continuesBefore: boolean;
  /** True when the event ends after this day (cut at the bottom). */
  continuesAfter: boolean;
}

export interface LayoutOptions {
  /** Length of the day: 1440, or 1380/1500 on DST days (dayRange().minutes). */
  dayMinutes?: number;
  minEventMinutes?: number;
}

/**
 * Places the events that touch the day; events wholly outside it are left out. The result keeps
 * the input order (each input object plus its placement). A point event (start = end) at the day's
 * start is shown; one at the day's end belongs to the next day.
 */
export function layoutDayEvents<T extends LayoutInput>(events: readonly T[], options: LayoutOptions = {}): (T & EventPlacement)[] {
  const dayMinutes = options.dayMinutes ?? 1440;
  const minHeight = Math.min(options.minEventMinutes ?? MIN_EVENT_MINUTES, dayMinutes);

  const visible: { index: number; top: number; bottom: number }[] = [];
  events.forEach((event, index) => {
    const end = Math.max(event.endMinute, event.startMinute);
    const touches = event.startMinute < dayMinutes && (end > 0 || (end === event.startMinute && end === 0));
    if (!touches) return;
    let top = Math.max(0, event.startMinute);
    const bottom = Math.min(dayMinutes, Math.max(end, top + minHeight));
    // Near the day's end the minimum height would be cut; keep it by moving the block up.
    if (bottom - top < minHeight) top = bottom - minHeight;
    visible.push({ index, top, bottom });
  });

  // Longer first on equal starts, so the long event gets column 0 (the usual calendar look).
  visible.sort((a, b) => a.top - b.top || b.bottom - a.bottom || a.index - b.index);

  const placed = new Map<number, EventPlacement>();
  let cluster: { index: number; column: number }[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -Infinity;
  const closeCluster = () => {
    for (const member of cluster) placed.get(member.index)!.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };

  for (const item of visible) {
    if (item.top >= clusterEnd) closeCluster();
    let column = columnEnds.findIndex((end) => end <= item.top);
    if (column === -1) column = columnEnds.push(item.bottom) - 1;
    else columnEnds[column] = item.bottom;
    clusterEnd = Math.max(clusterEnd, item.bottom);
    cluster.push({ index: item.index, column });
    const event = events[item.index]!;
    placed.set(item.index, {
      top: item.top,
      height: item.bottom - item.top,
      column,
      columns: 1,
      continuesBefore: event.startMinute < 0,
      continuesAfter: event.endMinute > dayMinutes,
    });
  }
  closeCluster();

  return visible
    .map((v) => v.index)
    .sort((a, b) => a - b)
    .map((index) => ({ ...events[index]!, ...placed.get(index)! }));
}
