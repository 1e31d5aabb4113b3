// The courses feature's public surface: the sections the app's dashboards compose, and the keys
// another feature refreshes when it changes a learner's courses (a payment enrols).
export { applySentLearning } from './api/learning-writes';
export { courseKey, enrolmentsKey } from './api/query-keys';
export { canTeach } from './format';
export { ReviewQueueCard } from './components/review-queue-card';
export { StudentCourses } from './components/student-courses';
export { BecomeTutorCard } from './components/teach-button';
export { TutorCourses, TutorOverview } from './components/tutor-courses';
export { GradingSection } from './components/grading-section';
export { HomeCourses } from './components/home-sections';
export { UnansweredQuestions } from './components/unanswered-questions';
export { DownloadsSection } from './offline/downloads-section';
