import type { QueryClient } from '@tanstack/react-query';
import type { TCourseContent } from '#shared/courses/lessons.schemas';
import { courseContentKey, refreshCourse } from './api/query-keys';

type Sections = TCourseContent['sections'];

/** Puts items in the order of `ids`; any item `ids` does not name keeps its place at the end. */
function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}

export function withSectionOrder(sections: Sections, ids: readonly string[]): Sections {
  return inOrder(sections, ids);
}

export function withLessonOrder(sections: Sections, sectionId: string, ids: readonly string[]): Sections {
  return sections.map((s) => (s.id === sectionId ? { ...s, lessons: inOrder(s.lessons, ids) } : s));
}

/**
 * A reorder shows at once: the builder's list is the content query, edited in place. Queries in
 * flight are cancelled first, so an older answer cannot land on top of the new order.
 */
export async function editContent(client: QueryClient, courseId: string, edit: (sections: Sections) => Sections) {
  await client.cancelQueries({ queryKey: courseContentKey(courseId) });
  client.setQueryData<TCourseContent>(courseContentKey(courseId), (data) =>
    data ? { ...data, sections: edit(data.sections) } : data,
  );
}

/** Moves are sent one after another (one mutation scope); only the last one refetches the truth. */
export const reorderScope = (courseId: string) => ({ id: `reorder:${courseId}` });
export const reorderMutationKey = (courseId: string) => ['reorder', courseId] as const;

export function settleReorder(client: QueryClient, courseId: string) {
  if (client.isMutating({ mutationKey: reorderMutationKey(courseId) }) <= 1) return refreshCourse(client, courseId);
}
