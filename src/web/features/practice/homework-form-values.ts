/** What the homework form edits; the create and the edit requests are both built from it. */
export interface HomeworkFormValues {
  studentId?: string;
  classId?: string;
  items: { id?: string; description: string; repertoireId?: string | null; classFileId?: string | null }[];
  /** Left empty: no goal (undefined, as the create request wants; an edit sends null to clear it). */
  goalMinutesPerDay?: number | undefined;
  goalDaysPerWeek?: number | undefined;
  dueOn?: string | undefined;
}
