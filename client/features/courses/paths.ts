/**
 * Where a course's pages live. Apart from course-cta.tsx, whose buy and enrol buttons bring
 * payments, the money dialog and react-hook-form: the home page's cards link the player and must
 * not load those with it (decision 089).
 */
export const playerPath = (courseId: string) => `/courses/course-content/${courseId}`;
export const builderPath = (courseId: string) => `/courses/create?id=${courseId}`;
export const reviewPath = (courseId: string) => `/courses/content/${courseId}`;
