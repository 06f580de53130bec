import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClassDetail,
  ClassFile,
  ClassSummary,
  GradeResponse,
  UnlockResponse,
  ViewerRole,
} from "../../../shared/classes/classes.api";
import { FILE_NAME_HEADER } from "../../../shared/classes/classes.api";
import type { ClassStatus, ProgressFormat } from "../../../shared/classes/classes.constants";
import type { ClassCreate, ClassJoin, ClassUpdate, GradeData, ProgressMetrics } from "../../../shared/classes/classes.schemas";
import { api, call } from "../../lib/api";

/**
 * ["classes", "list", …] are the Manage Classes lists; ["classes", "detail", id] one class page.
 * A change to one class refreshes that class and the lists (names, status, codes show there), not
 * every class page.
 */
export const CLASS_LISTS_KEY = ["classes", "list"] as const;
export const classListKey = (as: ViewerRole, status: ClassStatus, q: string) => ["classes", "list", as, status, q] as const;
export const classDetailKey = (classId: string) => ["classes", "detail", classId] as const;

/** `as`: the page's role, for an account that holds both a teacher and a parent profile. */
export function useClassList(as: ViewerRole, status: ClassStatus, q: string) {
  const search = q.trim();
  return useQuery({
    queryKey: classListKey(as, status, search),
    queryFn: (): Promise<ClassSummary[]> => call(api.classes.$get({ query: { as, status, ...(search ? { q: search } : {}) } })),
    placeholderData: (previous) => previous,
  });
}

export function useClass(classId: string) {
  return useQuery({
    queryKey: classDetailKey(classId),
    queryFn: (): Promise<ClassDetail> => call(api.classes[":classId"].$get({ param: { classId } })),
    retry: false,
  });
}

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassCreate): Promise<ClassDetail> => call(api.classes.$post({ json: input })),
    onSuccess: async (created) => {
      queryClient.setQueryData(classDetailKey(created.id), created);
      await queryClient.invalidateQueries({ queryKey: CLASS_LISTS_KEY });
    },
  });
}

export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassJoin): Promise<ClassDetail> => call(api.classes.join.$post({ json: input })),
    onSuccess: async (joined) => {
      queryClient.setQueryData(classDetailKey(joined.id), joined);
      await queryClient.invalidateQueries({ queryKey: CLASS_LISTS_KEY });
    },
  });
}

/** Mutations on one class: each answer refreshes that class's page and the lists. */
function useClassMutation<TInput, TResult>(
  classId: string,
  mutationFn: (input: TInput) => Promise<TResult>,
  apply?: (result: TResult, current: ClassDetail) => ClassDetail,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      if (apply) {
        const current = queryClient.getQueryData<ClassDetail>(classDetailKey(classId));
        if (current) queryClient.setQueryData(classDetailKey(classId), apply(result, current));
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: classDetailKey(classId) }),
        queryClient.invalidateQueries({ queryKey: CLASS_LISTS_KEY }),
      ]);
    },
  });
}

const withProgress = (progress: ProgressMetrics, current: ClassDetail): ClassDetail => ({ ...current, progress, format: progress.format });

export function useUpdateClass(classId: string) {
  return useClassMutation(
    classId,
    (patch: ClassUpdate): Promise<ClassDetail> => call(api.classes[":classId"].$patch({ param: { classId }, json: patch })),
    (updated) => updated,
  );
}

export function useResetJoinCode(classId: string) {
  return useClassMutation(classId, (_: void): Promise<{ joinCode: string }> =>
    call(api.classes[":classId"]["join-code"].$post({ param: { classId } })),
  );
}

/** Archive and unarchive are the family's own: they move the class between its Active and Archived lists. */
export function useArchiveClass(classId: string) {
  return useClassMutation(classId, (_: void): Promise<ClassDetail> => call(api.classes[":classId"].archive.$post({ param: { classId } })));
}

export function useUnarchiveClass(classId: string) {
  return useClassMutation(
    classId,
    (_: void): Promise<ClassDetail> => call(api.classes[":classId"].unarchive.$post({ param: { classId } })),
    (updated) => updated,
  );
}

/** The class leaves the parent's account: only the lists refresh (the page navigates away). */
export function useDisenroll(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_: void): Promise<{ disenrolled: true }> => call(api.classes[":classId"].disenroll.$post({ param: { classId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLASS_LISTS_KEY }),
  });
}

export function useSetFormat(classId: string) {
  return useClassMutation(
    classId,
    (format: ProgressFormat): Promise<{ progress: ProgressMetrics }> =>
      call(api.classes[":classId"].progress.format.$put({ param: { classId }, json: { format } })),
    (result, current) => withProgress(result.progress, current),
  );
}

export function useEditCategories(classId: string) {
  return useClassMutation(
    classId,
    (categories: string[]): Promise<{ progress: ProgressMetrics }> =>
      call(api.classes[":classId"].progress.categories.$put({ param: { classId }, json: { categories } })),
    (result, current) => withProgress(result.progress, current),
  );
}

export function useSetCategoryValue(classId: string) {
  return useClassMutation(
    classId,
    ({ categoryId, value }: { categoryId: string; value: number }): Promise<{ progress: ProgressMetrics }> =>
      call(api.classes[":classId"].progress.categories[":categoryId"].$patch({ param: { classId, categoryId }, json: { value } })),
    (result, current) => withProgress(result.progress, current),
  );
}

export function useUnlockAchievement(classId: string) {
  return useClassMutation(
    classId,
    ({ categoryId, achievementId }: { categoryId: string; achievementId: string }): Promise<UnlockResponse> =>
      call(
        api.classes[":classId"].progress.categories[":categoryId"].achievements[":achievementId"].unlock.$post({
          param: { classId, categoryId, achievementId },
        }),
      ),
    (result, current) => withProgress(result.progress, current),
  );
}

export function useAddGrade(classId: string) {
  return useClassMutation(
    classId,
    (grade: GradeData): Promise<GradeResponse> => call(api.classes[":classId"].grades.$post({ param: { classId }, json: grade })),
  );
}

export function useEditGrade(classId: string) {
  return useClassMutation(
    classId,
    ({ gradeId, grade }: { gradeId: string; grade: GradeData }): Promise<GradeResponse> =>
      call(api.classes[":classId"].grades[":gradeId"].$patch({ param: { classId, gradeId }, json: grade })),
  );
}

export function useDeleteGrade(classId: string) {
  return useClassMutation(classId, (gradeId: string): Promise<unknown> =>
    call(api.classes[":classId"].grades[":gradeId"].$delete({ param: { classId, gradeId } })),
  );
}

/** The raw file is the body (the server streams it); its name travels in a header. */
export function useUploadFile(classId: string) {
  return useClassMutation(classId, async (file: File): Promise<ClassFile> =>
    call(
      fetch(`/api/classes/${encodeURIComponent(classId)}/files`, {
        method: "POST",
        credentials: "same-origin",
        headers: { [FILE_NAME_HEADER]: encodeURIComponent(file.name), "content-type": file.type || "application/octet-stream" },
        body: file,
      }) as Promise<{ ok: boolean; status: number; json(): Promise<ClassFile> }>,
    ),
  );
}

export function useDeleteFile(classId: string) {
  return useClassMutation(classId, (fileId: string): Promise<unknown> =>
    call(api.classes[":classId"].files[":fileId"].$delete({ param: { classId, fileId } })),
  );
}
